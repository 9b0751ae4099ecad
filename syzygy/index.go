package syzygy

import (
	"fmt"
	"slices"
)

// placed is a piece as the table sees it: colour bit 8 (the side named
// first in the table's name is 0), type 1..6, and its square a1=0..h8=63.
type placed struct {
	code uint8
	sq   int
}

// index numbers a position in the table. pcs holds every piece, already
// seen from the table's side (colours swapped and ranks mirrored when the
// position's White is the table's second side); side is the table's side
// to move. It returns the stream that holds the position and its number.
func (t *table) index(pcs []placed, side int) (*stream, uint64, error) {
	n := len(pcs)
	if n != t.mat.pieces {
		return nil, 0, fmt.Errorf("syzygy: %d pieces for a table of %d", n, t.mat.pieces)
	}
	if side >= t.sides {
		return nil, 0, fmt.Errorf("syzygy: side %d of a one-sided table", side)
	}
	var sq [maxTablePiece]int
	var code [maxTablePiece]uint8
	m := 0
	file := 0
	if t.pawns {
		for _, p := range pcs {
			if p.code == t.leadCode {
				sq[m], code[m] = p.sq, p.code
				m++
			}
		}
		best := 0
		for i := 1; i < m; i++ {
			if pawnRank[sq[i]] > pawnRank[sq[best]] {
				best = i
			}
		}
		sq[0], sq[best] = sq[best], sq[0]
		file = fileOf(sq[0])
		if file > 3 {
			file = 7 - file
		}
	}
	lead := m
	for _, p := range pcs {
		if !t.pawns || p.code != t.leadCode {
			sq[m], code[m] = p.sq, p.code
			m++
		}
	}
	st := t.streams[side][file]
	// Put the pieces in the stream's order.
	for i := lead; i < n; i++ {
		if code[i] == st.pieces[i] {
			continue
		}
		j := i + 1
		for j < n && code[j] != st.pieces[i] {
			j++
		}
		if j == n {
			return nil, 0, fmt.Errorf("syzygy: the position's pieces do not fit the table")
		}
		code[i], code[j] = code[j], code[i]
		sq[i], sq[j] = sq[j], sq[i]
	}

	if fileOf(sq[0]) > 3 {
		for i := 0; i < n; i++ {
			sq[i] ^= 7
		}
	}
	var idx uint64
	if t.pawns {
		rest := sq[1:lead]
		slices.SortFunc(rest, func(a, b int) int { return pawnRank[a] - pawnRank[b] })
		idx = leadStart[lead][sq[0]]
		for i := 1; i < lead; i++ {
			idx += choose[i][pawnRank[sq[i]]]
		}
	} else {
		if rankOf(sq[0]) > 3 {
			for i := 0; i < n; i++ {
				sq[i] ^= 56
			}
		}
		for i := 0; i < st.groupLen[0]; i++ {
			d := diagSide(sq[i])
			if d == 0 {
				continue
			}
			if d > 0 {
				for j := 0; j < n; j++ {
					sq[j] = (sq[j]>>3 | sq[j]<<3) & 63
				}
			}
			break
		}
		if t.unique {
			idx = uniqueIndex(sq[0], sq[1], sq[2])
		} else {
			k := kingPair[triangle[sq[0]]][sq[1]]
			if !inTriangle[sq[0]] || k < 0 {
				return nil, 0, fmt.Errorf("syzygy: kings on %d and %d cannot be numbered", sq[0], sq[1])
			}
			idx = uint64(k)
		}
	}
	idx *= st.groupMul[0]

	start := st.groupLen[0]
	otherPawns := t.both
	for g := 1; st.groupLen[g] != 0; g++ {
		group := sq[start : start+st.groupLen[g]]
		slices.Sort(group)
		var part uint64
		for i, s := range group {
			below := 0
			for _, o := range sq[:start] {
				if o < s {
					below++
				}
			}
			x := s - below
			if otherPawns {
				x -= 8
			}
			if x < 0 || x > 64 {
				return nil, 0, fmt.Errorf("syzygy: a pawn on the first or last rank")
			}
			part += choose[i+1][x]
		}
		otherPawns = false
		idx += part * st.groupMul[g]
		start += st.groupLen[g]
	}
	return st, idx, nil
}

// uniqueIndex numbers three pieces, the first in the a1-d1-d4 triangle
// and, of those on the diagonal, the first one off it below it: 31332
// placements.
func uniqueIndex(a, b, c int) uint64 {
	adjB := 0
	if b > a {
		adjB = 1
	}
	adjC := 0
	if c > a {
		adjC++
	}
	if c > b {
		adjC++
	}
	const (
		offA = 6 * 63 * 62 // a below the diagonal
		offB = 4 * 28 * 62 // a on it, b below
		offC = 4 * 7 * 28  // a and b on it, c below
	)
	var i int
	switch {
	case diagSide(a) != 0:
		i = (triangle[a]*63+b-adjB)*62 + c - adjC
	case diagSide(b) != 0:
		i = offA + (rankOf(a)*28+belowDiag[b])*62 + c - adjC
	case diagSide(c) != 0:
		i = offA + offB + rankOf(a)*7*28 + (rankOf(b)-adjB)*28 + belowDiag[c]
	default:
		i = offA + offB + offC + rankOf(a)*7*6 + (rankOf(b)-adjB)*6 + rankOf(c) - adjC
	}
	return uint64(i)
}
