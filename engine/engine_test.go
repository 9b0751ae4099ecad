package engine

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/bench"
	"senapati/board"
	"senapati/eval"
	"senapati/internal/testload"
	"senapati/nnue"
	"senapati/search"
)

// writeNets writes a fresh (untrained) net of each game of the given width.
func writeNet(t testing.TB, v *board.Variant, hidden int) string {
	b, err := nnue.NewFloatNet(v, hidden, 1).Quantize().MarshalBinary()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), fmt.Sprintf("%s-%d.nnue", v.Name(), hidden))
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

// mustNew is New, whose settings' EvalFile the test knows to be good.
func mustNew(t testing.TB, s search.Settings) *Player {
	p, err := New(s)
	require.NoError(t, err)
	return p
}

func mustSearch(t testing.TB, s search.Settings) *search.Engine { return mustNew(t, s).Engine }

func TestSettingsChooseTheEvaluation(t *testing.T) {
	v := board.DurgGame()
	path := writeNet(t, v, 8)
	p := mustNew(t, search.DefaultSettings())
	pos := v.StartPosition()
	// Durg's built-in net is its default, chess's and chaturanga's
	// residual ones (SPRTs accepted them).
	require.Contains(t, p.Explain(&pos)[len(p.Explain(&pos))-1], "durg net 1318x128->1")
	cpos := board.Chaturanga().StartPosition()
	require.Contains(t, p.Explain(&cpos)[len(p.Explain(&cpos))-1], "chaturanga residual net 786x128->1")
	chess := board.Chess().StartPosition()
	require.Contains(t, p.Explain(&chess)[len(p.Explain(&chess))-1], "chess residual net 772x128->1")
	s := p.Settings()
	s.EvalFile = path
	p.Configure(s)
	require.Contains(t, p.Explain(&pos)[len(p.Explain(&pos))-1], "durg net 1318x8->1")
	s.UseNNUE = false
	p.Configure(s)
	require.Contains(t, p.Explain(&pos)[len(p.Explain(&pos))-1], "NNUE: none")
	require.Contains(t, p.Explain(&chess)[len(p.Explain(&chess))-1], "NNUE: none for chess")
	_, err := p.CheckEvalFile(path + ".missing")
	require.Error(t, err)
}

// A net file is refused where its scores can pass what the search takes
// from an evaluation: the two bounds are one.
func TestNetScoresFitTheSearchClamp(t *testing.T) {
	require.Equal(t, search.MaxEval, nnue.MaxScore)
}

// New refuses an EvalFile it cannot use, naming the file and why, where
// the built-in nets once took its place in silence; UseNNUE off reads no
// file.
func TestNewRefusesABadEvalFile(t *testing.T) {
	good := writeNet(t, board.DurgGame(), 8)
	data, err := os.ReadFile(good)
	require.NoError(t, err)
	cut := filepath.Join(t.TempDir(), "cut.nnue")
	require.NoError(t, os.WriteFile(cut, data[:len(data)-1], 0o644))
	missing := filepath.Join(t.TempDir(), "missing.nnue")
	for file, reason := range map[string]string{missing: "no such file", cut: "cut short"} {
		s := search.DefaultSettings()
		s.EvalFile = file
		p, err := New(s)
		require.Nil(t, p)
		require.ErrorContains(t, err, "EvalFile: ")
		require.ErrorContains(t, err, file)
		require.ErrorContains(t, err, reason)
		e, err := Search(s)
		require.Nil(t, e)
		require.ErrorContains(t, err, reason)
	}
	s := search.DefaultSettings()
	s.EvalFile = good
	require.NotNil(t, mustSearch(t, s))
}

// Each thread's evaluation scores a game with a net by the net (faded by
// the move rule) and a game without one by the hand-crafted evaluation,
// whichever game the search before was of.
func TestEvaluationPerGame(t *testing.T) {
	net, err := nnue.ReadNetFile(filepath.Join("..", "nnue", "nets", "durg.nnue"))
	require.NoError(t, err)
	durg, chess := board.DurgGame().StartPosition(), board.Chess().StartPosition()
	chess960, err := board.ParseFEN(board.Chess960(), board.Chess960FEN(100))
	require.NoError(t, err)
	rook, err := board.ParseFEN(board.Chess(), "8/8/3k4/8/8/8/8/R3K3 w - - 80 60")
	require.NoError(t, err)
	e := evaluation(nnue.Nets{board.DurgGame(): net}, search.VariantMoveRule)()
	for _, pos := range []*board.Position{&durg, &chess, &rook, &durg, &chess960} {
		e.SetRoot(pos)
		want := eval.EvaluateRule(pos, pos.Variant().DefaultMoveRule())
		if pos.Variant() == board.DurgGame() {
			ne := nnue.NewEvaluation(nnue.Nets{board.DurgGame(): net})
			ne.SetRoot(pos)
			want = ne.Evaluate(0, pos)
		}
		require.Equal(t, want, e.Evaluate(0, pos), pos.FEN())
	}
	// Without nets, every game by hand.
	e = evaluation(nil, search.Fixed(100))()
	e.SetRoot(&durg)
	require.Equal(t, eval.EvaluateRule(&durg, 100), e.Evaluate(0, &durg))
}

