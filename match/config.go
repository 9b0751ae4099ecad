package match

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"senapati/board"
	"senapati/pgn"
	"senapati/uciclient"
)

// TimeControl is what one engine may spend: a clock (Base per Moves moves,
// or for the game when Moves is 0, plus Inc per move), or a fixed time per
// move, and optionally a depth or node limit. Margin is how far an engine
// may overrun before it forfeits.
type TimeControl struct {
	Moves     int
	Base, Inc time.Duration
	MoveTime  time.Duration
	Depth     int
	Nodes     int
	Margin    time.Duration
}

// clocked reports whether time can be forfeited.
func (tc TimeControl) clocked() bool { return tc.Base > 0 || tc.MoveTime > 0 }

func (tc TimeControl) limited() bool { return tc.clocked() || tc.Depth > 0 || tc.Nodes > 0 }

func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }

// String is the PGN TimeControl tag: "40/60", "10+0.1", "0.05/move", or
// "-" when only depth or nodes limit the search.
func (tc TimeControl) String() string {
	switch {
	case tc.Base > 0:
		s := seconds(tc.Base)
		if tc.Moves > 0 {
			s = strconv.Itoa(tc.Moves) + "/" + s
		}
		if tc.Inc > 0 {
			s += "+" + seconds(tc.Inc)
		}
		return s
	case tc.MoveTime > 0:
		return seconds(tc.MoveTime) + "/move"
	}
	return "-"
}

// parseSeconds reads "60", "0.5" or "1:30" (minutes:seconds).
func parseSeconds(s string) (time.Duration, error) {
	var total float64
	parts := strings.Split(s, ":")
	if len(parts) > 3 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	for _, p := range parts {
		v, err := strconv.ParseFloat(p, 64)
		if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
			return 0, fmt.Errorf("bad time %q", s)
		}
		total = total*60 + v
	}
	return time.Duration(total * float64(time.Second)), nil
}

// parseTC reads cutechess's tc=[moves/]time[+increment] in seconds; "inf"
// means no clock.
func parseTC(s string, tc *TimeControl) error {
	tc.Moves, tc.Base, tc.Inc, tc.MoveTime = 0, 0, 0, 0
	if s == "inf" || s == "infinite" {
		return nil
	}
	rest := s
	if i := strings.Index(rest, "/"); i >= 0 {
		n, err := strconv.Atoi(rest[:i])
		if err != nil || n < 1 {
			return fmt.Errorf("tc %q: moves before '/' must be a positive number", s)
		}
		tc.Moves, rest = n, rest[i+1:]
	}
	if i := strings.Index(rest, "+"); i >= 0 {
		inc, err := parseSeconds(rest[i+1:])
		if err != nil {
			return fmt.Errorf("tc %q: %v", s, err)
		}
		tc.Inc, rest = inc, rest[:i]
	}
	base, err := parseSeconds(rest)
	if err != nil {
		return fmt.Errorf("tc %q: %v", s, err)
	}
	if base <= 0 {
		return fmt.Errorf("tc %q: the time must be above zero", s)
	}
	tc.Base = base
	return nil
}

// EngineConfig describes one player: the engine and its time control.
type EngineConfig struct {
	uciclient.Config
	TC      TimeControl
	Restart bool // start a fresh process for every game
	Ponder  bool // think on the opponent's time (UCI go ponder, CECP hard)
}

func positiveInt(key, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%s=%s: needs a positive whole number", key, v)
	}
	return n, nil
}

// apply sets one key=value of -engine or -each: the time control and
// restart here, the rest as uciclient.Config.Apply.
func (e *EngineConfig) apply(kv string) error {
	key, value, ok := strings.Cut(kv, "=")
	if !ok && kv == "ponder" { // cutechess writes it bare
		key, value, ok = "ponder", "true", true
	}
	if !ok {
		return e.Config.Apply(kv)
	}
	var err error
	switch key {
	case "tc":
		err = parseTC(value, &e.TC)
	case "st":
		var d time.Duration
		if d, err = parseSeconds(value); err == nil && d <= 0 {
			err = fmt.Errorf("st=%s: needs a time above zero", value)
		}
		e.TC.Moves, e.TC.Base, e.TC.Inc, e.TC.MoveTime = 0, 0, 0, d
	case "depth", "plies": // plies: fastchess's name
		e.TC.Depth, err = positiveInt(key, value)
	case "nodes":
		e.TC.Nodes, err = positiveInt(key, value)
	case "timemargin":
		var ms int
		if ms, err = strconv.Atoi(value); err != nil || ms < 0 {
			err = fmt.Errorf("timemargin=%s: needs milliseconds, 0 or more", value)
		}
		e.TC.Margin = time.Duration(ms) * time.Millisecond
	case "ponder":
		e.Ponder, err = boolArg("engine", "ponder", value)
	case "restart":
		switch value {
		case "on":
			e.Restart = true
		case "off", "auto":
			e.Restart = false
		default:
			err = fmt.Errorf("restart=%s: needs on, off or auto", value)
		}
	default:
		err = e.Config.Apply(kv)
	}
	return err
}

