package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"senapati/board"
	"senapati/pgn"
	"senapati/search"
)

// searchRequest is what an engine move or an analysis asks for. Times are
// in milliseconds. No limit at all means one second per move for the
// engine and "until stopped" for an analysis.
type searchRequest struct {
	MoveTime int    `json:"movetime"`
	Depth    int    `json:"depth"`
	Nodes    uint64 `json:"nodes"`
	WTime    int    `json:"wtime"`
	BTime    int    `json:"btime"`
	WInc     int    `json:"winc"`
	BInc     int    `json:"binc"`
	// Base and Inc are the clock the page keeps, for the PGN's
	// TimeControl tag only.
	Base    int  `json:"base"`
	Inc     int  `json:"inc"`
	Threads int  `json:"threads"` // 1 when left out; at most the server's bound
	MultiPV int  `json:"multipv"` // 1 when left out
	Ply     *int `json:"ply"`     // analysis: the position after this many plies (the end when left out)
	// Skill (Skill Level 0 to search.MaxSkill) or Elo (UCI_Elo,
	// search.MinElo to search.MaxElo) weakens an engine move as the UCI
	// options do; neither is full strength. An analysis is always at full
	// strength.
	Skill *int `json:"skill"`
	Elo   *int `json:"elo"`
}

// searchPlan is a checked search request: the search's limits and what
// the game's engine searches with.
type searchPlan struct {
	limits    search.Limits
	threads   int
	multiPV   int
	strength  search.Strength
	base, inc time.Duration // the page's clock, for the TimeControl tag
	ply       *int          // analysis: the position after this many plies (the end when nil)
}

// plan checks a request for a search of this kind (jobEngine or
// jobAnalysis) and turns it into the search's limits and settings.
func (s *Server) plan(req searchRequest, kind string) (searchPlan, error) {
	p := searchPlan{ply: req.Ply}
	l := &p.limits
	ms := func(name string, v int, most time.Duration) (time.Duration, error) {
		d := time.Duration(v) * time.Millisecond
		if v < 0 || d > most {
			return 0, errorf(400, "%s must be 0 to %d ms, not %d", name, most.Milliseconds(), v)
		}
		return d, nil
	}
	var err error
	if l.MoveTime, err = ms("movetime", req.MoveTime, maxMoveTime); err != nil {
		return p, err
	}
	for _, f := range []struct {
		name string
		v    int
		to   *time.Duration
	}{{"wtime", req.WTime, &l.Time[board.White]}, {"btime", req.BTime, &l.Time[board.Black]},
		{"winc", req.WInc, &l.Inc[board.White]}, {"binc", req.BInc, &l.Inc[board.Black]},
		{"base", req.Base, &p.base}, {"inc", req.Inc, &p.inc}} {
		if *f.to, err = ms(f.name, f.v, 24*time.Hour); err != nil {
			return p, err
		}
	}
	if req.Depth < 0 || req.Depth >= search.MaxPly {
		return p, errorf(400, "depth must be 0 to %d, not %d", search.MaxPly-1, req.Depth)
	}
	l.Depth, l.Nodes = req.Depth, req.Nodes
	if req.Threads < 0 {
		return p, errorf(400, "threads must be positive, not %d", req.Threads)
	}
	p.threads = min(max(req.Threads, 1), s.cfg.Threads) // the server's bound over all games
	if req.MultiPV < 0 || req.MultiPV > maxMultiPV {
		return p, errorf(400, "multipv must be 1 to %d, not %d", maxMultiPV, req.MultiPV)
	}
	p.multiPV = max(req.MultiPV, 1)
	if kind == jobAnalysis && (req.Skill != nil || req.Elo != nil) {
		return p, errorf(400, "an analysis is at full strength: skill and elo are for engine moves")
	}
	p.strength, err = strength(req.Skill, req.Elo)
	return p, err
}

