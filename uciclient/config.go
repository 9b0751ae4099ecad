package uciclient

import (
	"fmt"
	"strings"
)

// Option is one setoption sent after the handshake.
type Option struct{ Name, Value string }

// Config describes the engine to start and how to set it up.
type Config struct {
	Name    string // in messages; "": Cmd
	Cmd     string
	Dir     string
	Args    []string
	InitStr []string // lines sent after the options
	Options []Option
	Proto   string // "uci" (also when empty) or "xboard" (CECP, package cecpclient)
}

// Protocols the runner speaks to engines.
const (
	ProtoUCI    = "uci"
	ProtoXboard = "xboard"
)

// IsXboard reports whether the engine speaks CECP (proto=xboard).
func (c *Config) IsXboard() bool { return c.Proto == ProtoXboard }

// SetOption sets option name (as UCI does, whatever its case) to value.
func (c *Config) SetOption(name, value string) {
	for i := range c.Options {
		if strings.EqualFold(c.Options[i].Name, name) {
			c.Options[i].Value = value
			return
		}
	}
	c.Options = append(c.Options, Option{name, value})
}

// Apply sets one key=value of an engine's settings: name, cmd, dir, arg,
// initstr, proto and option.NAME (the match runner's -engine adds its own
// time and restart keys).
func (c *Config) Apply(kv string) error {
	key, value, ok := strings.Cut(kv, "=")
	if !ok {
		return fmt.Errorf("engine setting %q is not key=value", kv)
	}
	var err error
	switch {
	case key == "name":
		c.Name = value
	case key == "cmd":
		c.Cmd = value
	case key == "dir":
		c.Dir = value
	case key == "arg":
		c.Args = append(c.Args, value)
	case key == "args": // fastchess: all the arguments in one value
		var words []string
		if words, err = SplitArgs(value); err == nil {
			c.Args = append(c.Args, words...)
		}
	case key == "initstr":
		if err = CheckLine("initstr", value); err == nil {
			c.InitStr = append(c.InitStr, value)
		}
	case key == "proto":
		switch value {
		case ProtoUCI, ProtoXboard:
			c.Proto = value
		case "cecp", "winboard":
			c.Proto = ProtoXboard
		default:
			err = fmt.Errorf("proto=%s: needs uci or xboard (CECP)", value)
		}
	case strings.HasPrefix(key, "option."):
		name := strings.TrimPrefix(key, "option.")
		if name == "" {
			return fmt.Errorf("%q: option name missing", kv)
		}
		if err = CheckLine("option name", name); err == nil {
			err = CheckLine("option."+name+" value", value)
		}
		c.SetOption(name, value)
	default:
		err = fmt.Errorf("unknown engine setting %q", key)
	}
	return err
}

// SplitArgs splits fastchess's args="..." into words: spaces separate
// them, except inside double or single quotes, which are removed.
func SplitArgs(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("args=%s: a quote is not closed", s)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// CheckLine refuses text that would break the line (UCI or CECP) it is
// sent in.
func CheckLine(what, s string) error {
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			return fmt.Errorf("%s %q holds a control character (a line break would start a new engine command)", what, s)
		}
	}
	return nil
}
