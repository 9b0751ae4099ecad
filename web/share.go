package web

import (
	"crypto/rand"
	"crypto/subtle"
	"net/http"
	"path"
	"sync/atomic"
	"time"

	"senapati/board"
)

// Two people, two machines: a shared game. It is made shared from birth
// (POST /api/games with "share") and gets three tokens, for White's seat,
// Black's seat and the spectators, each 128 bits from crypto/rand, so a
// link cannot be guessed from another one or from the game's id. A shared
// game answers only to its tokens: a seat moves its own side and may
// resign, a spectator watches, and nobody takes back, sets up, asks the
// engine or analyses (a shared game is between two people). Its clock is
// the server's, so a reload or a lost connection costs neither time nor a
// move.

// seat is who a request speaks for.
type seat int

const (
	seatOwner     seat = iota // a game that is not shared: whoever knows its id
	seatWhite                 // White's invitation
	seatBlack                 // Black's invitation
	seatSpectator             // watches only
)

var seatNames = [...]string{seatOwner: "", seatWhite: "white", seatBlack: "black", seatSpectator: "spectator"}

func (s seat) String() string { return seatNames[s] }

// color is the side a seat plays.
func (s seat) color() (board.Color, bool) {
	switch s {
	case seatWhite:
		return board.White, true
	case seatBlack:
		return board.Black, true
	}
	return 0, false
}

// sharing is what makes a game shared. It is set before the game is
// registered and never changes, so it is read without the game's lock.
type sharing struct {
	tokens [4]string    // by seat (seatOwner's empty)
	clock  *serverClock // nil: no clock; guarded by the game's mu
	// creator is the address of the client that made it, for the bound
	// of shared games per client (registry.checkClient).
	creator string
	// claimed: a player's link has been used. Until then the game is an
	// invitation nobody took up, and it may give way to another.
	claimed atomic.Bool
	// claimAfter is how long a player must be gone before the other may
	// claim the game (Config.ClaimAfter).
	claimAfter time.Duration
	seats      seatTalk // guarded by the game's mu (seats.go)
}

// serverClock is a shared game's clock. It starts with the first move
// (so the first mover is not charged for the time the other needs to
// open the link); from then on the side to move's time runs, and each
// move adds the increment to the mover's time.
type serverClock struct {
	base, inc time.Duration
	left      [2]time.Duration // by colour, at the start of the turn
	running   bool
	since     time.Time // when the turn began
	timer     *time.Timer
}

type shareRequest struct {
	Base int `json:"base"` // ms on each clock; 0: no clock
	Inc  int `json:"inc"`  // ms added after each move
}

// maxShared bounds the shared games kept (they hold no engine: a few
// kilobytes each).
const maxShared = 256

// sharedIdle is how long a shared game in play is kept with no page
// open on it and no request for it: past that its players are taken to
// have gone, and it may give way to a new one. A game on a clock ends by
// the clock long before.
const sharedIdle = 24 * time.Hour

// sharedPerClient is the default bound of shared games not yet ended that
// one client address may create, on a network address (on loopback every
// page is one client's: there only maxShared counts).
const sharedPerClient = 16

// sharedEviction ranks a shared game nobody is watching for giving way
// to a new one: 0 it has ended, 1 nobody took its invitation up, 2 it has
// been idle for sharedIdle; -1 it is in play and stays. The caller holds
// g.mu.
func (g *game) sharedEviction(now time.Time) int {
	switch {
	case g.over() != "":
		return 0
	case !g.shared.claimed.Load():
		return 1
	case now.Sub(g.lastUsed) > sharedIdle:
		return 2
	}
	return -1
}

