package match

import (
	"context"
	"fmt"
	"strings"
	"time"

	"senapati/board"
	"senapati/cecpclient"
	"senapati/uciclient"
)

// player is a running engine as a game uses it, whichever protocol it
// speaks: uciPlayer or cecpPlayer. Its process (alive, killed, retired,
// pinned) is a uciclient.Engine either way.
type player interface {
	proc() *uciclient.Engine
	idName() string
	// newGame readies the engine for a game: UCI's ucinewgame and
	// isready; CECP's new, variant, set-up, time control and ping.
	newGame(ctx context.Context, g *gameStart) error
	// think asks for the engine's move.
	think(ctx context.Context, t *turn) (answer, error)
	// moved is told each move the engine made, with the clocks charged:
	// a UCI engine that ponders starts its ponder search on its guess.
	moved(t *turn, a *answer)
	// endGame tells the engine the game is over (a ponder search ends).
	endGame(ctx context.Context, res *gameResult, stall time.Duration)
}

// gameStart is what an engine is told of a game before its first move.
type gameStart struct {
	variant  *board.Variant
	startFEN string
	tc       TimeControl
	ponder   bool
	stall    time.Duration
}

// turn is one move asked of an engine.
type turn struct {
	variant  *board.Variant
	startFEN string
	played   []string        // the game's moves so far
	pos      *board.Position // the position they lead to
	side     board.Color
	clocks   *[2]clock
	wait     time.Duration // how long after its search starts its move may take
	stall    time.Duration
}

// answer is an engine's move, or (CECP) what it said instead.
type answer struct {
	uciclient.Thought
	result, reason string // a CECP result claim or "resign"; "" for none
	illegalLine    string // a CECP engine's "Illegal move" answer to a legal move
	ponder         string // "hit" or "miss" when the engine pondered on this move; "" if not
}

// startPlayer starts the engine cfg describes with the protocol it speaks.
func startPlayer(ctx context.Context, cfg *EngineConfig, v *board.Variant, timeout time.Duration, log uciclient.Log) (player, error) {
	if cfg.IsXboard() {
		e, err := cecpclient.Start(ctx, &cfg.Config, v, timeout, log)
		if err != nil {
			return nil, err
		}
		if cfg.TC.Nodes > 0 && !e.Features.NPS {
			e.Retire(false, "")
			return nil, fmt.Errorf("%s: nodes= needs an engine that sends feature nps=1 (CECP has no other node limit)", cfg.Cmd)
		}
		return &cecpPlayer{Engine: e}, nil
	}
	e, err := uciclient.Start(ctx, &cfg.Config, v, timeout, log)
	if err != nil {
		return nil, err
	}
	// UCI asks the GUI to set Ponder when it lets the engine ponder, so
	// that the engine may budget its time for it; isready follows with
	// the first ucinewgame.
	if cfg.Ponder && e.Declares("Ponder") {
		if err := e.Send("setoption name Ponder value true"); err != nil {
			e.Retire(false, "")
			return nil, fmt.Errorf("%s: %v", cfg.Cmd, err)
		}
	}
	return &uciPlayer{Engine: e}, nil
}

// reusable reports whether the engine may play another game in the same
// process: a CECP engine that says feature reuse=0 is started afresh, as
// cutechess does with restart=auto.
func reusable(p player) bool {
	c, ok := p.(*cecpPlayer)
	return !ok || c.Features.Reuse
}

// uciPlayer is a UCI engine.
type uciPlayer struct {
	*uciclient.Engine
	ponder   bool   // the game lets it ponder
	guess    string // the move it ponders on, "" when it is not pondering
	ponderAt int    // the index in the game's moves of the move it guessed
}

func (u *uciPlayer) proc() *uciclient.Engine { return u.Engine }
func (u *uciPlayer) idName() string          { return u.IDName }

func (u *uciPlayer) newGame(ctx context.Context, g *gameStart) error {
	u.ponder, u.guess = g.ponder, ""
	return u.NewGame(ctx, g.stall)
}

