// Package web is `senapati play`: a small web server with one page to play,
// analyse and review chess, chaturanga and Durg against the engine, and the
// JSON API behind it. The rules, the notation and the verdict all come from
// package board; the engine comes from the factory main hands over.
package web

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/semaphore"

	"senapati/board"
	"senapati/search"
)

//go:embed static
var static embed.FS

// WDL is the win/draw/loss model of UCI_ShowWDL, which main hands over
// too: the chances in thousandths (summing to 1000) for the side to move
// in p, whose search score is score.
type WDL func(p *board.Position, score int) (win, draw, loss int)

// Config is what a server is started with.
type Config struct {
	Variant *board.Variant // of a new game that names none
	Threads int            // search threads of all games together
	HashMB  int            // each game's table
	// EvalFile is a network file in place of its game's built-in one
	// ("": the built-in nets), as the EvalFile option.
	EvalFile string
	// LoopbackOnly refuses requests whose Host is not a loopback name, so
	// a web site cannot reach the board through DNS rebinding.
	LoopbackOnly bool
	// Heartbeat is how often an event stream sends "heartbeat" (0: 2 s);
	// a page that hears nothing for two of them takes its connection for
	// dead, says it is reconnecting and opens another.
	Heartbeat time.Duration
	// BodyTimeout bounds the reading of a request's body (0: 10 s), so a
	// client sending a byte now and then cannot hold a connection.
	BodyTimeout time.Duration
	// Streams bounds the open event streams in all and from one client
	// address (0: 256, and 32 on a network address; on loopback every
	// page is one client's, so only the total counts).
	Streams, StreamsPerClient int
	// SharedPerClient bounds the shared games not yet ended that one
	// client address may create (0: 16, and no bound but the total on
	// loopback, where every page is one client's).
	SharedPerClient int
	// ClaimAfter is how long a shared game's player must have had no page
	// open before the opponent may claim the game (0: 60 s).
	ClaimAfter time.Duration
}

// DefaultHeartbeat is the event streams' heartbeat: a page notices a
// dead connection after two missed, within 5 s.
const DefaultHeartbeat = 2 * time.Second

// Server is the board's HTTP handler.
type Server struct {
	cfg       Config
	newEngine search.Factory
	wdl       WDL
	threads   *semaphore.Weighted
	games     registry
	streams   *connLimit
	mux       *http.ServeMux
}