// Opening sources.
const (
	openingsNone = iota
	openingsFile
	openingsRandom
	openingsFRC  // the Chess960 start positions (chess960.go)
	openingsDFRC // Double Chess960 pairs
)

// OpeningConfig is -openings.
type OpeningConfig struct {
	Kind   int
	File   string
	Format string // epd, pgn or bin (Polyglot); "": from the file name (see bookFormat)
	Random bool   // order=random
	Plies  int    // pgn and bin: plies used (0: all; also bookdepth=); random: plies played (0: 8)
	Start  int    // first opening used, from 1
	Bound  int    // random: largest |score| kept in centipawns; 0 keeps all
	Depth  int    // random: depth of the check search
	Nodes  int    // random: node limit of the check search (instead of depth)
	Seed   uint64
	seeded bool
	Policy string // policyDefault, policyRound or policyEncounter
}

// Adjudication holds -draw, -resign and -maxmoves.
type Adjudication struct {
	Draw            bool
	DrawMoveNumber  int
	DrawMoveCount   int
	DrawScore       int
	Resign          bool
	ResignMoveCount int
	ResignScore     int
	ResignTwoSided  bool
	MaxMoves        int
}

// Tablebases is the Syzygy adjudication: -tb, -tbpieces, -tbignore50.
type Tablebases struct {
	Paths    string // directories of Syzygy WDL tables, separated as in PATH; "": none
	Pieces   int    // adjudicate positions of at most this many pieces; 0: the largest table's
	Ignore50 bool   // cursed wins and blessed losses count as wins and losses
}

// Opening policies: when the schedule moves on to the next opening.
const (
	policyDefault   = "default"   // every Repeat games of a pairing, the same for every pairing
	policyRound     = "round"     // every round: all games of a round share one
	policyEncounter = "encounter" // every pairing of every round
)

// PGNFields are the optional fastchess fields of the move comments, the
// engine's principal variation, and the notation of the moves (SAN unless
// notation= says otherwise).
type PGNFields struct {
	Nodes, SelDepth, NPS, TimeLeft, Latency, PV bool
	Notation                                    pgn.Notation
}

// LogConfig is -log: a file, the least severity written, and whether the
// UCI traffic is written.
type LogConfig struct {
	File   string
	Level  int
	Engine bool
}

// Config is a whole match.
type Config struct {
	Engines      []EngineConfig
	Variant      *board.Variant
	Games        int
	Rounds       int
	Repeat       int // games played on each opening, colours swapped in turn
	NoSwap       bool
	Reverse      bool
	Concurrency  int  // games at once; -concurrency auto: one per CPU (autoConcurrency)
	UseAffinity  bool // -use-affinity: each worker's engines on a CPU of their own
	Gauntlet     bool
	Seeds        int // gauntlet: the first Seeds engines play all the others
	Openings     OpeningConfig
	Seed         uint64
	Adjudication Adjudication
	Tablebases   Tablebases
	SPRT         *SPRT
	PGNOut       string
	PGNMin       bool
	PGNFields    PGNFields
	LivePGN      string // -livepgnout: the games in progress (live.go)
	LivePGNMin   bool
	EPDOut       string
	Log          LogConfig
	Event, Site  string
	Margin       time.Duration
	Stall        time.Duration
	Wait         time.Duration // pause of a worker between two games
	RatingEvery  int
	Output       string // -output format=: "" (ours), outputCutechess or outputFastchess
	ShowLatency  bool   // -show-latency: each move's latency in the log
	Strict       bool   // -strict: a warning makes the run fail
	Debug        bool
	Progress     string // auto, on, off
	Shard        int    // play only shard Shard (from 1) of Shards; 0: the whole match
	Shards       int
	Merge        []string // -merge: PGN files of one match's shards to report on

	args      []string // the command line, kept for the state file (see resume.go)
	statePath string   // -resume FILE when it is not -pgnout's FILE.resume
}

