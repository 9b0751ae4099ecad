package nnue

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

func randomNet(v *board.Variant, hidden int, seed uint64, outScale float32) (*FloatNet, *Net) {
	f := NewFloatNet(v, hidden, seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := f.Inputs * hidden; i < len(f.FT); i++ { // the virtual inputs too
		f.FT[i] = float32((rng.Float64()*2 - 1) * 0.05)
	}
	for i := range f.Out {
		f.Out[i] *= outScale
	}
	f.OutBias[0] = 0.05
	return f, f.Quantize()
}

func toU16(xs []int) []uint16 {
	out := make([]uint16, len(xs))
	for i, x := range xs {
		out[i] = uint16(x)
	}
	return out
}

// TestIncrementalEqualsRefresh walks random search-like paths (deeper by a
// move or a null move, back up by some plies, evaluating at random) in all
// three games and checks every score against a refresh from scratch; it
// also checks that the walks met every kind of move that changes more
// than two squares or the state.
func TestIncrementalEqualsRefresh(t *testing.T) {
	for _, v := range board.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			_, net := randomNet(v, 32, 3, 8) // large scores: differences show
			e := NewEvaluation(Nets{v: net})
			rng := rand.New(rand.NewPCG(5, 9))
			var stack [stackPlies]board.Position
			var ml board.MoveList
			kinds := map[string]int{}
			checked := 0
			starts := walkStarts[v.Name()]
			for walk := 0; walk < 60; walk++ {
				var err error
				stack[0], err = board.ParseFEN(v, starts[walk%len(starts)])
				require.NoError(t, err)
				e.SetRoot(&stack[0])
				ply := 0
				for step := 0; step < 600 && ply < 120; step++ {
					pos := &stack[ply]
					if rng.IntN(3) == 0 {
						require.Equal(t, net.Evaluate(pos), e.Evaluate(ply, pos), "ply %d: %s", ply, pos.FEN())
						checked++
					}
					if ply > 0 && rng.IntN(6) == 0 {
						ply -= 1 + rng.IntN(min(ply, 4))
						continue
					}
					if pos.Verdict(0).Over() {
						ply--
						continue
					}
					child := &stack[ply+1]
					*child = *pos
					m := board.NoMove
					if rng.IntN(10) == 0 && !pos.InCheck() && !pos.HasWaiting() {
						child.DoNullMove()
						kinds["null"]++
					} else {
						pos.GenerateMoves(&ml)
						m = ml.Moves[rng.IntN(ml.N)]
						countKind(kinds, pos, m)
						child.DoMove(m)
					}
					e.Played(ply, pos, child, m)
					ply++
				}
			}
			require.Greater(t, checked, 5000)
			want := map[string][]string{
				"chess":      {"castle", "en passant", "promotion", "null", "capture"},
				"chaturanga": {"leap", "promotion", "null", "capture"},
				"durg":       {"castle", "zone kill", "arrival", "call", "null", "capture"},
			}[v.Name()]
			for _, k := range want {
				require.Positive(t, kinds[k], "no %s met in %s walks (%v)", k, v.Name(), kinds)
			}
		})
	}
}

