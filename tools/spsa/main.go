// Command spsa tunes the search's constants (search.ParamSpecs) by
// simultaneous perturbation stochastic approximation over games: each
// iteration perturbs every chosen parameter at once by ±c (a random sign
// each), plays game pairs between the plus and the minus engine with
// `senapati match` at a fixed number of nodes (independent of the load),
// and moves every parameter along its sign by the score difference.
//
//	go run ./tools/spsa -engine ./senapati -params RFPMargin,LMRBase \
//	    -iterations 200 -pairs 8 -nodes 10000 -variant chess
//
// Each iteration prints one line with the score and the parameters so
// far; the last line is the SearchParams value to test by SPRT. -start
// resumes from such a value (and -from the iteration it reached).
// docs/tuning.md says how to use it and what was found.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"senapati/search"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "spsa:", err)
		os.Exit(2)
	}
}

func run(args []string, out, errOut io.Writer) error {
	fs := flag.NewFlagSet("spsa", flag.ContinueOnError)
	fs.SetOutput(errOut)
	engine := fs.String("engine", "./senapati", "the senapati binary: it plays and runs the matches")
	names := fs.String("params", "", "comma-separated parameters to tune (default: all of search.ParamSpecs)")
	start := fs.String("start", "", "SearchParams value to start from (default: the defaults)")
	from := fs.Int("from", 0, "the iteration -start was reached at (resuming)")
	iterations := fs.Int("iterations", 100, "iterations to run")
	pairs := fs.Int("pairs", 8, "game pairs (both colours of one opening) an iteration")
	nodes := fs.Int("nodes", 10000, "nodes a move")
	variant := fs.String("variant", "chess", "game")
	concurrency := fs.Int("concurrency", 2, "games at once")
	seed := fs.Uint64("seed", 1, "seed of the perturbations and of the openings")
	r := fs.Float64("r", 0.002, "learning rate at the end: a step of r*c*(wins-losses) per parameter")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	specs, err := chooseSpecs(*names)
	if err != nil {
		return err
	}
	startParams, err := search.ParseParams(*start)
	if err != nil {
		return fmt.Errorf("-start: %v", err)
	}
	if *iterations < 1 || *pairs < 1 || *nodes < 1 || *concurrency < 1 {
		return fmt.Errorf("-iterations, -pairs, -nodes and -concurrency must be at least 1")
	}
	if _, err := os.Stat(*engine); err != nil {
		return fmt.Errorf("-engine: %v", err)
	}
	t := newTuner(specs, startParams, *iterations+*from, *r)
	rng := rand.New(rand.NewPCG(*seed, 0x5e4a))
	play := matchPlayer{engine: *engine, nodes: *nodes, variant: *variant, concurrency: *concurrency, pairs: *pairs}
	for k := *from; k < *from+*iterations; k++ {
		plus, minus, delta := t.perturb(k, rng)
		w, l, d, err := play.play(plus, minus, *seed*1_000_003+uint64(k))
		if err != nil {
			return fmt.Errorf("iteration %d: %v", k+1, err)
		}
		t.update(k, delta, w-l)
		fmt.Fprintf(out, "iteration %d: plus %d - %d - %d minus; %s\n", k+1, w, l, d, t.values())
	}
	fmt.Fprintf(out, "SearchParams value %s\n", t.params())
	return nil
}

func chooseSpecs(names string) ([]search.ParamSpec, error) {
	if names == "" {
		return search.ParamSpecs, nil
	}
	var specs []search.ParamSpec
	for _, n := range strings.Split(names, ",") {
		found := false
		for _, s := range search.ParamSpecs {
			if strings.EqualFold(s.Name, strings.TrimSpace(n)) {
				specs, found = append(specs, s), true
			}
		}
		if !found {
			_, err := search.ParseParams(n + "=0") // its message lists the names
			return nil, fmt.Errorf("-params: %v", err)
		}
	}
	return specs, nil
}

// tuner holds the parameters as real numbers (SPSA moves them by less
// than one step at a time) and the gain schedule.
type tuner struct {
	specs []search.ParamSpec
	theta []float64
	total int     // iterations planned: the schedule reaches its end values there
	r     float64 // the learning rate at the end
}

// The usual SPSA exponents: the perturbation shrinks slowly, the step
// faster; A (a tenth of the run) keeps the first steps small.
const (
	gammaExp = 0.101
	alphaExp = 0.602
)

