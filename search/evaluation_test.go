package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/eval"
)

// replayingEvaluation keeps its own position per ply, built only from what
// the search tells it, and checks each told move and each scored position
// against it: a move the search played without telling, or a position
// scored at the wrong ply, shows as a mismatch.
type replayingEvaluation struct {
	t         *testing.T
	plies     [MaxPly + 2]board.Position
	evaluated int
	played    int
	nulls     int
}

func (r *replayingEvaluation) SetRoot(root *board.Position) { r.plies[0] = *root }

func (r *replayingEvaluation) Played(ply int, parent, child *board.Position, m board.Move) {
	if parent.Hash() != r.plies[ply].Hash() {
		r.t.Fatalf("move %v told from ply %d whose position the evaluation does not know", m, ply)
	}
	next := r.plies[ply]
	if m == board.NoMove {
		next.DoNullMove()
		r.nulls++
	} else {
		next.DoMove(m)
	}
	if next.Hash() != child.Hash() {
		r.t.Fatalf("ply %d: the child told is not the parent after %v", ply+1, m)
	}
	r.plies[ply+1] = next
	r.played++
}

func (r *replayingEvaluation) Evaluate(ply int, pos *board.Position) int {
	if pos.Hash() != r.plies[ply].Hash() || pos.FEN() != r.plies[ply].FEN() {
		r.t.Fatalf("ply %d: scored %s, but the moves told lead to %s", ply, pos.FEN(), r.plies[ply].FEN())
	}
	r.evaluated++
	return eval.Evaluate(pos)
}

func TestEvaluationIsToldEveryMove(t *testing.T) {
	for _, v := range board.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			var made []*replayingEvaluation
			e := NewEngine(Settings{HashMB: 1, Threads: 2, MultiPV: 1}, func() Evaluation {
				r := &replayingEvaluation{t: t}
				made = append(made, r)
				return r
			}, eval.PieceValue)
			p := v.StartPosition()
			e.Search(context.Background(), p, nil, Limits{Nodes: 20000}, nil)
			require.Len(t, made, 2, "one evaluation per thread")
			total, nulls := 0, 0
			for _, r := range made {
				total += r.evaluated
				nulls += r.nulls
			}
			require.Greater(t, total, 1000, "the search scored positions through its evaluations")
			require.Greater(t, nulls, 0, "null moves were told")
		})
	}
}