// newSharing makes the tokens and the clock of a game shared as req asks.
func newSharing(req *shareRequest) (*sharing, error) {
	base := time.Duration(req.Base) * time.Millisecond
	inc := time.Duration(req.Inc) * time.Millisecond
	switch {
	case req.Base < 0 || base > 24*time.Hour:
		return nil, errorf(400, "share.base must be 0 to %d ms, not %d", (24 * time.Hour).Milliseconds(), req.Base)
	case req.Inc < 0 || inc > time.Hour:
		return nil, errorf(400, "share.inc must be 0 to %d ms, not %d", time.Hour.Milliseconds(), req.Inc)
	case base == 0 && inc > 0:
		return nil, errorf(400, "share.inc needs a clock: give share.base too")
	}
	sh := &sharing{}
	for s := seatWhite; s <= seatSpectator; s++ {
		sh.tokens[s] = rand.Text()
	}
	if base > 0 {
		sh.clock = &serverClock{base: base, inc: inc, left: [2]time.Duration{base, base}}
	}
	return sh, nil
}

// tokenSeat is the seat whose token the request carries (?token=), or
// seatOwner when it carries none of g's.
func (sh *sharing) tokenSeat(r *http.Request) seat {
	tok := []byte(r.URL.Query().Get("token"))
	found := seatOwner
	for s := seatWhite; s <= seatSpectator; s++ {
		if subtle.ConstantTimeCompare(tok, []byte(sh.tokens[s])) == 1 {
			found = s
		}
	}
	return found
}

// admit says whether the request may do what it asks with g, and for
// whom it speaks. What a call does is read from its method and path, so a
// call added later is refused on a shared game until it is let in here.
func (g *game) admit(r *http.Request) (seat, error) {
	sh := g.shared
	if sh == nil {
		return seatOwner, nil
	}
	if r.URL.Query().Get("token") == "" {
		return seatOwner, errorf(403, "this game is shared: only its invitation links (their token) open it")
	}
	st := sh.tokenSeat(r)
	if st == seatOwner {
		return seatOwner, errorf(403, "this token is not one of this game's")
	}
	if _, player := st.color(); player {
		sh.claimed.Store(true)
		g.mu.Lock()
		g.lastUsed = time.Now()
		g.mu.Unlock()
	}
	call := path.Base(r.URL.Path)
	switch {
	case r.Method == "GET" || r.Method == "HEAD":
		return st, nil
	case st == seatSpectator:
		return st, errorf(403, "a spectator's link watches the game: it cannot change it")
	case r.Method == "POST" && (call == "move" || call == "result" || call == "offer" || call == "answer" || call == "claim" || call == "name"):
		return st, nil
	}
	return st, errorf(403, "a shared game takes only its players' moves and resignations (and their offers, answers, claims and names): no takeback but an agreed one, no set-up, engine move or analysis")
}

// annotate tells the asker of a state which seat it holds; a player also
// gets the spectators' token, to invite others to watch.
func (g *game) annotate(r *http.Request, st *stateView) {
	if g.shared == nil {
		return
	}
	s := g.shared.tokenSeat(r)
	st.Seat = s.String()
	if s == seatWhite || s == seatBlack {
		st.Tokens = map[string]string{"spectator": g.shared.tokens[seatSpectator]}
	}
	if rm := g.shared.seats.rematch; rm != nil && s != seatOwner {
		// The next game's link for this seat (colours swapped).
		if st.Tokens == nil {
			st.Tokens = map[string]string{}
		}
		st.Tokens["rematch"] = rm.tokens[s]
	}
}

// playShared plays a seat's move on its shared game and runs the clock.
// The caller holds g.mu.
func (g *game) playShared(r *http.Request, move string) error {
	side, ok := g.shared.tokenSeat(r).color()
	if !ok {
		return errorf(403, "a spectator's link watches the game: it cannot change it")
	}
	now := time.Now()
	g.checkFlag(now)
	if why := g.over(); why != "" {
		return errorf(409, "the game is over: %s", why)
	}
	if toMove := g.cur.Position().SideToMove(); toMove != side {
		return errorf(403, "it is %s's turn: this link plays %s", sideWord(toMove), sideWord(side))
	}
	if err := g.play(move, "", false, ""); err != nil {
		return err
	}
	g.clockMoved(now, side)
	g.moved()
	if c := g.shared.clock; c != nil {
		g.setPly(len(g.plies)-1, func(pl *ply) { pl.clk, pl.hasClk = c.left[side], true })
	}
	return nil
}

