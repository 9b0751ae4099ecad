package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"senapati/board"
)

// parsing is ParseArgs's state while it reads the flags: the Config, and
// what is only settled once every flag is read.
type parsing struct {
	cfg        *Config
	engineArgs [][]string // each -engine's key=value words
	eachArgs   []string   // -each's, applied to every engine before its own
	seedSet    bool       // -srand was given
	bookDepth  int        // -bookdepth N: the plies= of the book, given apart as in cutechess
}

// flagValues is one flag on the command line: its name and the words up
// to the next flag.
type flagValues struct {
	name string
	vals []string
}

func (f flagValues) one() (string, error) {
	if len(f.vals) != 1 {
		return "", fmt.Errorf("-%s needs exactly one value", f.name)
	}
	return f.vals[0], nil
}

func (f flagValues) none() error {
	if len(f.vals) != 0 {
		return fmt.Errorf("-%s takes no value, got %q", f.name, f.vals[0])
	}
	return nil
}

// intFlag is a flag of one whole number of at least minimum.
func intFlag(minimum int, set func(*Config, int)) func(*parsing, flagValues) error {
	return func(p *parsing, f flagValues) error {
		v, err := f.one()
		if err != nil {
			return err
		}
		n, err := intArg(f.name, "", v, minimum)
		if err == nil {
			set(p.cfg, n)
		}
		return err
	}
}

// switchFlag is a flag without a value that sets what set sets.
func switchFlag(set func(*Config)) func(*parsing, flagValues) error {
	return func(p *parsing, f flagValues) error {
		err := f.none()
		set(p.cfg)
		return err
	}
}