// NewServer makes a server whose games get their engines from newEngine
// (main hands over package engine's, so the page plays exactly what the
// UCI engine plays) and whose search reports carry the chances wdl gives
// (nil: none).
func NewServer(cfg Config, newEngine search.Factory, wdl WDL) *Server {
	if cfg.Variant == nil {
		cfg.Variant = board.Chess()
	}
	cfg.Threads = max(cfg.Threads, 1)
	cfg.HashMB = max(cfg.HashMB, 1)
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = DefaultHeartbeat
	}
	if cfg.BodyTimeout <= 0 {
		cfg.BodyTimeout = 10 * time.Second
	}
	if cfg.Streams <= 0 {
		cfg.Streams = 256
	}
	if cfg.StreamsPerClient <= 0 {
		cfg.StreamsPerClient = 32
		if cfg.LoopbackOnly {
			cfg.StreamsPerClient = cfg.Streams
		}
	}
	if cfg.ClaimAfter <= 0 {
		cfg.ClaimAfter = defaultClaimAfter
	}
	if cfg.SharedPerClient <= 0 && !cfg.LoopbackOnly {
		cfg.SharedPerClient = sharedPerClient
	}
	s := &Server{cfg: cfg, newEngine: newEngine, wdl: wdl, threads: semaphore.NewWeighted(int64(cfg.Threads)),
		games:   registry{games: map[string]*game{}, sharedPerClient: cfg.SharedPerClient},
		streams: newConnLimit(cfg.Streams, cfg.StreamsPerClient)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, static, "static/index.html")
	})
	files := http.FileServerFS(static)
	mux.HandleFunc("GET /static/", func(w http.ResponseWriter, r *http.Request) {
		// The page's modules load at once on parallel connections. Kept
		// alive, they would idle in the browser's pool, and after a
		// network that died silently each is a dead end that the page's
		// reconnection meets in turn, 5 s apiece; the API's own
		// connections stay alive.
		w.Header().Set("Connection", "close")
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		// Browsers and tools that ask here get the page's icon.
		w.Header().Set("Content-Type", "image/svg+xml")
		http.ServeFileFS(w, r, static, "static/favicon.svg")
	})
	mux.HandleFunc("GET /api/variants", s.variants)
	mux.HandleFunc("POST /api/games", s.create)
	mux.HandleFunc("POST /api/position", s.checkPosition)
	mux.HandleFunc("GET /api/games/{id}", s.admitted(s.get))
	mux.HandleFunc("DELETE /api/games/{id}", s.admitted(s.delete))
	mux.HandleFunc("POST /api/games/{id}/move", s.admitted(s.move))
	mux.HandleFunc("POST /api/games/{id}/undo", s.admitted(s.undo))
	mux.HandleFunc("POST /api/games/{id}/tree", s.admitted(s.tree))
	mux.HandleFunc("POST /api/games/{id}/annotation", s.admitted(s.annotateMove))
	mux.HandleFunc("POST /api/games/{id}/review", s.admitted(s.review))
	mux.HandleFunc("POST /api/games/{id}/draw", s.admitted(s.offerDraw))
	mux.HandleFunc("POST /api/games/{id}/offer", s.admitted(s.offer))
	mux.HandleFunc("POST /api/games/{id}/answer", s.admitted(s.answer))
	mux.HandleFunc("POST /api/games/{id}/claim", s.admitted(s.claim))
	mux.HandleFunc("POST /api/games/{id}/name", s.admitted(s.setName))
	mux.HandleFunc("POST /api/games/{id}/fen", s.admitted(s.setFEN))
	mux.HandleFunc("POST /api/games/{id}/result", s.admitted(s.setResult))
	mux.HandleFunc("POST /api/games/{id}/engine", s.admitted(s.engineMove))
	mux.HandleFunc("POST /api/games/{id}/analysis", s.admitted(s.analyse))
	mux.HandleFunc("POST /api/games/{id}/stop", s.admitted(s.stop))
	mux.HandleFunc("GET /api/games/{id}/events", s.admitted(s.events))
	mux.HandleFunc("GET /api/games/{id}/pgn", s.admitted(s.pgn))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if allow := allowed(mux, r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, errorf(405, "%s takes %s, not %s", r.URL.Path, strings.Join(allow, " or "), r.Method))
			return
		}
		writeError(w, errorf(404, "no API call %s %s (see docs/web.md, API)", r.Method, r.URL.Path))
	})
	s.mux = mux
	return s
}

// admitted checks a request for a game against the game's sharing before
// anything else (admit), so a request a shared game refuses gets its 403
// whatever else is wrong with it.
func (s *Server) admitted(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if g, err := s.games.get(r.PathValue("id")); err == nil {
			if _, err := g.admit(r); err != nil {
				writeError(w, err)
				return
			}
		}
		h(w, r)
	}
}

// allowed lists the methods another route of mux takes on r's path (the
// API's catch-all aside), for a 405 answer's Allow header.
func allowed(mux *http.ServeMux, r *http.Request) []string {
	var out []string
	for _, m := range []string{"GET", "HEAD", "POST", "DELETE"} {
		if m == r.Method {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := mux.Handler(probe); pattern != "" && pattern != "/api/" {
			out = append(out, m)
		}
	}
	return out
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.cfg.LoopbackOnly && !loopbackHost(r.Host) {
		writeError(w, errorf(403, "this board answers only to localhost names, not %q", r.Host))
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "no-store")
	if r.ContentLength != 0 && r.Body != http.NoBody {
		// readJSON lifts it once the body is read: long engine moves and
		// event streams must not end with it.
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.cfg.BodyTimeout))
	}
	s.mux.ServeHTTP(w, r)
}

