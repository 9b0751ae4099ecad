package web

import (
	"net/http"
	"strings"
	"time"
	"unicode"

	"senapati/board"
)

// Between the two seats of a shared game: offers one seat makes and the
// other answers (a draw, a takeback, a rematch), the claim of a game whose
// opponent has gone, and the players' names for the PGN. Everything here
// is guarded by the game's mu.

// The offers a seat may make.
const (
	offerDraw     = "draw"
	offerTakeback = "takeback"
	offerRematch  = "rematch"
)

// defaultClaimAfter is how long a player's pages must all have been
// closed before the opponent may claim the game (Config.ClaimAfter).
const defaultClaimAfter = 60 * time.Second

// maxName bounds a player's name.
const maxName = 64

// seatTalk is what the two seats of a shared game have said to each other
// and whether they are there.
type seatTalk struct {
	offers   map[string]board.Color // an offer standing, by kind: the side that made it
	declined *declinedView          // the last offer declined, until the next move or offer
	present  [2]int                 // event streams open, by side
	seen     [2]bool                // the side has opened its link
	gone     [2]time.Time           // when the side's last stream closed
	rematch  *rematch               // the game that follows, once agreed
	making   bool                   // the rematch is being made (outside the lock)
}

// rematch is the new game two seats agreed on, colours swapped: the
// tokens each old seat gets for it.
type rematch struct {
	id     string
	tokens [4]string // by old seat
}

type declinedView struct {
	Kind string `json:"kind"`
	By   string `json:"by"` // the side that declined
}

// offerRequest is an offer (Kind alone) or the answer to one.
type offerRequest struct {
	Kind   string `json:"kind"` // draw, takeback or rematch
	Accept bool   `json:"accept"`
}

// readOffer reads an offer or an answer and checks its kind; false: the
// error is written.
func readOffer(w http.ResponseWriter, r *http.Request) (offerRequest, bool) {
	var req offerRequest
	err := readJSON(w, r, &req)
	if err == nil {
		err = checkKind(req.Kind)
	}
	if err != nil {
		writeError(w, err)
		return req, false
	}
	return req, true
}

type claimRequest struct {
	Result string `json:"result"` // "win" or "draw"
}

type nameRequest struct {
	Name string `json:"name"`
}

// seatSide is the side the request's seat plays, or a refusal for a
// spectator and a game that is not shared.
func (g *game) seatSide(r *http.Request) (board.Color, error) {
	if g.shared == nil {
		return 0, errorf(409, "only a shared game has two seats")
	}
	side, ok := g.shared.tokenSeat(r).color()
	if !ok {
		return 0, errorf(403, "a spectator's link watches the game: it cannot change it")
	}
	return side, nil
}

func checkKind(kind string) error {
	switch kind {
	case offerDraw, offerTakeback, offerRematch:
		return nil
	}
	return errorf(400, "kind is draw, takeback or rematch, not %q", limitText(kind, 32))
}

// offer makes a seat's offer; the same offer already made by the other
// seat is taken as its acceptance (two draw offers are a draw).
func (s *Server) offer(w http.ResponseWriter, r *http.Request) {
	req, ok := readOffer(w, r)
	if !ok {
		return
	}
	s.seatChange(w, r, func(g *game, side board.Color) (bool, error) {
		se := &g.shared.seats
		g.checkFlag(time.Now())
		if err := g.canOffer(req.Kind, side); err != nil {
			return false, err
		}
		if by, ok := se.offers[req.Kind]; ok && by != side {
			return g.accept(req.Kind, side)
		}
		if se.offers == nil {
			se.offers = map[string]board.Color{}
		}
		se.offers[req.Kind] = side
		se.declined = nil
		return false, nil
	})
}

// canOffer says why side may not make this offer now (nil: it may).
func (g *game) canOffer(kind string, side board.Color) error {
	over := g.over()
	switch kind {
	case offerDraw:
		if over != "" {
			return errorf(409, "the game is over: %s", over)
		}
	case offerTakeback:
		if over != "" {
			return errorf(409, "the game is over: %s", over)
		}
		if g.takebackPlies(side) == 0 {
			return errorf(409, "%s has no move to take back", sideWord(side))
		}
	case offerRematch:
		if over == "" {
			return errorf(409, "a rematch follows the game's end: the game goes on")
		}
		if g.shared.seats.rematch != nil {
			return errorf(409, "the rematch is agreed already")
		}
	}
	return nil
}

// takebackPlies is how many plies a takeback of side's last move takes
// back: its move and the opponent's answer after it, if any (0: none).
func (g *game) takebackPlies(side board.Color) int {
	n := len(g.plies)
	if g.cur.Position().SideToMove() != side {
		n = min(n, 1)
	} else {
		n = min(n, 2)
		if n < 2 {
			n = 0 // side has not moved
		}
	}
	return n
}