// isFlag tells a flag ("-games") from a value; "-5" is a value.
func isFlag(s string) bool {
	return len(s) > 1 && s[0] == '-' && (s[1] == '-' || s[1] >= 'a' && s[1] <= 'z' || s[1] >= 'A' && s[1] <= 'Z')
}

func keyValues(flag string, vals []string, allowed ...string) (map[string]string, error) {
	m := map[string]string{}
	for _, v := range vals {
		k, val, ok := strings.Cut(v, "=")
		if !ok {
			return nil, fmt.Errorf("-%s: %q is not key=value", flag, v)
		}
		found := false
		for _, a := range allowed {
			found = found || a == k
		}
		if !found {
			return nil, fmt.Errorf("-%s: unknown key %q (known: %s)", flag, k, strings.Join(allowed, ", "))
		}
		m[k] = val
	}
	return m, nil
}

func intArg(flag, key, v string, minimum int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < minimum {
		return 0, fmt.Errorf("-%s %s%s: needs a whole number of at least %d", flag, key, v, minimum)
	}
	return n, nil
}

func floatArg(flag, key, v string) (float64, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("-%s %s=%s: needs a number", flag, key, v)
	}
	return f, nil
}

var (
	errHelp    = errors.New("help requested")
	errVersion = errors.New("version requested")
)

// fileArg reads cutechess's "-flag FILE" and fastchess's "-flag file=FILE";
// other key=value and bare words go to opt.
func fileArg(flag string, vals []string, opt func(key, value string, bare bool) error) (string, error) {
	file := ""
	for _, v := range vals {
		key, value, kv := strings.Cut(v, "=")
		switch {
		case kv && key == "file":
			file = value
		case !kv && file == "":
			file = v
		default:
			if err := opt(key, value, !kv); err != nil {
				return "", err
			}
		}
	}
	if file == "" {
		return "", fmt.Errorf("-%s needs a file: -%s FILE or -%s file=FILE", flag, flag, flag)
	}
	return file, nil
}

func boolArg(flag, key, v string) (bool, error) {
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("-%s %s=%s: needs true or false", flag, key, v)
}

// Log levels, least severe first (fastchess's names).
var logLevels = []string{"trace", "info", "warn", "err", "fatal"}

const (
	levelTrace = iota
	levelInfo
	levelWarn
	levelErr
)

func parseLog(vals []string, l *LogConfig) error {
	l.Level = levelWarn
	m, err := keyValues("log", vals, "file", "level", "engine")
	if err != nil {
		return err
	}
	if l.File = m["file"]; l.File == "" {
		return fmt.Errorf("-log needs file=FILE")
	}
	if v, ok := m["level"]; ok {
		l.Level = slices.Index(logLevels, v)
		if l.Level < 0 {
			return fmt.Errorf("-log level=%s: needs one of %s", v, strings.Join(logLevels, ", "))
		}
	}
	if v, ok := m["engine"]; ok {
		l.Engine, err = boolArg("log", "engine", v)
	}
	return err
}

func parsePGNOut(vals []string, cfg *Config) error {
	f := &cfg.PGNFields
	file, err := fileArg("pgnout", vals, func(key, value string, bare bool) error {
		if bare {
			switch key {
			case "min":
				cfg.PGNMin = true
			case "fi": // cutechess: finished games only; we write no other
			default:
				return fmt.Errorf("-pgnout: unknown option %q (known: min, fi, and min= notation= nodes= seldepth= nps= timeleft= latency= pv=)", key)
			}
			return nil
		}
		if key == "notation" {
			var err error
			if f.Notation, err = pgn.ParseNotation(value); err != nil {
				return fmt.Errorf("-pgnout %v", err)
			}
			return nil
		}
		fields := map[string]*bool{"min": &cfg.PGNMin, "nodes": &f.Nodes, "seldepth": &f.SelDepth, "nps": &f.NPS, "timeleft": &f.TimeLeft, "latency": &f.Latency, "pv": &f.PV}
		p, ok := fields[key]
		if !ok {
			return fmt.Errorf("-pgnout: unknown key %q (known: file, min, notation, nodes, seldepth, nps, timeleft, latency, pv)", key)
		}
		var err error
		*p, err = boolArg("pgnout", key, value)
		return err
	})
	cfg.PGNOut = file
	return err
}

