package tune

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"senapati/board"
	"senapati/uciclient"
)

// labelOptions of one `senapati label` run.
type labelOptions struct {
	engine      []string // -engine settings
	goCmd       string
	limit       time.Duration
	blend       float64 // weight of the label the input had
	scale       float64 // centipawns that make 1/(1+10^-1) of an expected score
	concurrency int
	progress    io.Writer
	every       time.Duration // between progress lines
}

// expectedScore turns an engine's score (side to move's view, mates
// beyond uciclient.MateScore-1000) into White's expected score.
func expectedScore(cp int, white bool, scale float64) float64 {
	var p float64
	switch {
	case cp >= uciclient.MateScore-1000:
		p = 1
	case cp <= -(uciclient.MateScore - 1000):
		p = 0
	default:
		p = 1 / (1 + math.Pow(10, -float64(cp)/scale))
	}
	if !white {
		p = 1 - p
	}
	return p
}

// labelPositions has engines score every position and writes each, in
// input order, with its new label: blend*old + (1-blend)*engine. What is
// written before an error or an interrupt stays valid.
func labelPositions(ctx context.Context, v *board.Variant, in []sample, w io.Writer, o labelOptions) (int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	labels := make([]float64, len(in))
	done := make([]chan struct{}, len(in))
	for i := range done {
		done[i] = make(chan struct{})
	}
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range in {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var mu sync.Mutex
	var firstErr error
	finished := false // all written: engines still starting are not failures
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil && !finished {
			firstErr = err
		}
		mu.Unlock()
		cancel()
	}
	var wg sync.WaitGroup
	for range o.concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := uciclient.StartAnalyst(ctx, o.engine, v, o.goCmd, o.limit)
			if err != nil {
				fail(err)
				return
			}
			defer a.Close()
			for i := range next {
				cp, err := a.Score(ctx, in[i].pos.FEN())
				if err != nil {
					fail(fmt.Errorf("position %d (%s): %v", i+1, in[i].pos.FEN(), err))
					return
				}
				p := expectedScore(cp, in[i].pos.SideToMove() == board.White, o.scale)
				labels[i] = o.blend*in[i].result + (1-o.blend)*p
				close(done[i])
			}
		}()
	}
	bw := bufio.NewWriter(w)
	written, start, last := 0, time.Now(), time.Now()
	for i := range in {
		select {
		case <-done[i]:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		writePosition(bw, &in[i].pos, strconv.FormatFloat(labels[i], 'f', 4, 64))
		written++
		if time.Since(last) >= o.every || written == len(in) {
			last = time.Now()
			bw.Flush()
			rate := float64(written) / time.Since(start).Seconds()
			fmt.Fprintf(o.progress, "labelled %d of %d positions (%.0f a second, %s to go)\n", written, len(in), rate,
				(time.Duration(float64(len(in)-written)/rate) * time.Second).Round(time.Second))
		}
	}
	mu.Lock()
	finished = written == len(in)
	mu.Unlock()
	cancel()
	wg.Wait()
	if err := bw.Flush(); err != nil && firstErr == nil {
		firstErr = err
	}
	if firstErr == nil && written < len(in) {
		firstErr = context.Cause(ctx)
	}
	return written, firstErr
}

// LabelMain is `senapati label`: a stronger engine's judgement of each
// position becomes its label for `senapati tune`.
func LabelMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("label", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "chess", "chess, chaturanga or durg")
	engine := fs.String("engine", "", "the labelling engine: match -engine's key=value words that describe it (cmd=, dir=, arg=, initstr=, option.NAME=), such as \"cmd=/usr/games/stockfish option.Hash=16\"")
	goCmd := fs.String("go", "go depth 8", "what each position is searched with")
	limit := fs.Duration("limit", time.Minute, "longest the engine may take over one position")
	blend := fs.Float64("blend", 0, "weight of the input's own label (a game result) in the new one, 0 to 1")
	scale := fs.Float64("scale", 400, "centipawns of engine score that make a 10:1 expected score, as in tune's sigmoid")
	concurrency := fs.Int("concurrency", 1, "engine processes at once")
	out := fs.String("out", "", "the labelled positions file to write (required)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: senapati label -engine \"cmd=ENGINE ...\" -out OUT.epd [flags] POSITIONS.epd...")
		fmt.Fprintln(stderr, "Labels each position (from tune -epdout) with the engine's score as White's expected score.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "label: "+format+"\n", a...)
		return 2
	}
	v, err := board.VariantByName(*variant)
	switch {
	case err != nil:
		return fail("%v", err)
	case fs.NArg() == 0 || *engine == "" || *out == "":
		fs.Usage()
		return 2
	case !(*blend >= 0 && *blend <= 1) || !(*scale > 0) || *concurrency < 1 || *limit <= 0:
		return fail("-blend needs 0 to 1, -scale, -concurrency and -limit more than 0")
	}
	var in []sample
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			return fail("%v", err)
		}
		s, err := readPositions(v, f)
		f.Close()
		if err != nil {
			return fail("%s: %v", name, err)
		}
		in = append(in, s...)
	}
	f, err := os.Create(*out)
	if err != nil {
		return fail("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	n, err := labelPositions(ctx, v, in, f, labelOptions{engine: strings.Fields(*engine), goCmd: *goCmd, limit: *limit,
		blend: *blend, scale: *scale, concurrency: *concurrency, progress: stderr, every: 10 * time.Second})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	fmt.Fprintf(stdout, "wrote %d of %d positions to %s\n", n, len(in), *out)
	if err != nil {
		return fail("%v", err)
	}
	return 0
}
