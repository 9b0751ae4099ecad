package protocol

import (
	"math"
	"strconv"
	"strings"
	"time"

	"senapati/board"
	"senapati/search"
)

// limits are the search limits of a move of side under the time control,
// the depth limit and nps mode.
func (c *CECP) limits(side board.Color) search.Limits {
	tc := c.clock
	l := search.Limits{Depth: c.maxDepth}
	if tc.perMove > 0 {
		l.MoveTime = tc.perMove
	} else {
		// A clock at or below zero still means "play now".
		l.Time[side], l.Time[side^1] = max(tc.mine, time.Millisecond), max(tc.theirs, time.Millisecond)
		l.Inc = [2]time.Duration{tc.increment, tc.increment}
		if tc.movesPerSession > 0 {
			played := max(len(c.game.Moves)-tc.levelPly, 0) / 2
			l.MovesToGo = tc.movesPerSession - played%tc.movesPerSession
		}
	}
	if c.nps > 0 {
		// Thinking time is counted in nodes: the move's budget in seconds
		// times the rate, and no wall clock.
		budget := search.Budget(l, side, 0).Seconds()
		l = search.Limits{Depth: l.Depth, Nodes: uint64(max(1, math.Min(budget*float64(c.nps), 1e15)))}
	}
	return l
}

// level MPS BASE INC: MPS moves in BASE (minutes, or minutes:seconds),
// INC seconds added after each move; MPS 0 is the whole game.
func (c *CECP) level(line string, args []string) {
	bad := func() {
		c.send("Error (level needs MOVES MINUTES[:SECONDS] INCREMENT, e.g. level 40 5 0): %s", truncate(line, 80))
	}
	if len(args) != 3 {
		bad()
		return
	}
	mps, err1 := strconv.Atoi(args[0])
	base, ok := parseBase(args[1])
	inc, err2 := strconv.ParseFloat(args[2], 64)
	if err1 != nil || err2 != nil || !ok || mps < 0 || mps > 10000 || inc < 0 || inc > maxClockSeconds || math.IsNaN(inc) {
		bad()
		return
	}
	c.clock = clock{movesPerSession: mps, base: base, increment: seconds(inc), mine: base, theirs: base, levelPly: len(c.game.Moves)}
}

// maxClockSeconds caps clock values (about 24 days) so durations cannot
// overflow.
const maxClockSeconds = maxClock / 1000

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// parseBase reads BASE: minutes, or minutes:seconds. Characters after it
// are ignored, as the protocol asks (a later version may append the next
// session's control, as in 25+5).
func parseBase(s string) (time.Duration, bool) {
	minutes, rest := leadingNumber(s)
	if minutes == "" {
		return 0, false
	}
	m, err := strconv.ParseFloat(minutes, 64)
	if err != nil || m*60 > maxClockSeconds {
		return 0, false
	}
	d := seconds(m * 60)
	if strings.HasPrefix(rest, ":") {
		secs, _ := leadingNumber(rest[1:])
		sec, err := strconv.ParseFloat(secs, 64)
		if err != nil || sec > maxClockSeconds {
			return 0, false
		}
		d += seconds(sec)
	}
	return d, true
}

// leadingNumber splits s after its leading digits and decimal point.
func leadingNumber(s string) (number, rest string) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	return s[:i], s[i:]
}

// perMove: st N, at most N seconds for each move.
func (c *CECP) perMove(line string, args []string) {
	var secs float64
	var err error
	if len(args) == 1 {
		secs, err = strconv.ParseFloat(args[0], 64)
	}
	if len(args) != 1 || err != nil || !(secs > 0) || secs > maxClockSeconds {
		c.send("Error (st needs a number of seconds above 0): %s", truncate(line, 80))
		return
	}
	c.clock.perMove = seconds(secs)
}

// depth: sd N, search at most N plies.
func (c *CECP) depth(line string, args []string) {
	n, ok := oneInt(args, 1, search.MaxPly-1)
	if !ok {
		c.send("Error (sd needs a number of plies from 1 to %d): %s", search.MaxPly-1, truncate(line, 80))
		return
	}
	c.maxDepth = n
}

// npsCommand: nps N, think N nodes for each second the time control gives.
// nps 0 asks for CPU time instead of the wall clock, which is not measured.
func (c *CECP) npsCommand(line string, args []string) {
	n, ok := oneInt(args, 1, 1<<40)
	if !ok {
		c.send("Error (nps needs a node rate above 0; CPU clock mode is not supported): %s", truncate(line, 80))
		return
	}
	c.nps = n
}

// clockCommand: time N and otim N, the engine's and the opponent's clock
// in centiseconds.
func (c *CECP) clockCommand(cmd, line string, args []string) {
	var cs int64
	var err error
	if len(args) == 1 {
		cs, err = strconv.ParseInt(args[0], 10, 64)
	}
	if len(args) != 1 || err != nil {
		c.send("Error (%s needs centiseconds): %s", cmd, truncate(line, 80))
		return
	}
	d := time.Duration(min(max(cs, -maxClock/10), maxClock/10)) * 10 * time.Millisecond
	if cmd == "time" {
		c.clock.mine = d
	} else {
		c.clock.theirs = d
	}
}

// oneInt reads the one argument as a whole number from lo to hi.
func oneInt(args []string, lo, hi int) (int, bool) {
	if len(args) != 1 {
		return 0, false
	}
	n, err := strconv.Atoi(args[0])
	return n, err == nil && n >= lo && n <= hi
}