func (u *uciPlayer) think(ctx context.Context, t *turn) (answer, error) {
	goCmd, _ := goCommand(t.side, t.clocks)
	if u.guess != "" {
		guess := u.guess
		u.guess = ""
		if len(t.played) == u.ponderAt+1 && t.played[u.ponderAt] == guess {
			th, err := u.PonderHit(ctx, t.wait)
			return answer{Thought: th, ponder: "hit"}, err
		}
		if err := u.StopPonder(ctx, t.stall); err != nil {
			return answer{}, err
		}
		th, err := u.Think(ctx, positionCommand(t.variant, t.startFEN, t.played), goCmd, t.wait)
		return answer{Thought: th, ponder: "miss"}, err
	}
	th, err := u.Think(ctx, positionCommand(t.variant, t.startFEN, t.played), goCmd, t.wait)
	return answer{Thought: th}, err
}

// moved starts a ponder search on the engine's guess of the reply, with
// the clocks as they stand: ponder time is not charged, and after
// ponderhit its clock runs from the hit.
func (u *uciPlayer) moved(t *turn, a *answer) {
	if !u.ponder || a.Ponder == "" {
		return
	}
	// The guess in our notation, or no ponder search when it is not a
	// legal reply (the engine would search a position that cannot occur).
	after := *t.pos
	m, err := after.ParseMove(a.Move)
	if err != nil {
		return
	}
	after.DoMove(m)
	g, err := after.ParseMove(a.Ponder)
	if err != nil {
		return
	}
	guess := after.MoveString(g)
	moves := append(append([]string(nil), t.played...), a.Move, guess)
	goCmd, _ := goCommand(t.side, t.clocks)
	if u.Ponder(positionCommand(t.variant, t.startFEN, moves), "go ponder"+strings.TrimPrefix(goCmd, "go")) == nil {
		u.guess, u.ponderAt = guess, len(t.played)+1
	}
}

// endGame ends a ponder search still running; a ponder search that does
// not end is left to the next command's stall (the engine is then
// restarted).
func (u *uciPlayer) endGame(ctx context.Context, _ *gameResult, stall time.Duration) {
	if u.guess != "" && u.Alive() {
		u.guess = ""
		_ = u.StopPonder(ctx, stall)
	}
}

// cecpPlayer is a CECP engine.
type cecpPlayer struct{ *cecpclient.Engine }

func (c *cecpPlayer) proc() *uciclient.Engine { return c.Engine.Engine }
func (c *cecpPlayer) idName() string          { return c.IDName }

func (c *cecpPlayer) newGame(ctx context.Context, g *gameStart) error {
	l := &cecpclient.Limits{Moves: g.tc.Moves, Base: g.tc.Base, Inc: g.tc.Inc, MoveTime: g.tc.MoveTime, Depth: g.tc.Depth, Nodes: g.tc.Nodes,
		Ponder: g.ponder, StartFEN: g.startFEN, StartIsDefault: g.startFEN == g.variant.StartFEN()}
	return c.NewGame(ctx, l, g.stall)
}

func (c *cecpPlayer) think(ctx context.Context, t *turn) (answer, error) {
	ct := &cecpclient.Turn{Moves: t.played, Time: -1, OTime: -1, Limit: t.wait}
	if own, opp := t.clocks[t.side], t.clocks[t.side^1]; own.tc.Base > 0 {
		ct.Time, ct.OTime = own.left, opp.left
		if opp.tc.Base == 0 {
			ct.OTime = own.left
		}
	}
	a, err := c.Think(ctx, ct)
	return answer{Thought: a.Thought, result: a.Result, reason: a.Reason, illegalLine: a.IllegalLine}, err
}

func (c *cecpPlayer) moved(*turn, *answer) {} // a CECP engine ponders by itself after hard

func (c *cecpPlayer) endGame(_ context.Context, res *gameResult, _ time.Duration) {
	if c.Alive() {
		c.EndGame(res.result.String(), res.reason)
	}
}
