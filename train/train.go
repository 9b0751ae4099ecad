// Package train fits Senapati's networks (package nnue) to self-play data
// (package datagen): Adam on the squared error between the net's
// predicted expected score and a blend of the game's result and the
// search's score, every core, a held-out split, a checkpoint each epoch.
package train

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"senapati/board"
	"senapati/corpus"
	"senapati/datagen"
	"senapati/nnue"
)

// TrainConfig is one training run.
type TrainConfig struct {
	Files  []string // datagen files, all of one game
	Hidden int
	Epochs int
	Batch  int
	LR     float64
	// LRDrop: the learning rate is multiplied by LRGamma after every
	// LRDrop epochs (0: constant).
	LRDrop  int
	LRGamma float64
	// Lambda weighs the game's result against the search's score in the
	// target: Lambda*result + (1-Lambda)*sigmoid(score).
	Lambda  float64
	Threads int
	Seed    uint64
	// Variant, when set, is the game the files must hold.
	Variant *board.Variant
	// HoldOut: games whose number is a multiple of HoldOut are held out
	// for the validation loss (0: none).
	HoldOut int
	// Buffer positions are read, shuffled and trained on at a time, so
	// data larger than memory streams from disk.
	Buffer int
	// MaxScore: positions scored beyond it (decided games, mates) are
	// left out; in-check positions and those whose best move is not quiet
	// always are.
	MaxScore int
	// Mirror adds each training position's file-reversed twin where the
	// game's rules make it a position of equal value
	// (board.Variant.FilesMirrorable: Durg, chess without castling).
	Mirror bool
	// Limit: train on the first Limit positions only (0: all); the
	// held-out set stays whole, so runs on growing shares of the data
	// show the loss against the data size.
	Limit int
	Out   string         // checkpoint prefix: OUT-eN.fnet and OUT-eN.nnue each epoch, OUT.nnue at the end
	Start *nnue.FloatNet // resume from this checkpoint (nil: a fresh net)
	Log   io.Writer
	// Baseline, when set, scores the held-out positions for comparison
	// (the hand-crafted evaluation, centipawns for the side to move).
	Baseline func(*board.Position) int
	// Residual trains a net whose score is added to Baseline's (a
	// correction of the hand-crafted evaluation, nnue.Net.Residual): the
	// prediction is sigmoid((base/OutputScale + y)*ln10). It needs
	// Baseline; a mirrored twin's base is the evaluation of the mirrored
	// position.
	Residual bool
}

// DefaultTrainConfig is what the command starts from.
func DefaultTrainConfig() TrainConfig {
	return TrainConfig{Hidden: 128, Epochs: 20, Batch: 16384, LR: 0.001, LRDrop: 8, LRGamma: 0.3,
		Lambda: 0.3, Threads: 1, Seed: 1, HoldOut: 20, Buffer: 1 << 21, MaxScore: 3000, Mirror: true}
}

// samples is a set of training positions, flat: each sample's inputs
// from the side to move's view, then the other side's.
type samples struct {
	feats  []uint16
	start  []int32 // feats[start[i]:start[i+1]] is sample i, us first
	nUs    []uint8
	target []float32
	base   []float32 // the base evaluation in output units (residual nets; else 0)
}

func (s *samples) reset() {
	s.feats, s.start, s.nUs, s.target, s.base = s.feats[:0], s.start[:0], s.nUs[:0], s.target[:0], s.base[:0]
}

func (s *samples) len() int { return len(s.target) }

func (s *samples) add(us, them []int, target, base float32) {
	if len(s.start) == 0 {
		s.start = append(s.start, 0)
	}
	for _, f := range us {
		s.feats = append(s.feats, uint16(f))
	}
	for _, f := range them {
		s.feats = append(s.feats, uint16(f))
	}
	s.start = append(s.start, int32(len(s.feats)))
	s.nUs = append(s.nUs, uint8(len(us)))
	s.target = append(s.target, target)
	s.base = append(s.base, base)
}

func (s *samples) get(i int) (us, them []uint16, target, base float32) {
	f := s.feats[s.start[i]:s.start[i+1]]
	return f[:s.nUs[i]], f[s.nUs[i]:], s.target[i], s.base[i]
}

