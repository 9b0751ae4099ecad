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
	stack := make([]board.MoveList, depth)
	return count(p, depth, stack)
}

func count(p *board.Position, depth int, stack []board.MoveList) uint64 {
	ml := &stack[0]
	p.GenerateMoves(ml)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	for _, m := range ml.Slice() {
		child := *p
		child.DoMove(m)
		n += count(&child, depth-1, stack[1:])
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
	stack := make([]board.MoveList, depth)
	lines := make([]Line, 0, ml.N)
	for _, m := range ml.Slice() {
		child := *p
		child.DoMove(m)
		n := uint64(1)
		if depth > 1 {
			n = count(&child, depth-1, stack)
		}
		lines = append(lines, Line{p.MoveString(m), n})
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].Move < lines[j].Move })
	return lines
}