// searchCall reads and checks the request of a search of this kind and
// finds its game, locked once no search runs there. On an error nothing
// is locked.
func (s *Server) searchCall(w http.ResponseWriter, r *http.Request, kind string) (searchPlan, *game, error) {
	var req searchRequest
	if err := readJSON(w, r, &req); err != nil {
		return searchPlan{}, nil, err
	}
	p, err := s.plan(req, kind)
	if err != nil {
		return p, nil, err
	}
	if !hasLimit(p.limits) {
		if kind == jobEngine {
			p.limits.MoveTime = defaultMove
		} else {
			p.limits.Infinite = true
		}
	}
	g, err := s.idleGame(r)
	return p, g, err
}

// strength is the engine's strength for a skill level or an Elo, full
// strength when neither is given.
func strength(skill, elo *int) (search.Strength, error) {
	st := search.DefaultSettings().Strength
	switch {
	case skill != nil && elo != nil:
		return st, errorf(400, "give skill or elo, not both")
	case skill != nil:
		if *skill < 0 || *skill > search.MaxSkill {
			return st, errorf(400, "skill must be 0 to %d, not %d", search.MaxSkill, *skill)
		}
		return st.WithSkill(*skill), nil
	case elo != nil:
		if *elo < search.MinElo || *elo > search.MaxElo {
			return st, errorf(400, "elo must be %d to %d, not %d", search.MinElo, search.MaxElo, *elo)
		}
		st.Limited, st.Elo = true, *elo
	}
	return st, nil
}

func hasLimit(l search.Limits) bool {
	return l.MoveTime > 0 || l.Depth > 0 || l.Nodes > 0 || l.Time[0] > 0 || l.Time[1] > 0
}

// engineSettings are a game's engine's settings.
func (c Config) engineSettings() search.Settings {
	settings := search.DefaultSettings()
	settings.HashMB, settings.EvalFile = c.HashMB, c.EvalFile
	return settings
}

// newGameEngine is a game's engine.
func (s *Server) newGameEngine() (*search.Engine, error) {
	e, err := s.newEngine(s.cfg.engineSettings())
	if err != nil {
		// The command checked the settings at the start (checkEngine): the
		// file has changed since.
		return nil, errorf(500, "no engine: %v", err)
	}
	return e, nil
}

// checkEngine makes an engine as a game will, so that settings no engine
// can be made with (a bad EvalFile) are refused at the start, not at the
// first search.
func checkEngine(cfg Config, newEngine search.Factory) error {
	settings := cfg.engineSettings()
	settings.HashMB = 1 // the check needs no table
	_, err := newEngine(settings)
	return err
}

// startJob makes j the game's running search. The caller holds g.mu on
// an idle game; on an error (the game's engine cannot be made) the game
// stays idle.
func (s *Server) startJob(g *game, kind string, parent context.Context, ply int) (*job, context.Context, error) {
	if g.engine == nil {
		e, err := s.newGameEngine()
		if err != nil {
			return nil, nil, err
		}
		g.engine = e
	}
	ctx, cancel := context.WithCancel(parent)
	j := &job{kind: kind, cancel: cancel, done: make(chan struct{}), epoch: g.epoch}
	g.job = j
	g.publishJSON("search", map[string]any{"kind": kind, "running": true, "ply": ply, "epoch": j.epoch})
	return j, ctx, nil
}

// endJob clears j; the caller holds g.mu and closes j.done after unlocking.
func (g *game) endJob(j *job, ply int, best string) {
	if g.job == j {
		g.job = nil
	}
	j.cancel()
	g.searchEnded()
	g.publishJSON("search", map[string]any{"kind": j.kind, "running": false, "ply": ply, "best": best, "epoch": j.epoch})
}

func (g *game) publishJSON(name string, v any) {
	if len(g.subs) == 0 {
		return
	}
	data, _ := json.Marshal(v)
	g.publish(name, data)
}