// Close stops every search and clock; the games are dropped.
func (s *Server) Close() {
	for _, g := range s.games.all() {
		g.stopSearch()
		g.mu.Lock()
		g.stopClock(time.Now())
		g.mu.Unlock()
	}
}

// IsLoopback reports whether a listen address serves this machine only.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	return loopbackHost(host)
}

func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// writeJSON answers with v.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers {"error": "..."} with the error's status (500 for an
// error that is not a refusal, which is a bug).
func writeError(w http.ResponseWriter, err error) {
	status := 500
	var ae *apiError
	if errors.As(err, &ae) {
		status = ae.status
	}
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

// readJSON reads a request body of at most maxBody bytes into v; an empty
// body leaves v as it is. Only JSON is taken, which also keeps other web
// sites' plain forms out.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			return errorf(415, "the request body must be JSON (Content-Type: application/json), not %q", ct)
		}
	} else if r.ContentLength != 0 {
		return errorf(415, "the request body must be JSON (Content-Type: application/json)")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err == nil { // a body cut off keeps its deadline: the server drains what is left
		_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errorf(413, "the request body is larger than %d bytes", maxBody)
		}
		return errorf(400, "reading the request: %v", err)
	}
	if len(strings.TrimSpace(string(body))) == 0 {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errorf(400, "malformed JSON: %v", err)
	}
	if dec.More() {
		return errorf(400, "malformed JSON: more than one value")
	}
	return nil
}

// lookup finds the request's game, if the request may use it: a shared
// game answers only to its tokens (admit).
func (s *Server) lookup(r *http.Request) (*game, error) {
	id := r.PathValue("id")
	if len(id) > 64 {
		return nil, errorf(400, "a game id is at most 64 characters")
	}
	g, err := s.games.get(id)
	if err != nil {
		return nil, err
	}
	if _, err := g.admit(r); err != nil {
		return nil, err
	}
	return g, nil
}

// shownPly reads ?ply=N (the position after N plies; the end when absent).
func shownPly(r *http.Request, g *game) (int, error) {
	q := r.URL.Query().Get("ply")
	if q == "" {
		return len(g.plies), nil
	}
	n, err := strconv.Atoi(q)
	if err != nil || n < 0 || n > len(g.plies) {
		return 0, errorf(400, "ply must be a number from 0 to %d, not %q", len(g.plies), q)
	}
	return n, nil
}

func (s *Server) variants(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, 200, variantInfos(s.cfg.Variant))
}

// moveInput is a move of a game to restore: "e2e4" or
// {"move": "e2e4", "comment": "...", "engine": true}.
type moveInput struct {
	Move    string   `json:"move"`
	Comment string   `json:"comment"`
	Engine  bool     `json:"engine"`
	Glyph   string   `json:"glyph"` // !, ?, !!, ??, !? or ?!
	NAGs    []string `json:"nags"`  // other NAGs: "$14"
	Clock   *int64   `json:"clock"` // ms the mover had left after it, for [%clk]
	// Variations stand instead of this move (from the position before it).
	Variations [][]moveInput `json:"variations"`
}

// check refuses what a move to restore may not hold.
func (m *moveInput) check() error {
	if len(m.Comment) > maxComment {
		return errorf(400, "the comment is longer than %d characters", maxComment)
	}
	if m.Glyph != "" && !validGlyph(m.Glyph) {
		return errorf(400, "a glyph is !, ?, !!, ??, !? or ?!, not %q", m.Glyph)
	}
	if len(m.NAGs) > maxNAGs {
		return errorf(400, "at most %d NAGs a move", maxNAGs)
	}
	for _, n := range m.NAGs {
		if k, err := strconv.Atoi(strings.TrimPrefix(n, "$")); err != nil || !strings.HasPrefix(n, "$") || k < 0 || k > 255 {
			return errorf(400, "a NAG is $0 to $255, not %q", n)
		}
	}
	if m.Clock != nil && (*m.Clock < 0 || *m.Clock > 100*3600*1000) {
		return errorf(400, "a clock is 0 to 360000000 ms, not %d", *m.Clock)
	}
	return nil
}

