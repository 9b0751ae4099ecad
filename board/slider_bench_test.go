package board

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// The classical ray-scan slider, kept here only to measure the chosen
// technique against it (see the comment on type magic).
var rays [8][numSquares]Bitboard

func init() {
	var empty Bitboard
	for d, dir := range kingStep {
		for s := Square(0); s < numSquares; s++ {
			rays[d][s] = slowSlide(s, empty, []direction{dir})
		}
	}
}

func (b Bitboard) last() Square {
	if b.Hi != 0 {
		return Square(loSquares + 63 - bits.LeadingZeros64(b.Hi))
	}
	return Square(63 - bits.LeadingZeros64(b.Lo))
}

// rayScan: kingStep orders N, S, E, W, NE, SE, NW, SW; N, E, NE, SE grow
// the square index, so their first blocker is the lowest set bit.
func rayScan(s Square, occ Bitboard, dirs [4]int) Bitboard {
	var a Bitboard
	for _, d := range dirs {
		r := rays[d][s]
		if blockers := r.And(occ); blockers.Any() {
			var b Square
			if d == 0 || d == 2 || d == 4 || d == 5 {
				b = blockers.First()
			} else {
				b = blockers.last()
			}
			r = r.AndNot(rays[d][b])
		}
		a = a.Or(r)
	}
	return a
}

var (
	rookDirs   = [4]int{0, 1, 2, 3}
	bishopDirs = [4]int{4, 5, 6, 7}
)

func TestRayScanAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		s := Square(rng.IntN(numSquares))
		occ := Bitboard{rng.Uint64() & rng.Uint64() & loMask, rng.Uint64() & rng.Uint64() & hiMask}
		if rayScan(s, occ, rookDirs) != rookAttacks(s, occ) || rayScan(s, occ, bishopDirs) != bishopAttacks(s, occ) {
			t.Fatalf("ray scan disagrees on %v", s)
		}
	}
}

func benchSliders(b *testing.B, f func(Square, Bitboard) Bitboard) {
	rng := rand.New(rand.NewPCG(5, 6))
	occs := make([]Bitboard, 1024)
	for i := range occs {
		occs[i] = Bitboard{rng.Uint64() & rng.Uint64() & loMask, rng.Uint64() & rng.Uint64() & hiMask}
	}
	var sink Bitboard
	i := 0
	for b.Loop() {
		sink = sink.Xor(f(Square(i%numSquares), occs[i&1023]))
		i++
	}
	_ = sink
}

func BenchmarkSliders(b *testing.B) {
	b.Run("rook/magic", func(b *testing.B) { benchSliders(b, rookAttacks) })
	b.Run("rook/rayscan", func(b *testing.B) {
		benchSliders(b, func(s Square, o Bitboard) Bitboard { return rayScan(s, o, rookDirs) })
	})
	b.Run("bishop/magic", func(b *testing.B) { benchSliders(b, bishopAttacks) })
	b.Run("bishop/rayscan", func(b *testing.B) {
		benchSliders(b, func(s Square, o Bitboard) Bitboard { return rayScan(s, o, bishopDirs) })
	})
}
