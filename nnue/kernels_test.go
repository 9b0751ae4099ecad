package nnue

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

// eachVec runs f under every path this build and CPU can take, plain Go
// first: with GOEXPERIMENT=simd on an AVX-512 machine that is plain Go,
// AVX2 and AVX-512; otherwise plain Go alone.
func eachVec(t *testing.T, f func(t *testing.T, v int)) {
	t.Helper()
	defer setVec(bestVec())
	for v := vecNone; v <= bestVec(); v++ {
		setVec(v)
		require.Equal(t, v, vec)
		t.Run(vecNames[v], func(t *testing.T) { f(t, v) })
	}
	if simdBuild {
		t.Logf("GOEXPERIMENT=simd build: compared %s with plain Go", vecNames[bestVec()])
	}
}

// randInt16s: random values over the whole range, with the extremes and
// the clipping edges (0, QA) often.
func randInt16s(rng *rand.Rand, n int) []int16 {
	edges := []int16{-32768, 32767, 0, -1, QA, QA + 1, 1}
	out := make([]int16, n)
	for i := range out {
		if rng.IntN(8) == 0 {
			out[i] = edges[rng.IntN(len(edges))]
		} else {
			out[i] = int16(rng.Uint32())
		}
	}
	return out
}

// TestVectorLoopsEqualPlain: on random inputs of every width up to 512
// and some wider (the file allows any width from 1 to MaxHidden, so tails
// of every length), the loops in use give what the plain Go ones give,
// start at any alignment, and write nothing past the layer.
func TestVectorLoopsEqualPlain(t *testing.T) {
	var widths []int
	for w := 1; w <= 80; w++ {
		widths = append(widths, w)
	}
	widths = append(widths, 96, 100, 127, 128, 129, 200, 255, 256, 257, 300, 384, 511, 512, 1000, MaxHidden)
	eachVec(t, func(t *testing.T, _ int) {
		rng := rand.New(rand.NewPCG(7, 7))
		for _, h := range widths {
			for rep := 0; rep < 4; rep++ {
				off := rng.IntN(17) // unaligned starts
				acc, w := randInt16s(rng, h+off)[off:], randInt16s(rng, h)
				require.Equal(t, dot32Generic(acc, w), dot32(acc, w), "dot32, width %d", h)
				require.Equal(t, dot64Generic(acc, w), dot64(acc, w), "dot64, width %d", h)
				if rep == 0 { // the largest sums
					hi, lo := make([]int16, h), make([]int16, h)
					for i := range hi {
						hi[i], lo[i] = 32767, -32768
					}
					require.Equal(t, dot64Generic(hi, hi), dot64(hi, hi), "dot64 at the bound, width %d", h)
					require.Equal(t, dot64Generic(hi, lo), dot64(hi, lo), "dot64 at the bound, width %d", h)
				}

				const inputs = 40
				ft := randInt16s(rng, inputs*h)
				row := func(f int) []int16 { return ft[f*h : (f+1)*h] }
				pick := func(k int) []int {
					fs := make([]int, k)
					for i := range fs {
						fs[i] = rng.IntN(inputs)
					}
					return fs
				}
				src := randInt16s(rng, h)
				want, got := make([]int16, h), make([]int16, h+off+8)
				for i := range got {
					got[i] = 12345
				}
				dst := got[off : off+h]
				check := func(what string) {
					require.Equal(t, want, dst, "%s, width %d", what, h)
					for i := range got {
						if i < off || i >= off+h {
							require.Equal(t, int16(12345), got[i], "%s, width %d: wrote outside the layer", what, h)
						}
					}
				}
				f := pick(3)
				addSub1Generic(want, src, row(f[0]), row(f[1]))
				addSub1(dst, src, row(f[0]), row(f[1]))
				check("addSub1")
				addSub2Generic(want, src, row(f[0]), row(f[1]), row(f[2]))
				addSub2(dst, src, row(f[0]), row(f[1]), row(f[2]))
				check("addSub2")
				added, removed := pick(rng.IntN(6)), pick(rng.IntN(6))
				addRowsGeneric(want, src, ft, added, removed)
				addRows(dst, src, ft, added, removed)
				check(fmt.Sprintf("addRows +%d -%d", len(added), len(removed)))
				copy(dst, src)
				addRowsGeneric(want, src, ft, nil, removed)
				addRows(dst, dst, ft, nil, removed) // in place
				check("addRows in place")
			}
		}
	})
}

// TestVectorPathOnNets: the shipped net and random nets of every width
// from 8 to 512 (multiples of 16 and not) score a random game's positions
// the same, through the incremental updates, under every path; and the
// accumulators agree bit for bit.
func TestVectorPathOnNets(t *testing.T) {
	type netCase struct {
		name string
		net  *Net
	}
	shipped, err := ReadNetFile("nets/durg.nnue")
	require.NoError(t, err)
	cases := []netCase{{"shipped " + shipped.Describe(), shipped}}
	for i, v := range board.Variants() {
		for _, h := range []int{8, 16, 24, 32, 40, 64, 100, 128, 256, 264, 512} {
			_, n := randomNet(v, h, uint64(h+i), 4)
			cases = append(cases, netCase{fmt.Sprintf("%s/%d", v.Name(), h), n})
		}
	}
	for _, c := range cases {
		positions := benchPositions(c.net.Variant)[:600]
		run := func() ([]int, []int16) {
			e := NewEvaluation(Nets{c.net.Variant: c.net})
			var scores []int
			ply := 0
			for k := range positions {
				if k == 0 || positions[k].FullmoveNumber() == 1 && positions[k].SideToMove() == board.White {
					e.SetRoot(&positions[k])
					ply = 0
				} else {
					e.Played(ply, &positions[k-1], &positions[k], board.NoMove)
					ply++
				}
				scores = append(scores, e.Evaluate(ply, &positions[k]))
			}
			return scores, e.acc
		}
		t.Run(c.name, func(t *testing.T) {
			setVec(vecNone)
			wantScores, wantAcc := run()
			eachVec(t, func(t *testing.T, v int) {
				scores, acc := run()
				require.Equal(t, wantScores, scores)
				require.Equal(t, wantAcc, acc)
			})
		})
	}
}

// VectorPath names the path the accumulator loops take in this build on
// this CPU.
func VectorPath() string { return vecNames[vec] }
