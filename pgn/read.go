package pgn

import (
	"fmt"
	"io"
	"strings"

	"senapati/board"
)

// MaxBytes bounds the text Parse reads, so a huge upload is refused rather
// than held in memory.
const MaxBytes = 16 << 20

// Parse reads every game of a PGN text. It takes tag pairs (with the
// escapes \\ and \"), brace and semicolon comments, move numbers, NAGs
// ($1), variations (skipped, nested too), % escape lines and the result
// tokens; a game without a result token ends at the next tag section or
// at the end and gets "*". Moves are kept as written; Replay checks them.
// Errors name the line.
func Parse(r io.Reader) ([]*Game, error) {
	text, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(text) > MaxBytes {
		return nil, fmt.Errorf("pgn: more than %d bytes", MaxBytes)
	}
	p := parser{s: string(text), line: 1}
	return p.games()
}

// ParseString reads every game of s, as Parse does.
func ParseString(s string) ([]*Game, error) { return Parse(strings.NewReader(s)) }

type parser struct {
	s    string
	i    int
	line int
	out  []*Game
	cur  *Game
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("pgn: line %d: %s", p.line, fmt.Sprintf(format, args...))
}

func (p *parser) game() *Game {
	if p.cur == nil {
		p.cur = &Game{}
	}
	return p.cur
}

func (p *parser) end(r board.Result) {
	g := p.game()
	g.Result = r
	p.out = append(p.out, g)
	p.cur = nil
}

func (p *parser) atLineStart() bool { return p.i == 0 || p.s[p.i-1] == '\n' }

// skipLine moves past the end of the current line.
func (p *parser) skipLine() {
	if j := strings.IndexByte(p.s[p.i:], '\n'); j >= 0 {
		p.i += j
	} else {
		p.i = len(p.s)
	}
}

func (p *parser) games() ([]*Game, error) {
	variation := 0
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '\n':
			p.line++
			p.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			p.i++
		case c == '%' && p.atLineStart():
			p.skipLine()
		case c == ';':
			p.skipLine()
		case c == '{':
			text, err := p.comment()
			if err != nil {
				return nil, err
			}
			if variation == 0 {
				p.attachComment(text)
			}
		case c == '(':
			variation++
			p.i++
		case c == ')':
			if variation == 0 {
				return nil, p.errorf("')' closes no variation")
			}
			variation--
			p.i++
		case c == '[' && variation == 0:
			if p.cur != nil && len(p.cur.Moves) > 0 { // the last game had no result token
				p.end(board.Ongoing)
			}
			if err := p.tag(); err != nil {
				return nil, err
			}
		default:
			if err := p.word(variation > 0); err != nil {
				return nil, err
			}
		}
	}
	if variation > 0 {
		return nil, p.errorf("a variation '(' is not closed")
	}
	if p.cur != nil {
		p.end(board.Ongoing)
	}
	return p.out, nil
}

func (p *parser) attachComment(text string) {
	g := p.game()
	target := &g.Comment
	if n := len(g.Moves); n > 0 {
		target = &g.Moves[n-1].Comment
	}
	if *target != "" {
		*target += " "
	}
	*target += text
}

// comment reads a brace comment; it may span lines and has no escapes.
func (p *parser) comment() (string, error) {
	start := p.line
	j := strings.IndexByte(p.s[p.i:], '}')
	if j < 0 {
		p.line = start
		return "", p.errorf("comment '{' is not closed")
	}
	body := p.s[p.i+1 : p.i+j]
	p.line += strings.Count(body, "\n")
	p.i += j + 1
	return strings.Join(strings.Fields(body), " "), nil
}

// tag reads [Name "value"].
func (p *parser) tag() error {
	p.i++ // [
	p.spaces()
	start := p.i
	for p.i < len(p.s) && validTagName(p.s[p.i:p.i+1]) {
		p.i++
	}
	name := p.s[start:p.i]
	if name == "" {
		return p.errorf("a tag needs a name: [Name \"value\"]")
	}
	p.spaces()
	if p.i >= len(p.s) || p.s[p.i] != '"' {
		return p.errorf("tag %s: the value must be in double quotes", name)
	}
	p.i++
	var v strings.Builder
	for {
		if p.i >= len(p.s) || p.s[p.i] == '\n' {
			return p.errorf("tag %s: the value's closing quote is missing", name)
		}
		c := p.s[p.i]
		p.i++
		if c == '"' {
			break
		}
		if c == '\\' && p.i < len(p.s) && (p.s[p.i] == '\\' || p.s[p.i] == '"') {
			c = p.s[p.i]
			p.i++
		}
		v.WriteByte(c)
	}
	p.spaces()
	if p.i >= len(p.s) || p.s[p.i] != ']' {
		return p.errorf("tag %s: ']' expected after the value", name)
	}
	p.i++
	p.game().SetTag(name, v.String())
	return nil
}

func (p *parser) spaces() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\r') {
		p.i++
	}
}

// word reads a move number, NAG, result token or move.
func (p *parser) word(skip bool) error {
	start := p.i
	for p.i < len(p.s) && !strings.ContainsRune(" \t\r\n\f\v{};()[", rune(p.s[p.i])) {
		p.i++
	}
	w := p.s[start:p.i]
	if w == "" { // a stray ']' or '[' inside a variation
		p.i++
		return nil
	}
	// Move numbers, perhaps glued to their move (1.e4).
	for k := strings.TrimLeft(w, "0123456789"); len(k) < len(w) && strings.HasPrefix(k, "."); k = strings.TrimLeft(w, "0123456789") {
		w = strings.TrimLeft(k, ".")
	}
	if skip || w == "" || w[0] == '$' {
		return nil
	}
	if r, ok := resultToken(w); ok {
		p.end(r)
		return nil
	}
	if len(w) > 64 {
		return p.errorf("%.20q... is too long for a move", w)
	}
	g := p.game()
	g.Moves = append(g.Moves, Move{Text: w})
	return nil
}

func resultToken(w string) (board.Result, bool) {
	for _, r := range []board.Result{board.Ongoing, board.WhiteWins, board.BlackWins, board.Draw} {
		if w == r.String() {
			return r, true
		}
	}
	return board.Ongoing, false
}

// Replay finds the game's start (the Variant tag, "standard" or none
// meaning chess, and the FEN tag or the variant's start position) and
// reads every move as the notation of RULES.md (algebraic or UCI) against
// the legal moves. The error names the move that does not fit.
func (g *Game) Replay() (board.Position, []board.Move, error) {
	v := board.Chess()
	if name, ok := g.Tag("Variant"); ok && !strings.EqualFold(name, "standard") {
		var err error
		if v, err = board.VariantByName(name); err != nil {
			return board.Position{}, nil, err
		}
	}
	fen := v.StartFEN()
	if f, ok := g.Tag("FEN"); ok {
		fen = f
	}
	start, err := board.ParseFEN(v, fen)
	if err != nil {
		return board.Position{}, nil, fmt.Errorf("FEN tag: %v", err)
	}
	pos := start
	moves := make([]board.Move, 0, len(g.Moves))
	number, black := pos.FullmoveNumber(), pos.SideToMove() == board.Black
	for _, w := range g.Moves {
		m, err := pos.ParseSAN(w.Text)
		if err != nil {
			dots := "."
			if black {
				dots = "..."
			}
			return board.Position{}, nil, fmt.Errorf("move %d%s %s: %v", number, dots, w.Text, err)
		}
		moves = append(moves, m)
		pos.DoMove(m)
		if black {
			number++
		}
		black = !black
	}
	return start, moves, nil
}
