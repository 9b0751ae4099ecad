// Package refchaturanga is a deliberately simple reference move generator
// for the chess variant "chaturanga" as specified in RULES.md section 1
// (with the FEN and move-string conventions of section 4).
//
// It exists only to cross-check the fast generator in tests. It is written
// for obvious correctness, not speed: a plain [64]int8 mailbox, pseudo-legal
// generation, and a legality test that plays each move on a copy and asks
// whether the mover's Raja is attacked.
package refchaturanga

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// StartFEN is the chaturanga start position.
const StartFEN = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1"

// Piece types. A square holds +type for White, -type for Black, 0 if empty.
const (
	empty  int8 = 0
	pawn   int8 = 1 // Padati
	knight int8 = 2 // Ashva
	gaja   int8 = 3 // Gaja (alfil: jumps exactly two squares diagonally)
	mantri int8 = 4 // Mantri (ferz: one square diagonally)
	ratha  int8 = 5 // Ratha (rook)
	raja   int8 = 6 // Raja (king)
)

const (
	white = 0
	black = 1
)

// Square index: rank*8 + file, a1 = 0, h1 = 7, a8 = 56, h8 = 63.
func sqOf(file, rank int) int { return rank*8 + file }
func fileOf(sq int) int       { return sq % 8 }
func rankOf(sq int) int       { return sq / 8 }
func onBoard(file, rank int) bool {
	return file >= 0 && file < 8 && rank >= 0 && rank < 8
}

// Offsets as (file delta, rank delta).
var (
	knightDeltas = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	gajaDeltas   = [4][2]int{{2, 2}, {2, -2}, {-2, -2}, {-2, 2}}
	mantriDeltas = [4][2]int{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}
	rajaDeltas   = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	rathaDirs    = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
)

// promoType[side][file] is the piece type that stood on that file of the
// promotion rank (rank 8 for White, rank 1 for Black) in the start position.
var promoType = [2][8]int8{
	// White promotes on rank 8: r n b k q b n r
	{ratha, knight, gaja, raja, mantri, gaja, knight, ratha},
	// Black promotes on rank 1: R N B Q K B N R
	{ratha, knight, gaja, mantri, raja, gaja, knight, ratha},
}

// startCount[type] is how many pieces of that type each side starts with.
// Raja is listed as 1 (there is always exactly one, so promotion to Raja is
// never possible).
var startCount = [7]int{0, 8, 2, 2, 1, 2, 1}

var pieceLetters = [7]byte{0, 'p', 'n', 'b', 'q', 'r', 'k'}

// Position is a chaturanga position. It is a plain value type: copying it
// copies the whole position.
type Position struct {
	board    [64]int8
	side     int     // white or black: side to move
	leap     [2]bool // leap[side]: that side's Raja still has the knight leap
	halfmove int
	fullmove int
}

// move is an internal move. promo is the (positive) promoted piece type, or 0.
type move struct {
	from, to int8
	promo    int8
}

func squareName(sq int) string {
	return string([]byte{byte('a' + fileOf(sq)), byte('1' + rankOf(sq))})
}

func (m move) uci() string {
	s := squareName(int(m.from)) + squareName(int(m.to))
	if m.promo != 0 {
		s += string(pieceLetters[m.promo])
	}
	return s
}

func sideOf(pc int8) int {
	if pc > 0 {
		return white
	}
	return black
}

func typeOf(pc int8) int8 {
	if pc < 0 {
		return -pc
	}
	return pc
}

// own returns the signed piece code of type t for side s.
func own(s int, t int8) int8 {
	if s == white {
		return t
	}
	return -t
}

// rajaSquare returns the square of side s's Raja, or -1 if there is none.
func (p *Position) rajaSquare(s int) int {
	want := own(s, raja)
	for sq := 0; sq < 64; sq++ {
		if p.board[sq] == want {
			return sq
		}
	}
	return -1
}

