// Command pairsolve solves the endings of a king (Raja) and two minor
// pieces (Mantri or bishop B, Ashva or knight N) against a bare king on an
// empty square board of 8x8 or 9x9, by retrograde analysis over the board
// package's attack sets: every position is a win for the two pieces in so
// many plies or not won (the move rule left out). A capture of either
// piece is counted as a draw, which is exact for these pairs: one minor
// piece cannot mate.
//
// Issue 15 asked whether Durg's K+Mantri+Ashva against a bare Raja can be
// won: on 9x9 every corner has the colour of a1, so a Mantri on the other
// colour has no corner of his own to mate in.
//
//	go run ./tools/pairsolve [-size 9] [-pieces BN]
//
// It prints, for each colour class of the bishops, the White-to-move
// positions, how many are won, how many within 60 plies (Durg's 30-move
// rule) and 100 (chess's 50-move rule), and the longest mate.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"senapati/board"
)

// solver holds one ending: n x n squares, numbered file*n+rank, and per
// position (White king, Black king, first piece, second piece, side to
// move) its result.
type solver struct {
	n       int
	pieces  [2]board.PieceType
	sq      []board.Square // our numbering to the board's
	mask    board.Bitboard
	plies   []uint8 // plies to mate + 1 (0: not won)
	escapes []uint8 // Black to move: legal moves not yet known to lose
}

const maxPlies = 254

func newSolver(n int, pieces [2]board.PieceType) *solver {
	s := &solver{n: n, pieces: pieces}
	for f := 0; f < n; f++ {
		for r := 0; r < n; r++ {
			b := board.MakeSquare(f, r)
			s.sq = append(s.sq, b)
			s.mask = s.mask.Or(board.SquareBB(b))
		}
	}
	size := len(s.sq) * len(s.sq) * len(s.sq) * len(s.sq)
	s.plies = make([]uint8, 2*size)
	s.escapes = make([]uint8, size)
	return s
}

// placement is one position; men[0] the White king, men[1] the Black
// king, men[2] and men[3] the pieces, in our numbering.
type placement struct {
	men   [4]int
	black bool
}

func (s *solver) index(p placement) int {
	n2 := len(s.sq)
	i := ((p.men[0]*n2+p.men[1])*n2+p.men[2])*n2 + p.men[3]
	if p.black {
		return 2*i + 1
	}
	return 2 * i
}

func (s *solver) placementOf(i int) placement {
	n2 := len(s.sq)
	p := placement{black: i%2 == 1}
	i /= 2
	for k := 3; k >= 0; k-- {
		p.men[k] = i % n2
		i /= n2
	}
	return p
}

// distinct: four different squares and the kings not side by side.
func (s *solver) distinct(p placement) bool {
	m := p.men
	if m[0] == m[1] || m[0] == m[2] || m[0] == m[3] || m[1] == m[2] || m[1] == m[3] || m[2] == m[3] {
		return false
	}
	return !board.Attacks(board.King, s.sq[m[0]], board.Bitboard{}).Has(s.sq[m[1]])
}

func (s *solver) occupied(p placement, skip int) board.Bitboard {
	var occ board.Bitboard
	for k, m := range p.men {
		if k != skip {
			occ = occ.Or(board.SquareBB(s.sq[m]))
		}
	}
	return occ
}

// whiteAttacks is every square White attacks (own men included, so a
// defended piece cannot be taken) over occ; a piece marked gone (2 or 3)
// is off the board.
func (s *solver) whiteAttacks(p placement, occ board.Bitboard, gone int) board.Bitboard {
	a := board.Attacks(board.King, s.sq[p.men[0]], occ)
	for k := 2; k < 4; k++ {
		if k != gone {
			a = a.Or(board.Attacks(s.pieces[k-2], s.sq[p.men[k]], occ))
		}
	}
	return a.And(s.mask)
}

// blackInCheck: the Black king stands on an attacked square.
func (s *solver) blackInCheck(p placement) bool {
	return s.whiteAttacks(p, s.occupied(p, -1), -1).Has(s.sq[p.men[1]])
}

// countEscapes counts Black's legal king moves (captures included: they
// end the table, so they never lose).
func (s *solver) countEscapes(p placement) int {
	bk := s.sq[p.men[1]]
	occ := s.occupied(p, 1) // the king's own square is empty behind him
	safe := s.whiteAttacks(p, occ, -1)
	moves := 0
	to := board.Attacks(board.King, bk, board.Bitboard{}).And(s.mask)
	for to.Any() {
		t := to.Pop()
		switch t {
		case s.sq[p.men[0]]:
		case s.sq[p.men[2]], s.sq[p.men[3]]:
			gone := 2
			if t == s.sq[p.men[3]] {
				gone = 3
			}
			if !s.whiteAttacks(p, occ, gone).Has(t) {
				moves++
			}
		default:
			if !safe.Has(t) {
				moves++
			}
		}
	}
	return moves
}

