// Package pgn writes and reads game records in the Portable Game Notation
// for `senapati match` (-pgnout, PGN openings, -merge) and `senapati play`:
// tag pairs with cleaned and escaped values, movetext in the algebraic
// notation of RULES.md wrapped at 79 columns (no line longer than the
// 255 bytes the standard allows, see text.go), a comment after a move (made
// safe, see text.go; the reason for the result joins the last one), and
// the result token. It knows all three games: the Variant, SetUp and FEN
// tags name the game and its start, and Replay turns a record back into
// legal moves.
package pgn

import (
	"fmt"
	"io"
	"math"
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
	// Commands are embedded commands such as ClockCommand's [%clk 0:01:02],
	// written inside the comment's braces after its text, as they are
	// (CleanComment would turn their brackets and '%' into other signs).
	// A record read back has them in Comment.
	Commands string
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
	// Line is where the record starts in the text it was read from (0 for
	// a record not read), for messages about it.
	Line int
	// Notation is how Play writes the moves (SAN unless set).
	Notation Notation
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
	name := p.Variant().Name()
	if p.Chess960() {
		name = board.Chess960().Name() // chess960, which readers know (python-chess, lichess)
	}
	g.SetTag("Variant", name)
	g.SetTag("SetUp", "1")
	g.SetTag("FEN", p.FEN())
	g.Number, g.BlackFirst = p.FullmoveNumber(), p.SideToMove() == board.Black
}

// Play appends legal move m of p in the game's notation (algebraic unless
// Notation says otherwise), with its comment ("" for none), and plays it
// on p.
func (g *Game) Play(p *board.Position, m board.Move, comment string) {
	g.Moves = append(g.Moves, Move{Text: g.Notation.Move(p, m), Comment: comment})
	p.DoMove(m)
}

// lastComment is the comment after the last move, or the one before the
// moves in a game without any.
func (g *Game) lastComment() *string {
	if n := len(g.Moves); n > 0 {
		return &g.Moves[n-1].Comment
	}
	return &g.Comment
}

// LastComment is the comment after the last move (before the moves in a
// game without any): where the reason for the result stands.
func (g *Game) LastComment() string { return *g.lastComment() }

// AppendReason adds the reason for the result to the last comment, after
// a comma: strict readers (chess.js) take one comment per move, so it
// joins the last move's comment, as fastchess writes it.
func (g *Game) AppendReason(reason string) {
	c := g.lastComment()
	if *c != "" {
		*c += ", "
	}
	*c += reason
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

// CommentEval reads back the score of a comment EvalComment wrote, in
// centipawns from the mover's view, or the moves to mate (mateIn, negative
// when the mover is mated); ok is false for a comment without a score
// (a book move, or text of another program).
func CommentEval(c string) (cp, mateIn int, ok bool) {
	word, _, found := strings.Cut(strings.TrimSpace(c), "/")
	if !found || word == "" {
		return 0, 0, false
	}
	if len(word) > 2 && (word[0] == '+' || word[0] == '-') && word[1] == 'M' {
		n, err := strconv.Atoi(word[2:])
		if err != nil || n < 0 {
			return 0, 0, false
		}
		if word[0] == '-' {
			n = -n
		}
		return 0, n, true
	}
	f, err := strconv.ParseFloat(word, 64)
	if err != nil || f > 1000 || f < -1000 {
		return 0, 0, false
	}
	return int(math.Round(f * 100)), 0, true
}

// quote writes a tag value as a PGN string: cleaned (CleanTag), then with
// a backslash and a quote escaped.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(CleanTag(s)) + `"`
}

func validTagName(s string) bool {
	if s == "" || len(s) > MaxTagName {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// truncateName keeps an error message about a tag name or move short.
func truncateName(s string) string {
	if len(s) > 2*MaxTagName {
		return s[:2*MaxTagName] + "..."
	}
	return s
}

func isNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// validMoveText reports whether s reads back as the same move: no PGN
// delimiter in it, and not a result token, NAG or move number.
func validMoveText(s string) bool {
	if s == "" || len(s) > MaxWordBytes || strings.ContainsAny(s, " \t\r\n\f\v{}[]();%\"") || s[0] == '$' {
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
			return fmt.Errorf("pgn: tag name %q is not 1 to %d letters, digits and _", truncateName(t.Name), MaxTagName)
		}
		fmt.Fprintf(b, "[%s %s]\n", t.Name, quote(t.Value))
	}
	b.WriteByte('\n')

	var words []string
	comment := func(s, commands string) {
		ws := strings.Fields(CleanComment(s))
		if commands != "" {
			// One word with the last word of the text, so that a command
			// never starts a line (a line starting with '[' looks like a
			// tag to line-based readers).
			if n := len(ws); n > 0 {
				ws[n-1] += " " + commands
			} else {
				ws = []string{commands}
			}
		}
		if len(ws) > 0 {
			ws[0] = "{" + ws[0]
			ws[len(ws)-1] += "}"
			words = append(words, ws...)
		}
	}
	comment(g.Comment, "")
	number, black := max(g.Number, 1), g.BlackFirst
	for i, m := range g.Moves {
		if !validMoveText(m.Text) {
			return fmt.Errorf("pgn: move %d %q cannot be written in PGN", i+1, truncateName(m.Text))
		}
		if m.Commands != "" && (len(m.Commands) > MaxWordBytes || !commandsRE.MatchString(m.Commands)) {
			return fmt.Errorf("pgn: move %d: %q are not commands like [%%clk 0:01:02]", i+1, truncateName(m.Commands))
		}
		switch {
		case !black:
			words = append(words, strconv.Itoa(number)+".")
		case i == 0 || g.Moves[i-1].Comment != "" || g.Moves[i-1].Commands != "":
			// Black's move after a comment repeats the number, as the
			// export format asks.
			words = append(words, strconv.Itoa(number)+"...")
		}
		words = append(words, m.Text)
		comment(m.Comment, m.Commands)
		if black {
			number++
		}
		black = !black
	}
	words = append(words, g.Result.String())
	WriteMovetext(b, words)
	return nil
}

// WriteMovetext writes the words of a movetext in lines of at most 79
// characters (a word longer than that stands alone), then the blank line
// that ends a game.
func WriteMovetext(b *strings.Builder, words []string) {
	col := 0
	for _, w := range words {
		if col > 0 && col+1+len(w) > 79 {
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
}
