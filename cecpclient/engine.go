// Package cecpclient plays CECP (XBoard/WinBoard protocol 2) engines for
// the match runner: the feature handshake, the game's set-up and clocks,
// moves both ways, and what the engine says of the result. The process
// itself (its start, stderr, stalls and the end of its tree) is
// uciclient's, so that both protocols' engines end the same way.
package cecpclient

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"senapati/board"
	"senapati/pgn"
	"senapati/uciclient"
)

// Features are what the engine said in its feature lines. Unsaid ones
// keep protocol 2's defaults (time=1, reuse=1, the rest 0).
type Features struct {
	Ping, Setboard, SAN, Usermove, Time, NPS, Reuse bool
	Variants                                        []string // nil: none announced, chess only
	MyName                                          string
	Options                                         []string // the names of its option features
}

// protocol1Wait is how long an engine that sends no feature done=0 has to
// finish its features after protover 2 (XBoard and cutechess give 2 and 8
// seconds). An engine silent that long is taken for a protocol 1 engine,
// as XBoard takes it.
const protocol1Wait = 8 * time.Second

// Engine is one running CECP engine.
type Engine struct {
	*uciclient.Engine
	Features Features

	variant  *board.Variant
	xbName   string         // the game's CECP name
	pos      board.Position // the position the engine was told
	sent     int            // moves of the game the engine was told
	forced   bool           // in force mode: a move sent does not start its search
	pingNext int
}

// XboardName is v's name in CECP as Senapati's own CECP mode announces it:
// chess is "normal", Chess960 "fischerandom", the other games their names.
func XboardName(v *board.Variant) string {
	switch {
	case v.IsChess960():
		return "fischerandom"
	case v == board.Chess():
		return "normal"
	}
	return v.Game().Name()
}