// mark sets what a restored move holds besides the move.
func (m *moveInput) mark(pl *ply) {
	pl.glyph, pl.nags = m.Glyph, m.NAGs
	if m.Clock != nil {
		pl.clk, pl.hasClk = time.Duration(*m.Clock)*time.Millisecond, true
	}
}

func (m *moveInput) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &m.Move)
	}
	type plain moveInput
	return json.Unmarshal(b, (*plain)(m))
}

type createRequest struct {
	Variant string            `json:"variant"`
	FEN     string            `json:"fen"`
	Moves   []moveInput       `json:"moves"` // played from the FEN: a page restoring its game
	Tags    map[string]string `json:"tags"`  // Event, White... kept for the PGN
	// Result and Termination restore a declared result ("0-1", "time
	// forfeit"): one the moves do not give.
	Result      string `json:"result"`
	Termination string `json:"termination"`
	// Path is the active line to restore when it is not the main line:
	// the index of the continuation taken at each ply (0 the main one).
	Path []int  `json:"path"`
	PGN  string `json:"pgn"`  // or a whole game record
	Game int    `json:"game"` // of the PGN's games, from 1 (the first when left out)
	// Share makes the game shared between two people (share.go); the
	// answer holds its invitation tokens.
	Share *shareRequest `json:"share"`
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	start, err := parseStart(req.Variant, req.FEN, s.cfg.Variant)
	if err != nil {
		writeError(w, err)
		return
	}
	if len(req.Moves) > maxPlies {
		writeError(w, errorf(400, "at most %d moves", maxPlies))
		return
	}
	// Build the game aside and register it only when it is sound.
	g := newGame("", start)
	var loaded *pgnView
	if req.PGN != "" {
		if req.FEN != "" || len(req.Moves) > 0 || req.Result != "" {
			writeError(w, errorf(400, "give either a pgn or a fen, moves and a result, not both"))
			return
		}
		if loaded, err = g.loadPGN(req.PGN, req.Game); err != nil {
			writeError(w, err)
			return
		}
	} else if req.Game != 0 {
		writeError(w, errorf(400, "game chooses among a pgn's games: give the pgn"))
		return
	}
	for i, m := range req.Moves {
		if err := m.check(); err != nil {
			writeError(w, errorf(400, "move %d: %v", i+1, err))
			return
		}
		before := *g.cur.Position()
		if err := g.play(m.Move, m.Comment, m.Engine, ""); err != nil {
			writeError(w, errorf(422, "move %d: %v", i+1, err))
			return
		}
		g.setPly(i, m.mark)
		if len(m.Variations) > 0 {
			if err := g.restoreVars(g.line[i].parent, before, m.Variations, 1); err != nil {
				writeError(w, errorf(err.(*apiError).status, "move %d: %v", i+1, err))
				return
			}
		}
	}
	if len(req.Path) > 0 {
		if err := g.followPath(req.Path); err != nil {
			writeError(w, err)
			return
		}
	}
	if req.Result != "" {
		res, err := parseResult(req.Result)
		if err == nil {
			err = g.declare(res, req.Termination, false)
		}
		if err != nil {
			writeError(w, err)
			return
		}
	} else if req.Termination != "" {
		writeError(w, errorf(400, "a termination comes with a result"))
		return
	}
	if len(req.Tags) > maxTags {
		writeError(w, errorf(400, "at most %d tags", maxTags))
		return
	}
	for name, value := range req.Tags {
		if !keptTags[name] || len(value) > maxTagValue {
			writeError(w, errorf(400, "tag %q: only Event, Site, Date, Round, White, Black and time control tags of at most %d characters are kept", name, maxTagValue))
			return
		}
		if g.tags == nil {
			g.tags = map[string]string{}
		}
		g.tags[name] = value
	}
	if req.Share != nil {
		if g.shared, err = newSharing(req.Share); err != nil {
			writeError(w, err)
			return
		}
		g.shared.creator = clientHost(r.RemoteAddr)
		g.shared.claimAfter = s.cfg.ClaimAfter
		if g.shared.clock != nil && g.tags["TimeControl"] == "" {
			g.tc = seconds(g.shared.clock.base) + "+" + seconds(g.shared.clock.inc)
		}
	}
	if err := s.games.add(g); err != nil {
		writeError(w, err)
		return
	}
	g.mu.Lock()
	st := g.state(len(g.plies))
	g.mu.Unlock()
	st.PGN = loaded
	if sh := g.shared; sh != nil {
		st.Tokens = map[string]string{}
		for s := seatWhite; s <= seatSpectator; s++ {
			st.Tokens[s.String()] = sh.tokens[s]
		}
	}
	writeJSON(w, 201, st)
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	g, err := s.lookup(r)
	if err != nil {
		writeError(w, err)
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	n, err := shownPly(r, g)
	if err != nil {
		writeError(w, err)
		return
	}
	st := g.state(n)
	g.annotate(r, &st)
	writeJSON(w, 200, st)
}

func (s *Server) delete(w http.ResponseWriter, r *http.Request) {
	if _, err := s.lookup(r); err != nil {
		writeError(w, err)
		return
	}
	g := s.games.remove(r.PathValue("id"))
	if g == nil {
		writeError(w, errorf(404, "no game %q", r.PathValue("id")))
		return
	}
	g.stopSearch()
	g.dropEngine()
	w.WriteHeader(204)
}

// change runs f on an idle game: a running analysis is stopped first (the
// page restarts it on the new position); while the engine is choosing a
// move the game cannot change. Afterwards every watching page gets the
// new state, and so does the caller.
func (s *Server) change(w http.ResponseWriter, r *http.Request, f func(g *game) error) {
	g, err := s.idleGame(r)
	if err != nil {
		writeError(w, err)
		return
	}
	defer g.mu.Unlock()
	err = f(g)
	if err == errRepeat {
		// Done before: the caller gets the state, the watchers nothing new.
		st := g.state(len(g.plies))
		g.annotate(r, &st)
		writeJSON(w, 200, st)
		return
	}
	if err != nil {
		writeError(w, err)
		return
	}
	st := g.state(len(g.plies))
	g.publishState(st)
	writeJSON(w, 200, st)
}

// errRepeat says a request repeats one already done (a page sent it
// again after its answer was lost): the answer is the state as it is.
var errRepeat = errors.New("done before")

// repeatedMove says whether move, made on the game of ply plies, is the
// move already played there on the active line: a page that lost the
// answer to its move sends it again, and must not play it twice. mover
// is the seat's colour in a shared game (ok false otherwise). The caller
// holds g.mu.
func (g *game) repeatedMove(ply int, move string, mover board.Color, shared bool) bool {
	if ply < 0 || ply >= len(g.plies) || len(move) > maxMoveText {
		return false
	}
	p := g.at(ply).Position()
	if shared && p.SideToMove() != mover {
		return false
	}
	m, err := p.ParseSAN(move)
	return err == nil && m == g.plies[ply].move
}

// idleGame finds the request's game and locks it once no search runs
// there (lockIdle).
func (s *Server) idleGame(r *http.Request) (*game, error) {
	g, err := s.lookup(r)
	if err != nil {
		return nil, err
	}
	if err := g.lockIdle(); err != nil {
		return nil, err
	}
	return g, nil
}

// stopSearch ends the game's search, if one runs, and waits until it has
// ended (an engine move is played first).
func (g *game) stopSearch() {
	g.mu.Lock()
	j := g.job
	g.mu.Unlock()
	if j != nil {
		j.cancel()
		<-j.done
	}
}

// lockIdle locks g once no search runs, stopping an analysis; it fails
// while the engine chooses a move.
func (g *game) lockIdle() error {
	for {
		g.mu.Lock()
		j := g.job
		switch {
		case j == nil:
			return nil
		case j.kind == jobEngine:
			g.mu.Unlock()
			return errorf(409, "the engine is choosing a move in this game; wait or stop it (POST .../stop)")
		}
		g.mu.Unlock()
		j.cancel()
		<-j.done
	}
}

func (g *game) publishState(st stateView) {
	if len(g.subs) == 0 {
		return
	}
	data, _ := json.Marshal(st)
	g.publish("state", data)
}

type moveRequest struct {
	Move string `json:"move"`
	// Ply, when given, is the length of the game the page saw; a move
	// made on an older view of the game is refused, but the very move
	// already played there is a repeat (its answer was lost), answered
	// with the state and not played again.
	Ply *int `json:"ply"`
	// At plays the move after that many plies of the line, keeping the
	// rest of the game: a variation (the end when left out).
	At *int `json:"at"`
	// Clock is the mover's clock after the move in ms (the page's), for
	// the PGN's [%clk].
	Clock *int64 `json:"clock"`
	// Line plays more moves after the move, one after another: an
	// analysis line entered as a variation.
	Line []string `json:"line"`
}

func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	var req moveRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if strings.TrimSpace(req.Move) == "" {
		writeError(w, errorf(400, `give the move: {"move": "e2e4"} (UCI or algebraic, such as B@d1,e3 or Q@d1)`))
		return
	}
	s.change(w, r, func(g *game) error {
		at := len(g.plies)
		if req.At != nil {
			at = *req.At
		}
		if req.Ply != nil && *req.Ply != len(g.plies) {
			mover, seated := board.Color(0), false
			if g.shared != nil {
				mover, seated = g.shared.tokenSeat(r).color()
			}
			if (req.At == nil || at == *req.Ply) && len(req.Line) == 0 && (g.shared == nil || seated) &&
				g.repeatedMove(*req.Ply, req.Move, mover, g.shared != nil) {
				return errRepeat
			}
			return errorf(409, "the game has %d plies, not %d: it changed meanwhile", len(g.plies), *req.Ply)
		}
		if g.shared != nil {
			if at != len(g.plies) {
				return errorf(409, "a shared game is played at its end only")
			}
			return g.playShared(r, req.Move)
		}
		if req.Clock != nil && (*req.Clock < 0 || *req.Clock > 100*3600*1000) {
			return errorf(400, "clock is 0 to 360000000 ms, not %d", *req.Clock)
		}
		if len(req.Line) > maxPlies {
			return errorf(400, "a line holds at most %d moves", maxPlies)
		}
		// The line goes in whole or not at all: it is read on a copy first.
		if len(req.Line) > 0 {
			if at < 0 || at > len(g.plies) {
				return errorf(400, "at must be 0 to %d, not %d", len(g.plies), at)
			}
			p := *g.at(at).Position()
			for i, text := range append([]string{req.Move}, req.Line...) {
				m, err := p.ParseSAN(text)
				if err != nil || len(text) > maxMoveText {
					return errorf(422, "line move %d %q is not legal there", i+1, limitText(text, maxMoveText))
				}
				p.DoMove(m)
			}
		}
		for i, m := range append([]string{req.Move}, req.Line...) {
			if err := g.branch(at+i, m); err != nil {
				return err
			}
		}
		if req.Clock != nil {
			g.setPly(at, func(pl *ply) { pl.clk, pl.hasClk = time.Duration(*req.Clock)*time.Millisecond, true })
		}
		return nil
	})
}

