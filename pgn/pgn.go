// Package pgn writes and reads game records in the Portable Game Notation
// as `senapati match -pgnout` writes them: tag pairs with escaped values,
// movetext in the algebraic notation of RULES.md wrapped at 79 columns,
// a comment after a move, and the result token. It knows all three games:
// the Variant, SetUp and FEN tags name the game and its start, and
// Replay turns a record back into legal moves.
package pgn

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"senapati/board"
)

// Tag is one tag pair.
type Tag struct{ Name, Value string }

// Move is one move of the movetext as written (algebraic notation or UCI,
// without its move number) and the comment that follows it.
type Move struct {
	Text    string
	Comment string
}

// Game is one game record.
type Game struct {
	Tags []Tag // in the order they are written
	// Comment stands before the first move; a game without moves keeps the
	// reason of its result here.
	Comment string
	Moves   []Move
	Result  board.Result
	// Number and BlackFirst are the numbering of the first move (from the
	// start FEN); Number 0 counts as 1.
	Number     int
	BlackFirst bool
}

// Tag is the value of the named tag.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag replaces the named tag's value, or adds the tag at the end.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// SetStart records where the game begins: the Variant, SetUp and FEN tags
// (always written, as -pgnout does, so every reader knows the game) and
// the number of the first move.
func (g *Game) SetStart(p *board.Position) {
	g.SetTag("Variant", p.Variant().Name())
	g.SetTag("SetUp", "1")
	g.SetTag("FEN", p.FEN())
	g.Number, g.BlackFirst = p.FullmoveNumber(), p.SideToMove() == board.Black
}

// Play appends legal move m of p in algebraic notation, with its comment
// ("" for none), and plays it on p.
func (g *Game) Play(p *board.Position, m board.Move, comment string) {
	g.Moves = append(g.Moves, Move{Text: p.SAN(m), Comment: comment})
	p.DoMove(m)
}

// SetResult sets the result token and the Result tag.
func (g *Game) SetResult(r board.Result) {
	g.Result = r
	g.SetTag("Result", r.String())
}

// EvalComment is the comment -pgnout gives an engine's move: the score in
// pawns from the mover's view, or +M/-M and the moves to mate when
// mateIn is not 0 (negative: the mover is mated), then the depth and the
// time used: "+0.35/12 1.002s", "+M3/9 0.120s".
func EvalComment(cp, mateIn, depth int, elapsed time.Duration) string {
	score := fmt.Sprintf("%+.2f", float64(cp)/100)
	switch {
	case mateIn > 0:
		score = fmt.Sprintf("+M%d", mateIn)
	case mateIn < 0:
		score = fmt.Sprintf("-M%d", -mateIn)
	}
	return fmt.Sprintf("%s/%d %.3fs", score, depth, elapsed.Seconds())
}

// quote writes a tag value as a PGN string: a backslash and a quote are
// escaped, and a line break or other control character (which would end
// the tag's line) becomes a space.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// commentWords splits a comment into the words written between braces. A
// closing brace would end the comment early, and PGN has no escape for it,
// so it is written as a closing parenthesis.
func commentWords(s string) []string {
	return strings.Fields(strings.ReplaceAll(s, "}", ")"))
}

func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// validMoveText reports whether s reads back as the same move: no PGN
// delimiter in it, and not a result token, NAG or move number.
func validMoveText(s string) bool {
	if s == "" || strings.ContainsAny(s, " \t\r\n\f\v{}[]();%\"") || s[0] == '$' {
		return false
	}
	if _, ok := resultToken(s); ok {
		return false
	}
	k := strings.TrimLeft(s, "0123456789")
	return len(k) == len(s) || !strings.HasPrefix(k, ".")
}

// String is the game as PGN text, ending in a blank line.
func (g *Game) String() string {
	var b strings.Builder
	_ = g.write(&b)
	return b.String()
}

// WriteTo writes the game as String does. A tag name or a move that PGN
// cannot hold (spaces, brackets, braces) is an error and nothing is
// written.
func (g *Game) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	if err := g.write(&b); err != nil {
		return 0, err
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

func (g *Game) write(b *strings.Builder) error {
	for _, t := range g.Tags {
		if !validTagName(t.Name) {
			return fmt.Errorf("pgn: tag name %q is not letters, digits and _", t.Name)
		}
		fmt.Fprintf(b, "[%s %s]\n", t.Name, quote(t.Value))
	}
	b.WriteByte('\n')

	var words []string
	comment := func(s string) {
		if ws := commentWords(s); len(ws) > 0 {
			ws[0] = "{" + ws[0]
			ws[len(ws)-1] += "}"
			words = append(words, ws...)
		}
	}
	comment(g.Comment)
	number, black := max(g.Number, 1), g.BlackFirst
	for i, m := range g.Moves {
		if !validMoveText(m.Text) {
			return fmt.Errorf("pgn: move %d %q cannot be written in PGN", i+1, m.Text)
		}
		switch {
		case !black:
			words = append(words, strconv.Itoa(number)+".")
		case i == 0 || g.Moves[i-1].Comment != "":
			// Black's move after a comment repeats the number, as the
			// export format asks.
			words = append(words, strconv.Itoa(number)+"...")
		}
		words = append(words, m.Text)
		comment(m.Comment)
		if black {
			number++
		}
		black = !black
	}
	words = append(words, g.Result.String())

	col := 0
	for _, w := range words {
		// A word starting with % at the start of a line would turn the
		// line into an escape; keep such a word on the line before.
		if col > 0 && col+1+len(w) > 79 && w[0] != '%' {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	b.WriteString("\n\n")
	return nil
}
