package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"senapati/board"
	"senapati/search"
)

type optionKind uint8

const (
	spin optionKind = iota
	check
	combo
	button
	text // a string; UCI "string", CECP "-file" (EvalFile; SearchParams is UCI only)
)

func (k optionKind) String() string {
	return [...]string{"spin", "check", "combo", "button", "string"}[k]
}

// emptyText is how UCI writes an empty string option.
const emptyText = "<empty>"

// option is one engine option: its type and range, how to read its
// current value (the announced default is the value of a new session, so
// each default lives in search.DefaultSettings or the session's start
// state) and how to apply a checked value.
type option struct {
	name     string
	kind     optionKind
	min, max int
	choices  []string
	get      func(s *state) string
	set      func(s *state, v optionValue) error
	// cecpCommand names the CECP command that sets this instead (variant,
	// hard/easy), so CECP does not announce it as an option.
	cecpCommand string
	// notCECP says why CECP has no use for this option, which it then
	// neither announces nor takes.
	notCECP string
}

// optionValue is a value already checked against the option's type.
type optionValue struct {
	n    int
	on   bool
	text string
}

// state is what a protocol session keeps between commands: the settings
// it will search with and the game.
type state struct {
	engine   Engine
	tools    Tools
	settings search.Settings
	variant  *board.Variant
	pos      board.Position
	history  []uint64 // hashes of the positions before pos in this game
	newGame  bool     // forget what was learnt before the next search
	clear    bool     // empty the table before the next search
	showWDL  bool     // UCI_ShowWDL: info lines carry wdl; a session starts without
	chess960 bool     // UCI_Chess960: chess positions in Chess960 mode (castling as king takes rook)
	note     string   // what the last option set has to tell (a net loaded)
}

func newState(e Engine, tools Tools) state {
	return state{engine: e, tools: tools, settings: e.Settings(), variant: board.Chess(), pos: board.Chess().StartPosition()}
}

// apply hands changed settings, a new game or a table clear to the
// engine; never call it while a search runs. asked and got are the Hash
// sizes wanted and obtained (the machine may spare less).
func (s *state) apply() (asked, got int) {
	asked = s.settings.HashMB
	if s.settings != s.engine.Settings() {
		s.engine.Configure(s.settings)
		s.settings = s.engine.Settings()
	}
	if s.newGame {
		s.engine.NewGame()
	} else if s.clear {
		s.engine.ClearHash()
	}
	s.newGame, s.clear = false, false
	return asked, s.settings.HashMB
}

// setVariant switches the game and resets the position.
func (s *state) setVariant(v *board.Variant) {
	s.variant = v
	s.pos, s.history = s.startPosition(), nil
	s.newGame = true
}

// frc reports whether positions are read in Chess960 mode: UCI_Chess960
// is on and the game has the mode (chess; the others ignore the option).
func (s *state) frc() bool { return s.chess960 && s.variant.HasChess960() }

// startPosition is the game's start position, in Chess960 mode if on.
func (s *state) startPosition() board.Position {
	if s.frc() {
		return board.Chess960().StartPosition()
	}
	return s.variant.StartPosition()
}

// variantName names the game for messages: chess960 in Chess960 mode.
func (s *state) variantName() string {
	if s.frc() {
		return "chess960"
	}
	return s.variant.Name()
}

// parseFEN reads a FEN of the game, in Chess960 mode if on.
func (s *state) parseFEN(fen string) (board.Position, error) {
	if s.frc() {
		return board.ParseFEN(board.Chess960(), fen)
	}
	return board.ParseFEN(s.variant, fen)
}

func ms(d time.Duration) string { return strconv.Itoa(int(d.Milliseconds())) }

// MaxThreads bounds the Threads option.
const MaxThreads = search.MaxThreads