// answer is a seat's answer to the other seat's offer.
func (s *Server) answer(w http.ResponseWriter, r *http.Request) {
	req, ok := readOffer(w, r)
	if !ok {
		return
	}
	s.seatChange(w, r, func(g *game, side board.Color) (bool, error) {
		se := &g.shared.seats
		by, ok := se.offers[req.Kind]
		if !ok || by == side {
			return false, errorf(409, "%s has no %s offer to answer", sideWord(side), req.Kind)
		}
		if !req.Accept {
			delete(se.offers, req.Kind)
			se.declined = &declinedView{Kind: req.Kind, By: side.String()}
			return false, nil
		}
		g.checkFlag(time.Now())
		if err := g.canOffer(req.Kind, by); err != nil {
			delete(se.offers, req.Kind)
			return false, err
		}
		return g.accept(req.Kind, side)
	})
}

// accept carries out an offer the other seat made, side accepting it;
// true when a rematch is to be made (outside the lock, seatChange).
func (g *game) accept(kind string, side board.Color) (bool, error) {
	se := &g.shared.seats
	delete(se.offers, kind)
	now := time.Now()
	switch kind {
	case offerDraw:
		if err := g.declare(board.Draw, "normal", false); err != nil {
			return false, err
		}
		g.declared.reason = "Draw by agreement"
		g.stopClock(now)
	case offerTakeback:
		n := g.takebackPlies(side ^ 1)
		g.stopClock(now)
		if err := g.undo(n); err != nil {
			return false, err
		}
		g.restartClock(now)
	case offerRematch:
		se.making = true
		return true, nil
	}
	return false, nil
}

// restartClock runs the side to move's clock again after a takeback
// (both keep the time they have), unless no move is left to run it.
func (g *game) restartClock(now time.Time) {
	c := g.shared.clock
	if c == nil || len(g.plies) == 0 {
		return
	}
	c.running = false
	g.clockMoved(now, g.cur.Position().SideToMove()^1)
}

// seatChange runs f for the request's seat on its idle shared game,
// clearing the last declined offer's note first; then every page gets
// the state, and a rematch agreed is made.
func (s *Server) seatChange(w http.ResponseWriter, r *http.Request, f func(g *game, side board.Color) (bool, error)) {
	g, err := s.idleGame(r)
	if err != nil {
		writeError(w, err)
		return
	}
	side, err := g.seatSide(r)
	if err != nil {
		g.mu.Unlock()
		writeError(w, err)
		return
	}
	if g.shared.seats.making {
		g.mu.Unlock()
		writeError(w, errorf(409, "the rematch is being made"))
		return
	}
	makeRematch, err := f(g, side)
	if err != nil {
		g.mu.Unlock()
		writeError(w, err)
		return
	}
	g.changed()
	if makeRematch {
		// The registry locks games to choose one to give way: the new
		// game is registered with this one unlocked.
		next := g.rematchGame()
		g.mu.Unlock()
		err = s.games.add(next)
		g.mu.Lock()
		g.shared.seats.making = false
		if err != nil {
			g.mu.Unlock()
			writeError(w, err)
			return
		}
		rm := &rematch{id: next.id}
		rm.tokens[seatWhite], rm.tokens[seatBlack] = next.shared.tokens[seatBlack], next.shared.tokens[seatWhite]
		rm.tokens[seatSpectator] = next.shared.tokens[seatSpectator]
		g.shared.seats.rematch = rm
		g.changed()
	}
	defer g.mu.Unlock()
	st := g.state(len(g.plies))
	g.publishState(st)
	g.annotate(r, &st)
	writeJSON(w, 200, st)
}

// rematchGame is the next game of g's seats: the same start and clock,
// the colours and the names swapped, its invitation taken up already.
// The caller holds g.mu.
func (g *game) rematchGame() *game {
	next := newGame("", g.start)
	sh := &sharing{creator: g.shared.creator, claimAfter: g.shared.claimAfter}
	for s := seatWhite; s <= seatSpectator; s++ {
		sh.tokens[s] = newGameID()
	}
	if c := g.shared.clock; c != nil {
		sh.clock = &serverClock{base: c.base, inc: c.inc, left: [2]time.Duration{c.base, c.base}}
	}
	sh.claimed.Store(true)
	next.shared = sh
	next.tc = g.tc
	for old, now := range map[string]string{"White": "Black", "Black": "White"} {
		if name, ok := g.tags[old]; ok {
			if next.tags == nil {
				next.tags = map[string]string{}
			}
			next.tags[now] = name
		}
	}
	return next
}

