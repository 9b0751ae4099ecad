package search

import (
	"time"

	"senapati/board"
)

// Limits is what a `go` command asks for.
type Limits struct {
	Depth       int
	Nodes       uint64
	Mate        int // find a mate in this many moves
	MoveTime    time.Duration
	Time, Inc   [2]time.Duration // by colour, White first
	MovesToGo   int
	Infinite    bool
	Ponder      bool
	SearchMoves []board.Move // restrict the root to these moves
}

func (l *Limits) hasClock(side int) bool { return l.Time[side] > 0 }

// suddenDeathMoves is the horizon a clock without movestogo is shared
// over. Each move takes a share of what is left, so the clock never runs
// out; 40 left 3.9 s of 10+0.1 unused at the end of an average game
// against Stockfish 15.1 (which left 0.5 s and spent 37 % more a move).
const suddenDeathMoves = 22

// timeBudget computes the soft target and the hard limit of one move.
// The soft target is checked between iterations and stretched or shrunk
// by how stable the best move is; the hard limit stops the search
// mid-iteration and leaves the move overhead untouched for the GUI.
func timeBudget(l *Limits, side int, overhead time.Duration) (soft, hard time.Duration) {
	if l.MoveTime > 0 { // use it all: no soft target, but never more than the clock allows
		hard = max(l.MoveTime-overhead, time.Millisecond)
		if l.hasClock(side) {
			_, clockHard := timeBudget(&Limits{Time: l.Time, Inc: l.Inc, MovesToGo: l.MovesToGo}, side, overhead)
			hard = min(hard, clockHard)
		}
		return 0, hard
	}
	if !l.hasClock(side) {
		return 0, 0
	}
	left, inc := l.Time[side], l.Inc[side]
	mtg := l.MovesToGo
	if mtg > 40 {
		mtg = 40
	}
	if mtg <= 0 {
		mtg = suddenDeathMoves
	}
	usable := max(left-overhead-min(left/20, 50*time.Millisecond), time.Millisecond)
	soft = left/time.Duration(mtg+2) + inc*3/4
	hard = min(usable*2/5, soft*5)
	if l.MovesToGo == 1 {
		hard = usable * 4 / 5
	}
	hard = max(min(hard, usable), time.Millisecond)
	soft = min(soft, hard)
	return soft, hard
}

// moveTime is timeBudget for a full-strength or a weakened search. A
// weakened engine needs no time extensions: on a clock it stops at the
// soft target at the latest, well inside the clock.
func moveTime(l *Limits, side int, overhead time.Duration, weakened bool) (soft, hard time.Duration) {
	soft, hard = timeBudget(l, side, overhead)
	if weakened && soft > 0 {
		hard = soft
	}
	return soft, hard
}
