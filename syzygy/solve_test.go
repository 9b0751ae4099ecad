package syzygy

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"senapati/board"
)

// piece is a piece to set up: a FEN letter on a square a1=0..h8=63.
type piece struct {
	letter byte
	sq     int
}

// fenOf writes a position of pieces with the side to move, nothing else.
func fenOf(pcs []piece, white bool) string {
	var grid [64]byte
	for _, p := range pcs {
		grid[p.sq] = p.letter
	}
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := grid[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if white {
		b.WriteString(" w - - 0 1")
	} else {
		b.WriteString(" b - - 0 1")
	}
	return b.String()
}

// swapped is the same position with the colours exchanged: letters change
// case, ranks are mirrored, the other side moves.
func swapped(pcs []piece) []piece {
	out := make([]piece, len(pcs))
	for i, p := range pcs {
		l := p.letter
		if l >= 'a' {
			l -= 'a' - 'A'
		} else {
			l += 'a' - 'A'
		}
		out[i] = piece{l, p.sq ^ 56}
	}
	return out
}

func toSq(s board.Square) int { return s.Rank()*8 + s.File() }

// solution is a retrograde solve of a king and one piece against a king:
// every position's result for the side to move, and in how many plies it
// comes (mate or, for a pawn, the promotion's own result).
type solution struct {
	letter byte
	val    []int8  // 0 not a legal position, 1 win, -1 loss, 2 draw
	dist   []int16 // plies to the end of a won or lost game
}

const (
	unknown = 0
	won     = 1
	lost    = -1
	drawn   = 2
)

// kxkIndex numbers K+X v K: White's king, the piece, Black's king, side.
func kxkIndex(wk, x, bk int, black bool) int {
	i := (wk*64+x)*64 + bk
	if black {
		i += 64 * 64 * 64
	}
	return i
}

// child is where a move leads: an index of the same solution, or a value
// already known (a capture: a draw; a promotion: the solved table).
type child struct {
	idx  int
	val  int8
	dist int16
}

// solveKXK solves K+X v K with the board package's move generator alone.
// Promotions need the solutions of the pieces a pawn becomes.
func solveKXK(t *testing.T, letter byte, promoted map[byte]*solution) *solution {
	const n = 2 * 64 * 64 * 64
	s := &solution{letter: letter, val: make([]int8, n), dist: make([]int16, n)}
	moves := make([][]child, n)
	var ml board.MoveList
	for i := 0; i < n; i++ {
		black := i >= 64*64*64
		wk, x, bk := i/4096%64, i/64%64, i%64
		if wk == x || wk == bk || x == bk || (letter == 'P' && (x < 8 || x >= 56)) {
			continue
		}
		fen := fenOf([]piece{{'K', wk}, {letter, x}, {'k', bk}}, !black)
		p, err := board.ParseFEN(board.Chess(), fen)
		if err != nil {
			continue // kings side by side, or the side not to move in check
		}
		p.GenerateMoves(&ml)
		if ml.N == 0 {
			if p.InCheck() {
				s.val[i] = lost
			} else {
				s.val[i] = drawn
			}
			continue
		}
		s.val[i] = unknown - 100 // legal, not yet solved
		for _, m := range ml.Slice() {
			c := p
			c.DoMove(m)
			if c.Occupied().Count() == 2 {
				moves[i] = append(moves[i], child{idx: -1, val: drawn})
				continue
			}
			wkc, bkc := toSq(c.KingSquare(board.White)), toSq(c.KingSquare(board.Black))
			others := c.ColorPieces(board.White).AndNot(board.SquareBB(c.KingSquare(board.White)))
			xs := others.First()
			j := kxkIndex(wkc, toSq(xs), bkc, c.SideToMove() == board.Black)
			if got := c.PieceAt(xs).Type(); got != board.Pawn && letter == 'P' {
				sol := promoted[board.Chess().PieceLetter(board.MakePiece(board.White, got))]
				if sol == nil {
					t.Fatalf("no solution for a promotion to %v", got)
				}
				moves[i] = append(moves[i], child{idx: -1, val: sol.val[j], dist: sol.dist[j]})
				continue
			}
			moves[i] = append(moves[i], child{idx: j})
		}
	}
	maxExternal := int16(0)
	for _, ms := range moves {
		for _, c := range ms {
			maxExternal = max(maxExternal, c.dist)
		}
	}
	for k := int16(1); ; k++ {
		changed := false
		for i := range moves {
			if s.val[i] != unknown-100 {
				continue
			}
			allWon, longest := true, int16(0)
			for _, c := range moves[i] {
				v, d := c.val, c.dist
				if c.idx >= 0 {
					v, d = s.val[c.idx], s.dist[c.idx]
				}
				if v == lost && d < k {
					s.val[i], s.dist[i] = won, d+1
					break
				}
				if v != won || d >= k {
					allWon = false
				} else {
					longest = max(longest, d)
				}
			}
			if s.val[i] == won {
				changed = true
			} else if allWon {
				s.val[i], s.dist[i], changed = lost, longest+1, true
			}
		}
		if !changed && k > maxExternal+1 {
			break
		}
	}
	for i := range s.val {
		if s.val[i] == unknown-100 {
			s.val[i] = drawn
		}
	}
	return s
}

// TestSyzygyThreePieceRetrograde compares every legal position of each
// three-piece table found with a retrograde solve written here: both
// sides to move, and each position also with the colours swapped.
func TestSyzygyThreePieceRetrograde(t *testing.T) {
	tb := openTables(t)
	solved := map[byte]*solution{}
	for _, letter := range []byte("QRBNP") {
		name := "K" + string(letter) + "vK"
		if letter == 'P' && len(solved) < 4 {
			t.Logf("%s: needs the solves of KQvK, KRvK, KBvK, KNvK first; not checked", name)
			continue
		}
		sol := solveKXK(t, letter, solved)
		solved[letter] = sol
		if _, err := tb.table(name); err != nil {
			t.Fatal(err)
		}
		if tb.files[name] == nil {
			t.Logf("%s: not in SENAPATI_SYZYGY; skipped", name)
			continue
		}
		counts := map[WDL]int{}
		longest := int16(0)
		for i, v := range sol.val {
			if v == unknown {
				continue
			}
			want := Draw
			switch v {
			case won:
				want = Win
				longest = max(longest, sol.dist[i])
			case lost:
				want = Loss
				longest = max(longest, sol.dist[i])
			}
			black := i >= 64*64*64
			wk, x, bk := i/4096%64, i/64%64, i%64
			pcs := []piece{{'K', wk}, {letter, x}, {'k', bk}}
			for side, set := range [][]piece{pcs, swapped(pcs)} {
				p := mustFEN(t, fenOf(set, black == (side == 1)))
				got, err := tb.Probe(&p)
				if err != nil {
					t.Fatalf("%s %s: %v", name, p.FEN(), err)
				}
				if got != want {
					t.Errorf("%s %s: probed %v, the solve says %v (in %d plies)", name, p.FEN(), got, want, sol.dist[i])
					if t.Failed() && counts[got] > 20 {
						t.FailNow()
					}
				}
				counts[got]++
			}
		}
		if longest > 100 {
			t.Errorf("%s: a result %d plies away; the solve cannot tell cursed from plain wins", name, longest)
		}
		n := counts[Win] + counts[Draw] + counts[Loss]
		t.Logf("%s: %d legal positions (both sides to move), each also with the colours swapped, %d probes agree with the solve: %d wins, %d draws, %d losses; longest %d plies",
			name, n/2, n, counts[Win], counts[Draw], counts[Loss], longest)
	}
}

// tableNames lists the tables in SENAPATI_SYZYGY with n pieces or more.
func tableNames(tb *Tablebase, least int) []string {
	var out []string
	for _, name := range tb.Tables() {
		if mat, _ := parseName(name); mat.pieces >= least {
			out = append(out, name)
		}
	}
	return out
}

// randomPosition sets a table's material on random squares (the side
// named first is White, or Black when swap), a random side to move; false
// when that is not a legal position.
func randomPosition(rng *rand.Rand, name string, swap bool) (board.Position, bool) {
	var pcs []piece
	used := map[int]bool{}
	for side, part := range strings.Split(name, "v") {
		for i := 0; i < len(part); i++ {
			l := part[i]
			if side == 1 {
				l += 'a' - 'A'
			}
			for {
				sq := rng.IntN(64)
				if used[sq] || ((l == 'P' || l == 'p') && (sq < 8 || sq >= 56)) {
					continue
				}
				used[sq] = true
				pcs = append(pcs, piece{l, sq})
				break
			}
		}
	}
	if swap {
		pcs = swapped(pcs)
	}
	p, err := board.ParseFEN(board.Chess(), fenOf(pcs, rng.IntN(2) == 0))
	return p, err == nil
}

// zeroing reports whether m resets the fifty-move counter.
func zeroing(p *board.Position, m board.Move) bool {
	return p.IsCapture(m) || p.PieceAt(m.From()).Type() == board.Pawn
}

// errSkip marks a position whose children need a table that is absent.
var errSkip = errors.New("a child's table is missing")

// checkAgainstChildren probes p and each position a legal move leads to,
// and checks that p's value is the best of its children's, negated:
//
//   - no legal move: mated is Loss, stalemate Draw;
//   - best Win through a capture or pawn move (the counter starts again):
//     Win; best Win only through other moves: Win or CursedWin (a win 100
//     plies away after the move is cursed before it);
//   - best CursedWin, Draw or BlessedLoss: the same;
//   - best Loss: BlessedLoss or Loss, and Loss when every move zeroes
//     (the loss might be a ply too far only through a quiet move).
func checkAgainstChildren(tb *Tablebase, p *board.Position) error {
	got, err := tb.Probe(p)
	if errors.Is(err, ErrMissing) {
		return errSkip
	}
	if err != nil {
		return err
	}
	var ml board.MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		want := Draw
		if p.InCheck() {
			want = Loss
		}
		if got != want {
			return fmt.Errorf("%s: probed %v, no legal moves says %v", p.FEN(), got, want)
		}
		return nil
	}
	best, winByZeroing, allZeroing := Loss, false, true
	for _, m := range ml.Slice() {
		c := *p
		c.DoMove(m)
		v, err := tb.Probe(&c)
		if errors.Is(err, ErrMissing) {
			return errSkip
		}
		if err != nil {
			return fmt.Errorf("%s after %s: %v", p.FEN(), p.MoveString(m), err)
		}
		v = -v
		z := zeroing(p, m)
		allZeroing = allZeroing && z
		if v == Win && z {
			winByZeroing = true
		}
		best = max(best, v)
	}
	ok := got == best
	switch best {
	case Win:
		ok = got == Win || (!winByZeroing && got == CursedWin)
	case Loss:
		ok = got == Loss || (!allZeroing && got == BlessedLoss)
	}
	if !ok {
		return fmt.Errorf("%s: probed %v, the best child is %v (a zeroing win %v, every move zeroing %v)",
			p.FEN(), got, best, winByZeroing, allZeroing)
	}
	return nil
}