// run searches root as planned, with at most the plan's threads of the
// server's bound, sending every report to the game's pages. ctx ends it.
func (s *Server) run(ctx context.Context, g *game, e *search.Engine, j *job, ply int, root board.Position, history []uint64, p searchPlan) (search.Result, error) {
	if err := s.threads.Acquire(ctx, int64(p.threads)); err != nil {
		return search.Result{}, errorf(409, "the search was stopped before it began")
	}
	defer s.threads.Release(int64(p.threads))
	settings := e.Settings()
	settings.Threads, settings.MultiPV, settings.Strength = p.threads, p.multiPV, p.strength
	e.Configure(settings)
	report := func(in search.Info) {
		if j.kind == jobReview {
			// A review's scores go out as review events; its dozens of
			// searches' reports would crowd them out of a page's buffer.
			// Its line is the last report's (the search calls report on
			// its own goroutine and is over when run returns).
			if in.MultiPV <= 1 {
				j.pv = append(j.pv[:0], in.PV...)
			}
			return
		}
		data, _ := json.Marshal(newInfoView(j.kind, j.epoch, ply, &root, in, s.wdl))
		g.mu.Lock()
		g.publish("info", data)
		g.mu.Unlock()
	}
	res := e.Search(ctx, root, history, p.limits, report)
	e.ReleaseHelpers() // memory.go
	return res, nil
}

// engineMove lets the engine choose and play the game's next move. The
// answer comes when the move is played; meanwhile its thinking goes to the
// game's event stream. POST .../stop makes it move at once; a client that
// goes away stops the search and nothing is played.
func (s *Server) engineMove(w http.ResponseWriter, r *http.Request) {
	p, g, err := s.searchCall(w, r, jobEngine)
	if err != nil {
		writeError(w, err)
		return
	}
	n := len(g.plies)
	if why := g.over(); why != "" {
		g.mu.Unlock()
		writeError(w, errorf(409, "the game is over: %s", why))
		return
	}
	root, history := g.position(n)
	j, ctx, err := s.startJob(g, jobEngine, r.Context(), n)
	if err != nil {
		g.mu.Unlock()
		writeError(w, err)
		return
	}
	e := g.engine
	g.mu.Unlock()

	began := time.Now()
	res, err := s.run(ctx, g, e, j, n, root, history, p)
	elapsed := time.Since(began)

	g.mu.Lock()
	defer close(j.done)
	defer g.mu.Unlock()
	switch {
	case r.Context().Err() != nil: // the page went away: nothing is played
		g.endJob(j, n, "")
		return
	case j.discard: // the game ended meanwhile (a flag fell)
		g.endJob(j, n, "")
		writeError(w, errorf(409, "the game ended while the engine was thinking (a flag fell): nothing is played"))
		return
	case err != nil:
		g.endJob(j, n, "")
		writeError(w, err)
		return
	case res.Best == board.NoMove || res.Depth == 0:
		g.endJob(j, n, "")
		writeError(w, errorf(409, "the engine was stopped before it found a move"))
		return
	}
	uci := root.MoveString(res.Best)
	g.endJob(j, n, uci)
	mate, _ := search.MateIn(res.Score)
	if err := g.play(uci, pgn.EvalComment(res.Score, mate, res.Depth, elapsed), true, p.strength.Label()); err != nil {
		writeError(w, fmt.Errorf("the engine's move %s: %v", uci, err)) // a bug: the search plays legal moves
		return
	}
	// On a clock, the move's [%clk]: the time it was given, less what it
	// used, plus the increment (as the page's clock charges it).
	if side := root.SideToMove(); p.limits.Time[side] > 0 {
		left := max(p.limits.Time[side]-elapsed, 0) + p.limits.Inc[side]
		g.setPly(n, func(pl *ply) { pl.clk, pl.hasClk = left, true })
	}
	g.noteTimeControl(p.limits, p.base, p.inc)
	st := g.state(len(g.plies))
	g.publishState(st)
	writeJSON(w, 200, st)
}

