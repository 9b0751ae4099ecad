package suite

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"senapati/board"
	"senapati/search"
)

// Outcome is one position's result.
type Outcome struct {
	Entry  *Entry
	Move   board.Move
	Solved bool
	// When the search settled on a right move for good: the report from
	// which on every move it gave was right (zero Depth: never).
	FoundDepth int
	FoundAt    time.Duration
	FoundNodes uint64 // the nodes searched by then: a measure the machine's load leaves alone
	Nodes      uint64
}

// Summary counts a run.
type Summary struct {
	Solved, Total int
	Failed        []string // ids
	Nodes         uint64
	Time          time.Duration
}

// Run searches each entry with limits after a new game (no entry's
// result depends on the ones before it), writes a line per position and
// the summary, and stops early, with the summary of what it did, when ctx
// ends.
func Run(ctx context.Context, w io.Writer, entries []Entry, e *search.Engine, limits search.Limits) Summary {
	var s Summary
	for i := range entries {
		if ctx.Err() != nil {
			break
		}
		start := time.Now()
		o := Solve(ctx, e, &entries[i], limits)
		took := time.Since(start)
		if ctx.Err() != nil { // cut short: not a fair answer
			break
		}
		s.Total++
		s.Nodes += o.Nodes
		s.Time += took
		verdict := "fail"
		found := ""
		if o.Solved {
			s.Solved++
			verdict = "ok  "
			found = fmt.Sprintf(", found at depth %d, %d nodes, %.2f s", o.FoundDepth, o.FoundNodes, o.FoundAt.Seconds())
		} else {
			s.Failed = append(s.Failed, o.Entry.ID)
		}
		played := "(none)"
		if o.Move != board.NoMove {
			played = o.Entry.Pos.SAN(o.Move)
		}
		fmt.Fprintf(w, "%3d/%d %s %-10s %-8s (%s)%s\n", i+1, len(entries), verdict, o.Entry.ID, played, o.Entry.Expected(), found)
	}
	fmt.Fprintf(w, "solved %d of %d", s.Solved, s.Total)
	if s.Total < len(entries) {
		fmt.Fprintf(w, " (stopped after %d of the suite's %d)", s.Total, len(entries))
	}
	fmt.Fprintf(w, "; nodes %d, time %.1f s\n", s.Nodes, s.Time.Seconds())
	if len(s.Failed) > 0 {
		fmt.Fprintf(w, "failed: %s\n", strings.Join(s.Failed, " "))
	}
	return s
}

// Solve searches one entry.
func Solve(ctx context.Context, e *search.Engine, en *Entry, limits search.Limits) Outcome {
	e.NewGame()
	o := Outcome{Entry: en}
	report := func(info search.Info) {
		if len(info.PV) == 0 || info.MultiPV > 1 {
			return
		}
		if !en.Solved(info.PV[0]) {
			o.FoundDepth, o.FoundAt, o.FoundNodes = 0, 0, 0
		} else if o.FoundDepth == 0 {
			o.FoundDepth, o.FoundAt, o.FoundNodes = info.Depth, info.Time, info.Nodes
		}
	}
	res := e.Search(ctx, en.Pos, nil, limits, report)
	o.Move, o.Nodes = res.Best, res.Nodes
	o.Solved = en.Solved(res.Best)
	if o.Solved && o.FoundDepth == 0 { // right only in the final answer
		o.FoundDepth, o.FoundNodes = res.Depth, res.Nodes
	}
	if !o.Solved {
		o.FoundDepth, o.FoundAt, o.FoundNodes = 0, 0, 0
	}
	return o
}
