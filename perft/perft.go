// Package perft counts the leaf nodes of the legal move tree, the standard
// check of a move generator against known numbers and a reference.
package perft

import (
	"sort"

	"senapati/board"
)

// Count returns the number of legal move sequences of the given depth. The
// last ply is bulk-counted: the generator's move count is the leaf count.
func Count(p *board.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]frame, depth)
	stack[0].pos = *p
	return count(stack)
}

// frame is one ply: preallocated, so the recursion copies positions into
// it instead of letting escape analysis put a copy on the heap per node.
type frame struct {
	pos   board.Position
	moves board.MoveList
}

func count(stack []frame) uint64 {
	f := &stack[0]
	f.pos.GenerateMoves(&f.moves)
	if len(stack) == 1 {
		return uint64(f.moves.N)
	}
	next := &stack[1].pos
	var n uint64
	for _, m := range f.moves.Slice() {
		*next = f.pos
		next.DoMove(m)
		n += count(stack[1:])
	}
	return n
}

// Line is one root move's subtree size.
type Line struct {
	Move  string
	Nodes uint64
}

// Divide counts each root move's subtree of depth-1 plies, sorted by move.
func Divide(p *board.Position, depth int) []Line {
	if depth <= 0 {
		return nil
	}
	var ml board.MoveList
	p.GenerateMoves(&ml)
	stack := make([]frame, depth-1)
	lines := make([]Line, 0, ml.N)
	for _, m := range ml.Slice() {
		n := uint64(1)
		if depth > 1 {
			stack[0].pos = *p
			stack[0].pos.DoMove(m)
			n = count(stack)
		}
		lines = append(lines, Line{p.MoveString(m), n})
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].Move < lines[j].Move })
	return lines
}