const ln10 = 2.302585092994046

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// scoreTarget is the expected score a search score (centipawns) predicts,
// on the scale the net's output is read: 400 cp is 10:1.
func scoreTarget(cp int) float64 { return sigmoid(float64(cp) * ln10 / nnue.OutputScale) }

// reader streams a game's files into training and held-out samples.
type reader struct {
	cfg     *TrainConfig
	feat    *nnue.Features
	variant *board.Variant
	pieces  []board.PackedPiece
	twin    []board.PackedPiece
	us, th  []int
	// baseline, when set, also sees every held-out position's base
	// evaluation (centipawns, side to move) and target.
	baseline func(cp int, target float32)
	tally    tally // of the last pass
	// trainBase keeps each training position's base evaluation (residual
	// nets), in the order every pass reads them: the hand-crafted
	// evaluation is the slow part of a pass, and it is computed once a run.
	trainBase []int32
	cursor    int // the next position's place in trainBase
}

// baseEval is the base evaluation of the packed position pos (of its
// mirrored twin when twin), from the cache when cache says this pass
// reads the training positions and an earlier pass computed it; p is the
// position, unpacked at the first need (unpacked says whether it was).
func (r *reader) baseEval(pos []byte, twin, cache bool, p *board.Position, unpacked *bool) (int, error) {
	if cache && r.cursor < len(r.trainBase) {
		r.cursor++
		return int(r.trainBase[r.cursor-1]), nil
	}
	if !*unpacked {
		var err error
		if *p, err = board.Unpack(r.variant, pos); err != nil {
			return 0, err
		}
		*unpacked = true
	}
	q := p
	if twin {
		m := p.FilesMirrored()
		q = &m
	}
	cp := r.cfg.Baseline(q)
	if cache {
		r.trainBase = append(r.trainBase, int32(cp))
		r.cursor++
	}
	return cp, nil
}

// offset is a residual net's base in output units (0 for a whole net).
func (r *reader) offset(baseCP int) float32 {
	if !r.cfg.Residual {
		return 0
	}
	return float32(baseCP) / nnue.OutputScale
}

// tally is what a pass over the files read and left out, and why.
type tally struct {
	games, positions          int
	inCheck, notQuiet, beyond int // positions left out
	damaged                   int // blocks skipped
}

func (t tally) String() string {
	return fmt.Sprintf("read %d games, %d positions; left out %d in check, %d whose best move is not quiet, %d scored beyond -maxscore; %d damaged blocks skipped",
		t.games, t.positions, t.inCheck, t.notQuiet, t.beyond, t.damaged)
}

// filesVariant checks that every file holds one game and says which.
func filesVariant(files []string) (*board.Variant, error) {
	var v *board.Variant
	for _, path := range files {
		rd, f, err := datagen.Open(path)
		if err != nil {
			return nil, err
		}
		f.Close()
		if v != nil && rd.Variant() != v {
			return nil, fmt.Errorf("%s holds %s games, %s holds %s", path, rd.Variant().Name(), files[0], v.Name())
		}
		v = rd.Variant()
	}
	if v == nil {
		return nil, errors.New("no data files")
	}
	return v, nil
}

