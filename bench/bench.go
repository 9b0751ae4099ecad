// Package bench searches a fixed set of positions to a fixed depth: a
// speed measurement and, with one thread, a signature of the search (the
// total node count changes exactly when the search or evaluation does).
package bench

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"senapati/board"
	"senapati/search"
)

// Config selects what Run searches. Zero values take the defaults: the
// variant's default depth, one thread, 16 MB of hash, every variant, the
// built-in nets.
type Config struct {
	Depth, Threads, HashMB int
	Variants               []*board.Variant
	EvalFile               string // a network file in place of its game's built-in one
}

const (
	MaxDepth   = search.MaxPly - 1
	MaxThreads = search.MaxThreads
	MaxHashMB  = search.MaxHashMB
)

// DefaultDepth is the depth a bench of v searches to when Config.Depth is 0:
// chess 10, chaturanga 11, durg 9. Chaturanga's narrow tree takes a ply more
// and durg's wide one a ply less to weigh about as much as chess
// (docs/testing.md has the time the whole bench takes).
func DefaultDepth(v *board.Variant) int {
	switch v {
	case board.Chaturanga():
		return 11
	case board.DurgGame():
		return 9
	}
	return 10
}

// Usage is the bench command's arguments.
const Usage = "bench [depth] [threads] [hash] [variant|all] [evalfile]"

// ParseArgs reads the bench command's optional arguments, in this order:
// depth, threads, hash megabytes, variant name or "all", a network file
// (as the EvalFile option). A depth of 0 means each variant's default
// depth.
func ParseArgs(args []string) (Config, error) {
	d := search.DefaultSettings()
	cfg := Config{Threads: d.Threads, HashMB: d.HashMB}
	if len(args) > 5 {
		return cfg, fmt.Errorf("too many arguments: want %s", strings.TrimPrefix(Usage, "bench "))
	}
	num := func(i int, name string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(args[i])
		if err != nil {
			return 0, fmt.Errorf("%s %q is not a whole number", name, args[i])
		}
		if n < lo || n > hi {
			return 0, fmt.Errorf("%s %d is out of range %d..%d", name, n, lo, hi)
		}
		return n, nil
	}
	var err error
	if len(args) > 0 {
		if cfg.Depth, err = num(0, "depth", 0, MaxDepth); err != nil {
			return cfg, err
		}
	}
	if len(args) > 1 {
		if cfg.Threads, err = num(1, "threads", 1, MaxThreads); err != nil {
			return cfg, err
		}
	}
	if len(args) > 2 {
		if cfg.HashMB, err = num(2, "hash", 1, MaxHashMB); err != nil {
			return cfg, err
		}
	}
	if len(args) > 3 && args[3] != "all" {
		v, err := board.VariantByName(args[3])
		if err != nil {
			return cfg, fmt.Errorf("variant %q: want %s or all", args[3], strings.Join(board.VariantNames(), ", "))
		}
		cfg.Variants = []*board.Variant{v}
	}
	if len(args) > 4 {
		cfg.EvalFile = args[4]
	}
	return cfg, nil
}

// Run searches every bench position of the configured variants, each after
// Engine.NewGameInPlace so that no result depends on the ones before it
// (the table emptied by epoch: a new mapping's page faults were a third of
// the bench's time, not the search's), and writes
// one line per position, one subtotal per variant and, last, exactly the two
// lines "Nodes searched: N" and "Nodes/second: M". elapsed is the time spent
// searching. With one thread the node count is the same on every run.
func Run(w io.Writer, cfg Config, newEngine search.Factory) (nodes uint64, elapsed time.Duration, err error) {
	if d := search.DefaultSettings(); cfg.Threads == 0 {
		cfg.Threads = d.Threads
	}
	if d := search.DefaultSettings(); cfg.HashMB == 0 {
		cfg.HashMB = d.HashMB
	}
	if len(cfg.Variants) == 0 {
		cfg.Variants = board.Variants()
	}
	switch {
	case cfg.Depth < 0 || cfg.Depth > MaxDepth:
		return 0, 0, fmt.Errorf("bench: depth %d is out of range 0..%d", cfg.Depth, MaxDepth)
	case cfg.Threads < 1 || cfg.Threads > MaxThreads:
		return 0, 0, fmt.Errorf("bench: threads %d is out of range 1..%d", cfg.Threads, MaxThreads)
	case cfg.HashMB < 1 || cfg.HashMB > MaxHashMB:
		return 0, 0, fmt.Errorf("bench: hash %d MB is out of range 1..%d", cfg.HashMB, MaxHashMB)
	}
	type job struct {
		v     *board.Variant
		fen   string
		pos   board.Position
		depth int
	}
	var jobs []job
	var depths []string
	for _, v := range cfg.Variants {
		depth := cfg.Depth
		if depth == 0 {
			depth = DefaultDepth(v)
		}
		depths = append(depths, fmt.Sprintf("%s %d", v.Name(), depth))
		for _, fen := range Positions(v) {
			p, err := board.ParseFEN(v, fen)
			if err != nil {
				return 0, 0, fmt.Errorf("bench: %s position %q: %v", v.Name(), fen, err)
			}
			jobs = append(jobs, job{v, fen, p, depth})
		}
	}

	settings := search.DefaultSettings()
	settings.HashMB, settings.Threads, settings.EvalFile = cfg.HashMB, cfg.Threads, cfg.EvalFile
	e, err := newEngine(settings)
	if err != nil {
		return 0, 0, fmt.Errorf("bench: %w", err)
	}
	evalFile := ""
	if cfg.EvalFile != "" {
		evalFile = ", evalfile " + cfg.EvalFile
	}
	fmt.Fprintf(w, "bench: %d positions, threads %d, hash %d MB, depth %s%s\n",
		len(jobs), cfg.Threads, e.Settings().HashMB, strings.Join(depths, ", "), evalFile)

	var vNodes uint64
	var vTime time.Duration
	vCount := 0
	for i, j := range jobs {
		e.NewGameInPlace()
		start := time.Now()
		res := e.Search(context.Background(), j.pos, nil, search.Limits{Depth: j.depth}, nil)
		took := time.Since(start)
		best := "(none)"
		if res.Best != board.NoMove {
			best = j.pos.MoveString(res.Best)
		}
		fmt.Fprintf(w, "%2d/%d %-10s %s  nodes %d bestmove %s\n", i+1, len(jobs), j.v.Name(), j.fen, res.Nodes, best)
		nodes += res.Nodes
		elapsed += took
		vNodes += res.Nodes
		vTime += took
		vCount++
		if i+1 == len(jobs) || jobs[i+1].v != j.v {
			fmt.Fprintf(w, "%s: %d positions at depth %d, nodes %d, time %d ms, nodes/second %d\n",
				j.v.Name(), vCount, j.depth, vNodes, vTime.Milliseconds(), nps(vNodes, vTime))
			vNodes, vTime, vCount = 0, 0, 0
		}
	}
	fmt.Fprintf(w, "Total time (ms): %d\n", elapsed.Milliseconds())
	fmt.Fprintf(w, "Nodes searched: %d\n", nodes)
	fmt.Fprintf(w, "Nodes/second: %d\n", nps(nodes, elapsed))
	return nodes, elapsed, nil
}

func nps(nodes uint64, d time.Duration) uint64 {
	return uint64(float64(nodes) / max(d.Seconds(), 1e-9))
}