func newTuner(specs []search.ParamSpec, start search.Params, total int, r float64) *tuner {
	t := &tuner{specs: specs, total: total, r: r}
	for _, s := range specs {
		t.theta = append(t.theta, float64(s.Get(&start)))
	}
	return t
}

// c is parameter i's perturbation at iteration k: its Step at first, half
// of it at the end.
func (t *tuner) c(i, k int) float64 {
	end := float64(t.specs[i].Step) / 2
	c0 := end * math.Pow(float64(t.total), gammaExp)
	return c0 / math.Pow(float64(k+1), gammaExp)
}

// a is the gain at iteration k, r*c_end² at the end.
func (t *tuner) a(i, k int) float64 {
	end := float64(t.specs[i].Step) / 2
	A := 0.1 * float64(t.total)
	a0 := t.r * end * end * math.Pow(A+float64(t.total), alphaExp)
	return a0 / math.Pow(A+float64(k+1), alphaExp)
}

// perturb draws a sign for each parameter and gives the two engines'
// SearchParams values.
func (t *tuner) perturb(k int, rng *rand.Rand) (plus, minus string, delta []float64) {
	p, m := t.current(), t.current()
	delta = make([]float64, len(t.specs))
	for i, s := range t.specs {
		delta[i] = float64(2*rng.IntN(2) - 1)
		ck := t.c(i, k)
		*s.Field(&p) = clamp(s, math.Round(t.theta[i]+ck*delta[i]))
		*s.Field(&m) = clamp(s, math.Round(t.theta[i]-ck*delta[i]))
	}
	return p.String(), m.String(), delta
}

// update moves each parameter along its sign by the plus engine's net
// score (wins minus losses).
func (t *tuner) update(k int, delta []float64, net int) {
	for i, s := range t.specs {
		ck := t.c(i, k)
		t.theta[i] += t.a(i, k) / (ck * ck) * ck * float64(net) * delta[i]
		t.theta[i] = math.Max(float64(s.Min), math.Min(float64(s.Max), t.theta[i]))
	}
}

// values is every tuned parameter's real value, as the tuner holds it.
func (t *tuner) values() string {
	parts := make([]string, len(t.specs))
	for i, s := range t.specs {
		parts[i] = fmt.Sprintf("%s %.2f", s.Name, t.theta[i])
	}
	return strings.Join(parts, ", ")
}

func (t *tuner) current() search.Params {
	p := search.DefaultParams()
	for i, s := range t.specs {
		*s.Field(&p) = clamp(s, math.Round(t.theta[i]))
	}
	return p
}

// params is the current values as a SearchParams value ("" = defaults).
func (t *tuner) params() string {
	if s := t.current().String(); s != "" {
		return s
	}
	return "<empty>"
}

func clamp(s search.ParamSpec, v float64) int {
	return int(math.Max(float64(s.Min), math.Min(float64(s.Max), v)))
}

// matchPlayer plays an iteration's pairs with `senapati match`.
type matchPlayer struct {
	engine      string
	nodes       int
	variant     string
	concurrency int
	pairs       int
}

var scoreLine = regexp.MustCompile(`(?m)^Score of plus vs minus: (\d+) - (\d+) - (\d+) `)

func (m matchPlayer) play(plus, minus string, seed uint64) (w, l, d int, err error) {
	option := func(v string) string {
		if v == "" {
			v = "<empty>"
		}
		return "option.SearchParams=" + v
	}
	cmd := exec.Command(m.engine, "match",
		"-engine", "cmd="+m.engine, "name=plus", option(plus),
		"-engine", "cmd="+m.engine, "name=minus", option(minus),
		"-each", "nodes="+strconv.Itoa(m.nodes), "-variant", m.variant,
		"-games", "2", "-rounds", strconv.Itoa(m.pairs), "-repeat",
		"-concurrency", strconv.Itoa(m.concurrency),
		"-openings", "random", "plies=8", "bound=150", "-srand", strconv.FormatUint(seed, 10))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return 0, 0, 0, fmt.Errorf("match: %v: %s", err, lastLines(out.String(), 5))
	}
	all := scoreLine.FindAllStringSubmatch(out.String(), -1)
	if len(all) == 0 {
		return 0, 0, 0, fmt.Errorf("match printed no score: %s", lastLines(out.String(), 5))
	}
	last := all[len(all)-1]
	w, _ = strconv.Atoi(last[1])
	l, _ = strconv.Atoi(last[2])
	d, _ = strconv.Atoi(last[3])
	return w, l, d, nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], " | ")
}