// each reads every file and hands each kept position to train or hold.
func (r *reader) each(train, hold func(us, them []int, target, base float32)) error {
	var g datagen.Game
	r.tally = tally{}
	// Only a training-only pass (every epoch's) reads the same positions
	// in the same order as the one before.
	cacheBase := r.cfg.Residual && hold == nil
	r.cursor = 0
	for _, path := range r.cfg.Files {
		rd, f, err := datagen.Open(path)
		if err != nil {
			return err
		}
		for {
			err = rd.Next(&g)
			if errors.Is(err, corpus.ErrDamaged) {
				r.tally.damaged++
				if r.cfg.Log != nil {
					fmt.Fprintf(r.cfg.Log, "train: skipped: %v\n", err)
				}
				continue
			}
			if err != nil {
				break
			}
			heldOut := r.cfg.HoldOut > 0 && g.Number%uint64(r.cfg.HoldOut) == 0
			to := train
			if heldOut {
				to = hold
			}
			if to == nil {
				continue
			}
			r.tally.games++
			r.tally.positions += len(g.Records)
			for i := range g.Records {
				rec := &g.Records[i]
				switch {
				case rec.Flags&datagen.FlagInCheck != 0:
					r.tally.inCheck++
					continue
				case rec.Flags&datagen.FlagNotQuiet != 0:
					r.tally.notQuiet++
					continue
				case int(rec.Score) > r.cfg.MaxScore || int(rec.Score) < -r.cfg.MaxScore:
					r.tally.beyond++
					continue
				}
				var st board.PackedState
				r.pieces, st, err = board.UnpackPieces(r.variant, rec.Pos[:], r.pieces[:0])
				if err != nil {
					break
				}
				result := float64(g.Result) / 2 // White's view
				if st.Side == board.Black {
					result = 1 - result
				}
				target := r.cfg.Lambda*result + (1-r.cfg.Lambda)*scoreTarget(int(rec.Score))
				// The base evaluation: a residual net's offset, and the
				// held-out positions' comparison.
				var p board.Position
				unpacked := false
				baseCP, haveBase := 0, false
				if r.cfg.Residual || r.baseline != nil && heldOut {
					if baseCP, err = r.baseEval(rec.Pos[:], false, cacheBase, &p, &unpacked); err != nil {
						break
					}
					haveBase = true
				}
				r.us = r.feat.AppendFactors(r.feat.Append(r.us[:0], st.Side, r.pieces, &st))
				r.th = r.feat.AppendFactors(r.feat.Append(r.th[:0], st.Side^1, r.pieces, &st))
				to(r.us, r.th, float32(target), r.offset(baseCP))
				if r.cfg.Mirror && !heldOut && r.variant.FilesMirrorable(st.Castling) {
					r.twin = r.twin[:0]
					for _, pp := range r.pieces {
						r.twin = append(r.twin, board.PackedPiece{Square: r.variant.MirrorFile(pp.Square), Piece: pp.Piece})
					}
					twinCP := 0
					if r.cfg.Residual {
						if twinCP, err = r.baseEval(rec.Pos[:], true, cacheBase, &p, &unpacked); err != nil {
							break
						}
					}
					st.Castling = board.MirrorCastling(st.Castling)
					r.us = r.feat.AppendFactors(r.feat.Append(r.us[:0], st.Side, r.twin, &st))
					r.th = r.feat.AppendFactors(r.feat.Append(r.th[:0], st.Side^1, r.twin, &st))
					to(r.us, r.th, float32(target), r.offset(twinCP))
				}
				if r.baseline != nil && heldOut && haveBase {
					r.baseline(baseCP, float32(target))
				}
			}
		}
		f.Close()
		if err != nil && err != io.EOF && !errors.Is(err, datagen.ErrTorn) {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return nil
}

// gradient is one thread's share of a batch's gradient.
type gradient struct {
	ft, ftBias, out []float64
	outBias         float64
	loss            float64
	work            []float32
	dUs, dThem      []float64
}

func newGradient(n *nnue.FloatNet) *gradient {
	return &gradient{ft: make([]float64, len(n.FT)), ftBias: make([]float64, n.Hidden), out: make([]float64, 2*n.Hidden),
		work: make([]float32, 4*n.Hidden), dUs: make([]float64, n.Hidden), dThem: make([]float64, n.Hidden)}
}

func (g *gradient) clear() {
	clear(g.ft)
	clear(g.ftBias)
	clear(g.out)
	g.outBias, g.loss = 0, 0
}

// loss is a sample's squared error; with accumulate the gradient is added.
func (g *gradient) sample(n *nnue.FloatNet, us, them []uint16, target, base float32, accumulate bool) {
	y := base + n.Forward(us, them, g.work)
	p := sigmoid(float64(y) * ln10)
	diff := p - float64(target)
	g.loss += diff * diff
	if !accumulate {
		return
	}
	H := n.Hidden
	dy := 2 * diff * p * (1 - p) * ln10
	preUs, preThem, hUs, hThem := g.work[:H], g.work[H:2*H], g.work[2*H:3*H], g.work[3*H:4*H]
	g.outBias += dy
	for i := 0; i < H; i++ {
		g.out[i] += dy * float64(hUs[i])
		g.out[H+i] += dy * float64(hThem[i])
		g.dUs[i], g.dThem[i] = 0, 0
		if preUs[i] > 0 && preUs[i] < 1 {
			g.dUs[i] = dy * float64(n.Out[i])
		}
		if preThem[i] > 0 && preThem[i] < 1 {
			g.dThem[i] = dy * float64(n.Out[H+i])
		}
		g.ftBias[i] += g.dUs[i] + g.dThem[i]
	}
	for _, f := range us {
		w := g.ft[int(f)*H : int(f)*H+H]
		for i, d := range g.dUs {
			w[i] += d
		}
	}
	for _, f := range them {
		w := g.ft[int(f)*H : int(f)*H+H]
		for i, d := range g.dThem {
			w[i] += d
		}
	}
}

// adam is the optimiser's state, one moment pair per parameter.
type adam struct {
	m, v [][]float64
	t    int
}

func newAdam(n *nnue.FloatNet) *adam {
	a := &adam{}
	for _, p := range n.Params() {
		a.m = append(a.m, make([]float64, len(p)))
		a.v = append(a.v, make([]float64, len(p)))
	}
	return a
}

func (a *adam) step(n *nnue.FloatNet, grads [][]float64, lr float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	a.t++
	c1, c2 := 1-math.Pow(b1, float64(a.t)), 1-math.Pow(b2, float64(a.t))
	for k, p := range n.Params() {
		g, m, v := grads[k], a.m[k], a.v[k]
		clip := k == 0 // the layer's weights stay where int16 holds them
		for i := range p {
			m[i] = b1*m[i] + (1-b1)*g[i]
			v[i] = b2*v[i] + (1-b2)*g[i]*g[i]
			x := float64(p[i]) - lr*(m[i]/c1)/(math.Sqrt(v[i]/c2)+eps)
			if clip {
				x = max(min(x, nnue.WeightClip), -nnue.WeightClip)
			}
			p[i] = float32(x)
		}
	}
}

// trainer runs the epochs.
type trainer struct {
	cfg   *TrainConfig
	net   *nnue.FloatNet
	opt   *adam
	grads []*gradient
	rng   *rand.Rand
}

// batch trains on the samples at idx: each thread takes a fixed share and
// the shares are summed in thread order, so a run with the same seed and
// thread count is the same run.
func (t *trainer) batch(s *samples, idx []int, lr float64) float64 {
	var wg sync.WaitGroup
	per := (len(idx) + len(t.grads) - 1) / len(t.grads)
	for k, g := range t.grads {
		lo, hi := min(k*per, len(idx)), min((k+1)*per, len(idx))
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.clear()
			for _, i := range idx[lo:hi] {
				us, them, target, base := s.get(i)
				g.sample(t.net, us, them, target, base, true)
			}
		}()
	}
	wg.Wait()
	sum := t.grads[0]
	for _, g := range t.grads[1:] {
		addTo(sum.ft, g.ft)
		addTo(sum.ftBias, g.ftBias)
		addTo(sum.out, g.out)
		sum.outBias += g.outBias
		sum.loss += g.loss
	}
	inv := 1 / float64(len(idx))
	for _, part := range [][]float64{sum.ft, sum.ftBias, sum.out} {
		for i := range part {
			part[i] *= inv
		}
	}
	ob := []float64{sum.outBias * inv}
	t.opt.step(t.net, [][]float64{sum.ft, sum.ftBias, sum.out, ob}, lr)
	return sum.loss
}

func addTo(dst, src []float64) {
	for i, x := range src {
		dst[i] += x
	}
}

// loss is the mean loss over s, in parallel.
func (t *trainer) loss(s *samples) float64 {
	if s.len() == 0 {
		return math.NaN()
	}
	var wg sync.WaitGroup
	per := (s.len() + len(t.grads) - 1) / len(t.grads)
	for k, g := range t.grads {
		lo, hi := min(k*per, s.len()), min((k+1)*per, s.len())
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.loss = 0
			for i := lo; i < hi; i++ {
				us, them, target, base := s.get(i)
				g.sample(t.net, us, them, target, base, false)
			}
		}()
	}
	wg.Wait()
	total := 0.0
	for _, g := range t.grads {
		total += g.loss
	}
	return total / float64(s.len())
}