// analyse starts an analysis of the game (or of an earlier position) and
// answers at once; the lines go to the event stream. It runs until its
// limits, POST .../stop, a change to the game, or until the last page
// watching the events goes away, so an analysis needs a watcher.
func (s *Server) analyse(w http.ResponseWriter, r *http.Request) {
	p, g, err := s.searchCall(w, r, jobAnalysis)
	if err != nil {
		writeError(w, err)
		return
	}
	n := len(g.plies)
	if p.ply != nil {
		if *p.ply < 0 || *p.ply > n {
			g.mu.Unlock()
			writeError(w, errorf(400, "ply must be 0 to %d, not %d", n, *p.ply))
			return
		}
		n = *p.ply
	}
	if len(g.subs) == 0 {
		g.mu.Unlock()
		writeError(w, errorf(409, "nobody watches this game's events: open GET .../events first, where the analysis is sent"))
		return
	}
	if v := g.verdict(n); v.Over() {
		g.mu.Unlock()
		writeError(w, errorf(409, "nothing to analyse, the game is over: %s", v.Reason()))
		return
	}
	root, history := g.position(n)
	// An infinite analysis that nobody stops still ends some day.
	ctx, cancel := context.WithTimeout(context.Background(), maxAnalysis)
	j, ctx, err := s.startJob(g, jobAnalysis, ctx, n)
	if err != nil {
		g.mu.Unlock()
		cancel()
		writeError(w, err)
		return
	}
	e := g.engine
	st := g.state(len(g.plies))
	g.mu.Unlock()
	go func() {
		defer cancel()
		res, _ := s.run(ctx, g, e, j, n, root, history, p)
		best := ""
		if res.Best != board.NoMove {
			best = root.MoveString(res.Best)
		}
		g.mu.Lock()
		g.endJob(j, n, best)
		g.mu.Unlock()
		close(j.done)
	}()
	writeJSON(w, 202, st)
}

// stop ends the game's search: an analysis stops, the engine plays the best
// move it has found. It answers once the search has ended.
func (s *Server) stop(w http.ResponseWriter, r *http.Request) {
	g, err := s.lookup(r)
	if err != nil {
		writeError(w, err)
		return
	}
	g.stopSearch()
	g.mu.Lock()
	st := g.state(len(g.plies))
	g.mu.Unlock()
	writeJSON(w, 200, st)
}

// events is the game's stream of server-sent events: "state" (now and
// after every change), "search" (a search begins or ends), "info" (the
// search's progress), "heartbeat" ({"every": ms}, every so often whatever else is sent, so
// the page can tell a live connection from a dead one). The last page to leave stops an analysis.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	g, err := s.lookup(r)
	if err != nil {
		writeError(w, err)
		return
	}
	host := clientHost(r.RemoteAddr)
	if !s.streams.take(host) {
		writeError(w, errorf(503, "too many event streams are open (at most %d in all, %d from one address); close a page", s.cfg.Streams, s.cfg.StreamsPerClient))
		return
	}
	defer s.streams.release(host)
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("X-Accel-Buffering", "no")
	sub := &subscriber{ch: make(chan event, eventsBuffer)}
	var who seat
	if g.shared != nil {
		who = g.shared.tokenSeat(r)
	}
	g.mu.Lock()
	g.arrive(who) // the others hear of it first
	g.subs[sub] = struct{}{}
	first, _ := json.Marshal(g.state(len(g.plies)))
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		delete(g.subs, sub)
		g.leave(who)
		var j *job
		if len(g.subs) == 0 && g.job != nil && (g.job.kind == jobAnalysis || g.job.kind == jobReview) {
			j = g.job
		}
		left := len(g.subs) == 0 && g.shared != nil
		g.mu.Unlock()
		if j != nil {
			j.cancel()
		}
		if left {
			// A shared game's pages are gone. It has no engine whose end
			// would return memory, yet its moves took the most: a state
			// for every page at every move. That garbage goes back to the
			// OS as an engine's does, once for every burst.
			engineReleased()
		}
	}()
	send := func(ev event) bool {
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.name, ev.data); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send(event{"state", first}) {
		return
	}
	// The heartbeat is an event, not a comment, so that the page sees it:
	// a connection that died without a word (a sleeping laptop, a changed
	// network) is otherwise silent for good.
	heartbeat := time.NewTicker(s.cfg.Heartbeat)
	defer heartbeat.Stop()
	beat, _ := json.Marshal(map[string]int64{"every": s.cfg.Heartbeat.Milliseconds()})
	for {
		select {
		case <-r.Context().Done():
			return
		case ev := <-sub.ch:
			if !send(ev) {
				return
			}
			if len(sub.ch) == 0 {
				g.mu.Lock()
				missed := sub.missed
				sub.missed = nil
				g.mu.Unlock()
				if missed != nil && !send(event{"state", missed}) {
					return
				}
			}
		case <-heartbeat.C:
			if !send(event{"heartbeat", beat}) {
				return
			}
		}
	}
}
