package web

import (
	"context"
	"crypto/rand"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"senapati/board"
	"senapati/pgn"
	"senapati/search"
)

// ply is one played turn of a game.
type ply struct {
	move     board.Move
	uci, san string
	comment  string        // the engine's {score/depth time}, or a loaded PGN's comment
	engine   bool          // the engine chose it
	level    string        // the engine's strength when weakened ("Skill Level 5"), for the PGN
	kills    bool          // a zone capture that took the capturer too
	glyph    string        // a loaded PGN's move assessment: !, ?, !!, ??, !? or ?!
	nags     []string      // a loaded PGN's other NAGs ("$14"), written back
	clk      time.Duration // the mover's clock after the move, when hasClk
	hasClk   bool
}

// declared is a result the position does not give: a loss on time, or the
// result a loaded PGN records (a resignation, say). It holds while the
// game ends where it was declared; a takeback or a new start forgets it.
type declared struct {
	result      board.Result
	termination string // the PGN Termination tag: "time forfeit", or the loaded game's
	reason      string
	fromPGN     bool  // read from a loaded PGN, whose reason the record does not repeat
	at          *node // the end of the line it was declared at: it holds there only
}

// game is one board the server keeps: a start position and the turns
// played from it, its engine (made on first use) and the pages watching it.
// mu guards everything; a search runs outside the lock on a copy.
type game struct {
	id      string
	mu      sync.Mutex
	variant *board.Variant
	start   board.Position
	// root is the game tree (tree.go); line is the active line, the nodes
	// after the root that the plies mirror.
	root   *node
	line   []*node
	nodes  int // in the tree
	nextID int
	plies  []ply
	// cur is the game at its end (position and repetition); hashes[i] is
	// the position's key before ply i, the search's history.
	cur      *board.Game
	hashes   []uint64
	tags     map[string]string // kept from a loaded PGN (Event, White...)
	declared *declared         // a result the position does not give, nil when none
	version  int               // grows with every change, so a page can tell it is behind
	// epoch grows when the game starts again (a FEN set up): a search
	// report of an earlier epoch is about a game that is gone.
	epoch    int
	lastUsed time.Time

	engine *search.Engine
	job    *job // the running search, nil when idle
	subs   map[*subscriber]struct{}
	tc     string   // TimeControl tag of the engine's moves: "" none yet, "?" mixed
	shared *sharing // the invitation tokens and clock of a shared game (share.go), nil when not shared

	// searched is when the last search ended; idleTimer then drops the
	// engine after engineIdle (memory.go).
	searched  time.Time
	idleTimer *time.Timer
}

// job is a search running for a game: the engine choosing a move or an
// analysis. Cancelling it stops the search.
type job struct {
	kind   string // jobEngine or jobAnalysis
	cancel context.CancelFunc
	done   chan struct{}
	// discard: the game ended meanwhile (a flag fell), so an engine's
	// search that stops plays nothing.
	discard bool
	epoch   int // the game's when the search began
	// pv: a review's principal variation of the search that runs, from
	// its last report.
	pv []board.Move
}

const (
	jobEngine   = "engine"
	jobAnalysis = "analysis"
)

