// Command nps compares the search speed of UCI engines on the same
// positions: each position is searched by each engine in turn for the same
// `go movetime`, and nodes per second are the nodes of the engine's last
// info line over the time from go to bestmove. The engines alternate
// position by position (and which one goes first alternates too), so a
// load that comes and goes falls on all of them alike. Run it pinned
// (taskset -c 1) on a quiet machine:
//
//	go build -o senapati . && go run ./tools/nps -engine ./senapati -engine "/tmp/counter -eval counter"
//
// Without -fen the positions are the bench's chess positions. With -depth
// it compares what each engine needs to reach each depth instead
// (depth.go).
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"senapati/bench"
	"senapati/board"
	"senapati/uciclient"
)

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ", ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

func main() {
	var engines listFlag
	flag.Var(&engines, "engine", "engine command line (repeat; at least one)")
	movetime := flag.Duration("movetime", 2*time.Second, "time a search")
	threads := flag.Int("threads", 1, "Threads option")
	hash := flag.Int("hash", 16, "Hash option, MB")
	rounds := flag.Int("rounds", 1, "times through the positions")
	fenFile := flag.String("fen", "", "file of FENs, one a line (default: the bench's chess positions)")
	depth := flag.Int("depth", 0, "instead of a time, search each position to this depth and compare the engines' nodes by depth, branching factors and best moves")
	flag.Parse()
	if len(engines) == 0 {
		fail("give at least one -engine")
	}
	fens := bench.Positions(board.Chess())
	if *fenFile != "" {
		data, err := os.ReadFile(*fenFile)
		if err != nil {
			fail("%v", err)
		}
		fens = nil
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
				if _, err := board.ParseFEN(board.Chess(), l); err != nil {
					fail("%q: %v", l, err)
				}
				fens = append(fens, l)
			}
		}
	}
	es := make([]*engine, len(engines))
	for i, c := range engines {
		e, err := start(c, *threads, *hash)
		if err != nil {
			fail("%s: %v", c, err)
		}
		defer e.Quit()
		es[i] = e
	}
	if *depth > 0 {
		compareDepths(engines, es, fens, *depth)
		return
	}
	nodes := make([]uint64, len(es))
	took := make([]time.Duration, len(es))
	n := 0
	for r := 0; r < *rounds; r++ {
		for _, fen := range fens {
			for k := range es {
				i := (k + n) % len(es)
				nd, d, err := es[i].search(fen, *movetime)
				if err != nil {
					fail("%s: %v", engines[i], err)
				}
				nodes[i] += nd
				took[i] += d
				fmt.Printf("%-40.40s %3d  nodes %10d  %6.0f ms  %8.0f nps\n", engines[i], n+1, nd, ms(d), float64(nd)/d.Seconds())
			}
			n++
		}
	}
	fmt.Println()
	base := float64(nodes[0]) / took[0].Seconds()
	for i := range es {
		v := float64(nodes[i]) / took[i].Seconds()
		fmt.Printf("%-40.40s nodes %12d  time %8.1f s  nps %9.0f  ratio to the first %.2f\n", engines[i], nodes[i], took[i].Seconds(), v, v/base)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "nps: "+format+"\n", a...)
	os.Exit(2)
}

type engine struct{ *uciclient.Pipe }

func start(command string, threads, hash int) (*engine, error) {
	p, err := uciclient.StartPipe(strings.Fields(command)...)
	if err != nil {
		return nil, err
	}
	e := &engine{p}
	e.Send("uci")
	if _, err := e.Await("uciok", 30*time.Second, nil); err != nil {
		return nil, err
	}
	e.Send("setoption name Threads value " + strconv.Itoa(threads))
	e.Send("setoption name Hash value " + strconv.Itoa(hash))
	return e, nil
}

// search runs one go movetime from a new game and returns the nodes of
// its last info line and the time to bestmove.
func (e *engine) search(fen string, movetime time.Duration) (uint64, time.Duration, error) {
	e.Send("ucinewgame")
	e.Send("position fen " + fen)
	e.Send("isready")
	if _, err := e.Await("readyok", 30*time.Second, nil); err != nil {
		return 0, 0, err
	}
	var nodes uint64
	sent := time.Now()
	e.Send("go movetime " + strconv.FormatInt(movetime.Milliseconds(), 10))
	got, err := e.Await("bestmove", 30*time.Second+movetime, func(l string) {
		f := strings.Fields(l)
		for i := 0; i+1 < len(f); i++ {
			if f[0] == "info" && f[i] == "nodes" {
				if n, err := strconv.ParseUint(f[i+1], 10, 64); err == nil {
					nodes = n
				}
			}
		}
	})
	if err != nil {
		return 0, 0, err
	}
	if nodes == 0 {
		return 0, 0, fmt.Errorf("no info line with nodes before bestmove")
	}
	return nodes, got.Sub(sent), nil
}