// attacked reports whether square sq is attacked by side by.
// Attacks: Raja neighbours (never the leap), Mantri diagonal neighbours,
// Gaja two-square diagonal jumps, Ashva knight jumps, Ratha lines, Padati
// one square diagonally forward.
func (p *Position) attacked(sq int, by int) bool {
	f, r := fileOf(sq), rankOf(sq)

	// Padati: a White Padati on (f±1, r-1) attacks (f, r); Black on (f±1, r+1).
	pr := r - 1
	if by == black {
		pr = r + 1
	}
	for _, df := range [2]int{-1, 1} {
		if onBoard(f+df, pr) && p.board[sqOf(f+df, pr)] == own(by, pawn) {
			return true
		}
	}
	for _, d := range knightDeltas {
		if onBoard(f+d[0], r+d[1]) && p.board[sqOf(f+d[0], r+d[1])] == own(by, knight) {
			return true
		}
	}
	for _, d := range gajaDeltas {
		if onBoard(f+d[0], r+d[1]) && p.board[sqOf(f+d[0], r+d[1])] == own(by, gaja) {
			return true
		}
	}
	for _, d := range mantriDeltas {
		if onBoard(f+d[0], r+d[1]) && p.board[sqOf(f+d[0], r+d[1])] == own(by, mantri) {
			return true
		}
	}
	for _, d := range rajaDeltas {
		if onBoard(f+d[0], r+d[1]) && p.board[sqOf(f+d[0], r+d[1])] == own(by, raja) {
			return true
		}
	}
	for _, d := range rathaDirs {
		for tf, tr := f+d[0], r+d[1]; onBoard(tf, tr); tf, tr = tf+d[0], tr+d[1] {
			pc := p.board[sqOf(tf, tr)]
			if pc == empty {
				continue
			}
			if pc == own(by, ratha) {
				return true
			}
			break
		}
	}
	return false
}

// inCheck reports whether side s's Raja is attacked.
func (p *Position) inCheck(s int) bool {
	k := p.rajaSquare(s)
	return k >= 0 && p.attacked(k, 1-s)
}

// count returns how many pieces of type t side s has on the board.
func (p *Position) count(s int, t int8) int {
	want := own(s, t)
	n := 0
	for sq := 0; sq < 64; sq++ {
		if p.board[sq] == want {
			n++
		}
	}
	return n
}

// canLand reports whether a piece of side s may end a move on sq (empty or
// enemy piece other than the Raja; a Raja is never captured).
func (p *Position) canLand(s int, sq int) bool {
	pc := p.board[sq]
	if pc == empty {
		return true
	}
	return sideOf(pc) != s && typeOf(pc) != raja
}

// pseudoMoves returns all pseudo-legal moves of the side to move: moves that
// obey piece movement, capture and promotion rules, but may leave the
// mover's Raja attacked.
func (p *Position) pseudoMoves() []move {
	s := p.side
	moves := make([]move, 0, 48)
	add := func(from, to int) {
		moves = append(moves, move{from: int8(from), to: int8(to)})
	}
	for from := 0; from < 64; from++ {
		pc := p.board[from]
		if pc == empty || sideOf(pc) != s {
			continue
		}
		f, r := fileOf(from), rankOf(from)
		switch typeOf(pc) {
		case pawn:
			dr, last := 1, 7
			if s == black {
				dr, last = -1, 0
			}
			tr := r + dr
			if tr < 0 || tr > 7 {
				break // Padati on its last rank (set-up positions only): no moves
			}
			addPawn := func(to int) {
				if tr != last {
					add(from, to)
					return
				}
				t := promoType[s][fileOf(to)]
				if t == raja || p.count(s, t) >= startCount[t] {
					return // cannot promote here: the move is illegal
				}
				moves = append(moves, move{from: int8(from), to: int8(to), promo: t})
			}
			// push: one square forward onto an empty square (no double step)
			if p.board[sqOf(f, tr)] == empty {
				addPawn(sqOf(f, tr))
			}
			// captures: one square diagonally forward onto an enemy piece
			for _, df := range [2]int{-1, 1} {
				if !onBoard(f+df, tr) {
					continue
				}
				to := sqOf(f+df, tr)
				if p.board[to] != empty && sideOf(p.board[to]) != s && p.canLand(s, to) {
					addPawn(to)
				}
			}
		case knight:
			for _, d := range knightDeltas {
				if onBoard(f+d[0], r+d[1]) && p.canLand(s, sqOf(f+d[0], r+d[1])) {
					add(from, sqOf(f+d[0], r+d[1]))
				}
			}
		case gaja:
			for _, d := range gajaDeltas {
				if onBoard(f+d[0], r+d[1]) && p.canLand(s, sqOf(f+d[0], r+d[1])) {
					add(from, sqOf(f+d[0], r+d[1]))
				}
			}
		case mantri:
			for _, d := range mantriDeltas {
				if onBoard(f+d[0], r+d[1]) && p.canLand(s, sqOf(f+d[0], r+d[1])) {
					add(from, sqOf(f+d[0], r+d[1]))
				}
			}
		case ratha:
			for _, d := range rathaDirs {
				for tf, tr := f+d[0], r+d[1]; onBoard(tf, tr); tf, tr = tf+d[0], tr+d[1] {
					to := sqOf(tf, tr)
					if p.canLand(s, to) {
						add(from, to)
					}
					if p.board[to] != empty {
						break
					}
				}
			}
		case raja:
			for _, d := range rajaDeltas {
				if onBoard(f+d[0], r+d[1]) && p.canLand(s, sqOf(f+d[0], r+d[1])) {
					add(from, sqOf(f+d[0], r+d[1]))
				}
			}
			// The once-per-game leap: only while the right is held, which
			// also means this Raja has never been in check (in particular
			// he is not in check now; tested again here for safety).
			if p.leap[s] && !p.attacked(from, 1-s) {
				for _, d := range knightDeltas {
					if onBoard(f+d[0], r+d[1]) && p.canLand(s, sqOf(f+d[0], r+d[1])) {
						add(from, sqOf(f+d[0], r+d[1]))
					}
				}
			}
		}
	}
	return moves
}