// tree selects, promotes or deletes a line of the game's tree (tree.go):
// {"op": "select", "node": 12}; the answer is the state at the end of the
// active line, which the node is on after a select.
func (s *Server) tree(w http.ResponseWriter, r *http.Request) {
	var req treeRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	s.change(w, r, func(g *game) error {
		if g.shared != nil {
			return errorf(409, "a shared game has one line: its moves")
		}
		return g.editTree(req)
	})
}

type undoRequest struct {
	Plies *int `json:"plies"` // 1 when left out
	// Ply, when given, is the length of the line the page saw: a takeback
	// sent again after its answer was lost is not taken twice.
	Ply *int `json:"ply"`
}

func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	var req undoRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	n := 1
	if req.Plies != nil {
		n = *req.Plies
	}
	s.change(w, r, func(g *game) error {
		if req.Ply != nil && *req.Ply != len(g.plies) {
			if *req.Ply-n == len(g.plies) {
				return errRepeat
			}
			return errorf(409, "the game has %d plies, not %d: it changed meanwhile", len(g.plies), *req.Ply)
		}
		return g.undo(n)
	})
}

type fenRequest struct {
	FEN     string `json:"fen"`
	Variant string `json:"variant"` // the game's own when left out
}

func (s *Server) setFEN(w http.ResponseWriter, r *http.Request) {
	var req fenRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if strings.TrimSpace(req.FEN) == "" && req.Variant == "" {
		writeError(w, errorf(400, `give a position: {"fen": "..."} (and "variant" to change the game)`))
		return
	}
	s.change(w, r, func(g *game) error {
		p, err := parseStart(req.Variant, req.FEN, g.variant)
		if err != nil {
			return err
		}
		g.reset(p)
		return nil
	})
}