// matchFlags reads each flag of `senapati match` into the parsing.
var matchFlags = map[string]func(*parsing, flagValues) error{
	"engine": func(p *parsing, f flagValues) error {
		p.engineArgs = append(p.engineArgs, f.vals)
		return nil
	},
	"each": func(p *parsing, f flagValues) error {
		p.eachArgs = append(p.eachArgs, f.vals...)
		return nil
	},
	"variant": func(p *parsing, f flagValues) error {
		v, err := f.one()
		if err != nil {
			return err
		}
		if strings.EqualFold(v, "standard") { // fastchess's and lichess's name of chess
			v = "chess"
		}
		p.cfg.Variant, err = board.LookupVariant(v)
		return err
	},
	"games":  intFlag(1, func(c *Config, n int) { c.Games = n }),
	"rounds": intFlag(1, func(c *Config, n int) { c.Rounds = n }),
	"concurrency": func(p *parsing, f flagValues) error {
		if v, err := f.one(); err == nil && v == "auto" {
			p.cfg.Concurrency = autoConcurrency()
			return nil
		}
		if err := intFlag(1, func(c *Config, n int) { c.Concurrency = n })(p, f); err != nil {
			if len(f.vals) == 1 {
				err = fmt.Errorf("%v, or auto", err)
			}
			return err
		}
		return nil
	},
	"maxmoves":       intFlag(1, func(c *Config, n int) { c.Adjudication.MaxMoves = n }),
	"ratinginterval": intFlag(0, func(c *Config, n int) { c.RatingEvery = n }),
	"timemargin":     intFlag(0, func(c *Config, n int) { c.Margin = time.Duration(n) * time.Millisecond }),
	"wait":           intFlag(0, func(c *Config, n int) { c.Wait = time.Duration(n) * time.Millisecond }),
	"seeds":          intFlag(1, func(c *Config, n int) { c.Seeds = n }),
	"repeat": func(p *parsing, f flagValues) error {
		p.cfg.Repeat = 2
		if len(f.vals) == 0 {
			return nil
		}
		v, err := f.one()
		if err == nil {
			p.cfg.Repeat, err = intArg(f.name, "", v, 1)
		}
		return err
	},
	"tournament": func(p *parsing, f flagValues) error {
		v, err := f.one()
		if err != nil {
			return err
		}
		switch v {
		case "roundrobin", "round-robin":
			p.cfg.Gauntlet = false
		case "gauntlet":
			p.cfg.Gauntlet = true
		default:
			return fmt.Errorf("-tournament %s: needs roundrobin or gauntlet", v)
		}
		return nil
	},
	"openings": func(p *parsing, f flagValues) error { return parseOpenings(f.vals, &p.cfg.Openings) },
	"bookdepth": func(p *parsing, f flagValues) error {
		v, err := f.one()
		if err == nil {
			p.bookDepth, err = intArg(f.name, "", v, 1)
		}
		return err
	},
	"srand": func(p *parsing, f flagValues) error {
		v, err := f.one()
		if err != nil {
			return err
		}
		p.seedSet = true
		if p.cfg.Seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return fmt.Errorf("-srand %s: needs a non-negative whole number", v)
		}
		return nil
	},
	"draw":   func(p *parsing, f flagValues) error { return parseDraw(f.vals, &p.cfg.Adjudication) },
	"resign": func(p *parsing, f flagValues) error { return parseResign(f.vals, &p.cfg.Adjudication) },
	"tb": func(p *parsing, f flagValues) error {
		v, err := f.one()
		if err == nil && v == "" {
			err = fmt.Errorf("-tb needs the directories of the Syzygy tables")
		}
		p.cfg.Tablebases.Paths = v
		return err
	},
	"tbpieces":   intFlag(3, func(c *Config, n int) { c.Tablebases.Pieces = n }),
	"tbignore50": switchFlag(func(c *Config) { c.Tablebases.Ignore50 = true }),
	"sprt": func(p *parsing, f flagValues) (err error) {
		p.cfg.SPRT, err = parseSPRT(f.vals)
		return err
	},
	"pgnout": func(p *parsing, f flagValues) error { return parsePGNOut(f.vals, p.cfg) },
	"epdout": func(p *parsing, f flagValues) (err error) {
		p.cfg.EPDOut, err = fileArg(f.name, f.vals, func(key, _ string, _ bool) error {
			return fmt.Errorf("-epdout: unknown option %q (it takes only the file)", key)
		})
		return err
	},
	"log":        func(p *parsing, f flagValues) error { return parseLog(f.vals, &p.cfg.Log) },
	"livepgnout": func(p *parsing, f flagValues) error { return parseLivePGN(f.vals, p.cfg) },
	"noswap":     switchFlag(func(c *Config) { c.NoSwap = true }),
	"reverse":    switchFlag(func(c *Config) { c.Reverse = true }),
	"shard": func(p *parsing, f flagValues) error {
		v, err := f.one()
		if err == nil {
			err = parseShard(v, p.cfg)
		}
		return err
	},
	"merge": func(p *parsing, f flagValues) error {
		p.cfg.Merge = append(p.cfg.Merge, f.vals...)
		if len(f.vals) == 0 {
			return fmt.Errorf("-merge needs the PGN files of the shards")
		}
		return nil
	},
	"event": func(p *parsing, f flagValues) error { return nameFlag(f, &p.cfg.Event) },
	"site":  func(p *parsing, f flagValues) error { return nameFlag(f, &p.cfg.Site) },
	"stall": func(p *parsing, f flagValues) error {
		v, err := f.one()
		if err != nil {
			return err
		}
		s, err := floatArg(f.name, "", v)
		if err == nil && s <= 0 {
			err = fmt.Errorf("-stall %s: needs seconds above zero", v)
		}
		p.cfg.Stall = time.Duration(s * float64(time.Second))
		return err
	},
	"progress": func(p *parsing, f flagValues) error {
		v, err := f.one()
		if err == nil && v != "auto" && v != "on" && v != "off" {
			err = fmt.Errorf("-progress %s: needs auto, on or off", v)
		}
		p.cfg.Progress = v
		return err
	},
	"debug":        switchFlag(func(c *Config) { c.Debug = true }),
	"show-latency": switchFlag(func(c *Config) { c.ShowLatency = true }),
	"strict":       switchFlag(func(c *Config) { c.Strict = true }),
	"output": func(p *parsing, f flagValues) error {
		m, err := keyValues(f.name, f.vals, "format")
		if err != nil {
			return err
		}
		switch v := m["format"]; v {
		case outputCutechess, outputFastchess:
			p.cfg.Output = v
		default:
			return fmt.Errorf("-output format=%s: needs fastchess or cutechess", v)
		}
		return nil
	},
	"use-affinity": switchFlag(func(c *Config) { c.UseAffinity = true }),
	"recover":      switchFlag(func(*Config) {}), // cutechess: restart crashed engines; we always do
	"help":         func(*parsing, flagValues) error { return errHelp },
	"h":            func(*parsing, flagValues) error { return errHelp },
	"version":      func(*parsing, flagValues) error { return errVersion },
}

// nameFlag is -event or -site: its words, joined, are the PGN tag's value.
func nameFlag(f flagValues, tag *string) error {
	if len(f.vals) == 0 {
		return fmt.Errorf("-%s needs a name", f.name)
	}
	*tag = strings.Join(f.vals, " ")
	return nil
}
