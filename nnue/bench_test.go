package nnue

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"senapati/board"
	"senapati/eval"
	"senapati/internal/testload"
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
			e := NewEvaluation(Nets{v: net})
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

// BenchmarkKernels: the accumulator loops alone, on a Durg net's rows,
// under each path this build and CPU have (plain Go, and with
// GOEXPERIMENT=simd AVX2 and AVX-512), so one run gives the ratios:
// apply for a quiet move (+1 -1 row), a capture (+1 -2) and a move of
// more changes (+2 -3, the general loop), refresh from 30 inputs, and the
// output (both perspectives' dot products). On a loaded machine compare
// cpu-ns/op.
func BenchmarkKernels(b *testing.B) {
	defer setVec(bestVec())
	v := board.DurgGame()
	for _, h := range []int{64, 128, 256} {
		_, n := randomNet(v, h, 2, 1)
		rng := rand.New(rand.NewPCG(3, 3))
		feats := make([]int, 1024)
		for i := range feats {
			feats[i] = rng.IntN(n.Inputs)
		}
		src, dst := randInt16s(rng, h), make([]int16, h)
		us, them := randInt16s(rng, h), randInt16s(rng, h)
		kernels := []struct {
			name string
			run  func(i int)
		}{
			{"apply+1-1", func(i int) { n.apply(dst, src, feats[i:i+1], feats[i+1:i+2]) }},
			{"apply+1-2", func(i int) { n.apply(dst, src, feats[i:i+1], feats[i+1:i+3]) }},
			{"apply+2-3", func(i int) { n.apply(dst, src, feats[i:i+2], feats[i+2:i+5]) }},
			{"refresh30", func(i int) { n.refresh(dst, feats[i:i+30]) }},
			{"output", func(i int) { us[i%h]++; _ = n.output(us, them) }},
		}
		for _, k := range kernels {
			for p := vecNone; p <= bestVec(); p++ {
				b.Run(fmt.Sprintf("%s/h%d/%s", k.name, h, strings.ReplaceAll(vecNames[p], " ", "_")), func(b *testing.B) {
					setVec(p)
					i := 0
					cpu := testload.CPU(b)
					for b.Loop() {
						k.run(i)
						if i++; i == len(feats)-32 {
							i = 0
						}
					}
					// The shared machine's load stretches ns/op; the
					// process's CPU time much less.
					b.ReportMetric(float64(testload.CPU(b)-cpu)/float64(b.N), "cpu-ns/op")
				})
			}
		}
	}
}