// parseShard reads I/N.
func parseShard(v string, cfg *Config) error {
	i, n, ok := strings.Cut(v, "/")
	var err1, err2 error
	cfg.Shard, err1 = strconv.Atoi(i)
	cfg.Shards, err2 = strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || cfg.Shards < 1 || cfg.Shard < 1 || cfg.Shard > cfg.Shards {
		return fmt.Errorf("-shard %s: needs I/N with 1 <= I <= N, e.g. 2/4", v)
	}
	return nil
}

// ParseArgs reads the command line in cutechess-cli's style: flags with
// space-separated values, key=value lists for -engine, -each, -openings,
// -draw, -resign and -sprt.
func ParseArgs(args []string) (*Config, error) {
	cfg := &Config{
		Variant: board.Chess(), Games: 1, Rounds: 1, Repeat: 1, Concurrency: 1,
		Openings: OpeningConfig{Start: 1, Bound: 150, Depth: 4, Policy: policyDefault},
		Event:    "senapati match", Site: "?", Stall: 30 * time.Second, RatingEvery: 10, Progress: "auto",
	}
	for i, a := range args {
		if isFlag(a) && strings.TrimLeft(a, "-") == "resume" {
			if i+1 >= len(args) || isFlag(args[i+1]) || i+2 < len(args) && !isFlag(args[i+2]) {
				return nil, fmt.Errorf("-resume needs exactly one value: the state file (PGN.resume)")
			}
			return resumeFromFile(args[i+1], append(slices.Clone(args[:i]), args[i+2:]...))
		}
	}
	cfg.args = slices.Clone(args)
	p := &parsing{cfg: cfg}
	for i := 0; i < len(args); {
		if !isFlag(args[i]) {
			return nil, fmt.Errorf("unexpected argument %q (flags start with -)", args[i])
		}
		name := strings.TrimLeft(args[i], "-")
		j := i + 1
		for j < len(args) && !isFlag(args[j]) {
			j++
		}
		read, ok := matchFlags[name]
		if !ok {
			return nil, fmt.Errorf("unknown flag -%s", name)
		}
		if err := read(p, flagValues{name, args[i+1 : j]}); err != nil {
			return nil, err
		}
		i = j
	}
	if cfg.Merge != nil {
		return cfg, checkMergeArgs(args)
	}
	if err := checkFRCOpenings(cfg); err != nil {
		return nil, err
	}
	if err := checkTablebase(cfg); err != nil {
		return nil, err
	}
	if err := checkBook(cfg, p.bookDepth); err != nil {
		return nil, err
	}
	if cfg.Shards > 0 && !p.seedSet && !cfg.Openings.seeded && (cfg.Openings.Kind == openingsRandom || cfg.Openings.Random) {
		return nil, fmt.Errorf("-shard with random openings needs -srand S (or seed=S): every shard must draw the same openings")
	}
	if !p.seedSet {
		cfg.Seed = uint64(time.Now().UnixNano())
	}
	if !cfg.Openings.seeded {
		cfg.Openings.Seed = cfg.Seed
	}
	for n, ea := range p.engineArgs {
		e := EngineConfig{}
		e.TC.Margin = cfg.Margin
		for _, kv := range append(append([]string(nil), p.eachArgs...), ea...) {
			if err := e.apply(kv); err != nil {
				return nil, fmt.Errorf("-engine %d: %v", n+1, err)
			}
		}
		if e.Cmd == "" {
			return nil, fmt.Errorf("-engine %d: cmd= is missing", n+1)
		}
		if !e.TC.limited() {
			return nil, fmt.Errorf("-engine %d: no time control: give tc=, st=, depth= or nodes= (in -each or -engine)", n+1)
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	if len(cfg.Engines) < 2 {
		return nil, fmt.Errorf("a match needs at least two -engine")
	}
	if cfg.Output == outputFastchess && len(cfg.Engines) != 2 {
		return nil, fmt.Errorf("-output format=fastchess: its report is of two engines; a match of %d engines has only our own report", len(cfg.Engines))
	}
	if cfg.SPRT != nil && len(cfg.Engines) != 2 {
		return nil, fmt.Errorf("-sprt needs exactly two engines")
	}
	switch {
	case cfg.Seeds > 0 && !cfg.Gauntlet:
		return nil, fmt.Errorf("-seeds applies to -tournament gauntlet")
	case cfg.Seeds >= len(cfg.Engines):
		return nil, fmt.Errorf("-seeds %d: needs fewer seeds than the %d engines", cfg.Seeds, len(cfg.Engines))
	case cfg.Seeds == 0:
		cfg.Seeds = 1
	}
	return cfg, nil
}

// checkMergeArgs allows -sprt and -progress next to -merge: the games come
// from the files, not from engines.
func checkMergeArgs(args []string) error {
	for _, a := range args {
		if isFlag(a) {
			switch strings.TrimLeft(a, "-") {
			case "merge", "sprt", "progress":
			default:
				return fmt.Errorf("-merge takes only -sprt next to the files, not %s", a)
			}
		}
	}
	return nil
}

// defaultNames fills in names missing from the configs: the engine's own
// id name, else the command's base name; duplicates get -2, -3... Names
// are cleaned of what a terminal or a PGN tag cannot show, and their
// quotes become apostrophes (see tagText), so that the terminal shows the
// names the PGN holds.
func defaultNames(engines []EngineConfig, idNames []string) {
	seen := map[string]int{}
	for i := range engines {
		if engines[i].Name == "" {
			engines[i].Name = filepath.Base(engines[i].Cmd)
			if i < len(idNames) && idNames[i] != "" {
				engines[i].Name = idNames[i]
			}
		}
		engines[i].Name = tagText(engines[i].Name)
	}
	for i := range engines {
		n := engines[i].Name
		seen[n]++
		if seen[n] > 1 {
			engines[i].Name = fmt.Sprintf("%s-%d", n, seen[n])
		}
	}
}

func parseOpenings(vals []string, o *OpeningConfig) error {
	rest := vals
	if len(vals) > 0 && vals[0] == "random" {
		o.Kind, rest = openingsRandom, vals[1:]
	} else if len(vals) > 0 && (vals[0] == "frc" || vals[0] == "dfrc") {
		o.Kind, o.Random, rest = openingsFRC, true, vals[1:] // shuffled unless order=sequential
		if vals[0] == "dfrc" {
			o.Kind = openingsDFRC
		}
	} else {
		o.Kind = openingsFile
	}
	m, err := keyValues("openings", rest, "file", "format", "order", "plies", "bookdepth", "start", "bound", "depth", "nodes", "seed", "policy")
	if err != nil {
		return err
	}
	if d, ok := m["bookdepth"]; ok { // cutechess's name for the plies taken from a book
		if p, ok := m["plies"]; ok && p != d {
			return fmt.Errorf("-openings plies=%s bookdepth=%s: the two say the same, give one", p, d)
		}
		if o.Kind != openingsFile {
			return fmt.Errorf("-openings bookdepth=%s: applies to a book (file=)", d)
		}
		delete(m, "bookdepth")
		m["plies"] = d
	}
	for k, v := range m {
		switch k {
		case "file":
			o.File = v
		case "format":
			if v != "epd" && v != "pgn" && v != "bin" {
				return fmt.Errorf("-openings format=%s: needs epd, pgn or bin (a Polyglot book)", v)
			}
			o.Format = v
		case "order":
			if v != "random" && v != "sequential" {
				return fmt.Errorf("-openings order=%s: needs random or sequential", v)
			}
			o.Random = v == "random"
		case "plies":
			o.Plies, err = intArg("openings", "plies=", v, 0)
		case "start":
			o.Start, err = intArg("openings", "start=", v, 1)
		case "bound":
			o.Bound, err = intArg("openings", "bound=", v, 0)
		case "depth":
			o.Depth, err = intArg("openings", "depth=", v, 1)
		case "nodes":
			o.Nodes, err = intArg("openings", "nodes=", v, 1)
		case "seed":
			o.Seed, err = strconv.ParseUint(v, 10, 64)
			o.seeded = true
		case "policy":
			if v != policyDefault && v != policyRound && v != policyEncounter {
				return fmt.Errorf("-openings policy=%s: needs default, round or encounter", v)
			}
			o.Policy = v
		}
		if err != nil {
			return fmt.Errorf("-openings %s=%s: %v", k, v, err)
		}
	}
	if o.Policy == "" {
		o.Policy = policyDefault
	}
	if o.Kind == openingsFile && o.File == "" {
		return fmt.Errorf("-openings needs file=FILE, or 'random' for generated openings")
	}
	if o.Kind != openingsFile && o.File != "" {
		return fmt.Errorf("-openings %s takes no file=", vals[0])
	}
	return nil
}

// checkTablebase refuses -tbpieces and -tbignore50 without -tb, and -tb
// in a game Syzygy tables do not cover (they are chess tables; Chess960
// positions without castling rights are chess positions). The directories
// are read when the match starts (openTablebase).
func checkTablebase(cfg *Config) error {
	tb := cfg.Tablebases
	switch {
	case tb.Paths == "" && tb.Pieces > 0:
		return fmt.Errorf("-tbpieces needs -tb PATHS")
	case tb.Paths == "" && tb.Ignore50:
		return fmt.Errorf("-tbignore50 needs -tb PATHS")
	case tb.Paths != "" && cfg.Variant != board.Chess() && cfg.Variant != board.Chess960():
		return fmt.Errorf("-tb: Syzygy tables are chess tables; -variant %s has none (use -tb with chess or fischerandom)", cfg.Variant.Name())
	}
	return nil
}

func parseDraw(vals []string, a *Adjudication) error {
	m, err := keyValues("draw", vals, "movenumber", "movecount", "score")
	if err != nil {
		return err
	}
	if m["movecount"] == "" || m["score"] == "" {
		return fmt.Errorf("-draw needs movecount= and score= (movenumber= is optional)")
	}
	a.Draw = true
	if v, ok := m["movenumber"]; ok {
		if a.DrawMoveNumber, err = intArg("draw", "movenumber=", v, 0); err != nil {
			return err
		}
	}
	if a.DrawMoveCount, err = intArg("draw", "movecount=", m["movecount"], 1); err != nil {
		return err
	}
	a.DrawScore, err = intArg("draw", "score=", m["score"], 0)
	return err
}

func parseResign(vals []string, a *Adjudication) error {
	m, err := keyValues("resign", vals, "movecount", "score", "twosided")
	if err != nil {
		return err
	}
	if m["movecount"] == "" || m["score"] == "" {
		return fmt.Errorf("-resign needs movecount= and score=")
	}
	a.Resign = true
	if a.ResignMoveCount, err = intArg("resign", "movecount=", m["movecount"], 1); err != nil {
		return err
	}
	if a.ResignScore, err = intArg("resign", "score=", m["score"], 0); err != nil {
		return err
	}
	if v, ok := m["twosided"]; ok {
		if v != "true" && v != "false" {
			return fmt.Errorf("-resign twosided=%s: needs true or false", v)
		}
		a.ResignTwoSided = v == "true"
	}
	return nil
}

func parseSPRT(vals []string) (*SPRT, error) {
	m, err := keyValues("sprt", vals, "elo0", "elo1", "alpha", "beta", "model")
	if err != nil {
		return nil, err
	}
	if m["elo0"] == "" || m["elo1"] == "" {
		return nil, fmt.Errorf("-sprt needs elo0= and elo1=")
	}
	t := &SPRT{Alpha: 0.05, Beta: 0.05, Model: ModelNormalized}
	for k, v := range m {
		if k == "model" {
			switch v {
			case ModelNormalized, ModelLogistic, ModelBayesian:
				t.Model = v
			default:
				return nil, fmt.Errorf("-sprt model=%s: needs normalized, logistic or bayesian", v)
			}
			continue
		}
		f, err := floatArg("sprt", k, v)
		if err != nil {
			return nil, err
		}
		switch k {
		case "elo0":
			t.Elo0 = f
		case "elo1":
			t.Elo1 = f
		case "alpha":
			t.Alpha = f
		case "beta":
			t.Beta = f
		}
	}
	if t.Elo1 <= t.Elo0 {
		return nil, fmt.Errorf("-sprt: elo1 must be above elo0")
	}
	if t.Model == ModelNormalized && max(-t.Elo0, t.Elo1) > maxNormalizedElo {
		return nil, fmt.Errorf("-sprt: normalized Elo bounds must lie within -%d and %d", maxNormalizedElo, maxNormalizedElo)
	}
	if t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5 {
		return nil, fmt.Errorf("-sprt: alpha and beta must lie between 0 and 0.5")
	}
	return t, nil
}