// claim ends the game when the opponent's pages have all been closed for
// ClaimAfter: a win (abandoned) or, if the claimer would rather, a draw.
func (s *Server) claim(w http.ResponseWriter, r *http.Request) {
	var req claimRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if req.Result != "win" && req.Result != "draw" {
		writeError(w, errorf(400, `result is "win" or "draw", not %q`, limitText(req.Result, 32)))
		return
	}
	s.seatChange(w, r, func(g *game, side board.Color) (bool, error) {
		now := time.Now()
		g.checkFlag(now)
		if why := g.over(); why != "" {
			return false, errorf(409, "the game is over: %s", why)
		}
		other := side ^ 1
		if !g.shared.seats.seen[other] {
			return false, errorf(409, "%s has not come yet: nothing to claim", sideWord(other))
		}
		away, ok := g.away(other, now)
		if !ok {
			return false, errorf(409, "%s is here: nothing to claim", sideWord(other))
		}
		if wait := g.shared.claimAfter - away; wait > 0 {
			return false, errorf(409, "%s left %d s ago: the game may be claimed after %d s, in %d s", sideWord(other),
				int(away.Seconds()), int(g.shared.claimAfter.Seconds()), int(wait.Seconds()+0.999))
		}
		res := board.Draw
		if req.Result == "win" {
			res = map[board.Color]board.Result{board.White: board.WhiteWins, board.Black: board.BlackWins}[side]
		}
		if err := g.declare(res, "abandoned", false); err != nil {
			return false, err
		}
		if res == board.Draw {
			g.declared.reason = "Draw claimed: " + sideWord(other) + " left the game"
		} else {
			g.declared.reason = sideWord(side) + " wins: " + sideWord(other) + " left the game"
		}
		g.stopClock(now)
		return false, nil
	})
}

// away says how long side's pages have all been closed, and whether
// they are (a side that never opened its link has nothing to be away
// from: its opponent waits for it, or starts another game). The caller
// holds g.mu.
func (g *game) away(side board.Color, now time.Time) (time.Duration, bool) {
	se := &g.shared.seats
	if !se.seen[side] || se.present[side] > 0 {
		return 0, false
	}
	return now.Sub(se.gone[side]), true
}

// setName names the request's seat's player in the PGN.
func (s *Server) setName(w http.ResponseWriter, r *http.Request) {
	var req nameRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	name := strings.TrimSpace(strings.Map(func(c rune) rune {
		if unicode.IsControl(c) || c == '"' || c == '\\' {
			return -1
		}
		return c
	}, req.Name))
	if name == "" || len(name) > maxName {
		writeError(w, errorf(400, "a name is 1 to %d characters (no quotes), not %q", maxName, limitText(req.Name, maxName+8)))
		return
	}
	s.seatChange(w, r, func(g *game, side board.Color) (bool, error) {
		if g.tags == nil {
			g.tags = map[string]string{}
		}
		g.tags[map[board.Color]string{board.White: "White", board.Black: "Black"}[side]] = name
		return false, nil
	})
}

// arrive and leave count a seat's open event streams: the opponent sees
// it come and go, and may claim the game once it has been gone for
// ClaimAfter. The caller holds g.mu.
func (g *game) arrive(st seat) {
	side, ok := st.color()
	if g.shared == nil || !ok {
		return
	}
	se := &g.shared.seats
	se.seen[side] = true
	if se.present[side]++; se.present[side] == 1 {
		g.version++
		g.publishState(g.state(len(g.plies)))
	}
}

func (g *game) leave(st seat) {
	side, ok := st.color()
	if g.shared == nil || !ok {
		return
	}
	se := &g.shared.seats
	if se.present[side]--; se.present[side] == 0 {
		se.gone[side] = time.Now()
		g.version++
		g.publishState(g.state(len(g.plies)))
	}
}

// moved forgets the offers a move makes void. The caller holds g.mu.
func (g *game) moved() {
	se := &g.shared.seats
	delete(se.offers, offerDraw)
	delete(se.offers, offerTakeback)
	se.declined = nil
}

// seatsView is what the state shows of the seats.
type seatsView struct {
	Offers   map[string]string `json:"offers,omitempty"`   // kind -> the side that offers
	Declined *declinedView     `json:"declined,omitempty"` // the last offer declined
	// Away: the sides whose pages have all been closed, for so many ms.
	Away       map[string]int64 `json:"away,omitempty"`
	ClaimAfter int64            `json:"claimAfter"` // ms away before the game may be claimed
	Rematch    string           `json:"rematch,omitempty"`
}

// seatsState is the seats' part of a shared game's state. The caller
// holds g.mu.
func (g *game) seatsState(v *sharedView) {
	se := &g.shared.seats
	now := time.Now()
	over := g.over() != ""
	for kind, side := range se.offers {
		if (kind == offerRematch) != over {
			continue // void: the game ended, or a rematch offer of a game taken back
		}
		if v.Offers == nil {
			v.Offers = map[string]string{}
		}
		v.Offers[kind] = side.String()
	}
	v.Declined = se.declined
	for _, side := range []board.Color{board.White, board.Black} {
		if d, ok := g.away(side, now); ok {
			if v.Away == nil {
				v.Away = map[string]int64{}
			}
			v.Away[side.String()] = d.Milliseconds()
		}
	}
	v.ClaimAfter = g.shared.claimAfter.Milliseconds()
	if se.rematch != nil {
		v.Rematch = se.rematch.id
	}
}