// options is the option table every protocol announces.
var options = []*option{
	{name: "UCI_Variant", kind: combo, choices: board.VariantNames(), cecpCommand: "variant",
		get: func(s *state) string { return s.variant.Name() },
		set: func(s *state, v optionValue) error {
			variant, err := board.VariantByName(v.text)
			if err == nil {
				s.setVariant(variant)
			}
			return err
		}},
	// Chess960 and Double Chess960 are chess with this on: FEN castling
	// rights by rook file (Shredder-FEN or X-FEN), castling written king
	// takes rook (e1h1). The position starts over in the new mode.
	{name: "UCI_Chess960", kind: check, notCECP: "in CECP Chess960 is a game of its own, chosen in the GUI",
		get: func(s *state) string { return strconv.FormatBool(s.chess960) },
		set: func(s *state, v optionValue) error {
			s.chess960 = v.on
			s.pos, s.history = s.startPosition(), nil
			return nil
		}},
	{name: "Hash", kind: spin, min: 1, max: search.MaxHashMB,
		get: func(s *state) string { return strconv.Itoa(s.settings.HashMB) },
		set: func(s *state, v optionValue) error { s.settings.HashMB = v.n; return nil }},
	{name: "Clear Hash", kind: button,
		set: func(s *state, _ optionValue) error { s.clear = true; return nil }},
	{name: "Threads", kind: spin, min: 1, max: MaxThreads,
		get: func(s *state) string { return strconv.Itoa(s.settings.Threads) },
		set: func(s *state, v optionValue) error { s.settings.Threads = v.n; return nil }},
	{name: "MultiPV", kind: spin, min: 1, max: 500,
		get: func(s *state) string { return strconv.Itoa(s.settings.MultiPV) },
		set: func(s *state, v optionValue) error { s.settings.MultiPV = v.n; return nil }},
	// Pondering is the GUI's decision (go ponder); the option only says so.
	{name: "Ponder", kind: check, cecpCommand: "hard",
		get: func(*state) string { return "false" },
		set: func(*state, optionValue) error { return nil }},
	{name: "Move Overhead", kind: spin, min: 0, max: 5000,
		get: func(s *state) string { return ms(s.settings.MoveOverhead) },
		set: func(s *state, v optionValue) error {
			s.settings.MoveOverhead = time.Duration(v.n) * time.Millisecond
			return nil
		}},
	// Until set, MoveRule follows the variant; the default shown is the
	// current variant's.
	{name: "MoveRule", kind: spin, min: 0, max: 1000,
		get: func(s *state) string { return strconv.Itoa(s.settings.MoveRule.For(s.variant)) },
		set: func(s *state, v optionValue) error { s.settings.MoveRule = search.Fixed(v.n); return nil }},
	// Strength: UCI_LimitStrength plays at UCI_Elo; otherwise Skill Level
	// counts (MaxSkill is full strength).
	{name: "UCI_LimitStrength", kind: check,
		get: func(s *state) string { return strconv.FormatBool(s.settings.Strength.Limited) },
		set: func(s *state, v optionValue) error { s.settings.Strength.Limited = v.on; return nil }},
	{name: "UCI_Elo", kind: spin, min: search.MinElo, max: search.MaxElo,
		get: func(s *state) string { return strconv.Itoa(s.settings.Strength.Elo) },
		set: func(s *state, v optionValue) error { s.settings.Strength.Elo = v.n; return nil }},
	{name: "Skill Level", kind: spin, min: 0, max: search.MaxSkill,
		get: func(s *state) string { return strconv.Itoa(s.settings.Strength.Skill()) },
		set: func(s *state, v optionValue) error {
			s.settings.Strength = s.settings.Strength.WithSkill(v.n)
			return nil
		}},
	{name: "UCI_ShowWDL", kind: check, notCECP: "CECP thinking output has no field for the chances",
		get: func(s *state) string { return strconv.FormatBool(s.showWDL) },
		set: func(s *state, v optionValue) error { s.showWDL = v.on; return nil }},
	// The evaluation: a game's network where one is used (docs/nnue.md).
	{name: "Use NNUE", kind: check,
		get: func(s *state) string { return strconv.FormatBool(s.settings.UseNNUE) },
		set: func(s *state, v optionValue) error { s.settings.UseNNUE = v.on; return nil }},
	{name: "EvalFile", kind: text,
		get: func(s *state) string {
			if s.settings.EvalFile == "" {
				return emptyText
			}
			return s.settings.EvalFile
		},
		set: func(s *state, v optionValue) error {
			if v.text == emptyText {
				s.settings.EvalFile, s.note = "", "EvalFile: the built-in networks"
				return nil
			}
			desc, err := s.engine.CheckEvalFile(v.text)
			if err != nil {
				return fmt.Errorf("EvalFile not changed: %v", err)
			}
			s.settings.EvalFile, s.note = v.text, "EvalFile: "+desc
			if !s.settings.UseNNUE {
				s.note += " (used once Use NNUE is true)"
			}
			return nil
		}},
	// The search's constants, for tuning (docs/tuning.md): name=value
	// pairs over the defaults; <empty> restores them all.
	{name: "SearchParams", kind: text, notCECP: "tuners drive UCI engines",
		get: func(s *state) string {
			if p := s.settings.Params.String(); p != "" {
				return p
			}
			return emptyText
		},
		set: func(s *state, v optionValue) error {
			text := v.text
			if text == emptyText {
				text = ""
			}
			p, err := search.ParseParams(text)
			if err != nil {
				return fmt.Errorf("SearchParams not changed: %v", err)
			}
			s.settings.Params = p
			return nil
		}},
}