// apiError is a refusal with its HTTP status.
type apiError struct {
	status int
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func errorf(status int, format string, args ...any) error {
	return &apiError{status, fmt.Sprintf(format, args...)}
}

// Limits on what a request may hold.
const (
	maxBody      = 1 << 20 // bytes of a request body (a long PGN fits)
	maxFEN       = 256
	maxMoveText  = 64
	maxPlies     = 3000
	maxComment   = 512
	maxTagValue  = 256
	maxTags      = 32
	maxGames     = 32
	maxMultiPV   = 8
	maxMoveTime  = 10 * time.Minute
	maxAnalysis  = 30 * time.Minute // an analysis nobody stops ends by itself
	defaultMove  = time.Second
	eventsBuffer = 64
)

func newGame(id string, start board.Position) *game {
	g := &game{id: id, subs: map[*subscriber]struct{}{}, lastUsed: time.Now()}
	g.reset(start)
	return g
}

// rebuild replays the plies from the start after a takeback.
func (g *game) rebuild() {
	g.cur, g.hashes = board.NewGame(g.start), g.hashes[:0]
	for _, pl := range g.plies {
		g.hashes = append(g.hashes, g.cur.Position().Hash())
		g.cur.Play(pl.move)
	}
}

// at is the game after n plies: the end itself, or a replay to an earlier ply.
func (g *game) at(n int) *board.Game {
	if n == len(g.plies) {
		return g.cur
	}
	bg := board.NewGame(g.start)
	for _, pl := range g.plies[:n] {
		bg.Play(pl.move)
	}
	return bg
}

// position is the position after n plies, and the keys of the positions
// before it (the search's repetition history).
func (g *game) position(n int) (board.Position, []uint64) {
	return *g.at(n).Position(), append([]uint64(nil), g.hashes[:n]...)
}

// verdict judges the game after n plies, repetition included.
func (g *game) verdict(n int) board.Verdict { return g.at(n).Verdict() }

// verdictView is the verdict after n plies as the page shows it: the
// position's, or at the end a declared result.
func (g *game) verdictView(n int) verdictView {
	v := g.verdict(n)
	if d := g.declared; d != nil && !v.Over() && n == len(g.plies) && d.at == g.end() {
		out := verdictView{Over: true, Result: d.result.String(), Termination: d.termination, Reason: d.reason, Declared: true}
		switch d.result {
		case board.WhiteWins:
			out.Winner = board.White.String()
		case board.BlackWins:
			out.Winner = board.Black.String()
		}
		return out
	}
	return newVerdictView(v)
}

// over says why no move may be played at the end of the game ("" while
// one may).
func (g *game) over() string {
	if v := g.cur.Verdict(); v.Over() {
		return v.Reason()
	}
	if g.declared != nil && g.declared.at == g.end() {
		return g.declared.reason
	}
	return ""
}

// declare ends the game with a result its position does not give.
// termination is a PGN Termination value ("time forfeit" is a loss on
// time), taken as it is: a loaded PGN, or a page restoring one, may name
// any.
func (g *game) declare(result board.Result, termination string, fromPGN bool) error {
	if result == board.Ongoing {
		return errorf(400, `a result is 1-0, 0-1 or 1/2-1/2, not "*"`)
	}
	if why := g.over(); why != "" {
		return errorf(409, "the game is over: %s", why)
	}
	if len(termination) > maxTagValue {
		return errorf(400, "the termination is longer than %d characters", maxTagValue)
	}
	term := strings.ToLower(strings.TrimSpace(termination))
	reason := map[board.Result]string{board.WhiteWins: "White wins", board.BlackWins: "Black wins", board.Draw: "Draw"}[result]
	switch {
	case term == "time forfeit" && result == board.Draw:
		reason += ": time forfeit"
	case term == "time forfeit":
		reason += " on time"
	case term != "" && term != "normal" && term != "unterminated":
		reason += ": " + term
	}
	if fromPGN {
		reason += ", as the PGN records it"
	}
	if termination == "" {
		termination = "normal"
	}
	g.declared = &declared{result: result, termination: termination, reason: reason, fromPGN: fromPGN, at: g.end()}
	g.changed()
	return nil
}

// terminations are the values of the PGN Termination tag.
func validGlyph(s string) bool {
	for _, g := range nagGlyphs {
		if s == g {
			return true
		}
	}
	return false
}

var terminations = map[string]bool{
	"time forfeit": true, "normal": true, "abandoned": true, "adjudication": true,
	"rules infraction": true, "emergency": true, "death": true,
}

// parseResult reads a PGN result token.
func parseResult(s string) (board.Result, error) {
	for _, r := range []board.Result{board.WhiteWins, board.BlackWins, board.Draw} {
		if s == r.String() {
			return r, nil
		}
	}
	return board.Ongoing, errorf(400, `a result is 1-0, 0-1 or 1/2-1/2, not %q`, s)
}

// play reads a move in the notation of RULES.md (UCI or algebraic) and
// plays it at the end of the game.
func (g *game) play(text string, comment string, byEngine bool, level string) error {
	if len(text) > maxMoveText {
		return errorf(400, "the move is longer than %d characters", maxMoveText)
	}
	if len(g.plies) >= maxPlies {
		return errorf(409, "the game has reached %d plies, the most a game may hold", maxPlies)
	}
	if why := g.over(); why != "" {
		return errorf(409, "the game is over: %s", why)
	}
	p := g.cur.Position()
	m, err := p.ParseSAN(text)
	if err != nil {
		return errorf(422, "%s", explainSAN(p, text, err))
	}
	if err := g.add(m, comment, byEngine, level); err != nil {
		return err
	}
	g.changed()
	return nil
}

// add plays legal move m at the end of the active line: a move already
// in the tree there is followed, another one is a new line.
func (g *game) add(m board.Move, comment string, byEngine bool, level string) error {
	p := g.cur.Position()
	c, err := g.child(g.end(), newPly(p, m, comment, byEngine, level))
	if err != nil {
		return err
	}
	g.line = append(g.line, c)
	g.plies = append(g.plies, c.pl)
	g.hashes = append(g.hashes, p.Hash())
	g.cur.Play(m)
	return nil
}

// setPly changes ply i of the active line, in the tree too.
func (g *game) setPly(i int, f func(pl *ply)) {
	f(&g.line[i].pl)
	g.plies[i] = g.line[i].pl
}

func (g *game) changed() {
	g.version++
	g.lastUsed = time.Now()
}

// undo takes back n plies.
func (g *game) undo(n int) error {
	if n < 1 || n > len(g.plies) {
		return errorf(422, "cannot take back %d plies: the game has %d", n, len(g.plies))
	}
	// A takeback removes the moves from the tree too (the first one's
	// subtree holds the others).
	gone := g.line[len(g.line)-n]
	kids := gone.parent.children
	i := indexOf(kids, gone)
	gone.parent.children = append(kids[:i:i], kids[i+1:]...)
	g.nodes -= count(gone)
	g.line = g.line[:len(g.line)-n]
	g.declared = nil
	g.syncLine()
	g.changed()
	return nil
}

// reset starts the game again at p, forgetting the moves and loaded tags.
func (g *game) reset(p board.Position) {
	g.variant, g.start, g.plies, g.tags, g.tc, g.declared = p.Variant(), p, nil, nil, "", nil
	g.root, g.line, g.nodes = &node{}, nil, 0
	g.epoch++
	g.rebuild()
	g.changed()
}

// parseStart reads a variant name and a FEN, either of them empty for the
// default variant and its start position.
func parseStart(variant, fen string, def *board.Variant) (board.Position, error) {
	v := def
	if variant != "" {
		var err error
		if v, err = board.VariantByName(variant); err != nil {
			return board.Position{}, errorf(422, "%v", err)
		}
	}
	if fen == "" {
		return v.StartPosition(), nil
	}
	if len(fen) > maxFEN {
		return board.Position{}, errorf(400, "the FEN is longer than %d characters", maxFEN)
	}
	p, err := board.ParseFEN(v, strings.TrimSpace(fen))
	if err != nil {
		return board.Position{}, errorf(422, "invalid %s FEN: %v", v.Name(), err)
	}
	return p, nil
}

// loadPGN replaces the game by game number n (from 1) of a PGN text and
// says what the board could not keep.
func (g *game) loadPGN(text string, n int) (*pgnView, error) {
	games, err := pgn.ParseString(text)
	if err != nil {
		return nil, errorf(422, "%v", err)
	}
	if len(games) == 0 {
		return nil, errorf(422, "the PGN holds no game")
	}
	if n == 0 {
		n = 1
	}
	if n < 1 || n > len(games) {
		return nil, errorf(422, "the PGN holds %d games: game must be 1 to %d, not %d", len(games), len(games), n)
	}
	rec := games[n-1]
	start, moves, err := rec.Replay()
	if err != nil {
		if len(games) == 1 {
			return nil, errorf(422, "PGN: %v", err)
		}
		return nil, errorf(422, "PGN game %d: %v", n, err)
	}
	if len(moves) > maxPlies {
		return nil, errorf(422, "the PGN game has %d plies, more than %d", len(moves), maxPlies)
	}
	view := &pgnView{Games: len(games), Game: n}
	if len(games) > 1 {
		for i, r := range games[:min(len(games), maxTitles)] {
			view.Titles = append(view.Titles, gameTitle(i+1, r))
		}
	}
	var notes pgnNotes
	if all := scanPGN(text); len(all) == len(games) && all[n-1].moves == len(moves) {
		notes = all[n-1]
	} else {
		// The scan and the reader disagree: keep the moves, say nothing
		// about what may be missing rather than something wrong.
		notes = pgnNotes{}
	}
	view.Variations = notes.variations
	g.reset(start)
	// The tree with its variations, comments and NAGs where the scan reads
	// the main line as package pgn does; else that main line alone.
	if notes.tokens == nil || !g.readTree(notes.tokens, moves) {
		g.reset(start)
		for _, m := range moves {
			if err := g.add(m, "", false, ""); err != nil {
				return nil, err
			}
		}
		view.Variations, view.Dropped = 0, notes.dropped
		if notes.variations > 0 {
			view.Dropped = append(view.Dropped, fmt.Sprintf("%d variations", notes.variations))
		}
	}
	main := g.mainLine()
	for i := range moves {
		// The main line's comments as package pgn reads them.
		main[i].pl.comment = limitText(rec.Moves[i].Comment, maxComment)
		if notes.glyphs != nil && main[i].pl.glyph == "" {
			main[i].pl.glyph = notes.glyphs[i]
		}
		view.Commands = view.Commands || strings.Contains(rec.Moves[i].Comment, "[%")
	}
	takeEvals(g.root)
	g.line = main
	g.syncLine()
	g.tags = map[string]string{}
	for _, t := range rec.Tags {
		if keptTags[t.Name] && len(g.tags) < maxTags {
			g.tags[t.Name] = limitText(t.Value, maxTagValue)
		}
	}
	if rec.Result != board.Ongoing && !g.cur.Verdict().Over() {
		term, _ := rec.Tag("Termination")
		_ = g.declare(rec.Result, limitText(term, maxTagValue), true)
	}
	return view, nil
}

// gameTitle names game i of a file for the page's choice.
func gameTitle(i int, r *pgn.Game) string {
	tag := func(name string) string {
		v, _ := r.Tag(name)
		return limitText(pgn.CleanTag(v), 60)
	}
	title := fmt.Sprintf("%d. %s - %s", i, tag("White"), tag("Black"))
	for _, name := range []string{"Event", "Date"} {
		if v := tag(name); v != "" && v != "?" && v != "????.??.??" {
			title += ", " + v
		}
	}
	return title + " " + r.Result.String()
}

// keptTags are the tags of a loaded game that describe it rather than its
// moves; the others (Result, FEN, PlyCount...) follow from the moves.
var keptTags = map[string]bool{
	"Event": true, "Site": true, "Date": true, "Round": true, "White": true, "Black": true,
	"TimeControl": true, "WhiteTimeControl": true, "BlackTimeControl": true,
}

func limitText(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// record is the game as a PGN record with the tags of `senapati match
// -pgnout`: Event, Site, Date, Round, White, Black, Result, Variant,
// SetUp, FEN, TimeControl, Termination, PlyCount, and the engine's
// {score/depth time} after its moves.
func (g *game) record(now time.Time) *pgn.Game {
	tag := func(name, def string) string {
		if v, ok := g.tags[name]; ok {
			return v
		}
		return def
	}
	var sides [2]struct {
		engine, human, varied bool
		level                 string // of the engine's first move ("" full strength)
	}
	// The record is the main line's (its variations are written by
	// writeTree), whichever line is active.
	main := g.mainLine()
	for i, n := range main {
		pl := n.pl
		s := &sides[g.start.SideToMove()^board.Color(i%2)]
		switch {
		case !pl.engine:
			s.human = true
		case !s.engine:
			s.engine, s.level = true, pl.level
		case pl.level != s.level:
			s.varied = true
		}
	}
	player := func(c board.Color) string {
		s := sides[c]
		engine := "Senapati"
		switch {
		case s.varied:
			engine = "Senapati (strength varied)"
		case s.level != "":
			engine = "Senapati (" + s.level + ")"
		}
		switch {
		case s.engine && s.human:
			return engine + " and a human"
		case s.engine:
			return engine
		case s.human:
			return "Human"
		case g.shared != nil || len(main) > 0 && !sides[c^1].engine:
			// A side yet to move in a game between people (a shared
			// game, or two players at one board) is a person too.
			return "Human"
		}
		return "?"
	}
	v := g.verdict(len(g.plies))
	if !g.onMainLine() {
		bg := board.NewGame(g.start)
		for _, n := range main {
			bg.Play(n.pl.move)
		}
		v = bg.Verdict()
	}
	rec := &pgn.Game{}
	rec.SetTag("Event", tag("Event", "senapati play"))
	rec.SetTag("Site", tag("Site", "?"))
	rec.SetTag("Date", tag("Date", now.Format("2006.01.02")))
	rec.SetTag("Round", tag("Round", "-"))
	rec.SetTag("White", tag("White", player(board.White)))
	rec.SetTag("Black", tag("Black", player(board.Black)))
	d := g.declared
	if v.Over() || (d != nil && (len(main) == 0 && d.at != g.root || len(main) > 0 && d.at != main[len(main)-1])) {
		d = nil
	}
	if d != nil {
		rec.SetResult(d.result)
	} else {
		rec.SetResult(v.Result())
	}
	rec.SetStart(&g.start)
	tc := g.tc
	if tc == "" {
		tc = "-"
	}
	rec.SetTag("TimeControl", tag("TimeControl", tc))
	for _, name := range []string{"WhiteTimeControl", "BlackTimeControl"} {
		if val, ok := g.tags[name]; ok {
			rec.SetTag(name, val)
		}
	}
	term := "unterminated"
	switch {
	case v.Over():
		term = "normal"
	case d != nil:
		term = d.termination
	}
	rec.SetTag("Termination", term)
	rec.SetTag("PlyCount", fmt.Sprint(len(main)))
	p := g.start
	for i, n := range main {
		// The comments keep their [%clk]-style commands: writeTree writes
		// them as they are (package pgn's writer would spoil them).
		rec.Play(&p, n.pl.move, n.pl.comment)
		rec.Moves[i].Text += n.pl.glyph
	}
	switch {
	case v.Over():
		rec.AppendReason(v.Reason())
	case d != nil && !d.fromPGN:
		rec.AppendReason(d.reason)
	}
	return rec
}

// noteTimeControl records the limits of an engine move for the
// TimeControl tag, written as -pgnout does ("60+1", "2/move", "-" for a
// depth or node limit): one description while they stay the same, "?"
// once they differ. base and inc are the clock the page keeps.
func (g *game) noteTimeControl(l search.Limits, base, inc time.Duration) {
	var tc string
	switch {
	case l.Time[0] > 0 || l.Time[1] > 0:
		tc = "?"
		if base > 0 {
			tc = seconds(base)
			if inc > 0 {
				tc += "+" + seconds(inc)
			}
		}
	case l.MoveTime > 0:
		tc = seconds(l.MoveTime) + "/move"
	default:
		tc = "-"
	}
	if g.tc != "" && g.tc != tc {
		tc = "?"
	}
	g.tc = tc
}

func seconds(d time.Duration) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", d.Seconds()), "0"), ".")
}

// subscriber is a page listening to a game's events. missed is the
// latest state that found its channel full (guarded by the game's mu):
// a state holds every move, so a page too slow for some states still
// gets every move with the next one it takes.
type subscriber struct {
	ch     chan event
	missed []byte
}

// event is one server-sent event.
type event struct {
	name string
	data []byte
}

// publish sends an event to every page watching; a page too slow to take
// it misses it (a search never waits for a browser), except a state,
// which waits as the subscriber's missed one until there is room.
func (g *game) publish(name string, data []byte) {
	for s := range g.subs {
		select {
		case s.ch <- event{name, data}:
			if name == "state" {
				s.missed = nil // superseded by this one
			}
		default:
			if name == "state" {
				s.missed = data
			}
		}
	}
}

// registry holds the games. When it is full, the game unused for longest
// that is not searching makes room. Shared games have their own bound
// (maxShared) and give way only to one another, and never while in play
// (evictable): so a stranger creating games cannot push out someone's
// game, and one client creates at most sharedPerClient of them.
type registry struct {
	mu    sync.Mutex
	games map[string]*game
	// sharedPerClient bounds the shared games not yet ended that one
	// client address has created (0: maxShared).
	sharedPerClient int
}

// add registers g under a new id.
func (r *registry) add(g *game) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	shared, limit := g.shared != nil, maxGames
	if shared {
		limit = maxShared
		if err := r.checkClient(g.shared.creator); err != nil {
			return err
		}
	}
	kind := 0
	for _, o := range r.games {
		if (o.shared != nil) == shared {
			kind++
		}
	}
	if kind >= limit {
		now := time.Now()
		var oldest *game
		var oldestRank int
		var oldestUse time.Time
		for _, g := range r.games {
			if (g.shared != nil) != shared {
				continue
			}
			g.mu.Lock()
			rank := 0
			if g.job != nil || len(g.subs) > 0 {
				rank = -1
			} else if shared {
				rank = g.sharedEviction(now)
			}
			used := g.lastUsed
			g.mu.Unlock()
			if rank < 0 {
				continue
			}
			if oldest == nil || rank < oldestRank || rank == oldestRank && used.Before(oldestUse) {
				oldest, oldestRank, oldestUse = g, rank, used
			}
		}
		if oldest == nil {
			if shared {
				return errorf(503, "%d shared games are in play; one must end first", limit)
			}
			return errorf(503, "%d games are open and all are in use; close one", limit)
		}
		delete(r.games, oldest.id)
		oldest.dropEngine()
		oldest.mu.Lock()
		oldest.stopClock(now)
		oldest.mu.Unlock()
	}
	g.id = newGameID()
	r.games[g.id] = g
	return nil
}

// checkClient refuses a shared game to a client that has created
// sharedPerClient that have not ended. The caller holds r.mu.
func (r *registry) checkClient(host string) error {
	bound := r.sharedPerClient
	if bound <= 0 {
		return nil
	}
	n := 0
	for _, o := range r.games {
		if o.shared == nil || o.shared.creator != host {
			continue
		}
		o.mu.Lock()
		if o.over() == "" {
			n++
		}
		o.mu.Unlock()
	}
	if n >= bound {
		return errorf(429, "this client has %d shared games not yet ended, the most one client may create; finish or resign one", n)
	}
	return nil
}

// newGameID is 128 random bits: on a network address the id is what keeps
// one person's game from another, so it must not be guessed.
func newGameID() string {
	return rand.Text()
}

func (r *registry) get(id string) (*game, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	g, ok := r.games[id]
	if !ok {
		return nil, errorf(404, "no game %q (the server may have restarted)", id)
	}
	return g, nil
}

func (r *registry) remove(id string) *game {
	r.mu.Lock()
	defer r.mu.Unlock()
	g := r.games[id]
	delete(r.games, id)
	return g
}

func (r *registry) all() []*game {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]*game, 0, len(r.games))
	for _, g := range r.games {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}
