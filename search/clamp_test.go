package search

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/eval"
)

// wildEvaluation scores as a broken net did (all weights +32767: scores
// like -1628824), by the position's hash so that both signs and the
// extremes of int all come up.
type wildEvaluation struct{}

func (wildEvaluation) SetRoot(*board.Position)                                  {}
func (wildEvaluation) Played(int, *board.Position, *board.Position, board.Move) {}
func (wildEvaluation) Evaluate(_ int, pos *board.Position) int {
	switch pos.Hash() % 4 {
	case 0:
		return 1628824
	case 1:
		return -1628824
	case 2:
		return 1 << 40
	}
	return -(1 << 40)
}

// TestWildEvaluationNeverReachesMateScores: whatever an evaluation
// returns, a fixed-depth search ends and reports no mate. Before the
// search clamped evaluations, go depth 1 with such an evaluation printed
// millions of "info depth 1" lines and never ended.
func TestWildEvaluationNeverReachesMateScores(t *testing.T) {
	for _, v := range board.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			e := NewEngine(Settings{HashMB: 1, Threads: 1, MultiPV: 1}, func() Evaluation { return wildEvaluation{} }, eval.PieceValue)
			infos, mates := 0, 0
			report := func(in Info) { // on the search's goroutine: counts only
				infos++
				if _, mate := MateIn(in.Score); mate {
					mates++
				}
				if infos > 1000 {
					e.Stop()
				}
			}
			done := make(chan Result, 1)
			go func() {
				done <- e.Search(context.Background(), v.StartPosition(), nil, Limits{Depth: 4}, report)
			}()
			select {
			case r := <-done:
				require.LessOrEqual(t, infos, 1000, "stopped after %d info lines", infos)
				require.Zero(t, mates, "mate scores reported")
				require.NotEqual(t, board.NoMove, r.Best)
				require.Less(t, abs(r.Score), MateBound)
			// Depth 4 takes milliseconds; a minute is a bound no load reaches.
			case <-time.After(time.Minute):
				e.Stop()
				t.Fatal("go depth 4 did not end")
			}
		})
	}
}