// A residual net's score is added to the hand-crafted one, faded by the
// move rule as a whole net's is, and Explain says it is a correction.
func TestResidualNetAddsToTheHandCrafted(t *testing.T) {
	v := board.Chaturanga()
	f := nnue.NewFloatNet(v, 8, 3)
	f.Residual = true
	f.OutBias[0] = 0.25 // 100 cp, besides what the random layer says
	net := f.Quantize()
	e := evaluation(nnue.Nets{v: net}, search.VariantMoveRule)()
	for _, fen := range []string{"", "4k3/8/8/8/8/8/8/R2K3R w - - 0 1", "4k3/8/8/8/8/8/8/R2K3R b - - 60 40"} {
		pos := v.StartPosition()
		if fen != "" {
			var err error
			pos, err = board.ParseFEN(v, fen)
			require.NoError(t, err)
		}
		e.SetRoot(&pos)
		rule := v.DefaultMoveRule()
		want := eval.EvaluateRule(&pos, rule) + eval.MoveRuleScale(&pos, net.Evaluate(&pos), rule)
		require.Equal(t, want, e.Evaluate(0, &pos), fen)
		require.NotEqual(t, eval.EvaluateRule(&pos, rule), want, "the net adds something")
	}
	b, err := net.MarshalBinary()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "res.nnue")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	s := search.DefaultSettings()
	s.EvalFile = path
	p := mustNew(t, s)
	start := v.StartPosition()
	lines := p.Explain(&start)
	require.Contains(t, lines[len(lines)-1], "NNUE correction")
	require.Contains(t, lines[len(lines)-1], "chaturanga residual net 786x8->1")
}

// The MoveRule setting reaches the evaluation, whichever way the engine is
// made or set: a rook ending at a halfmove clock of 98 is still won under
// 100 moves a side (the game goes on to 200 plies), where chess's own 50
// fade it to nearly a draw.
func TestMoveRuleReachesTheEvaluation(t *testing.T) {
	pos, err := board.ParseFEN(board.Chess(), "8/8/3k4/8/8/8/8/R3K3 w - - 98 60")
	require.NoError(t, err)
	score := func(e *search.Engine) int {
		return e.Search(context.Background(), pos, nil, search.Limits{Depth: 1}, func(search.Info) {}).Score
	}
	s := search.DefaultSettings()
	s.HashMB = 1
	own := score(mustSearch(t, s))
	require.Less(t, own, 50, "chess's 50 moves: nearly drawn")
	s.MoveRule = search.Fixed(100)
	hundred := score(mustSearch(t, s))
	require.Greater(t, hundred, 300, "100 moves: still won")
	p := mustNew(t, search.DefaultSettings())
	require.Equal(t, own, score(p.Engine))
	p.Configure(s)
	p.NewGame()
	require.Equal(t, hundred, score(p.Engine), "set between games")
	require.Contains(t, p.Explain(&pos)[len(p.Explain(&pos))-3], "move rule                     0        0        0")
}

// BenchmarkBench runs the bench positions of each game with the
// hand-crafted evaluation and with nets of two widths (untrained: the
// trees differ, the cost per node is what this measures).
func BenchmarkBench(b *testing.B) {
	for _, v := range board.Variants() {
		for _, hidden := range []int{0, 64, 128} {
			name := v.Name() + "/handcrafted"
			file := ""
			if hidden > 0 {
				name = fmt.Sprintf("%s/net%d", v.Name(), hidden)
				file = writeNet(b, v, hidden)
			}
			b.Run(name, func(b *testing.B) {
				var nodes uint64
				var took float64
				cpu := testload.CPU(b)
				for b.Loop() {
					n, el, err := bench.Run(io.Discard, bench.Config{Depth: bench.DefaultDepth(v) - 3, Variants: []*board.Variant{v}, EvalFile: file}, Search)
					require.NoError(b, err)
					nodes += n
					took += el.Seconds()
				}
				b.ReportMetric(float64(nodes)/took, "nodes/s")
				// On a loaded machine the process's CPU time stretches less
				// than the wall clock's.
				b.ReportMetric(float64(nodes)/(testload.CPU(b)-cpu).Seconds(), "nodes/cpu-s")
				// The tree's size: equal in every build (GOEXPERIMENT=simd too).
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			})
		}
	}
}

// A net's score fades by the move rule as the hand-crafted one does: the
// shipped Durg net's edge for a side a rook up shrinks to nothing as the
// clock nears the limit, and the fade follows the MoveRule setting.
func TestNetScoresFadeByTheMoveRule(t *testing.T) {
	net, err := nnue.ReadNetFile(filepath.Join("..", "nnue", "nets", "durg.nnue"))
	require.NoError(t, err)
	v := board.DurgGame()
	score := func(clock int, rule search.MoveRule) int {
		pos, err := board.ParseFEN(v, fmt.Sprintf("rnh1k1hn1/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQq - %d 60", clock))
		require.NoError(t, err)
		e := evaluation(nnue.Nets{v: net}, rule)()
		e.SetRoot(&pos)
		return e.Evaluate(0, &pos)
	}
	limit := 2 * v.DefaultMoveRule()
	fresh := score(0, search.MoveRule{})
	require.Greater(t, fresh, 200, "a rook up")
	require.Equal(t, fresh, score(limit/2, search.MoveRule{}), "no fade in the first half")
	require.InDelta(t, fresh/2, score(limit*3/4, search.MoveRule{}), 1, "half way through the second half")
	require.Equal(t, 0, score(limit, search.MoveRule{}), "drawn at the limit")
	require.Equal(t, fresh, score(limit, search.Fixed(2*v.DefaultMoveRule())), "a longer rule: no fade yet")
}
