package protocol

import (
	"fmt"
	"strconv"
	"strings"

	"senapati/board"
	"senapati/search"
)

// option is one UCI option: how it is announced and how a value is applied.
type option struct {
	name    string
	kind    string // spin, check, combo, button
	def     string
	min     int
	max     int
	choices []string
	apply   func(u *UCI, value string) error
}

func (o *option) announce() string {
	switch o.kind {
	case "spin":
		return fmt.Sprintf("option name %s type spin default %s min %d max %d", o.name, o.def, o.min, o.max)
	case "combo":
		var b strings.Builder
		fmt.Fprintf(&b, "option name %s type combo default %s", o.name, o.def)
		for _, c := range o.choices {
			b.WriteString(" var " + c)
		}
		return b.String()
	case "button":
		return "option name " + o.name + " type button"
	}
	return fmt.Sprintf("option name %s type %s default %s", o.name, o.kind, o.def)
}

// parse checks a value against the option's type and range.
func (o *option) parse(value string) (string, error) {
	switch o.kind {
	case "spin":
		n, err := strconv.Atoi(value)
		if err != nil {
			return "", fmt.Errorf("option %s needs a whole number, got %q", o.name, value)
		}
		if n < o.min || n > o.max {
			return "", fmt.Errorf("option %s value %d is out of range %d..%d", o.name, n, o.min, o.max)
		}
	case "check":
		value = strings.ToLower(value)
		if value != "true" && value != "false" {
			return "", fmt.Errorf("option %s needs true or false, got %q", o.name, value)
		}
	case "combo":
		for _, c := range o.choices {
			if strings.EqualFold(c, value) {
				return c, nil
			}
		}
		return "", fmt.Errorf("option %s: %q is not one of %s", o.name, value, strings.Join(o.choices, ", "))
	}
	return value, nil
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// Default move overhead: what a GUI and the OS may lose between our answer
// and the clock stopping.
const defaultMoveOverhead = 30

func (u *UCI) options() []*option {
	return []*option{
		{name: "UCI_Variant", kind: "combo", def: board.Chess.Name, choices: board.VariantNames(), apply: func(u *UCI, v string) error {
			variant, err := board.VariantByName(v)
			if err != nil {
				return err
			}
			u.setVariant(variant)
			return nil
		}},
		{name: "Hash", kind: "spin", def: "16", min: 1, max: search.MaxHashMB, apply: func(u *UCI, v string) error {
			if asked, got := atoi(v), u.engine.TT.Resize(atoi(v)); got < asked {
				u.info("Hash %d MB is more than this machine can spare; the table has %d MB", asked, got)
			}
			return nil
		}},
		{name: "Clear Hash", kind: "button", apply: func(u *UCI, _ string) error {
			u.engine.TT.Clear()
			return nil
		}},
		{name: "Threads", kind: "spin", def: "1", min: 1, max: 256, apply: func(u *UCI, v string) error {
			u.engine.Options.Threads = atoi(v)
			return nil
		}},
		{name: "MultiPV", kind: "spin", def: "1", min: 1, max: 500, apply: func(u *UCI, v string) error {
			u.engine.Options.MultiPV = atoi(v)
			return nil
		}},
		{name: "Ponder", kind: "check", def: "false", apply: func(_ *UCI, _ string) error { return nil }},
		{name: "Move Overhead", kind: "spin", def: strconv.Itoa(defaultMoveOverhead), min: 0, max: 5000, apply: func(u *UCI, v string) error {
			u.engine.Options.MoveOverhead = msDuration(atoi(v))
			return nil
		}},
		{name: "MoveRule", kind: "spin", def: strconv.Itoa(board.Chess.DefaultMoveRule), min: 0, max: 1000, apply: func(u *UCI, v string) error {
			u.moveRuleSet = true
			u.engine.Options.MoveRule = atoi(v)
			return nil
		}},
	}
}