// resignShared ends a shared game by a seat's resignation: its own loss,
// nothing else. The caller holds g.mu.
func (g *game) resignShared(r *http.Request, res board.Result) error {
	side, ok := g.shared.tokenSeat(r).color()
	if !ok {
		return errorf(403, "a spectator's link watches the game: it cannot change it")
	}
	if (side == board.White) != (res == board.BlackWins) {
		return errorf(403, "a player may only resign: %s resigns with %s", sideWord(side), map[board.Color]string{board.White: "0-1", board.Black: "1-0"}[side])
	}
	g.checkFlag(time.Now())
	if err := g.declare(res, "normal", false); err != nil {
		return err
	}
	g.declared.reason = sideWord(side) + " resigns"
	g.stopClock(time.Now())
	return nil
}

// clockMoved charges the mover's time, adds the increment and starts the
// other side's clock; the game's end stops it.
func (g *game) clockMoved(now time.Time, mover board.Color) {
	c := g.shared.clock
	if c == nil {
		return
	}
	if c.running {
		c.left[mover] += c.inc - now.Sub(c.since)
	}
	c.running, c.since = true, now
	if c.timer != nil {
		c.timer.Stop()
	}
	if g.over() != "" {
		c.running = false
		return
	}
	// The flag falls when the time runs out, whether or not anyone asks.
	c.timer = time.AfterFunc(c.left[g.cur.Position().SideToMove()], func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.checkFlag(time.Now()) {
			g.publishState(g.state(len(g.plies)))
		}
	})
}

// stopClock stops a shared game's clock at the end, charging the side
// to move for its turn so far. The caller holds g.mu.
func (g *game) stopClock(now time.Time) {
	if g.shared == nil || g.shared.clock == nil {
		return
	}
	c := g.shared.clock
	if c.timer != nil {
		c.timer.Stop()
	}
	if c.running {
		side := g.cur.Position().SideToMove()
		c.left[side] = max(0, c.left[side]-now.Sub(c.since))
		c.running = false
	}
}

// checkFlag ends the game on time when the side to move's clock has run
// out, and says whether it did. The caller holds g.mu.
func (g *game) checkFlag(now time.Time) bool {
	if g.shared == nil || g.shared.clock == nil {
		return false
	}
	c := g.shared.clock
	side := g.cur.Position().SideToMove()
	if !c.running || g.over() != "" || c.left[side]-now.Sub(c.since) > 0 {
		return false
	}
	c.left[side], c.running = 0, false
	res := board.BlackWins
	if side == board.Black {
		res = board.WhiteWins
	}
	return g.declare(res, "time forfeit", false) == nil
}

// clockView is a shared game's clock as the state shows it: each side's
// time left in milliseconds at the moment of the state.
type clockView struct {
	White   int64  `json:"white"`
	Black   int64  `json:"black"`
	Running string `json:"running,omitempty"` // the side whose time runs
	Base    int64  `json:"base"`
	Inc     int64  `json:"inc"`
}

// sharedView marks a shared game in its state: its clock and what the
// seats have said (seats.go).
type sharedView struct {
	Clock *clockView `json:"clock,omitempty"`
	seatsView
}

// sharedState is the shared part of g's state, nil for a game that is not
// shared. The caller holds g.mu.
func (g *game) sharedState() *sharedView {
	if g.shared == nil {
		return nil
	}
	v := &sharedView{}
	if c := g.shared.clock; c != nil {
		left := c.left
		cv := &clockView{Base: c.base.Milliseconds(), Inc: c.inc.Milliseconds()}
		if c.running {
			side := g.cur.Position().SideToMove()
			left[side] = max(0, left[side]-time.Since(c.since))
			cv.Running = side.String()
		}
		cv.White, cv.Black = left[board.White].Milliseconds(), left[board.Black].Milliseconds()
		v.Clock = cv
	}
	g.seatsState(v)
	return v
}

// sideWord names a side in a sentence.
func sideWord(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}