// EpochResult is one epoch's figures.
type EpochResult struct {
	Epoch               int
	TrainLoss, HeldLoss float64
	Positions           int
	Elapsed             time.Duration
}

// Train fits a net to the files and returns the net of the epoch with the
// lowest held-out loss, with each epoch's figures (epoch 0: the start's
// held-out loss).
func Train(cfg TrainConfig) (*nnue.FloatNet, []EpochResult, error) {
	v, err := filesVariant(cfg.Files)
	if err != nil {
		return nil, nil, err
	}
	if cfg.Variant != nil && cfg.Variant != v {
		return nil, nil, fmt.Errorf("the files hold %s games, not %s (-variant)", v.Name(), cfg.Variant.Name())
	}
	if cfg.Hidden < 1 || cfg.Hidden > nnue.MaxHidden {
		return nil, nil, fmt.Errorf("hidden width %d out of range 1..%d", cfg.Hidden, nnue.MaxHidden)
	}
	// A non-finite rate or weight makes every weight NaN, and such a net
	// would reach the search.
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	switch {
	case !finite(cfg.LR) || cfg.LR <= 0:
		return nil, nil, fmt.Errorf("learning rate %v: want a finite number above 0", cfg.LR)
	case !finite(cfg.Lambda) || cfg.Lambda < 0 || cfg.Lambda > 1:
		return nil, nil, fmt.Errorf("lambda %v: want a number within 0..1", cfg.Lambda)
	case cfg.LRDrop > 0 && (!finite(cfg.LRGamma) || cfg.LRGamma <= 0):
		return nil, nil, fmt.Errorf("gamma %v: want a finite number above 0", cfg.LRGamma)
	}
	if cfg.Residual && cfg.Baseline == nil {
		return nil, nil, errors.New("a residual net needs the base evaluation it corrects")
	}
	cfg.Threads, cfg.Batch, cfg.Buffer = max(cfg.Threads, 1), max(cfg.Batch, 1), max(cfg.Buffer, cfg.Batch)
	net := cfg.Start
	if net == nil {
		net = nnue.NewFloatNet(v, cfg.Hidden, cfg.Seed)
		net.Residual = cfg.Residual
	} else if net.Residual != cfg.Residual {
		return nil, nil, fmt.Errorf("the checkpoint's net is residual: %v, the run's: %v", net.Residual, cfg.Residual)
	} else if net.Variant != v {
		return nil, nil, fmt.Errorf("the checkpoint is a %s net, the data %s", net.Variant.Name(), v.Name())
	} else {
		for _, w := range [][]float32{net.FT, net.FTBias, net.Out, net.OutBias[:]} {
			for _, x := range w {
				if !finite(float64(x)) {
					return nil, nil, fmt.Errorf("the checkpoint holds a weight %v", x)
				}
			}
		}
	}
	t := &trainer{cfg: &cfg, net: net, opt: newAdam(net), rng: rand.New(rand.NewPCG(cfg.Seed, 0x7472))}
	for range cfg.Threads {
		t.grads = append(t.grads, newGradient(net))
	}
	rd := &reader{cfg: &cfg, feat: nnue.NewFeatures(v), variant: v}
	logf := func(format string, a ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format, a...)
		}
	}

	// The held-out positions are read once and kept.
	held := &samples{}
	baseline, baselineN := 0.0, 0
	if cfg.HoldOut > 0 {
		rd.baseline = func(cp int, target float32) {
			d := scoreTarget(cp) - float64(target)
			baseline += d * d
			baselineN++
		}
		if cfg.Baseline == nil {
			rd.baseline = nil
		}
		if err := rd.each(nil, held.add); err != nil {
			return nil, nil, err
		}
		logf("held-out games: %v\n", rd.tally)
		rd.baseline = nil
	}
	if baselineN > 0 {
		logf("held-out loss of the baseline evaluation: %.6f\n", baseline/float64(baselineN))
	}
	kind := ""
	if cfg.Residual {
		kind = " (residual: added to the hand-crafted evaluation)"
	}
	logf("train: %s, %d inputs -> %d x 2 -> 1%s, %d held-out positions, %d threads\n", v.Name(), net.Inputs, net.Hidden, kind, held.len(), cfg.Threads)
	// Epoch 0: the start's held-out loss, the mark training must beat.
	results := []EpochResult{{HeldLoss: t.loss(held), TrainLoss: math.NaN()}}
	logf("epoch 0: held-out loss %.6f\n", results[0].HeldLoss)
	buf := &samples{}
	lr := cfg.LR
	best, bestNet := 0, net
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		start := time.Now()
		if cfg.LRDrop > 0 && epoch > 1 && (epoch-1)%cfg.LRDrop == 0 {
			lr *= cfg.LRGamma
		}
		trainLoss, seen := 0.0, 0
		flush := func() {
			idx := t.rng.Perm(buf.len())
			for lo := 0; lo < len(idx); lo += cfg.Batch {
				trainLoss += t.batch(buf, idx[lo:min(lo+cfg.Batch, len(idx))], lr)
			}
			seen += buf.len()
			buf.reset()
		}
		taken := 0
		err := rd.each(func(us, them []int, target, base float32) {
			if cfg.Limit > 0 && taken >= cfg.Limit {
				return
			}
			taken++
			buf.add(us, them, target, base)
			if buf.len() >= cfg.Buffer {
				flush()
			}
		}, nil)
		if err != nil {
			return nil, results, err
		}
		flush()
		if epoch == 1 {
			logf("training files: %v\n", rd.tally)
		}
		if seen == 0 {
			return nil, results, errors.New("no training positions in the files (all held out or filtered)")
		}
		r := EpochResult{Epoch: epoch, TrainLoss: trainLoss / float64(seen), HeldLoss: t.loss(held), Positions: seen, Elapsed: time.Since(start)}
		if !finite(r.TrainLoss) || held.len() > 0 && !finite(r.HeldLoss) {
			return nil, results, fmt.Errorf("training diverged at epoch %d (train loss %v, held-out loss %v): lower -lr", epoch, r.TrainLoss, r.HeldLoss)
		}
		results = append(results, r)
		logf("epoch %d/%d: train loss %.6f, held-out loss %.6f, %d positions, %.0f positions/s, lr %.2g\n",
			epoch, cfg.Epochs, r.TrainLoss, r.HeldLoss, seen, float64(seen)/r.Elapsed.Seconds(), lr)
		if cfg.Out != "" {
			if err := writeCheckpoint(net, fmt.Sprintf("%s-e%d", cfg.Out, epoch)); err != nil {
				return nil, results, err
			}
		}
		if held.len() > 0 && r.HeldLoss < results[best].HeldLoss || best == 0 {
			best, bestNet = epoch, net.Clone()
		}
	}
	// The net of the epoch with the lowest held-out loss (the last one
	// when nothing is held out): later epochs only learn their own data.
	if held.len() == 0 {
		best, bestNet = cfg.Epochs, net
	}
	logf("best epoch %d: held-out loss %.6f\n", best, results[best].HeldLoss)
	if cfg.Out != "" {
		if err := writeNetFile(bestNet.Quantize(), cfg.Out+".nnue"); err != nil {
			return nil, results, err
		}
	}
	return bestNet, results, nil
}

func writeCheckpoint(n *nnue.FloatNet, prefix string) error {
	f, err := os.Create(prefix + ".fnet")
	if err != nil {
		return err
	}
	if _, err := n.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return writeNetFile(n.Quantize(), prefix+".nnue")
}

func writeNetFile(n *nnue.Net, path string) error {
	b, _ := n.MarshalBinary()
	return os.WriteFile(path, b, 0o644)
}