// apply plays m (assumed pseudo-legal) and returns the new position. It
// does not test legality, except that it updates the leap rights: a Raja
// that leaps loses his right, and the side now to move loses its right if
// its Raja is in check.
func (p *Position) apply(m move) Position {
	q := *p
	s := p.side
	from, to := int(m.from), int(m.to)
	pc := q.board[from]
	captured := q.board[to]

	q.board[from] = empty
	if m.promo != 0 {
		q.board[to] = own(s, m.promo)
	} else {
		q.board[to] = pc
	}

	if typeOf(pc) == raja {
		df := fileOf(to) - fileOf(from)
		dr := rankOf(to) - rankOf(from)
		if df > 1 || df < -1 || dr > 1 || dr < -1 {
			q.leap[s] = false // the leap was used
		}
	}

	if typeOf(pc) == pawn || captured != empty {
		q.halfmove = 0
	} else {
		q.halfmove++
	}
	if s == black {
		q.fullmove++
	}
	q.side = 1 - s

	if q.leap[q.side] && q.inCheck(q.side) {
		q.leap[q.side] = false // first time in check: right lost for good
	}
	return q
}

type child struct {
	m   move
	pos Position
}

// legal returns the legal moves with their resulting positions: the
// pseudo-legal moves after which the mover's Raja is not attacked.
func (p *Position) legal() []child {
	pseudo := p.pseudoMoves()
	out := make([]child, 0, len(pseudo))
	for _, m := range pseudo {
		q := p.apply(m)
		if q.inCheck(p.side) {
			continue
		}
		out = append(out, child{m, q})
	}
	return out
}

// LegalMoves returns the legal moves in UCI notation, sorted ascending.
// Game end (bare Raja etc.) is not taken into account; see Result.
func (p Position) LegalMoves() []string {
	cs := p.legal()
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.m.uci()
	}
	sort.Strings(out)
	return out
}

// Play plays a move given in UCI notation and returns the new position, or
// an error if the string is not one of the legal moves.
func (p Position) Play(mv string) (Position, error) {
	for _, c := range p.legal() {
		if c.m.uci() == mv {
			return c.pos, nil
		}
	}
	return p, fmt.Errorf("refchaturanga: %q is not a legal move in %s", mv, p.FEN())
}

// Perft counts the leaf nodes of the legal move tree of the given depth.
// Depth 0 (or less) gives 1. Game end is not taken into account.
func (p Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	cs := p.legal()
	if depth == 1 {
		return uint64(len(cs))
	}
	var n uint64
	for i := range cs {
		n += cs[i].pos.Perft(depth - 1)
	}
	return n
}

// Result returns "" while the game goes on, otherwise "1-0", "0-1" or
// "1/2-1/2". Judged in order: bare Raja (a side whose Raja stands alone
// while the other side has more loses; both bare is a draw), then
// checkmate (the mated side loses) and stalemate (the stalemated side
// wins). The move rule and repetition are not judged.
func (p Position) Result() string {
	var others [2]int
	for sq := 0; sq < 64; sq++ {
		pc := p.board[sq]
		if pc != empty && typeOf(pc) != raja {
			others[sideOf(pc)]++
		}
	}
	switch {
	case others[white] == 0 && others[black] == 0:
		return "1/2-1/2"
	case others[white] == 0:
		return "0-1"
	case others[black] == 0:
		return "1-0"
	}
	if len(p.legal()) > 0 {
		return ""
	}
	moverWins := !p.inCheck(p.side) // stalemate: the stalemated side wins
	if moverWins == (p.side == white) {
		return "1-0"
	}
	return "0-1"
}

