// Package tune fits the evaluation's weights to game results by the Texel
// method: the static score s of each quiet position predicts the game's
// result as sigmoid(K*s/400) = 1/(1+10^(-K*s/400)), and the weights are
// moved, one step at a time, as long as the mean squared error between
// predictions and results falls.
package tune

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"strings"
	"sync"

	"senapati/board"
	"senapati/eval"
)

// predict is the expected score for White of a White-view static score s.
func predict(k float64, s int) float64 { return 1 / (1 + math.Pow(10, -k*float64(s)/400)) }

// fitError is the mean squared error of the predictions over samples,
// computed by threads goroutines.
func fitError(samples []sample, k float64, threads int) float64 {
	if len(samples) == 0 {
		return 0
	}
	sums := make([]float64, threads)
	var wg sync.WaitGroup
	chunk := (len(samples) + threads - 1) / threads
	for t := 0; t < threads; t++ {
		lo, hi := t*chunk, min((t+1)*chunk, len(samples))
		if lo >= hi {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sum float64
			for i := lo; i < hi; i++ {
				d := samples[i].result - predict(k, whiteScore(&samples[i].pos))
				sum += d * d
			}
			sums[t] = sum
		}()
	}
	wg.Wait()
	var sum float64
	for _, s := range sums {
		sum += s
	}
	return sum / float64(len(samples))
}

func whiteScore(p *board.Position) int {
	if p.SideToMove() == board.Black {
		return -eval.Evaluate(p)
	}
	return eval.Evaluate(p)
}

// fitK finds the K that minimises the error with the weights as they are
// (a golden-section search over 0.05..5: the error is unimodal in K).
func fitK(samples []sample, threads int) float64 {
	lo, hi := 0.05, 5.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	ea, eb := fitError(samples, a, threads), fitError(samples, b, threads)
	for hi-lo > 1e-4 {
		if ea < eb {
			hi, b, eb = b, a, ea
			a = hi - g*(hi-lo)
			ea = fitError(samples, a, threads)
		} else {
			lo, a, ea = a, b, eb
			b = lo + g*(hi-lo)
			eb = fitError(samples, b, threads)
		}
	}
	return (lo + hi) / 2
}

// options of one tuning run.
type options struct {
	k       float64 // fixed K; 0: fit it first
	passes  int
	step    int // first step; halved when a pass finds nothing, down to 1
	threads int
	tune    *regexp.Regexp // names of the parameters to move
	fix     *regexp.Regexp // names kept as they are (nil: none)
	log     io.Writer
}

// result of a tuning run.
type result struct {
	k             float64
	before, after float64
	params        []eval.Param // the weights before, in Params order
	values        []int        // after
}

// optimize runs the local search on v's weights: for each parameter in
// turn, one step up, else one step down, kept when the error falls. It
// leaves the best weights set in the evaluation.
func optimize(v *board.Variant, samples []sample, o options) (result, error) {
	ps := eval.Params(v)
	values := make([]int, len(ps))
	for i, p := range ps {
		values[i] = p.Value
	}
	r := result{params: ps, k: o.k}
	if r.k == 0 {
		r.k = fitK(samples, o.threads)
	}
	best := fitError(samples, r.k, o.threads)
	r.before = best
	fmt.Fprintf(o.log, "K %.4f, error %.6f over %d positions, %d parameters\n", r.k, best, len(samples), len(ps))
	step := max(o.step, 1)
	for pass := 1; pass <= o.passes; pass++ {
		changed := 0
		for i, p := range ps {
			if !o.tune.MatchString(p.Name) || o.fix != nil && o.fix.MatchString(p.Name) {
				continue
			}
			for _, d := range [2]int{step, -step} {
				values[i] += d
				if err := eval.SetParams(v, values); err != nil {
					return r, err
				}
				if e := fitError(samples, r.k, o.threads); e < best {
					best = e
					changed++
					break
				}
				values[i] -= d
			}
		}
		if err := eval.SetParams(v, values); err != nil {
			return r, err
		}
		fmt.Fprintf(o.log, "pass %d, step %d: error %.6f, %d changed\n", pass, step, best, changed)
		if changed == 0 {
			if step == 1 {
				break
			}
			step /= 2
		}
	}
	r.after, r.values = best, values
	return r, nil
}

