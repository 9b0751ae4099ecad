package search

import "senapati/board"

// Evaluation scores positions for one search thread. The search tells it
// about every move it plays, so an evaluation can keep state that is
// updated move by move (a network's accumulators) instead of reading the
// whole position each time.
//
// The search is copy-make: the position at ply p stays in its frame until
// a move from ply p-1 or earlier replaces it. So an evaluation keeps its
// state per ply too; Played(p, ...) overwrites ply p+1's, and taking the
// move back is returning to ply p, whose state nothing has touched: it
// needs no message.
type Evaluation interface {
	// SetRoot starts a search: ply 0 holds root.
	SetRoot(root *board.Position)
	// Played: child (at ply+1) is parent (at ply) after m; m is
	// board.NoMove for the null move. Both stay in place until the search
	// leaves ply+1, so they may be remembered and read lazily.
	Played(ply int, parent, child *board.Position, m board.Move)
	// Evaluate scores pos, the position at ply, in centipawns for the side
	// to move.
	Evaluate(ply int, pos *board.Position) int
}

// NewEvaluation makes one thread's evaluation; main assembles the engine
// with it, so this package depends on no evaluation.
type NewEvaluation func() Evaluation

// Static makes a stateless scoring function an Evaluation: it reads the
// whole position each time and ignores the moves.
func Static(f func(*board.Position) int) NewEvaluation {
	return func() Evaluation { return staticEvaluation(f) }
}

type staticEvaluation func(*board.Position) int

func (staticEvaluation) SetRoot(*board.Position)                                  {}
func (staticEvaluation) Played(int, *board.Position, *board.Position, board.Move) {}
func (f staticEvaluation) Evaluate(_ int, pos *board.Position) int                { return f(pos) }
