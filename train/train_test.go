package train

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/corpus"
	"senapati/datagen"
	"senapati/eval"
	"senapati/nnue"
	"senapati/search"
)

// selfPlay makes a small data file of v.
func selfPlay(t *testing.T, v *board.Variant, games int) string {
	path := filepath.Join(t.TempDir(), v.Name()+".dat")
	cfg := datagen.DefaultConfig()
	cfg.Variant, cfg.Out, cfg.Games, cfg.Nodes, cfg.HashMB, cfg.Progress, cfg.Threads = v, path, games, 400, 1, 0, 2
	_, err := datagen.Run(context.Background(), cfg, func(s search.Settings) (*search.Engine, error) {
		return search.NewEngine(s, search.Static(eval.Evaluate), eval.PieceValue), nil
	}, nil)
	require.NoError(t, err)
	return path
}

// plantedData writes random games of v whose every position is scored by
// a rule the net can learn: 150 cp for each piece the side to move has
// more than the other.
func plantedData(t *testing.T, v *board.Variant, games int) string {
	rng := rand.New(rand.NewPCG(9, 9))
	out := datagen.Header(v)
	var ml board.MoveList
	for n := 0; n < games; n++ {
		g := datagen.Game{Number: uint64(n), Result: datagen.Drawn}
		p := v.StartPosition()
		for ply := 0; ply < 120 && !p.Verdict(0).Over(); ply++ {
			var r datagen.Record
			require.NoError(t, p.Pack(r.Pos[:]))
			r.Score = int16(150 * (p.PieceCount(p.SideToMove()) - p.PieceCount(p.SideToMove()^1)))
			g.Records = append(g.Records, r)
			p.GenerateMoves(&ml)
			p.DoMove(ml.Moves[rng.IntN(ml.N)])
		}
		var err error
		out, err = datagen.AppendGame(out, &g)
		require.NoError(t, err)
	}
	path := filepath.Join(t.TempDir(), v.Name()+"-planted.dat")
	require.NoError(t, os.WriteFile(path, out, 0o644))
	return path
}

func quickTrain(files []string, threads int) TrainConfig {
	cfg := DefaultTrainConfig()
	cfg.Files, cfg.Hidden, cfg.Epochs, cfg.Batch, cfg.Threads, cfg.HoldOut = files, 16, 4, 256, threads, 5
	// Targets from the scores alone: a function of the position.
	cfg.LR, cfg.Lambda = 0.003, 0
	return cfg
}

func TestTrainingLearnsAndIsReproducible(t *testing.T) {
	for _, v := range board.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			data := plantedData(t, v, 100)
			cfg := quickTrain([]string{data}, 2)
			cfg.Out = filepath.Join(t.TempDir(), "net")
			net, epochs, err := Train(cfg)
			require.NoError(t, err)
			require.Len(t, epochs, cfg.Epochs+1)
			start, first, last := epochs[0], epochs[1], epochs[len(epochs)-1]
			require.Less(t, last.TrainLoss, first.TrainLoss)
			require.Less(t, last.HeldLoss, start.HeldLoss/3, "the held-out loss fell to a third of the untrained net's")
			require.Positive(t, first.Positions)

			// The same seed and threads: the same net, bit for bit.
			again, _, err := Train(quickTrain([]string{data}, 2))
			require.NoError(t, err)
			require.Equal(t, net, again)

			// The files written: a net the engine reads, equal to the
			// trained one's quantization, and a checkpoint per epoch.
			q, err := nnue.ReadNetFile(cfg.Out + ".nnue")
			require.NoError(t, err)
			require.Equal(t, net.Quantize(), q)
			_, err = nnue.ReadNetFile(cfg.Out + "-e4.nnue")
			require.NoError(t, err)
		})
	}
}

func TestCheckpointRoundTrip(t *testing.T) {
	n := nnue.NewFloatNet(board.DurgGame(), 8, 3)
	var b bytes.Buffer
	_, err := n.WriteTo(&b)
	require.NoError(t, err)
	back, err := nnue.ReadFloatNet(bytes.NewReader(b.Bytes()))
	require.NoError(t, err)
	require.Equal(t, n, back)
	_, err = nnue.ReadFloatNet(bytes.NewReader(b.Bytes()[:b.Len()-3]))
	require.Error(t, err)
}

