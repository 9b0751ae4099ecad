package cecpclient

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"senapati/board"
	"senapati/uciclient"
)

// Limits are the engine's time control in a game: a clock (Base per
// Moves moves, or the game when Moves is 0, plus Inc), a fixed time per
// move (whole seconds: st), a depth (sd), nodes (nps, which needs feature
// nps=1), and whether it ponders (hard) or not (easy).
type Limits struct {
	Moves          int
	Base, Inc      time.Duration
	MoveTime       time.Duration
	Depth, Nodes   int
	Ponder         bool
	StartFEN       string // the game's start position
	StartIsDefault bool   // StartFEN is the variant's own start: no setboard
}

// noClockSeconds is the st of an engine limited only by depth: a day a
// move, as cutechess gives an engine with no time control.
const noClockSeconds = 86400

// NewGame sets up a game: new, variant, force, the position (setboard, or
// edit for an engine without setboard), the time control, post, hard or
// easy, then ping, whose pong says the engine is ready.
func (e *Engine) NewGame(ctx context.Context, l *Limits, timeout time.Duration) error {
	pos, err := board.ParseFEN(e.variant, l.StartFEN)
	if err != nil {
		return fmt.Errorf("start position: %v", err)
	}
	e.pos, e.sent, e.forced = pos, 0, true
	lines := []string{"new"}
	if e.xbName != "normal" {
		lines = append(lines, "variant "+e.xbName)
	}
	lines = append(lines, "force")
	if !l.StartIsDefault {
		if !e.Features.Setboard && pos.SideToMove() == board.Black {
			return fmt.Errorf("%s has no setboard, and edit cannot set up a position with Black to move", e.Label())
		}
		if e.Features.Setboard {
			lines = append(lines, "setboard "+l.StartFEN)
		} else {
			lines = append(lines, editLines(&e.pos)...)
		}
	}
	switch {
	case l.Base > 0:
		lines = append(lines, fmt.Sprintf("level %d %s %s", l.Moves, levelBase(l.Base), strconv.FormatFloat(l.Inc.Seconds(), 'f', -1, 64)))
	case l.MoveTime > 0:
		lines = append(lines, fmt.Sprintf("st %d", max(int(l.MoveTime/time.Second), 1)))
	case l.Nodes > 0:
		lines = append(lines, "st 1", fmt.Sprintf("nps %d", l.Nodes)) // N nodes count as the move's one second
	default:
		lines = append(lines, fmt.Sprintf("st %d", noClockSeconds))
	}
	if l.Depth > 0 {
		lines = append(lines, fmt.Sprintf("sd %d", l.Depth))
	}
	lines = append(lines, "post")
	if l.Ponder {
		lines = append(lines, "hard")
	} else {
		lines = append(lines, "easy")
	}
	for _, s := range lines {
		if err := e.Send(s); err != nil {
			return err
		}
	}
	return e.sync(ctx, time.Now().Add(timeout))
}

// levelBase is level's BASE: minutes, or minutes:seconds.
func levelBase(d time.Duration) string {
	sec := int(d / time.Second)
	if sec%60 == 0 {
		return strconv.Itoa(sec / 60)
	}
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}

// editLines set up pos in edit mode (White to move): # clears the board,
// then White's pieces, c, Black's pieces, and . ends.
func editLines(pos *board.Position) []string {
	v := pos.Variant()
	lines := []string{"edit", "#"}
	for _, c := range []board.Color{board.White, board.Black} {
		if c == board.Black {
			lines = append(lines, "c")
		}
		for f := range v.Files() {
			for r := range v.Ranks() {
				sq := board.MakeSquare(f, r)
				if pc := pos.PieceAt(sq); pc != board.NoPiece && pc.Color() == c {
					lines = append(lines, fmt.Sprintf("%c%s", v.PieceLetter(board.MakePiece(board.White, pc.Type())), sq))
				}
			}
		}
	}
	return append(lines, ".")
}

// Turn asks for the engine's move.
type Turn struct {
	Moves       []string      // the game's moves so far, from the start position, in the runner's notation
	Time, OTime time.Duration // its and its opponent's clocks for time and otim; negative: none is sent
	Limit       time.Duration // how long after the last line sent its move may take
}

// Answer is what the engine said on its turn: a move (Move, with the
// thinking lines' depth, score, nodes and PV), or a result claim instead.
type Answer struct {
	uciclient.Thought
	// Result is a result the engine wrote ("1-0", "0-1", "1/2-1/2", "*")
	// or "resign"; "" for none. A 1/2-1/2 followed by its move comes with
	// the move (a claim that the move draws).
	Result      string
	Reason      string // the text in braces after the result
	IllegalLine string // its "Illegal move" answer to a move it was sent; "" for none
}

// moveText is m in the engine's notation: SAN with san=1, else the
// coordinate notation, castling in Chess960 as O-O or O-O-O as XBoard
// writes it.
func (e *Engine) moveText(m board.Move) string {
	switch {
	case e.Features.SAN:
		return e.pos.SAN(m)
	case e.pos.Chess960() && m.IsCastle():
		return strings.TrimRight(e.pos.SAN(m), "+#")
	}
	return e.pos.MoveString(m)
}

// parseMove reads the engine's move at the engine's position: coordinate
// notation or SAN.
func (e *Engine) parseMove(s string) (board.Move, bool) {
	if m, err := e.pos.ParseMove(s); err == nil {
		return m, true
	}
	if m, err := e.pos.ParseSAN(s); err == nil {
		return m, true
	}
	return board.NoMove, false
}