// Main is `senapati tune`: it reads games, fits one variant's weights and
// prints (or writes) them.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "chess", "chess, chaturanga or durg")
	skip := fs.Int("skip", 8, "plies at the start of each game left out (the opening)")
	every := fs.Int("every", 1, "keep every Nth quiet position")
	bound := fs.Int("bound", 1000, "leave out positions whose static score is beyond this (centipawns)")
	passes := fs.Int("passes", 20, "passes over all parameters at most")
	step := fs.Int("step", 4, "first step size (halved down to 1 when a pass finds nothing)")
	k := fs.Float64("k", 0, "the sigmoid's scale K (0: fit it to the data first)")
	threads := fs.Int("threads", 1, "goroutines computing the error")
	only := fs.String("params", ".", "regular expression: the parameters to tune (see -list)")
	fixed := fs.String("fix", `^Material\[Pawn\]\.mg$`, "regular expression: parameters kept (the pawn anchors the scale); empty: none")
	list := fs.Bool("list", false, "print the variant's parameters and exit")
	validate := fs.Int("validate", 0, "hold out every Nth game and report the error on those positions too (0: none)")
	psq := fs.Bool("psq", false, "fit the piece-square tables (PieceSquare) by gradient descent instead of the other weights")
	epochs := fs.Int("epochs", 400, "-psq: gradient steps over all positions")
	rate := fs.Float64("rate", 0.5, "-psq: Adam step size in centipawns")
	penalty := fs.Float64("penalty", 1e-8, "-psq: L2 penalty on each entry's change, per centipawn squared")
	epdOut := fs.String("epdout", "", "write the kept positions with their labels to this file (FEN [score]) before fitting; with -passes 0, only that")
	write := fs.String("write", "", "write the tuned weights as Go source to this file (eval/weights.go)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: senapati tune -variant V [flags] GAMES.pgn|POSITIONS.epd...")
		fmt.Fprintln(stderr, "Fits the evaluation's weights to the results of the games (Texel method).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "tune: "+format+"\n", a...)
		return 2
	}
	v, err := board.VariantByName(*variant)
	if err != nil {
		return fail("%v", err)
	}
	if *list {
		for _, p := range eval.Params(v) {
			fmt.Fprintf(stdout, "%s %d\n", p.Name, p.Value)
		}
		return 0
	}
	re, err := regexp.Compile(*only)
	var fix *regexp.Regexp
	if err == nil && *fixed != "" {
		fix, err = regexp.Compile(*fixed)
	}
	switch {
	case err != nil:
		return fail("-params or -fix: %v", err)
	case fs.NArg() == 0:
		fs.Usage()
		return 2
	case *every < 1 || *passes < 0 || *step < 1 || *threads < 1 || *k < 0 || *skip < 0 || *bound < 1 || *validate < 0:
		return fail("-every, -step, -threads and -bound need at least 1; -passes, -k and -skip at least 0")
	case *epochs < 1 || !(*rate > 0) || !(*penalty >= 0):
		return fail("-epochs needs at least 1, -rate more than 0, -penalty at least 0")
	}
	var samples []sample
	var st loadStats
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			return fail("%v", err)
		}
		load := func(r io.Reader) ([]sample, error) { return loadGames(v, r, *skip, *every, *bound, &st) }
		if strings.HasSuffix(name, ".epd") {
			load = func(r io.Reader) ([]sample, error) { return loadPositions(v, r, *every, *bound, &st) }
		}
		s, err := load(f)
		f.Close()
		if err != nil {
			return fail("%s: %v", name, err)
		}
		samples = append(samples, s...)
	}
	fmt.Fprintf(stdout, "%d games (%d skipped), %d positions, %d quiet, %d kept\n",
		st.games, st.skippedGames, st.positions, st.quiet, len(samples))
	if *epdOut != "" {
		if code := createFile(*epdOut, stdout, fail, func(w io.Writer) error { return writePositions(w, samples) }); code != 0 || *passes == 0 && !*psq {
			return code
		}
	}
	var held []sample
	if *validate > 0 {
		train := samples[:0:0]
		for _, s := range samples {
			if s.game%*validate == 0 {
				held = append(held, s)
			} else {
				train = append(train, s)
			}
		}
		samples = train
		fmt.Fprintf(stdout, "%d positions held out (every %dth game), %d to fit\n", len(held), *validate, len(samples))
	}
	if len(samples) == 0 {
		return fail("no positions to fit")
	}
	var heldBefore float64
	if len(held) > 0 || *psq {
		if *k == 0 { // fit K once, on the positions fitted
			*k = fitK(samples, *threads)
		}
		heldBefore = fitError(held, *k, *threads)
	}
	if *psq {
		before, after, changed, err := fitPieceSquares(v, samples, psqOptions{k: *k, epochs: *epochs, rate: *rate, penalty: *penalty, log: stdout})
		if err != nil {
			return fail("%v", err)
		}
		fmt.Fprintf(stdout, "error before %.6f, after %.6f (K %.4f), %d piece-square values changed\n", before, after, *k, changed)
		if len(held) > 0 {
			fmt.Fprintf(stdout, "held-out error before %.6f, after %.6f\n", heldBefore, fitError(held, *k, *threads))
		}
		return writeWeights(*write, stdout, fail)
	}
	r, err := optimize(v, samples, options{k: *k, passes: *passes, step: *step, threads: *threads, tune: re, fix: fix, log: stdout})
	if err != nil {
		return fail("%v", err)
	}
	fmt.Fprintf(stdout, "error before %.6f, after %.6f (K %.4f)\n", r.before, r.after, r.k)
	if len(held) > 0 {
		fmt.Fprintf(stdout, "held-out error before %.6f, after %.6f\n", heldBefore, fitError(held, r.k, *threads))
	}
	for i, p := range r.params {
		if r.values[i] != p.Value {
			fmt.Fprintf(stdout, "  %s: %d -> %d\n", p.Name, p.Value, r.values[i])
		}
	}
	return writeWeights(*write, stdout, fail)
}

// writeWeights writes the evaluation's weights to the file named (none:
// nothing to do).
func writeWeights(name string, stdout io.Writer, fail func(string, ...any) int) int {
	if name == "" {
		return 0
	}
	return createFile(name, stdout, fail, eval.WriteWeights)
}

// createFile creates the file named and fills it with write.
func createFile(name string, stdout io.Writer, fail func(string, ...any) int, write func(io.Writer) error) int {
	f, err := os.Create(name)
	if err != nil {
		return fail("%v", err)
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail("%v", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", name)
	return 0
}