// walkStarts: the start, and positions where the rarer moves are at hand.
var walkStarts = map[string][]string{
	"chess": {board.Chess().StartFEN(),
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPpP/R3K2R b KQkq - 0 1"},
	"chaturanga": {board.Chaturanga().StartFEN(), "r2k3r/1P6/8/8/8/8/6p1/R2K3R w Kk - 0 1"},
	"durg": {board.DurgGame().StartFEN(),
		"r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R3K3R[] w KQkq - 0 1 0/0",
		"r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R3K3R[BQb] b Kq - 5 20 4/1"},
}

func countKind(kinds map[string]int, p *board.Position, m board.Move) {
	switch {
	case m.IsCastle():
		kinds["castle"]++
	case m.IsEnPassant():
		kinds["en passant"]++
	case m.IsCall():
		kinds["call"]++
	case m.Promotion() != board.NoType:
		kinds["promotion"]++
	case p.Moving(m) == board.King && p.HasLeap(p.SideToMove()) && (abs(m.From().File()-m.To().File())+abs(m.From().Rank()-m.To().Rank()) == 3):
		kinds["leap"]++
	}
	if m.HasArrivals() {
		kinds["arrival"]++
	}
	if p.KillsBoth(m) {
		kinds["zone kill"]++
	}
	if p.IsCapture(m) {
		kinds["capture"]++
	}
}

func abs(x int) int { return max(x, -x) }

// TestFloatMatchesInteger: the engine's integer output is the trainer's
// float output within 6 cp plus 2 % (the weights' rounding: the layer's to
// 1/255, the output's to 1/1024).
func TestFloatMatchesInteger(t *testing.T) {
	for _, v := range board.Variants() {
		fnet, net := randomNet(v, 64, 11, 1)
		f := NewFeatures(v)
		work := make([]float32, 4*fnet.Hidden)
		rng := rand.New(rand.NewPCG(1, 2))
		var ml board.MoveList
		worst := 0.0
		for g := 0; g < 20; g++ {
			p := v.StartPosition()
			for i := 0; i < 150 && !p.Verdict(0).Over(); i++ {
				us, them := toU16(f.AppendFactors(f.Active(&p, p.SideToMove()))), toU16(f.AppendFactors(f.Active(&p, p.SideToMove()^1)))
				want := float64(fnet.Forward(us, them, work)) * OutputScale
				got := float64(net.Evaluate(&p))
				require.InDelta(t, want, got, 6+0.02*math.Abs(want), "%s: %s", v.Name(), p.FEN())
				worst = max(worst, math.Abs(want-got))
				p.GenerateMoves(&ml)
				p.DoMove(ml.Moves[rng.IntN(ml.N)])
			}
		}
		t.Logf("%s: largest float-integer difference %.2f cp", v.Name(), worst)
	}
}

func TestNetFileRoundTripAndRefusals(t *testing.T) {
	_, net := randomNet(board.DurgGame(), 16, 1, 1)
	b, err := net.MarshalBinary()
	require.NoError(t, err)
	back, err := ReadNet(b)
	require.NoError(t, err)
	require.Equal(t, net, back)
	require.False(t, back.Residual)
	// A residual net keeps its kind through the file.
	net.Residual = true
	rb, err := net.MarshalBinary()
	require.NoError(t, err)
	back, err = ReadNet(rb)
	require.NoError(t, err)
	require.Equal(t, net, back)
	require.Contains(t, back.Describe(), "durg residual net")
	net.Residual = false

	_, err = ReadNet(b[:len(b)-1])
	require.ErrorContains(t, err, "cut short")
	bad := bytes.Clone(b)
	bad[100] ^= 1
	_, err = ReadNet(bad)
	require.ErrorContains(t, err, "checksum")
	_, err = ReadNet([]byte("hello"))
	require.ErrorContains(t, err, "not a Senapati network")
	// A durg net's header with chess's name: the inputs disagree.
	bad = bytes.Clone(b)
	copy(bad[6:], append([]byte{5}, "chess\x00\x00\x00\x00"...))
	_, err = ReadNet(bad)
	require.ErrorContains(t, err, "inputs")
}

func TestFeaturesMirror(t *testing.T) {
	// A position and its colour-swapped mirror have the same inputs from
	// the side to move's point of view.
	for _, v := range board.Variants() {
		f := NewFeatures(v)
		rng := rand.New(rand.NewPCG(4, 4))
		var ml board.MoveList
		p := v.StartPosition()
		for i := 0; i < 200 && !p.Verdict(0).Over(); i++ {
			m := p.Mirrored()
			require.Equal(t, f.Active(&p, p.SideToMove()), f.Active(&m, m.SideToMove()), "%s: %s", v.Name(), p.FEN())
			require.Equal(t, f.Active(&p, p.SideToMove()^1), f.Active(&m, m.SideToMove()^1))
			for _, x := range f.Active(&p, board.White) {
				require.Less(t, x, f.Inputs)
			}
			p.GenerateMoves(&ml)
			p.DoMove(ml.Moves[rng.IntN(ml.N)])
		}
	}
}

// TestNoAllocation: the search's calls allocate nothing.
func TestNoAllocation(t *testing.T) {
	for _, v := range board.Variants() {
		_, net := randomNet(v, 32, 3, 1)
		e := NewEvaluation(Nets{v: net})
		positions := benchPositions(v)[:100]
		allocs := testing.AllocsPerRun(5, func() {
			e.SetRoot(&positions[0])
			e.Evaluate(0, &positions[0])
			for k := 1; k < len(positions); k++ {
				e.Played(k-1, &positions[k-1], &positions[k], board.NoMove)
				e.Evaluate(k, &positions[k])
			}
		})
		require.Zero(t, allocs, v.Name())
	}
}

// TestPackedInputsEqualPositionInputs: the trainer reads inputs from
// packed positions, the engine from positions; both must be the same.
func TestPackedInputsEqualPositionInputs(t *testing.T) {
	for _, v := range board.Variants() {
		f := NewFeatures(v)
		for _, p := range benchPositions(v) {
			var b [board.PackedSize]byte
			require.NoError(t, p.Pack(b[:]))
			pieces, st, err := board.UnpackPieces(v, b[:], nil)
			require.NoError(t, err)
			for c := board.White; c <= board.Black; c++ {
				got := f.Append(nil, c, pieces, &st)
				slices.Sort(got)
				require.Equal(t, f.Active(&p, c), got, "%s: %s", v.Name(), p.FEN())
			}
		}
	}
}

// TestShippedNets: every net in nets/ reads, for the game its name says,
// and every game on by default has one.
func TestShippedNets(t *testing.T) {
	entries, err := builtinFiles.ReadDir("nets")
	require.NoError(t, err)
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".nnue")
		if !ok {
			continue
		}
		data, err := builtinFiles.ReadFile("nets/" + e.Name())
		require.NoError(t, err)
		n, err := ReadNet(data)
		require.NoError(t, err, e.Name())
		require.Equal(t, name, n.Variant.Name())
	}
	for v := range defaultOn {
		_, err := builtinFiles.ReadFile("nets/" + v + ".nnue")
		require.NoError(t, err, "%s is on by default", v)
	}
}

// An evaluation scores only the games it has nets for: a search of another
// game is the assembler's mistake, said at once.
func TestEvaluationWithoutANetPanics(t *testing.T) {
	_, net := randomNet(board.DurgGame(), 8, 1, 8)
	e := NewEvaluation(Nets{board.DurgGame(): net})
	pos := board.Chess().StartPosition()
	require.PanicsWithValue(t, "nnue: no net for chess", func() { e.SetRoot(&pos) })
}