// tell sends the moves the engine was not told yet and starts its search:
// in force mode the moves, the clocks and go; else (its search follows
// the opponent's move) the clocks and that move. It returns when the line
// that starts the search was sent.
func (e *Engine) tell(t *Turn) (time.Time, error) {
	unsent := t.Moves[e.sent:]
	if !e.forced && len(unsent) != 1 {
		if err := e.Send("force"); err != nil {
			return time.Time{}, err
		}
		e.forced = true
	}
	moveLine := func(ms string) (string, error) {
		m, err := e.pos.ParseMove(ms)
		if err != nil {
			return "", fmt.Errorf("the game's move %s: %v", ms, err)
		}
		s := e.moveText(m)
		e.pos.DoMove(m)
		e.sent++
		if e.Features.Usermove {
			s = "usermove " + s
		}
		return s, nil
	}
	var lines []string
	if e.forced {
		for _, ms := range unsent {
			l, err := moveLine(ms)
			if err != nil {
				return time.Time{}, err
			}
			lines = append(lines, l)
		}
	}
	if t.Time >= 0 && e.Features.Time {
		lines = append(lines, fmt.Sprintf("time %d", max(t.Time.Milliseconds()/10, 0)), fmt.Sprintf("otim %d", max(t.OTime.Milliseconds()/10, 0)))
	}
	if e.forced {
		lines = append(lines, "go")
	} else {
		l, err := moveLine(unsent[0])
		if err != nil {
			return time.Time{}, err
		}
		lines = append(lines, l)
	}
	e.forced = false
	var start time.Time
	for i, s := range lines {
		if i == len(lines)-1 {
			start = time.Now()
		}
		if err := e.Send(s); err != nil {
			return start, err
		}
	}
	return start, nil
}

// Think tells the engine the moves it was not told and waits for its
// move (or its claim) until t.Limit has passed since its search started.
// A 1/2-1/2 during its turn is a claim that its next move draws, as in
// cutechess: the move that follows comes with it; when none comes in
// time, the claim alone is the answer.
func (e *Engine) Think(ctx context.Context, t *Turn) (Answer, error) {
	var a Answer
	if err := e.Drain(); err != nil { // what it wrote after its last move
		return a, err
	}
	start, err := e.tell(t)
	if err != nil {
		return a, err
	}
	err = e.ReadUntil(ctx, start.Add(t.Limit), func(text string, at time.Time) bool {
		line := strings.TrimSpace(text)
		cmd, rest, _ := strings.Cut(line, " ")
		switch {
		case cmd == "move":
			a.Move = strings.TrimSpace(rest)
			a.Elapsed = max(at.Sub(start), 0)
			if m, ok := e.parseMove(a.Move); ok {
				a.Move = e.pos.MoveString(m) // the runner judges it in its own notation
				e.pos.DoMove(m)
				e.sent++
			}
			return true
		case cmd == "resign":
			a.Result, a.Elapsed = "resign", max(at.Sub(start), 0)
			return true
		case cmd == "1-0" || cmd == "0-1" || cmd == "*" || cmd == "1/2-1/2":
			a.Result, a.Reason, a.Elapsed = cmd, strings.Trim(strings.TrimSpace(rest), "{}"), max(at.Sub(start), 0)
			return cmd != "1/2-1/2" // a draw claim waits for the move that draws
		case line == "offer draw":
			// Ignored, as cutechess ignores it: the game goes on.
		case strings.HasPrefix(cmd, "Illegal"):
			a.IllegalLine = line
			return true
		case cmd != "" && cmd[0] >= '0' && cmd[0] <= '9' && !strings.Contains(cmd, "."):
			a.parseThinking(line)
		}
		return false
	})
	if err != nil && a.Result == "1/2-1/2" && ctx.Err() == nil {
		return a, nil // the draw claim without a move
	}
	return a, err
}

// parseThinking reads a post line: depth score time nodes pv. Scores are
// centipawns from the engine's view; 100000+N (or -100000-N) is a mate in
// N moves, as our CECP mode and newer engines write.
func (a *Answer) parseThinking(line string) {
	f := strings.Fields(line)
	if len(f) < 4 {
		return
	}
	depth, err1 := strconv.Atoi(strings.TrimRight(f[0], "&.+-"))
	score, err2 := strconv.Atoi(f[1])
	nodes, err3 := strconv.ParseInt(f[3], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return
	}
	a.Depth, a.Nodes, a.HasScore, a.CP, a.Mate = depth, nodes, true, score, 0
	if cs, err := strconv.ParseInt(f[2], 10, 64); err == nil {
		a.Reported, a.HasReported = time.Duration(cs)*10*time.Millisecond, true
	}
	if n := abs(score) - 100000; n > -1000 && n < 1000 {
		a.Mate = abs(n)
		a.CP = uciclient.MateScore - a.Mate
		if score < 0 {
			a.Mate, a.CP = -a.Mate, -a.CP
		}
	}
	a.PV = f[4:]
}

// EndGame tells the engine the game is over: force (which ends a ponder
// search) and the result with its reason.
func (e *Engine) EndGame(result, reason string) {
	_ = e.Send("force")
	_ = e.Send(fmt.Sprintf("result %s {%s}", result, reason))
	e.forced = true
}

func abs(n int) int { return max(n, -n) }
