package web

import (
	"fmt"
	"net/http"

	"senapati/board"
	"senapati/pgn"
)

// Draw offers to the engine, and results by resignation or agreement.
//
// The engine's rule for a draw offer: it accepts after move 30 (the
// position's fullmove number above 30) when the score of its latest move
// in this game, from its own view, is +0.25 or less (the game level, or
// worse for it, a mate against it included); otherwise it declines and
// says why. Repetition and the move rule need no claim: the rules of all
// three games (RULES.md) make them a draw at once.

const (
	drawAfterMove = 30
	drawMaxScore  = 25 // centipawns, the engine's own view
)

type drawAnswer struct {
	Accepted bool      `json:"accepted"`
	Reason   string    `json:"reason"`
	State    stateView `json:"state"`
}

// offerDraw asks the game's engine to agree a draw (POST .../draw).
func (s *Server) offerDraw(w http.ResponseWriter, r *http.Request) {
	if err := readJSON(w, r, &struct{}{}); err != nil {
		writeError(w, err)
		return
	}
	g, err := s.idleGame(r)
	if err != nil {
		writeError(w, err)
		return
	}
	defer g.mu.Unlock()
	if g.shared != nil {
		writeError(w, errorf(409, "a shared game is between two people: no engine answers a draw offer"))
		return
	}
	if why := g.over(); why != "" {
		writeError(w, errorf(409, "the game is over: %s", why))
		return
	}
	ok, reason := g.engineAcceptsDraw()
	ans := drawAnswer{Accepted: ok, Reason: reason}
	if ok {
		if err := g.declare(board.Draw, "normal", false); err != nil {
			writeError(w, err)
			return
		}
		g.declared.reason = "Draw by agreement"
	}
	ans.State = g.state(len(g.plies))
	if ok {
		g.publishState(ans.State)
	}
	writeJSON(w, 200, ans)
}

// engineAcceptsDraw applies the engine's rule to the active line's end.
func (g *game) engineAcceptsDraw() (bool, string) {
	p := g.cur.Position()
	if move := p.FullmoveNumber(); move <= drawAfterMove {
		return false, fmt.Sprintf("Senapati declines: it agrees a draw only after move %d, and this is move %d", drawAfterMove, move)
	}
	for i := len(g.plies) - 1; i >= 0; i-- {
		pl := g.plies[i]
		if !pl.engine {
			continue
		}
		cp, mate, ok := pgn.CommentEval(pl.comment)
		switch {
		case !ok:
			return false, "Senapati declines: it has no score of its own for this game"
		case mate > 0:
			return false, fmt.Sprintf("Senapati declines: it sees a mate in %d", mate)
		case mate < 0 || cp <= drawMaxScore:
			return true, fmt.Sprintf("Senapati accepts: its score is %s for itself", pawns(cp, mate))
		default:
			return false, fmt.Sprintf("Senapati declines: its score is %s for itself (it agrees at +0.25 or less)", pawns(cp, mate))
		}
	}
	return false, "Senapati declines: it has not played a move in this game"
}

func pawns(cp, mate int) string {
	if mate != 0 {
		return fmt.Sprintf("M%d", mate)
	}
	return fmt.Sprintf("%+.2f", float64(cp)/100)
}
