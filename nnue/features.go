// Package nnue is Senapati's learned evaluation: the inputs of each game,
// the network file, the integer inference the search runs with
// accumulators updated move by move, and the trainer that fits a network
// to self-play data (datagen). docs/nnue.md describes it all.
package nnue

import (
	"slices"

	"senapati/board"
)

// Features describes one game's inputs, seen from one side (the
// perspective): a piece of the perspective's own or the other colour,
// of each of the game's types, on each square of its board (mirrored for
// Black, as the game's symmetry has it), then the state a FEN carries
// beyond the placement, own side first:
//
//	castling (chess, durg): own king side, own queen side, theirs
//	the Raja's leap (chaturanga): own, theirs
//	lost pieces (chaturanga: a Padati promotes only to a lost piece): for
//	  each type but Padati and Raja, lost >= 1 and >= 2, own then theirs
//	waiting Mantris (durg): >= 1, 2, 3, 4, own then theirs
//	fallen count (durg): >= 1, 2, 3, 4 (the call comes at 4), own, theirs
//	call not used (durg): own, theirs
type Features struct {
	Variant    *board.Variant
	types      []board.PieceType
	typeIndex  [board.NumTypes]int
	squares    int // on the game's board
	ranks      int
	pieceCount int // piece-square inputs
	castling   int // first input of each block; -1 where the game lacks it
	leap       int
	lost       int
	lostTypes  []board.PieceType
	waiting    int
	fallen     int
	call       int
	Inputs     int
}

const (
	waitingSteps = 4
	fallenSteps  = 4
	lostSteps    = 2
)

// NewFeatures is v's input layout.
func NewFeatures(v *board.Variant) *Features {
	f := &Features{Variant: v, types: v.PieceTypes(), squares: v.Files() * v.Ranks(), ranks: v.Ranks()}
	for i := range f.typeIndex {
		f.typeIndex[i] = -1
	}
	for i, t := range f.types {
		f.typeIndex[t] = i
	}
	f.pieceCount = 2 * len(f.types) * f.squares
	n := f.pieceCount
	block := func(on bool, size int) int {
		if !on {
			return -1
		}
		n += size
		return n - size
	}
	f.castling = block(v.HasCastling(), 4)
	f.leap = block(v.HasRajaLeap(), 2)
	if v.PromotesToStartType() {
		for _, t := range f.types {
			if t != board.Pawn && t != board.King {
				f.lostTypes = append(f.lostTypes, t)
			}
		}
	}
	f.lost = block(len(f.lostTypes) > 0, 2*lostSteps*len(f.lostTypes))
	f.waiting = block(v.Successor() != board.NoType, 2*waitingSteps)
	f.fallen = block(v.CallThreshold() > 0, 2*fallenSteps)
	f.call = block(v.CallThreshold() > 0, 2)
	f.Inputs = n
	return f
}

// PieceFeature is the input of piece pc on s seen from persp.
func (f *Features) PieceFeature(persp board.Color, pc board.Piece, s board.Square) int {
	if persp == board.Black {
		s = f.Variant.Mirror(s)
	}
	rel := 0
	if pc.Color() != persp {
		rel = 1
	}
	return ((rel*len(f.types)+f.typeIndex[pc.Type()])*f.squares + s.File()*f.ranks + s.Rank())
}

// AppendState appends the active state inputs seen from persp; pieces
// counts each side's pieces by type (for the lost-piece inputs).
func (f *Features) AppendState(dst []int, persp board.Color, st *board.PackedState, count *[2][board.NumTypes]int) []int {
	for rel, c := range [2]board.Color{persp, persp ^ 1} {
		if f.castling >= 0 {
			for side := 0; side < 2; side++ {
				if st.Castling>>(2*int(c)+side)&1 != 0 {
					dst = append(dst, f.castling+2*rel+side)
				}
			}
		}
		if f.leap >= 0 && st.Leap>>c&1 != 0 {
			dst = append(dst, f.leap+rel)
		}
		if f.lost >= 0 {
			for i, t := range f.lostTypes {
				lost := f.Variant.StartCount(t) - count[c][t]
				for k := 0; k < min(lost, lostSteps); k++ {
					dst = append(dst, f.lost+(rel*len(f.lostTypes)+i)*lostSteps+k)
				}
			}
		}
		if f.waiting >= 0 {
			for k := 0; k < min(st.Waiting[c], waitingSteps); k++ {
				dst = append(dst, f.waiting+rel*waitingSteps+k)
			}
		}
		if f.fallen >= 0 {
			for k := 0; k < min(st.Fallen[c], fallenSteps); k++ {
				dst = append(dst, f.fallen+rel*fallenSteps+k)
			}
			if !st.Called[c] {
				dst = append(dst, f.call+rel)
			}
		}
	}
	return dst
}

// Append appends every active input of a position given as its pieces and
// state, seen from persp: the one definition the trainer and the engine's
// full refresh share.
func (f *Features) Append(dst []int, persp board.Color, pieces []board.PackedPiece, st *board.PackedState) []int {
	var count [2][board.NumTypes]int
	for _, pp := range pieces {
		dst = append(dst, f.PieceFeature(persp, pp.Piece, pp.Square))
		count[pp.Piece.Color()][pp.Piece.Type()]++
	}
	return f.AppendState(dst, persp, st, &count)
}

// positionPieces lists p's pieces as a packed position has them.
func positionPieces(p *board.Position, dst []board.PackedPiece) []board.PackedPiece {
	for occ := p.Occupied(); occ.Any(); {
		s := occ.Pop()
		dst = append(dst, board.PackedPiece{Square: s, Piece: p.PieceAt(s)})
	}
	return dst
}

// Active lists p's active inputs from persp, sorted (for tests and tools).
func (f *Features) Active(p *board.Position, persp board.Color) []int {
	st := p.State()
	out := f.Append(nil, persp, positionPieces(p, nil), &st)
	slices.Sort(out)
	return out
}

// Factors is the number of virtual inputs the trainer adds: one for each
// piece type of each relative colour, active wherever such a piece stands
// (whatever its square). They learn what a piece is worth anywhere from
// every position, which a few hundred thousand positions cannot teach
// each square's input alone; the net file has them folded into the real
// inputs' weights (FloatNet.Quantize), so the engine never sees them.
func (f *Features) Factors() int { return 2 * len(f.types) }

// Factor is the virtual input (an index after Inputs) that piece input x
// shares its weights with, false for a state input.
func (f *Features) Factor(x int) (int, bool) {
	if x >= f.pieceCount {
		return 0, false
	}
	return f.Inputs + x/f.squares, true
}

// AppendFactors appends the virtual inputs of the piece inputs in active.
func (f *Features) AppendFactors(active []int) []int {
	for _, x := range active {
		if v, ok := f.Factor(x); ok {
			active = append(active, v)
		}
	}
	return active
}
