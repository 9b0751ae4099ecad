package board

import (
	"math/bits"
	"strings"
)

// Square indexes a cell of the 9x9 grid as file*9 + rank. Nine squares per
// file keep every file inside one 64-bit word (files a-g in Lo, h-i in Hi),
// so file attacks are in-word arithmetic. The 8x8 board lives in the same
// grid (files a-h, ranks 1-8) and simply never uses the rest: one layout,
// one set of tables, one move generator for both sizes.
type Square int8

// NoSquare marks an absent square (no en passant target, no king).
const NoSquare Square = -1

const (
	gridFiles  = 9
	gridRanks  = 9
	numSquares = gridFiles * gridRanks
	loSquares  = 63 // squares 0..62 live in Lo, 63..80 in Hi bits 0..17
	loMask     = uint64(1)<<loSquares - 1
	hiMask     = uint64(1)<<(numSquares-loSquares) - 1
)

// MakeSquare builds a square from a zero-based file and rank.
func MakeSquare(file, rank int) Square { return Square(file*gridRanks + rank) }

// File is the zero-based file (0 = a).
func (s Square) File() int { return int(s) / gridRanks }

// Rank is the zero-based rank (0 = rank 1).
func (s Square) Rank() int { return int(s) % gridRanks }

// String names the square like "e4"; ranks above 9 never occur.
func (s Square) String() string {
	if s < 0 || int(s) >= numSquares {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// Bitboard is a set of squares. A struct of two words with value methods
// is inlined and kept in registers by the Go compiler; arrays of words and
// generic types were measured several times slower in a micro-benchmark.
type Bitboard struct{ Lo, Hi uint64 }

var squareBB [numSquares]Bitboard

func initSquares() {
	for s := 0; s < numSquares; s++ {
		if s < loSquares {
			squareBB[s].Lo = 1 << s
		} else {
			squareBB[s].Hi = 1 << (s - loSquares)
		}
	}
}

// SquareBB is the set holding only s.
func SquareBB(s Square) Bitboard { return squareBB[s] }

func (b Bitboard) And(o Bitboard) Bitboard    { return Bitboard{b.Lo & o.Lo, b.Hi & o.Hi} }
func (b Bitboard) Or(o Bitboard) Bitboard     { return Bitboard{b.Lo | o.Lo, b.Hi | o.Hi} }
func (b Bitboard) Xor(o Bitboard) Bitboard    { return Bitboard{b.Lo ^ o.Lo, b.Hi ^ o.Hi} }
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.Lo &^ o.Lo, b.Hi &^ o.Hi} }
func (b Bitboard) Any() bool                  { return b.Lo|b.Hi != 0 }
func (b Bitboard) Empty() bool                { return b.Lo|b.Hi == 0 }
func (b Bitboard) Count() int                 { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }

// More reports whether the set has at least two squares.
func (b Bitboard) More() bool {
	return b.Lo&(b.Lo-1) != 0 || b.Hi&(b.Hi-1) != 0 || (b.Lo != 0 && b.Hi != 0)
}

func (b Bitboard) Has(s Square) bool {
	if s < loSquares {
		return b.Lo>>uint(s)&1 != 0
	}
	return b.Hi>>uint(s-loSquares)&1 != 0
}

// First is the lowest square of a non-empty set.
func (b Bitboard) First() Square {
	if b.Lo != 0 {
		return Square(bits.TrailingZeros64(b.Lo))
	}
	return Square(loSquares + bits.TrailingZeros64(b.Hi))
}

// Pop removes and returns the lowest square of a non-empty set.
func (b *Bitboard) Pop() Square {
	if b.Lo != 0 {
		s := bits.TrailingZeros64(b.Lo)
		b.Lo &= b.Lo - 1
		return Square(s)
	}
	s := bits.TrailingZeros64(b.Hi)
	b.Hi &= b.Hi - 1
	return Square(loSquares + s)
}

// ShiftUp moves every square k places towards higher indexes (k < 63);
// bits pushed past square 80 are dropped. Callers pre-mask the squares
// that would wrap onto another file or rank.
func (b Bitboard) ShiftUp(k uint) Bitboard {
	return Bitboard{(b.Lo << k) & loMask, ((b.Hi << k) | (b.Lo >> (loSquares - k))) & hiMask}
}

// ShiftDown moves every square k places towards lower indexes (k < 63).
func (b Bitboard) ShiftDown(k uint) Bitboard {
	return Bitboard{(b.Lo >> k) | (b.Hi<<(loSquares-k))&loMask, b.Hi >> k}
}

// String draws the set as a 9x9 grid, rank 9 on top (for debugging and tests).
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := gridRanks - 1; r >= 0; r-- {
		for f := 0; f < gridFiles; f++ {
			if b.Has(MakeSquare(f, r)) {
				sb.WriteByte('x')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