func findOption(name string) *option {
	for _, o := range options {
		if strings.EqualFold(o.name, name) {
			return o
		}
	}
	return nil
}

// parse checks a value against the option's type and range.
func (o *option) parse(value string) (optionValue, error) {
	switch o.kind {
	case spin:
		n, err := strconv.Atoi(value)
		if err != nil {
			return optionValue{}, fmt.Errorf("option %s needs a whole number, got %q", o.name, truncate(value, 40))
		}
		if n < o.min || n > o.max {
			return optionValue{}, fmt.Errorf("option %s value %d is out of range %d..%d", o.name, n, o.min, o.max)
		}
		return optionValue{n: n}, nil
	case check:
		switch strings.ToLower(value) {
		case "true":
			return optionValue{on: true}, nil
		case "false":
			return optionValue{}, nil
		}
		return optionValue{}, fmt.Errorf("option %s needs true or false, got %q", o.name, truncate(value, 40))
	case combo:
		for _, c := range o.choices {
			if strings.EqualFold(c, value) {
				return optionValue{text: c}, nil
			}
		}
		return optionValue{}, fmt.Errorf("option %s: %q is not one of %s", o.name, truncate(value, 40), strings.Join(o.choices, ", "))
	case text:
		return optionValue{text: value}, nil
	}
	return optionValue{}, nil
}

// announceUCI is the option's line in the answer to uci.
func (o *option) announceUCI(s *state) string {
	switch o.kind {
	case spin:
		return fmt.Sprintf("option name %s type spin default %s min %d max %d", o.name, o.get(s), o.min, o.max)
	case combo:
		var b strings.Builder
		fmt.Fprintf(&b, "option name %s type combo default %s", o.name, o.get(s))
		for _, c := range o.choices {
			b.WriteString(" var " + c)
		}
		return b.String()
	case button:
		return "option name " + o.name + " type button"
	}
	return fmt.Sprintf("option name %s type %s default %s", o.name, o.kind, o.get(s))
}

// announceCECP is the option's feature line in the answer to protover 2.
func (o *option) announceCECP(s *state) string {
	var desc string
	switch o.kind {
	case spin:
		desc = fmt.Sprintf("-spin %s %d %d", o.get(s), o.min, o.max)
	case check:
		desc = "-check 0"
		if o.get(s) == "true" {
			desc = "-check 1"
		}
	case combo:
		choices := make([]string, len(o.choices))
		for i, c := range o.choices {
			if c == o.get(s) {
				c = "*" + c
			}
			choices[i] = c
		}
		desc = "-combo " + strings.Join(choices, " /// ")
	case button:
		desc = "-button"
	case text:
		desc = "-file " + s.settings.EvalFile
	}
	return fmt.Sprintf("feature option=\"%s %s\"", o.name, desc)
}

// setOption applies name = value; the error says what was wrong.
func (s *state) setOption(name, value string) error {
	o := findOption(name)
	if o == nil {
		return fmt.Errorf("unknown option '%s'", truncate(name, 60))
	}
	if o.kind != button && value == "" {
		return fmt.Errorf("option %s needs a value", o.name)
	}
	v, err := o.parse(value)
	if err != nil {
		return err
	}
	return o.set(s, v)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return strings.ToValidUTF8(s[:n], "") + "..."
	}
	return s
}