// FEN returns the position as
// "<board> <side> <leap rights> - <halfmove> <fullmove>".
func (p Position) FEN() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		gap := 0
		for f := 0; f < 8; f++ {
			pc := p.board[sqOf(f, r)]
			if pc == empty {
				gap++
				continue
			}
			if gap > 0 {
				b.WriteByte(byte('0' + gap))
				gap = 0
			}
			c := pieceLetters[typeOf(pc)]
			if pc > 0 {
				c -= 'a' - 'A'
			}
			b.WriteByte(c)
		}
		if gap > 0 {
			b.WriteByte(byte('0' + gap))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.side == white {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	rights := ""
	if p.leap[white] {
		rights += "K"
	}
	if p.leap[black] {
		rights += "k"
	}
	if rights == "" {
		rights = "-"
	}
	b.WriteString(rights)
	b.WriteString(" - ")
	b.WriteString(strconv.Itoa(p.halfmove))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.fullmove))
	return b.String()
}

// FromFEN parses "<board> <side> <leap rights> - <halfmove> <fullmove>".
// The two move counters may be left out (then 0 and 1). The leap field is
// "-" or a combination of "K" and "k". A FEN is refused unless each side
// has exactly one Raja and the side not to move is not in check; if the
// side to move is in check it has lost its leap right, whatever the field
// says.
func FromFEN(fen string) (Position, error) {
	var p Position
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return p, fmt.Errorf("refchaturanga: FEN %q: want 6 fields (or 4 without counters), got %d", fen, len(fields))
	}

	rows := strings.Split(fields[0], "/")
	if len(rows) != 8 {
		return p, fmt.Errorf("refchaturanga: FEN %q: want 8 rows, got %d", fen, len(rows))
	}
	for i, row := range rows {
		r := 7 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				if f > 8 {
					return p, fmt.Errorf("refchaturanga: FEN %q: row %d is longer than 8 squares", fen, i+1)
				}
				continue
			}
			var t int8
			switch c | 0x20 { // lower-case
			case 'p':
				t = pawn
			case 'n':
				t = knight
			case 'b':
				t = gaja
			case 'q':
				t = mantri
			case 'r':
				t = ratha
			case 'k':
				t = raja
			default:
				return p, fmt.Errorf("refchaturanga: FEN %q: bad character %q in row %d", fen, c, i+1)
			}
			if f >= 8 {
				return p, fmt.Errorf("refchaturanga: FEN %q: row %d is longer than 8 squares", fen, i+1)
			}
			if c >= 'a' {
				p.board[sqOf(f, r)] = -t
			} else {
				p.board[sqOf(f, r)] = t
			}
			f++
		}
		if f != 8 {
			return p, fmt.Errorf("refchaturanga: FEN %q: row %d has %d squares, want 8", fen, i+1, f)
		}
	}

	switch fields[1] {
	case "w":
		p.side = white
	case "b":
		p.side = black
	default:
		return p, fmt.Errorf("refchaturanga: FEN %q: side to move must be w or b, got %q", fen, fields[1])
	}

	if fields[2] != "-" {
		for _, c := range fields[2] {
			switch {
			case c == 'K' && !p.leap[white]:
				p.leap[white] = true
			case c == 'k' && !p.leap[black]:
				p.leap[black] = true
			default:
				return p, fmt.Errorf("refchaturanga: FEN %q: bad leap-rights field %q (want -, K, k or Kk)", fen, fields[2])
			}
		}
	}

	if fields[3] != "-" {
		return p, fmt.Errorf("refchaturanga: FEN %q: en passant field must be -, got %q", fen, fields[3])
	}

	p.halfmove, p.fullmove = 0, 1
	if len(fields) == 6 {
		h, err := strconv.Atoi(fields[4])
		if err != nil || h < 0 {
			return p, fmt.Errorf("refchaturanga: FEN %q: bad halfmove clock %q", fen, fields[4])
		}
		fm, err := strconv.Atoi(fields[5])
		if err != nil || fm < 1 {
			return p, fmt.Errorf("refchaturanga: FEN %q: bad fullmove number %q", fen, fields[5])
		}
		p.halfmove, p.fullmove = h, fm
	}

	for _, s := range [2]int{white, black} {
		if n := p.count(s, raja); n != 1 {
			return p, fmt.Errorf("refchaturanga: FEN %q: %s has %d Rajas, want exactly 1", fen, sideName(s), n)
		}
	}
	if p.inCheck(1 - p.side) {
		return p, errors.New("refchaturanga: FEN " + strconv.Quote(fen) + ": the side not to move (" + sideName(1-p.side) + ") is in check")
	}
	if p.inCheck(p.side) {
		p.leap[p.side] = false
	}
	return p, nil
}

func sideName(s int) string {
	if s == white {
		return "White"
	}
	return "Black"
}