type resultRequest struct {
	Result      string `json:"result"`      // 1-0, 0-1 or 1/2-1/2
	Termination string `json:"termination"` // a PGN Termination: "time forfeit" for a loss on time
	// By says how: "resignation" (the loser resigns) or "agreement" (a
	// draw); its reason then says so ("White resigns").
	By string `json:"by"`
}

// setResult ends the game with a result its position does not give: the
// page's clock fell ({"result": "0-1", "termination": "time forfeit"}). A
// search running is stopped, and an engine's move it was choosing is not
// played. Take back forgets the result.
func (s *Server) setResult(w http.ResponseWriter, r *http.Request) {
	var req resultRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	res, err := parseResult(req.Result)
	if err != nil {
		writeError(w, err)
		return
	}
	if !terminations[req.Termination] {
		writeError(w, errorf(400, "termination %q: give one of the PGN terminations (time forfeit, normal, abandoned, adjudication, rules infraction, emergency, death)", req.Termination))
		return
	}
	g, err := s.lookup(r)
	if err != nil {
		writeError(w, err)
		return
	}
	g.lockStopped()
	defer g.mu.Unlock()
	switch {
	case g.shared != nil:
		err = g.resignShared(r, res)
	case req.By == "resignation" && res == board.Draw, req.By == "agreement" && res != board.Draw:
		err = errorf(400, "a resignation is 1-0 or 0-1, an agreement 1/2-1/2")
	case req.By != "" && req.By != "resignation" && req.By != "agreement":
		err = errorf(400, `by is "resignation" or "agreement", not %q`, req.By)
	default:
		err = g.declare(res, req.Termination, false)
		if err == nil && req.By == "resignation" {
			g.declared.reason = map[board.Result]string{board.WhiteWins: "Black resigns", board.BlackWins: "White resigns"}[res]
		} else if err == nil && req.By == "agreement" {
			g.declared.reason = "Draw by agreement"
		}
	}
	if err != nil {
		writeError(w, err)
		return
	}
	st := g.state(len(g.plies))
	g.publishState(st)
	writeJSON(w, 200, st)
}

// lockStopped locks g once no search runs: an analysis is stopped, and so
// is the engine, whose move is then not played.
func (g *game) lockStopped() {
	for {
		g.mu.Lock()
		j := g.job
		if j == nil {
			return
		}
		j.discard = true
		g.mu.Unlock()
		j.cancel()
		<-j.done
	}
}

func (s *Server) pgn(w http.ResponseWriter, r *http.Request) {
	g, err := s.lookup(r)
	if err != nil {
		writeError(w, err)
		return
	}
	g.mu.Lock()
	now := time.Now()
	text, err := g.writeTree(g.record(now))
	variant := g.variant.Name()
	g.mu.Unlock()
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="senapati-%s-%s.pgn"`, variant, now.Format("20060102-150405")))
	io.WriteString(w, text)
}
