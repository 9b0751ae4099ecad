package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// iteration is what an engine's last info line of a search to one depth
// said: the nodes and time (its own count, from go) and the move its
// principal variation starts with.
type iteration struct {
	nodes uint64
	ms    float64
	move  string
}

// toDepth searches fen from a new game once to each depth from 1 to depth
// (some engines report only a search's last iteration, so one search to
// the deepest would not show the others) and returns each search's last
// report (index: depth).
func (e *engine) toDepth(fen string, depth int) ([]iteration, error) {
	its := make([]iteration, depth+1)
	for d := 1; d <= depth; d++ {
		e.Send("ucinewgame")
		e.Send("position fen " + fen)
		e.Send("isready")
		if _, err := e.Await("readyok", 30*time.Second, nil); err != nil {
			return nil, err
		}
		e.Send("go depth " + strconv.Itoa(d))
		if _, err := e.Await("bestmove", 30*time.Minute, func(l string) {
			if it, ok := parseInfo(l); ok {
				its[d] = it
			}
		}); err != nil {
			return nil, err
		}
		if its[d].nodes == 0 {
			return nil, fmt.Errorf("depth %d: no info line with nodes and a pv", d)
		}
	}
	return its, nil
}

// parseInfo reads an info line's nodes, time and first pv move; ok when
// it has nodes and a pv.
func parseInfo(l string) (it iteration, ok bool) {
	f := strings.Fields(l)
	if len(f) == 0 || f[0] != "info" {
		return it, false
	}
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "nodes":
			it.nodes, _ = strconv.ParseUint(f[i+1], 10, 64)
		case "time":
			it.ms, _ = strconv.ParseFloat(f[i+1], 64)
		case "pv":
			it.move = f[i+1]
		}
	}
	return it, it.nodes > 0 && it.move != ""
}

// compareDepths searches every position to depth with each engine and
// prints, by depth, the nodes each needed over all positions (and their
// time, from the engines' own clocks: meaningful only on a quiet
// machine), the effective branching factor (the geometric mean over the
// positions of nodes(d)/nodes(d-1)) and how often the engines' preferred
// moves at that depth agree with the first engine's.
func compareDepths(names []string, es []*engine, fens []string, depth int) {
	type sums struct {
		nodes     []uint64
		ms        []float64
		logGrowth []float64
		grown     []int
		same      []int
	}
	all := make([]sums, len(es))
	for i := range all {
		all[i] = sums{make([]uint64, depth+1), make([]float64, depth+1), make([]float64, depth+1), make([]int, depth+1), make([]int, depth+1)}
	}
	for n, fen := range fens {
		var first []iteration
		for i, e := range es {
			its, err := e.toDepth(fen, depth)
			if err != nil {
				fail("%s: %v", names[i], err)
			}
			if i == 0 {
				first = its
			}
			fmt.Printf("%-40.40s %3d  depth %d: nodes %10d  %7.0f ms  pv %s\n", names[i], n+1, depth, its[depth].nodes, its[depth].ms, its[depth].move)
			for d := 1; d <= depth; d++ {
				s := &all[i]
				s.nodes[d] += its[d].nodes
				s.ms[d] += its[d].ms
				if d > 1 && its[d].nodes > 0 && its[d-1].nodes > 0 {
					s.logGrowth[d] += math.Log(float64(its[d].nodes) / float64(its[d-1].nodes))
					s.grown[d]++
				}
				if its[d].move != "" && its[d].move == first[d].move {
					s.same[d]++
				}
			}
		}
	}
	fmt.Printf("\n%d positions; per depth and engine: nodes, time (the engine's own), effective branching factor, preferred move as the first engine's\n", len(fens))
	for d := 1; d <= depth; d++ {
		fmt.Printf("depth %2d", d)
		for i := range es {
			s := &all[i]
			ebf := math.NaN()
			if s.grown[d] > 0 {
				ebf = math.Exp(s.logGrowth[d] / float64(s.grown[d]))
			}
			fmt.Printf("  | %10d %8.0f ms  ebf %5.2f  same %2d/%d", s.nodes[d], s.ms[d], ebf, s.same[d], len(fens))
		}
		fmt.Println()
	}
}
