package syzygy

// The tables number squares a1=0, b1=1, ..., h8=63 (rank*8 + file). These
// are the fixed maps the index of a position is built from.

var (
	// choose[k][n] is the binomial coefficient n over k.
	choose [8][65]uint64

	// belowDiag numbers the 28 squares below the a1-h8 diagonal.
	belowDiag [64]int
	// triangle numbers the ten squares of the a1-d1-d4 triangle: the six
	// off the diagonal first (0..5), then a1, b2, c3, d4 (6..9).
	triangle   [64]int
	inTriangle [64]bool
	// kingPair numbers the 462 placements of two kings, the first in the
	// triangle (by its triangle number), the second not next to it and,
	// when the first is on the diagonal, not above the diagonal.
	kingPair [10][64]int

	// pawnRank orders the 48 pawn squares: the larger the number, the
	// nearer the edge file and the lower the rank (a2 47, h2 46, a3 45, ...).
	pawnRank [64]int
	// leadStart[n][s] is where the placements of n leading pawns with the
	// first on s begin; leadCount[n][f] counts those of edge distance f.
	leadStart [7][64]uint64
	leadCount [7][4]uint64
)

func fileOf(s int) int { return s & 7 }
func rankOf(s int) int { return s >> 3 }

// diagSide is >0 above the a1-h8 diagonal, 0 on it, <0 below.
func diagSide(s int) int { return rankOf(s) - fileOf(s) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func init() {
	for n := 0; n <= 64; n++ {
		choose[0][n] = 1
		for k := 1; k < 8; k++ {
			if n > 0 {
				choose[k][n] = choose[k-1][n-1] + choose[k][n-1]
			}
		}
	}

	next := 0
	for s := 0; s < 64; s++ {
		if diagSide(s) < 0 {
			belowDiag[s] = next
			next++
		}
	}

	next = 0
	for s := 0; s < 64; s++ {
		if fileOf(s) <= 3 && rankOf(s) <= 3 && diagSide(s) < 0 {
			triangle[s], inTriangle[s] = next, true
			next++
		}
	}
	for r := 0; r < 4; r++ {
		s := r*8 + r
		triangle[s], inTriangle[s] = next, true
		next++
	}

	for t := range kingPair {
		for s := range kingPair[t] {
			kingPair[t][s] = -1
		}
	}
	type late struct{ t, s int }
	var onDiag []late
	code := 0
	for t := 0; t < 10; t++ {
		k1 := -1
		for s := 0; s < 64; s++ {
			if inTriangle[s] && triangle[s] == t {
				k1 = s
			}
		}
		for k2 := 0; k2 < 64; k2++ {
			if abs(fileOf(k1)-fileOf(k2)) <= 1 && abs(rankOf(k1)-rankOf(k2)) <= 1 {
				continue
			}
			if diagSide(k1) == 0 && diagSide(k2) > 0 {
				continue
			}
			if diagSide(k1) == 0 && diagSide(k2) == 0 {
				onDiag = append(onDiag, late{t, k2})
				continue
			}
			kingPair[t][k2] = code
			code++
		}
	}
	for _, l := range onDiag {
		kingPair[l.t][l.s] = code
		code++
	}

	avail := 47
	for f := 0; f < 4; f++ {
		for r := 1; r <= 6; r++ {
			pawnRank[r*8+f] = avail
			avail--
			pawnRank[r*8+7-f] = avail
			avail--
		}
	}
	for n := 1; n < 7; n++ {
		for f := 0; f < 4; f++ {
			var total uint64
			for r := 1; r <= 6; r++ {
				s := r*8 + f
				leadStart[n][s] = total
				total += choose[n-1][pawnRank[s]]
			}
			leadCount[n][f] = total
		}
	}
}
