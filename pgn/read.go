package pgn

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"strings"

	"senapati/board"
)

// MaxBytes bounds the text of one game (with what stands before it), so a
// huge record is refused rather than held in memory; a file of many games
// may be of any size.
const MaxBytes = 16 << 20

// Games reads the games of a PGN text one at a time, so the text may be
// of any size. It takes tag pairs (with the escapes \\ and \"), brace and
// semicolon comments, move numbers, NAGs ($1), variations (skipped, nested
// too), % escape lines and the result tokens; a game without a result
// token ends at the next tag section or at the end and gets "*". Moves are
// kept as written; Replay checks them. An error names the line; it comes
// once, as the last.
func Games(in io.Reader) iter.Seq2[*Game, error] { return newReader(in).games }

// Parse reads every game of a PGN text, as Games does.
func Parse(in io.Reader) ([]*Game, error) {
	var out []*Game
	for g, err := range Games(in) {
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

type reader struct {
	in        io.Reader
	buf       []byte // read from in; buf[pos:] is still to be read
	pos       int
	inErr     error  // what in said after the bytes in buf
	line      int    // of the next byte
	lineStart bool   // the next byte starts a line
	n         int    // bytes read since the last game ended
	limit     int    // of n: MaxBytes
	variation int    // depth of the variation being skipped
	scratch   []byte // the word being read
	cur       *Game
	err       error // the first error
}

func newReader(in io.Reader) *reader {
	return &reader{in: in, buf: make([]byte, 0, 64<<10), line: 1, lineStart: true, limit: MaxBytes}
}

func (r *reader) games(yield func(*Game, error) bool) {
	for {
		g, err := r.next()
		if err == io.EOF {
			return
		}
		if err != nil {
			yield(nil, err)
			return
		}
		if !yield(g, nil) {
			return
		}
	}
}

// ParseString reads every game of s, as Parse does.
func ParseString(s string) ([]*Game, error) { return Parse(strings.NewReader(s)) }

func (r *reader) errorf(format string, args ...any) error {
	return fmt.Errorf("pgn: line %d: %s", r.line, fmt.Sprintf(format, args...))
}

// peek is the next byte, not yet taken; false at the end of the text or
// on an error, which it keeps in r.err.
func (r *reader) peek() (byte, bool) {
	if r.err != nil {
		return 0, false
	}
	if r.n >= r.limit {
		r.err = r.errorf("a game of more than %d bytes", r.limit)
		return 0, false
	}
	for r.pos == len(r.buf) {
		if r.inErr != nil {
			if r.inErr != io.EOF {
				r.err = r.inErr
			}
			return 0, false
		}
		var n int
		n, r.inErr = r.in.Read(r.buf[:cap(r.buf)])
		r.buf, r.pos = r.buf[:n], 0
	}
	return r.buf[r.pos], true
}

// take moves past the byte peek gave.
func (r *reader) take() {
	c := r.buf[r.pos]
	r.pos++
	r.n++
	r.lineStart = c == '\n'
	if c == '\n' {
		r.line++
	}
}

// fail is the error kept by peek, or else the message.
func (r *reader) fail(format string, args ...any) error {
	if r.err != nil {
		return r.err
	}
	return r.errorf(format, args...)
}

func (r *reader) game() *Game {
	if r.cur == nil {
		r.cur = &Game{Line: r.line}
	}
	return r.cur
}

func (r *reader) end(res board.Result) *Game {
	g := r.game()
	g.Result = res
	r.cur, r.n = nil, 0
	return g
}

// skipLine moves to the end of the current line.
func (r *reader) skipLine() {
	for c, ok := r.peek(); ok && c != '\n'; c, ok = r.peek() {
		r.take()
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

func (r *reader) next() (*Game, error) {
	for {
		c, ok := r.peek()
		if !ok {
			switch {
			case r.err != nil:
				return nil, r.err
			case r.variation > 0:
				return nil, r.errorf("a variation '(' is not closed")
			case r.cur != nil:
				return r.end(board.Ongoing), nil
			}
			return nil, io.EOF
		}
		switch {
		case c == '\n' || isSpace(c):
			r.take()
		case c == '%' && r.lineStart, c == ';':
			r.skipLine()
		case c == '{':
			text, err := r.comment()
			if err != nil {
				return nil, err
			}
			if r.variation == 0 {
				c := r.game().lastComment()
				*c = strings.TrimSpace(*c + " " + text)
			}
		case c == '(':
			r.variation++
			r.take()
		case c == ')':
			if r.variation == 0 {
				return nil, r.errorf("')' closes no variation")
			}
			r.variation--
			r.take()
		case c == '[' && r.variation == 0:
			if r.cur != nil && len(r.cur.Moves) > 0 { // this game had no result token
				return r.end(board.Ongoing), nil
			}
			if err := r.tag(); err != nil {
				return nil, err
			}
		default:
			if g, err := r.word(); g != nil || err != nil {
				return g, err
			}
		}
	}
}

// comment reads a brace comment; it may span lines and has no escapes.
func (r *reader) comment() (string, error) {
	start := r.line
	r.take() // {
	var b strings.Builder
	for {
		c, ok := r.peek()
		if !ok {
			if r.err != nil {
				return "", r.err
			}
			r.line = start
			return "", r.errorf("comment '{' is not closed")
		}
		r.take()
		if c == '}' {
			return strings.Join(strings.Fields(b.String()), " "), nil
		}
		b.WriteByte(c)
	}
}

// tag reads [Name "value"].
func (r *reader) tag() error {
	g := r.game()
	r.take() // [
	r.spaces()
	var name strings.Builder
	for c, ok := r.peek(); ok && isNameByte(c); c, ok = r.peek() {
		name.WriteByte(c)
		r.take()
	}
	if name.Len() == 0 {
		return r.fail("a tag needs a name: [Name \"value\"]")
	}
	r.spaces()
	if c, ok := r.peek(); !ok || c != '"' {
		return r.fail("tag %s: the value must be in double quotes", name.String())
	}
	r.take()
	var v strings.Builder
	for {
		c, ok := r.peek()
		if !ok || c == '\n' {
			return r.fail("tag %s: the value's closing quote is missing", name.String())
		}
		r.take()
		if c == '"' {
			break
		}
		if c == '\\' {
			if e, ok := r.peek(); ok && (e == '\\' || e == '"') {
				c = e
				r.take()
			}
		}
		v.WriteByte(c)
	}
	r.spaces()
	if c, ok := r.peek(); !ok || c != ']' {
		return r.fail("tag %s: ']' expected after the value", name.String())
	}
	r.take()
	g.SetTag(name.String(), v.String())
	return nil
}

func (r *reader) spaces() {
	for c, ok := r.peek(); ok && (c == ' ' || c == '\t' || c == '\r'); c, ok = r.peek() {
		r.take()
	}
}

// word reads a move number, NAG, result token or move; it gives the game
// a result token ends.
func (r *reader) word() (*Game, error) {
	w := r.scratch[:0]
	for c, ok := r.peek(); ok && !strings.ContainsRune(" \t\r\n\f\v{};()[", rune(c)); c, ok = r.peek() {
		w = append(w, c)
		r.take()
	}
	r.scratch = w
	if r.err != nil {
		return nil, r.err
	}
	if len(w) == 0 { // a stray '[' inside a variation
		r.take()
		return nil, nil
	}
	// Move numbers, perhaps glued to their move (1.e4).
	for k := bytes.TrimLeft(w, "0123456789"); len(k) < len(w) && len(k) > 0 && k[0] == '.'; k = bytes.TrimLeft(w, "0123456789") {
		w = bytes.TrimLeft(k, ".")
	}
	if r.variation > 0 || len(w) == 0 || w[0] == '$' {
		return nil, nil
	}
	if res, ok := resultToken(string(w)); ok {
		return r.end(res), nil
	}
	if len(w) > 64 {
		return nil, r.errorf("%.20q... is too long for a move", w)
	}
	g := r.game()
	g.Moves = append(g.Moves, Move{Text: string(w)})
	return nil, nil
}

func resultToken(w string) (board.Result, bool) {
	for _, r := range []board.Result{board.Ongoing, board.WhiteWins, board.BlackWins, board.Draw} {
		if w == r.String() {
			return r, true
		}
	}
	return board.Ongoing, false
}

// Variant is the game's variant as its Variant tag names it: chess when
// there is none or it says "standard", as other tools write it; Chess960()
// for chess960 or fischerandom (cutechess).
func (g *Game) Variant() (*board.Variant, error) {
	name, ok := g.Tag("Variant")
	if !ok || strings.EqualFold(name, "standard") {
		return board.Chess(), nil
	}
	return board.LookupVariant(name)
}

// Replay finds the game's start (its Variant, and the FEN tag or the
// variant's start position) and reads every move as the notation of
// RULES.md (algebraic or UCI) against the legal moves. The error names the
// move that does not fit.
func (g *Game) Replay() (board.Position, []board.Move, error) {
	v, err := g.Variant()
	if err != nil {
		return board.Position{}, nil, err
	}
	return g.ReplayAs(v)
}

// ReplayAs replays the game as Replay does, as a game of v whatever its
// Variant tag says.
func (g *Game) ReplayAs(v *board.Variant) (board.Position, []board.Move, error) {
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