// Start starts the engine and runs the handshake: xboard, protover 2,
// each feature accepted or rejected, done=1 awaited (see protocol1Wait),
// the variant checked against feature variants, the options and initstr
// lines sent, then ping. timeout bounds the whole.
func Start(ctx context.Context, cfg *uciclient.Config, v *board.Variant, timeout time.Duration, log uciclient.Log) (*Engine, error) {
	e := &Engine{variant: v, xbName: XboardName(v), Features: Features{Time: true, Reuse: true}}
	_, err := uciclient.Launch(ctx, cfg, log, func(p *uciclient.Engine) error {
		e.Engine = p
		return e.handshake(ctx, cfg, timeout)
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// acceptedFeatures are the features this client acts on or may ignore
// safely; any other is rejected, as the protocol asks.
var acceptedFeatures = map[string]bool{
	"ping": true, "setboard": true, "san": true, "usermove": true, "time": true, "nps": true, "reuse": true,
	"variants": true, "myname": true, "option": true, "done": true, "draw": true, "sigint": true, "sigterm": true,
	"colors": true, "name": true, "analyze": true, "playother": true, "memory": true, "smp": true,
	"debug": true, "highlight": true, "ics": true, "pause": true, "exclude": true, "setscore": true,
}

func (e *Engine) handshake(ctx context.Context, cfg *uciclient.Config, timeout time.Duration) error {
	start := time.Now()
	if err := e.Send("xboard"); err != nil {
		return err
	}
	if err := e.Send("protover 2"); err != nil {
		return err
	}
	deadline := start.Add(min(protocol1Wait, timeout))
	waiting := false // done=0 came: wait for done=1 up to timeout
	done := false
	for !done {
		var reply []string
		err := e.ReadUntil(ctx, deadline, func(text string, _ time.Time) bool {
			cmd, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
			if cmd != "feature" {
				return false
			}
			for _, f := range parseFeatures(rest) {
				if !acceptedFeatures[f.name] {
					reply = append(reply, "rejected "+f.name)
					continue
				}
				reply = append(reply, "accepted "+f.name)
				switch f.name {
				case "done":
					if f.value == "1" {
						done = true
					} else if !waiting {
						waiting = true
						deadline = start.Add(timeout)
					}
				default:
					e.setFeature(f.name, f.value)
				}
			}
			return len(reply) > 0
		})
		for _, r := range reply {
			if err := e.Send(r); err != nil {
				return err
			}
		}
		switch {
		case errors.Is(err, uciclient.ErrTimeout) && !waiting:
			e.Log().Warn("Warning: %s sent no feature done=1 within %s s of protover 2; taken as a protocol 1 engine", e.Label(), secondsText(deadline.Sub(start)))
			done = true
		case errors.Is(err, uciclient.ErrTimeout):
			return fmt.Errorf("no feature done=1 within %s s (it sent done=0): %w", secondsText(timeout), err)
		case err != nil:
			return fmt.Errorf("no feature done=1: %w", err)
		}
	}
	e.IDName = e.Features.MyName
	if !e.announces(e.xbName) {
		return fmt.Errorf("the engine does not announce variant %s in feature variants (%s), which -variant %s needs", e.xbName, e.variantsNote(), e.variant.Name())
	}
	for _, o := range cfg.Options {
		if err := e.sendOption(o); err != nil {
			return err
		}
	}
	for _, s := range cfg.InitStr {
		if err := e.Send(s); err != nil {
			return err
		}
	}
	return e.sync(ctx, start.Add(timeout))
}

// announces reports whether the engine plays the CECP variant name.
func (e *Engine) announces(name string) bool {
	if e.Features.Variants == nil {
		return name == "normal"
	}
	for _, v := range e.Features.Variants {
		if strings.EqualFold(v, name) {
			return true
		}
	}
	return false
}

func (e *Engine) variantsNote() string {
	if e.Features.Variants == nil {
		return "it announces none, so chess only"
	}
	return "it announces " + pgn.CleanTag(strings.Join(e.Features.Variants, ","))
}

func (e *Engine) setFeature(name, value string) {
	on := value == "1"
	f := &e.Features
	switch name {
	case "ping":
		f.Ping = on
	case "setboard":
		f.Setboard = on
	case "san":
		f.SAN = on
	case "usermove":
		f.Usermove = on
	case "time":
		f.Time = on
	case "nps":
		f.NPS = on
	case "reuse":
		f.Reuse = on
	case "myname":
		f.MyName = value
	case "variants":
		f.Variants = []string{}
		for _, v := range strings.Split(value, ",") {
			if v = strings.TrimSpace(v); v != "" {
				f.Variants = append(f.Variants, v)
			}
		}
	case "option":
		if n, _, ok := strings.Cut(value, " -"); ok {
			f.Options = append(f.Options, strings.TrimSpace(n))
		}
	}
}

// sendOption sends option.NAME=VALUE: memory and cores are commands of
// their own, as in cutechess; the rest "option NAME=VALUE".
func (e *Engine) sendOption(o uciclient.Option) error {
	switch name := strings.ToLower(o.Name); {
	case name == "memory" || name == "cores" || strings.HasPrefix(name, "egtpath "):
		return e.Send(name + " " + o.Value)
	}
	known := false
	for _, n := range e.Features.Options {
		known = known || strings.EqualFold(n, o.Name)
	}
	if !known {
		e.Log().WarnOnce(fmt.Sprintf("%p cecp option %s", e.Engine, strings.ToLower(o.Name)),
			"Warning: %s does not declare option %s in its features; sent all the same", e.Label(), pgn.CleanTag(o.Name))
	}
	return e.Send("option " + o.Name + "=" + o.Value)
}

type feature struct{ name, value string }

// parseFeatures reads NAME=VALUE pairs, a value being a word or a quoted
// string (which may hold spaces).
func parseFeatures(s string) []feature {
	var out []feature
	for {
		s = strings.TrimLeft(s, " \t")
		name, rest, ok := strings.Cut(s, "=")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return out
		}
		var value string
		if strings.HasPrefix(rest, "\"") {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				return out
			}
			value, s = rest[1:1+end], rest[2+end:]
		} else {
			value, s, _ = strings.Cut(rest, " ")
		}
		out = append(out, feature{name, value})
	}
}

// sync pings the engine and waits for its pong; an engine without feature
// ping=1 cannot be asked, and is taken as ready.
func (e *Engine) sync(ctx context.Context, deadline time.Time) error {
	if !e.Features.Ping {
		return nil
	}
	e.pingNext++
	want := "pong " + strconv.Itoa(e.pingNext)
	if err := e.Send("ping " + strconv.Itoa(e.pingNext)); err != nil {
		return err
	}
	err := e.ReadUntil(ctx, deadline, func(text string, _ time.Time) bool { return strings.TrimSpace(text) == want })
	if err != nil {
		return fmt.Errorf("no %s: %w", want, err)
	}
	return nil
}

func secondsText(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
