package search

import (
	"sync/atomic"
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
	Ponder      *Ponder      // non-nil: think on the opponent's time until Ponder.Hit
	SearchMoves []board.Move // restrict the root to these moves
}

// Ponder is a ponder search's state, made and kept by whoever runs the
// search: the search thinks on the opponent's time, with no clock running,
// until Hit says the opponent played the move it assumes; from then on it
// is a normal timed search. Hit may come at any time, before the search
// has begun too: the search only reads it.
type Ponder struct{ hit atomic.Bool }

// Hit: the move assumed was played (UCI ponderhit, CECP the guessed
// move). Nothing for nil.
func (p *Ponder) Hit() {
	if p != nil {
		p.hit.Store(true)
	}
}

// Pondering: p is a ponder search's state with no hit yet.
func (p *Ponder) Pondering() bool { return p != nil && !p.hit.Load() }

// ponderState is the running search's Ponder, as its threads read it.
type ponderState struct{ p *Ponder }

func (s ponderState) Load() bool { return s.p.Pondering() }

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