// TestSyzygyChildren checks random positions of every table of four or
// more pieces found against the values of their children (each probed
// in its own table, captures in smaller ones). After every double step
// that allows an en passant capture, the position reached is checked too.
func TestSyzygyChildren(t *testing.T) {
	tb := openTables(t)
	per := 3000
	if testing.Short() {
		per = 300
	}
	rng := rand.New(rand.NewPCG(32, 7))
	names := tableNames(tb, 4)
	if len(names) == 0 {
		t.Skip("no table of four or more pieces in SENAPATI_SYZYGY")
	}
	var ml board.MoveList
	for _, name := range names {
		checked, skipped, passant := 0, 0, 0
		values := map[WDL]int{}
		for tries := 0; checked < per && tries < 50*per; tries++ {
			p, ok := randomPosition(rng, name, tries%2 == 1)
			if !ok {
				continue
			}
			err := checkAgainstChildren(tb, &p)
			if err == errSkip {
				skipped++
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checked++
			v, _ := tb.Probe(&p)
			values[v]++
			p.GenerateMoves(&ml)
			for _, m := range ml.Slice() {
				if p.PieceAt(m.From()).Type() != board.Pawn || abs(int(m.To())-int(m.From())) != 2 {
					continue
				}
				c := p
				c.DoMove(m)
				if !hasPassant(&c) {
					continue
				}
				if err := checkAgainstChildren(tb, &c); err != nil && err != errSkip {
					t.Fatalf("%s, en passant: %v", name, err)
				}
				passant++
			}
		}
		if strings.Contains(name, "P") && strings.Contains(name, "vK") && strings.Contains(name[strings.Index(name, "v"):], "P") && strings.Contains(name[:strings.Index(name, "v")], "P") {
			for tries := 0; passant < per/3 && tries < 100*per; tries++ {
				p, ok := passantPosition(rng, name, tries%2 == 1)
				if !ok || !hasPassant(&p) {
					continue
				}
				err := checkAgainstChildren(tb, &p)
				if err == errSkip {
					skipped++
					continue
				}
				if err != nil {
					t.Fatalf("%s, en passant: %v", name, err)
				}
				passant++
			}
		}
		if checked < per {
			t.Errorf("%s: only %d positions checked (%d skipped for missing tables)", name, checked, skipped)
		}
		t.Logf("%s: %d positions agree with their children (%d win, %d cursed win, %d draw, %d blessed loss, %d loss), %d more with an en passant capture, %d skipped",
			name, checked, values[Win], values[CursedWin], values[Draw], values[BlessedLoss], values[Loss], passant, skipped)
	}
}

// passantPosition is a random position of the table in which White has
// just moved a pawn two squares past a black pawn that may take it en
// passant (colours swapped when swap).
func passantPosition(rng *rand.Rand, name string, swap bool) (board.Position, bool) {
	f := rng.IntN(8)
	g := f + 1
	if f == 7 || (f > 0 && rng.IntN(2) == 0) {
		g = f - 1
	}
	pcs := []piece{{'P', 3*8 + f}, {'p', 3*8 + g}}
	used := map[int]bool{3*8 + f: true, 3*8 + g: true, 1*8 + f: true, 2*8 + f: true}
	sides := strings.Split(name, "v")
	sides[0] = strings.Replace(sides[0], "P", "", 1)
	sides[1] = strings.Replace(sides[1], "P", "", 1)
	for side, part := range sides {
		for i := 0; i < len(part); i++ {
			l := part[i]
			if side == 1 {
				l += 'a' - 'A'
			}
			for {
				sq := rng.IntN(64)
				if used[sq] || ((l == 'P' || l == 'p') && (sq < 8 || sq >= 56)) {
					continue
				}
				used[sq] = true
				pcs = append(pcs, piece{l, sq})
				break
			}
		}
	}
	if swap {
		pcs = swapped(pcs)
	}
	fen := fenOf(pcs, swap)
	ep := fmt.Sprintf("%c%d", 'a'+f, 3)
	if swap {
		ep = fmt.Sprintf("%c%d", 'a'+f, 6)
	}
	fen = strings.Replace(fen, " - - ", " - "+ep+" ", 1)
	p, err := board.ParseFEN(board.Chess(), fen)
	return p, err == nil
}

func hasPassant(p *board.Position) bool {
	var ml board.MoveList
	p.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		if m.IsEnPassant() {
			return true
		}
	}
	return false
}
