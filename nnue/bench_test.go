package nnue

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"senapati/board"
	"senapati/eval"
)

// benchPositions is a random game's positions, each with its parent, for
// measuring one move's update and evaluation as the search does it.
func benchPositions(v *board.Variant) []board.Position {
	rng := rand.New(rand.NewPCG(1, 1))
	var ml board.MoveList
	var out []board.Position
	for len(out) < 2000 {
		p := v.StartPosition()
		out = append(out, p)
		for i := 0; i < 100 && !p.Verdict(0).Over(); i++ {
			p.GenerateMoves(&ml)
			p.DoMove(ml.Moves[rng.IntN(ml.N)])
			out = append(out, p)
		}
	}
	return out
}

// BenchmarkEvaluate: one move's accumulator update and the output (the
// cost of a searched node's evaluation), against the hand-crafted
// evaluation of the same positions.
func BenchmarkEvaluate(b *testing.B) {
	for _, v := range board.Variants() {
		positions := benchPositions(v)
		for _, hidden := range []int{64, 128, 256} {
			_, net := randomNet(v, hidden, 1, 1)
			e := NewEvaluation(Nets{v: net}, nil)
			b.Run(fmt.Sprintf("%s/net%d", v.Name(), hidden), func(b *testing.B) {
				sum, ply := 0, 0
				for i := 0; i < b.N; i++ {
					k := i % len(positions)
					if k == 0 || positions[k].FullmoveNumber() == 1 && positions[k].SideToMove() == board.White {
						e.SetRoot(&positions[k]) // a new game: refreshed once
						ply = 0
					} else {
						e.Played(ply, &positions[k-1], &positions[k], board.NoMove)
						ply++
					}
					sum += e.Evaluate(ply, &positions[k])
				}
				_ = sum
			})
		}
		b.Run(v.Name()+"/handcrafted", func(b *testing.B) {
			sum := 0
			for i := 0; i < b.N; i++ {
				sum += eval.Evaluate(&positions[i%len(positions)])
			}
			_ = sum
		})
	}
}