// solve marks the mates and works backwards: a White-to-move position is
// won in d+1 when some move reaches a Black loss in d; a Black-to-move
// position is lost in d+1 when its last escape turns out won in d.
func (s *solver) solve() {
	var lost []int
	for i := 1; i < len(s.plies); i += 2 {
		p := s.placementOf(i)
		if !s.distinct(p) {
			continue
		}
		e := s.countEscapes(p)
		s.escapes[i/2] = uint8(e)
		if e == 0 && s.blackInCheck(p) {
			s.plies[i] = 1
			lost = append(lost, i)
		}
	}
	for d := 0; len(lost) > 0 && d+2 <= maxPlies; d += 2 {
		var won []int
		for _, i := range lost {
			won = s.whitePredecessors(s.placementOf(i), uint8(d+2), won)
		}
		lost = lost[:0]
		for _, i := range won {
			lost = s.blackPredecessors(s.placementOf(i), uint8(d+3), lost)
		}
	}
}

// whitePredecessors marks the unknown White-to-move positions one White
// move before p as won in v-1 plies.
func (s *solver) whitePredecessors(p placement, v uint8, won []int) []int {
	occ := s.occupied(p, -1)
	for k := 0; k < 4; k++ {
		if k == 1 {
			continue
		}
		t := board.King
		if k >= 2 {
			t = s.pieces[k-2]
		}
		from := board.Attacks(t, s.sq[p.men[k]], occ).And(s.mask).AndNot(occ)
		for from.Any() {
			q := p
			q.black = false
			q.men[k] = s.number(from.Pop())
			if !s.distinct(q) || s.blackInCheck(q) {
				continue
			}
			if j := s.index(q); s.plies[j] == 0 {
				s.plies[j] = v
				won = append(won, j)
			}
		}
	}
	return won
}

// blackPredecessors counts p as a lost successor of each Black-to-move
// position one king move before it; the last one lost is lost in v-1.
func (s *solver) blackPredecessors(p placement, v uint8, lost []int) []int {
	occ := s.occupied(p, -1)
	from := board.Attacks(board.King, s.sq[p.men[1]], board.Bitboard{}).And(s.mask).AndNot(occ)
	for from.Any() {
		q := p
		q.black = true
		q.men[1] = s.number(from.Pop())
		if !s.distinct(q) {
			continue
		}
		j := s.index(q)
		if s.plies[j] != 0 || s.escapes[j/2] == 0 {
			continue
		}
		s.escapes[j/2]--
		if s.escapes[j/2] == 0 {
			s.plies[j] = v
			lost = append(lost, j)
		}
	}
	return lost
}

func (s *solver) number(b board.Square) int { return b.File()*s.n + b.Rank() }

// classSummary sums the White-to-move positions of one bishopClass.
type classSummary struct{ positions, won, in60, in100, longest int }

func (s *solver) summarize() [3]classSummary {
	var out [3]classSummary
	for i := 0; i < len(s.plies); i += 2 {
		p := s.placementOf(i)
		if !s.distinct(p) || s.blackInCheck(p) {
			continue
		}
		c := s.bishopClass(p)
		out[c].positions++
		if v := int(s.plies[i]); v > 0 {
			d := v - 1
			out[c].won++
			if d <= 60 {
				out[c].in60++
			}
			if d <= 100 {
				out[c].in100++
			}
			out[c].longest = max(out[c].longest, d)
		}
	}
	return out
}

// bishopClass: 0 all bishops (or none) on the colour of a1 (every
// corner's on 9x9), 1 all on the other colour, 2 both colours.
func (s *solver) bishopClass(p placement) int {
	colours := 0
	for k := 2; k < 4; k++ {
		if s.pieces[k-2] == board.Bishop {
			if board.DarkSquares().Has(s.sq[p.men[k]]) {
				colours |= 2
			} else {
				colours |= 1
			}
		}
	}
	switch colours {
	case 2:
		return 1
	case 3:
		return 2
	}
	return 0
}

var className = [3]string{"bishops on a1's colour", "bishops on the other colour", "bishops on both colours"}

// letters are the pieces the solver takes, by their FEN letter.
var letters = map[board.PieceType]byte{board.Bishop: 'B', board.Knight: 'N'}

func pieceOf(letter byte) board.PieceType {
	for t, l := range letters {
		if l == letter {
			return t
		}
	}
	return board.NoType
}

func run(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("pairsolve", flag.ContinueOnError)
	fs.SetOutput(errOut)
	size := fs.Int("size", 9, "board size: 8 (chess) or 9 (Durg)")
	names := fs.String("pieces", "BN", "the two White pieces: B (Mantri, bishop) or N (Ashva, knight)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var pieces [2]board.PieceType
	ok := len(*names) == 2 && (*size == 8 || *size == 9) && fs.NArg() == 0
	for k := 0; ok && k < 2; k++ {
		pieces[k] = pieceOf((*names)[k])
		ok = pieces[k] != board.NoType
	}
	if !ok {
		fmt.Fprintln(errOut, "usage: go run ./tools/pairsolve [-size 8|9] [-pieces BN|BB|NN]")
		return 2
	}
	s := newSolver(*size, pieces)
	s.solve()
	for c, sum := range s.summarize() {
		if sum.positions == 0 {
			continue
		}
		what := className[c]
		if pieces[0] != board.Bishop && pieces[1] != board.Bishop {
			what = "no bishop"
		}
		fmt.Fprintf(out, "K%s v K on %dx%d, %s: %d positions with White to move, %d won (%.2f%%), %d within 60 plies, %d within 100, longest %d plies\n",
			*names, *size, *size, what, sum.positions, sum.won, 100*float64(sum.won)/float64(sum.positions), sum.in60, sum.in100, sum.longest)
	}
	return 0
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