// TestGradient compares the analytic gradient with finite differences of
// the loss for a sample of parameters of a small net.
func TestGradient(t *testing.T) {
	v := board.Chess()
	n := nnue.NewFloatNet(v, 8, 5)
	for i := range n.Out {
		n.Out[i] *= 4
	}
	f := nnue.NewFeatures(v)
	p, err := board.ParseFEN(v, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	require.NoError(t, err)
	us, them := toU16(f.AppendFactors(f.Active(&p, board.White))), toU16(f.AppendFactors(f.Active(&p, board.Black)))
	const target = 0.8
	// A residual net's base shifts the output: its gradient must hold too.
	for _, base := range []float32{0, 0.7} {
		g := newGradient(n)
		g.sample(n, us, them, target, base, true)
		loss := func() float64 {
			h := newGradient(n)
			h.sample(n, us, them, target, base, false)
			return h.loss
		}
		grads := [][]float64{g.ft, g.ftBias, g.out, {g.outBias}}
		checked := 0
		for k, params := range n.Params() {
			for i := 0; i < len(params); i += 1 + len(params)/40 {
				if grads[k][i] == 0 && k == 0 {
					continue // an input not active here
				}
				old := params[i]
				const eps = 1e-3
				params[i] = old + eps
				up := loss()
				params[i] = old - eps
				down := loss()
				params[i] = old
				numeric := (up - down) / (2 * eps)
				require.InDelta(t, numeric, grads[k][i], 1e-4+0.02*math.Abs(numeric), "base %v: parameter block %d index %d", base, k, i)
				checked++
			}
		}
		require.Greater(t, checked, 20)
	}
}

func toU16(xs []int) []uint16 {
	out := make([]uint16, len(xs))
	for i, x := range xs {
		out[i] = uint16(x)
	}
	return out
}

func TestRefusals(t *testing.T) {
	chess := selfPlay(t, board.Chess(), 2)
	durg := selfPlay(t, board.DurgGame(), 2)
	_, _, err := Train(quickTrain([]string{chess, durg}, 1))
	require.ErrorContains(t, err, "holds durg games")
	wrong := quickTrain([]string{chess}, 1)
	wrong.Variant = board.Chaturanga()
	_, _, err = Train(wrong)
	require.ErrorContains(t, err, "the files hold chess games, not chaturanga (-variant)")
	_, _, err = Train(quickTrain([]string{filepath.Join(t.TempDir(), "none.dat")}, 1))
	require.Error(t, err)
	cfg := quickTrain([]string{chess}, 1)
	cfg.HoldOut = 1 // everything held out
	_, _, err = Train(cfg)
	require.ErrorContains(t, err, "no training positions")

	// Numbers that would make a net of NaNs.
	for _, bad := range []func(*TrainConfig){
		func(c *TrainConfig) { c.LR = math.NaN() },
		func(c *TrainConfig) { c.LR = math.Inf(1) },
		func(c *TrainConfig) { c.Lambda = math.NaN() },
		func(c *TrainConfig) { c.LRDrop, c.LRGamma = 1, math.Inf(1) },
		func(c *TrainConfig) {
			c.Start = nnue.NewFloatNet(board.Chess(), 8, 1)
			c.Start.Out[3] = float32(math.NaN())
		},
	} {
		cfg := quickTrain([]string{chess}, 1)
		bad(&cfg)
		_, _, err = Train(cfg)
		require.Error(t, err)
	}
	// A rate so high the weights overflow to infinity: stopped, no net written.
	cfg = quickTrain([]string{chess}, 1)
	cfg.LR, cfg.Out = 3e38, filepath.Join(t.TempDir(), "net")
	_, _, err = Train(cfg)
	require.ErrorContains(t, err, "diverged")
	require.NoFileExists(t, cfg.Out+".nnue")
}

// TestTrainReadsChunksAndSaysWhatItLeftOut trains on a corpus chunk made
// from a datagen file, with a damaged copy of the file beside it: the
// log names the damage and counts what each pass left out and why.
func TestTrainReadsChunksAndSaysWhatItLeftOut(t *testing.T) {
	v := board.Chaturanga()
	raw := selfPlay(t, v, 6)
	dir := t.TempDir()
	added, err := datagen.AddToCorpus(dir, []string{raw}, corpus.Entry{Nodes: 400, Seed: 1, Shards: "1/1", Source: "test"}, nil)
	require.NoError(t, err)
	require.Len(t, added, 1)

	b, err := os.ReadFile(raw)
	require.NoError(t, err)
	b[datagen.HeaderSize+datagen.GameHeadSize+3] ^= 0x20 // inside the first game's records
	damaged := filepath.Join(dir, "damaged.dat")
	require.NoError(t, os.WriteFile(damaged, b, 0o644))

	var log bytes.Buffer
	cfg := quickTrain([]string{filepath.Join(dir, added[0].File), damaged}, 1)
	cfg.Epochs, cfg.HoldOut, cfg.Log = 1, 0, &log
	_, _, err = Train(cfg)
	require.NoError(t, err)
	require.Contains(t, log.String(), "train: skipped: ")
	require.Contains(t, log.String(), "damaged block")
	require.Regexp(t, `training files: read 11 games, \d+ positions; left out \d+ in check, \d+ whose best move is not quiet, \d+ scored beyond -maxscore; 1 damaged blocks skipped`, log.String())
}

// A residual net learns what its base evaluation leaves over: with a base
// that says 100 cp a piece where the data say 150, the net learns the 50,
// the file it writes is residual, and the checkpoint says so too.
func TestResidualLearnsTheRest(t *testing.T) {
	v := board.Chaturanga()
	data := plantedData(t, v, 100)
	base := func(p *board.Position) int {
		return 100 * (p.PieceCount(p.SideToMove()) - p.PieceCount(p.SideToMove()^1))
	}
	cfg := quickTrain([]string{data}, 2)
	cfg.Out, cfg.Residual, cfg.Baseline = filepath.Join(t.TempDir(), "res"), true, base
	net, epochs, err := Train(cfg)
	require.NoError(t, err)
	require.True(t, net.Residual)
	require.Less(t, epochs[len(epochs)-1].HeldLoss, epochs[0].HeldLoss/3)
	q, err := nnue.ReadNetFile(cfg.Out + ".nnue")
	require.NoError(t, err)
	require.True(t, q.Residual)
	require.Contains(t, q.Describe(), "residual")
	// The net's score plus the base is the data's rule, near enough: two
	// pieces up is 300 cp, of which the base says 200.
	p, err := board.ParseFEN(v, "4k3/8/8/8/8/8/8/R2K3R w - - 0 1")
	require.NoError(t, err)
	require.InDelta(t, 100, q.Evaluate(&p), 60, "the net's share of a two-piece edge")

	// Resuming needs the same kind of net, and a residual run its base.
	ck, err := nnue.ReadFloatNetFile(cfg.Out + "-e1.fnet")
	require.NoError(t, err)
	require.True(t, ck.Residual)
	plain := quickTrain([]string{data}, 1)
	plain.Start, plain.Baseline = ck, base
	_, _, err = Train(plain)
	require.ErrorContains(t, err, "residual")
	noBase := quickTrain([]string{data}, 1)
	noBase.Residual = true
	_, _, err = Train(noBase)
	require.ErrorContains(t, err, "base evaluation")
}

// A residual run computes each position's base once, however many epochs
// read it (the base is the slow part of a pass), and the later epochs'
// cached bases are the ones the first computed (the net still learns).
func TestResidualBaseComputedOncePerRun(t *testing.T) {
	v := board.Chaturanga()
	data := plantedData(t, v, 100)
	calls := 0
	base := func(p *board.Position) int {
		calls++
		return 100 * (p.PieceCount(p.SideToMove()) - p.PieceCount(p.SideToMove()^1))
	}
	run := func(epochs int) ([]EpochResult, int) {
		calls = 0
		cfg := quickTrain([]string{data}, 1)
		cfg.Epochs, cfg.Residual, cfg.Baseline = epochs, true, base
		_, results, err := Train(cfg)
		require.NoError(t, err)
		return results, calls
	}
	one, callsOne := run(1)
	three, callsThree := run(3)
	require.GreaterOrEqual(t, callsOne, one[1].Positions, "every training position needs its base")
	require.Equal(t, callsOne, callsThree, "epochs 2 and 3 computed bases again")
	require.Less(t, three[3].HeldLoss, three[1].HeldLoss, "the later epochs trained on the wrong bases")
}

// A residual run's mirrored twins (chess without castling rights) are
// offset by the mirrored position's own base evaluation, computed once a
// run like the others'.
func TestResidualTwinsHaveTheirOwnBase(t *testing.T) {
	v := board.Chess()
	data := plantedData(t, v, 60)
	seen := map[string]int{}
	calls := 0
	base := func(p *board.Position) int {
		calls++
		seen[p.FEN()]++
		return 0
	}
	run := func(epochs int) int {
		calls = 0
		cfg := quickTrain([]string{data}, 1)
		cfg.Epochs, cfg.Residual, cfg.Baseline = epochs, true, base
		_, _, err := Train(cfg)
		require.NoError(t, err)
		return calls
	}
	one := run(1)
	require.Equal(t, one, run(2), "the twins' bases were computed again")
	mirrorable, paired := 0, 0
	for fen := range seen {
		p, err := board.ParseFEN(v, fen)
		require.NoError(t, err)
		if !v.FilesMirrorable(p.State().Castling) || strings.Fields(fen)[3] != "-" {
			continue
		}
		mirrorable++
		q := p.FilesMirrored()
		if seen[q.FEN()] > 0 {
			paired++
		}
	}
	require.Greater(t, mirrorable, 200, "too few positions without castling: the test says little")
	// The held-out games (one in five) have no twins.
	require.Greater(t, paired, mirrorable*7/10, "of %d positions without castling only %d had their twin's base computed", mirrorable, paired)
}
