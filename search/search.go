// Package search finds the best move: iterative deepening with aspiration
// windows, principal-variation alpha-beta, quiescence search, a shared
// lock-free transposition table and Lazy SMP threads.
package search

import (
	"context"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"senapati/board"
)

const (
	Infinity = 32001
	Mate     = board.MateValue
	MaxPly   = 128
	// MateBound: scores beyond it are mates (distance in plies from the root).
	MateBound = Mate - MaxPly
	// MaxEval bounds what the search takes from any evaluation: above any
	// sane score (nine queens and every piece against a bare king is under
	// 15000), and far enough below MateBound that no correction carries a
	// score to a mate. A broken net's scores past mate made the search
	// take them for mates and never end.
	MaxEval = 20000
)

// MateIn is how a score is shown (UCI's `score mate N`, CECP's 100000+N,
// the web board's mate): for a mate score, ok and the moves to mate, N
// when the side to move mates in N, -N when it is mated in N (0: mated
// now); for any other score, not ok.
func MateIn(score int) (moves int, ok bool) {
	switch {
	case score >= MateBound:
		return (Mate - score + 1) / 2, true
	case score <= -MateBound:
		return -(Mate + score) / 2, true
	}
	return 0, false
}

// PieceValuer gives material values for move ordering.
type PieceValuer func(*board.Variant, board.PieceType) int

// Info is one progress report: a finished iteration or a MultiPV line.
type Info struct {
	Depth, SelDepth, MultiPV int
	Score                    int // centipawns, or a mate score near ±Mate
	Bound                    Bound
	Nodes                    uint64
	NPS                      uint64
	HashFull                 int
	Time                     time.Duration
	PV                       []board.Move
}

// Result is the search's answer.
type Result struct {
	Best, Ponder board.Move
	Score        int
	Depth        int
	Nodes        uint64
}

// Engine owns the table and runs one search at a time.
type Engine struct {
	TT       *TT
	settings Settings
	newEval  NewEvaluation
	value    PieceValuer

	mu        sync.Mutex
	stop      atomic.Bool
	stopAsked atomic.Bool // Stop was called: stop is also set by limits
	ponder    ponderState // the running search's limits.Ponder
	startTime time.Time
	workers   []*worker
	gameSeed  uint64   // the weakened choice's seed this game, unless settings fix one
	weak      weakPlan // the weakened search's plan, reused
}

// NewEngine makes an engine whose threads score positions with evaluations
// made by newEval and order captures by value.
func NewEngine(s Settings, newEval NewEvaluation, value PieceValuer) *Engine {
	e := &Engine{newEval: newEval, value: value, gameSeed: newGameSeed()}
	e.settings = normalize(s)
	e.TT = NewTT(e.settings.HashMB)
	e.settings.HashMB = e.TT.MB()
	e.prepareWorkers()
	return e
}

// Factory builds an engine, its evaluation chosen by the settings. Package
// engine is the one factory; main hands it to the tools that make their
// own engines (bench, datagen, suite, the web board), so they play what
// the protocols play. Its error is the settings' (an EvalFile that cannot
// be read), for the tool to refuse with.
type Factory func(Settings) (*Engine, error)

// prepareWorkers makes the threads' workers (several MB each: stacks and
// history tables) when the settings ask for them, so a search does not
// spend its clock allocating them.
func (e *Engine) prepareWorkers() {
	for len(e.workers) < e.settings.Threads {
		e.workers = append(e.workers, e.newWorker())
	}
}

func (e *Engine) newWorker() *worker { return newWorker(e.newEval()) }

// SetEvaluation replaces the evaluation of every thread between searches
// (a network loaded by EvalFile).
func (e *Engine) SetEvaluation(newEval NewEvaluation) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.newEval = newEval
	for _, w := range e.workers {
		w.eval = newEval()
		clear(w.evalCache[:])
	}
}

func normalize(s Settings) Settings {
	s.Threads = max(s.Threads, 1)
	s.MultiPV = max(s.MultiPV, 1)
	s.HashMB = max(s.HashMB, 1)
	s.Strength = s.Strength.normalize()
	if s.Params == (Params{}) { // settings made without DefaultSettings
		s.Params = DefaultParams()
	}
	return s
}

// Settings is the engine's current configuration.
func (e *Engine) Settings() Settings { return e.settings }

// Configure changes the settings between searches; a new hash size
// replaces the table.
func (e *Engine) Configure(s Settings) {
	e.mu.Lock()
	defer e.mu.Unlock()
	s = normalize(s)
	if s.HashMB != e.settings.HashMB {
		s.HashMB = e.TT.Resize(s.HashMB) // what the machine could spare
	}
	e.settings = s
	e.prepareWorkers()
}

// ReleaseHelpers lets the helper threads' state (several MB each) go
// between searches, so that an engine kept for long does not hold its
// widest search's; Configure, or else the next search, makes it again.
func (e *Engine) ReleaseHelpers() {
	e.mu.Lock()
	defer e.mu.Unlock()
	clear(e.workers[min(1, len(e.workers)):])
	e.workers = e.workers[:min(1, len(e.workers))]
}

// ClearHash empties the table (Clear Hash).
func (e *Engine) ClearHash() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.TT.Clear()
}

// Stop ends the running search as soon as possible (UCI stop).
func (e *Engine) Stop() {
	e.stopAsked.Store(true)
	e.stop.Store(true)
}

// NewGame forgets everything learnt (ucinewgame): the table and each
// thread's tables are cleared where they were used, not made again (at
// Threads 8 that was 59 MB to allocate and zero at each ucinewgame).
func (e *Engine) NewGame() { e.newGame(false) }

// NewGameInPlace is NewGame with the table emptied by TT.Forget, its
// memory kept (see there): for a run of fresh searches that measures the
// search, not the page faults of a new mapping (the bench).
func (e *Engine) NewGameInPlace() { e.newGame(true) }

func (e *Engine) newGame(keepTableMemory bool) {
	e.mu.Lock() // never while a search runs
	defer e.mu.Unlock()
	if keepTableMemory {
		e.TT.Forget()
	} else {
		e.TT.Clear()
	}
	n := min(len(e.workers), e.settings.Threads)
	clear(e.workers[n:]) // threads no longer asked for are dropped
	e.workers = e.workers[:n]
	for _, w := range e.workers {
		w.forget()
	}
	e.prepareWorkers()
	e.gameSeed = newGameSeed()
}

// seed is the weakened choice's seed: the settings' if they fix one, else
// the game's.
func (e *Engine) seed() uint64 {
	if s := e.settings.Strength.Seed; s != 0 {
		return s
	}
	return e.gameSeed
}

// weakResult reports the lines the weakened search chooses from (those of
// its last completed iteration) and answers with the chosen one.
func (s *searchRun) weakResult() Result {
	p := s.weak
	if s.report != nil {
		el, nodes := s.elapsed(), s.totalNodes()
		for i := range p.lines {
			l := &p.lines[i]
			s.report(Info{
				Depth: p.depth, SelDepth: max(l.selDepth, p.depth), MultiPV: i + 1, Score: l.score, Bound: BoundExact,
				Nodes: nodes, NPS: uint64(float64(nodes) / max(el.Seconds(), 1e-6)),
				HashFull: s.e.TT.HashFull(), Time: el, PV: slices.Clone(l.pv),
			})
		}
	}
	l := &p.lines[p.choose()]
	r := Result{Best: l.move, Score: l.score, Depth: p.depth, Nodes: s.totalNodes()}
	if len(l.pv) > 1 {
		r.Ponder = l.pv[1]
	}
	return r
}

// rootMove is one legal root move with what the last iteration learnt.
type rootMove struct {
	move      board.Move
	score     int
	prevScore int
	selDepth  int
	pv        []board.Move
}

// Search runs a search on root, whose earlier positions' hashes (oldest
// first, root excluded) are history. report is called from one goroutine.
// ctx cancellation stops the search like Stop.
func (e *Engine) Search(ctx context.Context, root board.Position, history []uint64, limits Limits, report func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.stop.Store(false)
	e.stopAsked.Store(false)
	if ctx.Err() != nil { // stopped before it began
		e.Stop()
	}
	e.ponder = ponderState{limits.Ponder}
	e.startTime = time.Now()
	e.TT.NewSearch()
	e.TT.keepDeeperBy = e.settings.Params.TTKeepDepth
	if ctx.Done() != nil {
		// Cancelling ctx stops this search, and only this one: if the stop
		// has begun, it must be done before the next search resets the flag.
		fired := make(chan struct{})
		unwatch := context.AfterFunc(ctx, func() {
			defer close(fired)
			e.stop.Store(true)
		})
		defer func() {
			if !unwatch() {
				<-fired
			}
		}()
	}

	var ml board.MoveList
	root.GenerateMoves(&ml)
	var roots []rootMove
	for _, m := range ml.Slice() {
		if len(limits.SearchMoves) > 0 && !slices.Contains(limits.SearchMoves, m) {
			continue
		}
		roots = append(roots, rootMove{move: m, score: -Infinity, prevScore: -Infinity})
	}
	if len(roots) == 0 {
		return Result{}
	}

	moveRule := e.settings.MoveRule.For(root.Variant())
	weakened := e.settings.Strength.Level() < MaxSkill
	soft, hard := moveTime(&limits, int(root.SideToMove()), e.settings.MoveOverhead, weakened)
	if hard > 0 {
		// The deadline stops every thread even when none of them is
		// scheduled to look at the clock (more threads than CPUs). The timer
		// must have finished before the next search resets the stop flag.
		fired := make(chan struct{})
		deadline := time.AfterFunc(hard, func() {
			defer close(fired)
			if !e.ponder.Load() {
				e.stop.Store(true)
			}
		})
		defer func() {
			if !deadline.Stop() {
				<-fired
			}
		}()
	}
	threads, multiPV := e.settings.Threads, e.settings.MultiPV
	var weak *weakPlan
	if weakened {
		level := e.settings.Strength.Level()
		// One thread, so that the budget is what is searched and a game
		// can be replayed; at least weakLines lines to choose from.
		weak = &e.weak
		weak.start(level, e.seed(), root.Hash())
		threads, multiPV = 1, max(multiPV, weakLines)
	}
	s := &searchRun{
		e: e, limits: limits, soft: soft, hard: hard, moveRule: moveRule,
		multiPV: min(multiPV, len(roots)), report: report, threads: threads, weak: weak,
		countEachNode: limits.Nodes > 0 || weak != nil,
	}
	for len(e.workers) < threads {
		e.workers = append(e.workers, e.newWorker())
	}
	workers := e.workers[:threads]
	var g errgroup.Group
	for i, w := range workers {
		w.reset(s, i, root, history, roots)
		g.Go(func() error {
			w.iterate()
			w.publishNodes()
			if i == 0 {
				// The main thread decides when the search ends; an infinite or
				// ponder search waits for stop before answering.
				for (s.limits.Infinite || e.ponder.Load()) && !s.answerNow() {
					time.Sleep(time.Millisecond)
				}
				e.stop.Store(true)
			}
			return nil
		})
	}
	_ = g.Wait()
	if weak != nil && weak.depth > 0 {
		return s.weakResult()
	}
	best := workers[0]
	for _, w := range workers[1:] { // a helper that finished a deeper iteration knows more
		if w.completed > best.completed && w.roots[0].score > best.roots[0].score-50 {
			best = w
		}
	}
	if report != nil {
		s.reportLines(best, best.completed, true, BoundExact)
	}
	r := Result{Best: best.roots[0].move, Score: best.roots[0].score, Depth: best.completed, Nodes: s.totalNodes()}
	if pv := best.roots[0].pv; len(pv) > 1 {
		r.Ponder = pv[1]
	}
	return r
}

// searchRun is the shared state of one Search call.
type searchRun struct {
	e          *Engine
	limits     Limits
	soft, hard time.Duration
	moveRule   int
	multiPV    int
	threads    int
	report     func(Info)
	reportMu   sync.Mutex
	weak       *weakPlan // nil at full strength
	// countEachNode: the limits are checked at every node, not every
	// 1024, so node budgets are exact.
	countEachNode bool
	// proven: the main thread stopped deepening on a proven result
	// (resultProven); an endless search goes on waiting for stop.
	proven atomic.Bool
}

func (s *searchRun) totalNodes() uint64 {
	var n uint64
	for _, w := range s.e.workers[:s.threads] {
		n += w.published.Load()
	}
	return n
}

// answerNow: an infinite or ponder search that has finished may answer. A
// weakened search that spent its budget still waits for stop (or
// ponderhit), as UCI wants.
func (s *searchRun) answerNow() bool {
	if s.weak != nil {
		return s.e.stopAsked.Load()
	}
	return s.e.stop.Load()
}

func (s *searchRun) elapsed() time.Duration { return time.Since(s.e.startTime) }

func (s *searchRun) reportLines(w *worker, depth int, final bool, bound Bound) {
	w.publishNodes() // the count it reports is exact for one thread
	s.reportMu.Lock()
	defer s.reportMu.Unlock()
	el := s.elapsed()
	nodes := s.totalNodes()
	depth = max(depth, 1)
	for i := 0; i < s.multiPV; i++ {
		rm := &w.roots[i]
		score := rm.score
		if score == -Infinity {
			if final && i > 0 {
				continue
			}
			score = rm.prevScore
		}
		if score == -Infinity {
			score = 0
		}
		pv := rm.pv
		if len(pv) == 0 {
			pv = []board.Move{rm.move}
		}
		b := BoundExact
		if i == w.pvIdx {
			b = bound
		}
		s.report(Info{
			Depth: depth, SelDepth: max(rm.selDepth, depth), MultiPV: i + 1, Score: score, Bound: b,
			Nodes: nodes, NPS: uint64(float64(nodes) / max(el.Seconds(), 1e-6)),
			HashFull: s.e.TT.HashFull(), Time: el, PV: slices.Clone(pv),
		})
	}
}

// mateDepthMargin is how much deeper than 2N plies `go mate N` searches.
const mateDepthMargin = 8

// resultProven: every reported line is a won or lost game (a mate, a bare
// Raja, a winning stalemate) that deeper iterations would only repeat, so
// iterative deepening may stop; an infinite or ponder search still waits
// for stop before it answers.
//
// A mate score is a proof: the rules decided its leaf, every move of a
// node scored as lost was searched (pruning waits for a move that is not
// mated), and the completed iteration's score is exact (the aspiration
// window widened until it was). Deeper iterations cannot refute it, only
// sharpen it: reductions and low-depth pruning may have hidden a quicker
// mate. For the winner that costs nothing (any proven mate wins, and each
// next move is searched afresh), so a few plies beyond the mate, as for
// go mate, are enough. For the loser it decides the defence: the defence
// that looks longest may be mated sooner by a move that was reduced away,
// and another hold out longer. So a lost line is deepened to twice its
// length plus the margin, leaving room for the reduced lines too.
func (s *searchRun) resultProven(lines []rootMove, depth int) bool {
	for i := range lines {
		switch score := lines[i].score; {
		case score >= MateBound:
			if depth < Mate-score+mateDepthMargin {
				return false
			}
		case score <= -MateBound:
			if depth < 2*(Mate+score)+mateDepthMargin {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// iterate is iterative deepening on this worker's copy of the root.
func (w *worker) iterate() {
	s := w.run
	// Depth limits end the main thread only; helpers keep searching deeper
	// (filling the shared table) until the main thread stops them.
	maxDepth := MaxPly - 1
	if s.limits.Depth > 0 && w.id == 0 {
		maxDepth = min(s.limits.Depth, maxDepth)
	}
	if s.limits.Mate > 0 && w.id == 0 {
		// Some plies beyond the mate's own: pruning at low depth can stand
		// pat in front of a quiet mate (see TestFindsMates).
		maxDepth = min(maxDepth, 2*s.limits.Mate+mateDepthMargin)
	}
	bestChanges := 0.0
	lastBest := board.NoMove
	for depth := 1; depth <= maxDepth; depth++ {
		if w.id > 0 && s.proven.Load() {
			break // the main thread has proven the result: helpers stop too
		}
		// Helpers skip some depths so the threads spread over the tree.
		if w.id > 0 && depth > 1 && (depth+w.id)%3 == 0 {
			continue
		}
		for i := range w.roots {
			w.roots[i].prevScore = w.roots[i].score
		}
		// A stop that comes after the last line of this depth was searched
		// (say while it is reported) leaves the depth complete: the report
		// already told the GUI so.
		interrupted := false
		for w.pvIdx = 0; w.pvIdx < s.multiPV; w.pvIdx++ {
			w.aspiration(depth)
			if w.stopped() {
				interrupted = true
				break
			}
			if w.id == 0 && s.report != nil && (w.pvIdx == s.multiPV-1 || s.elapsed() > 3*time.Second) {
				s.reportLines(w, depth, false, BoundExact)
			}
		}
		if interrupted {
			break
		}
		w.completed = depth
		if w.id != 0 {
			continue
		}
		if s.weak != nil {
			s.weak.record(w.roots[:s.multiPV], depth)
		}
		best := w.roots[0]
		if best.move != lastBest {
			bestChanges++
			lastBest = best.move
		}
		if s.limits.Mate > 0 && best.score >= Mate-2*s.limits.Mate {
			break
		}
		// A weakened search chooses among its lines by its own budget.
		if s.weak == nil && s.resultProven(w.roots[:s.multiPV], depth) {
			s.proven.Store(true)
			break
		}
		if s.soft > 0 && !s.e.ponder.Load() {
			// More time when the best move keeps changing or the score
			// drops, less when it has been stable.
			instability := 1 + bestChanges*0.5
			bestChanges *= 0.5
			if drop := best.prevScore - best.score; best.prevScore != -Infinity && drop > 20 {
				instability *= 1 + math.Min(float64(drop), 200)/200
			}
			if len(w.roots) == 1 {
				instability = 0.1
			}
			if s.elapsed() > time.Duration(float64(s.soft)*instability*0.6) {
				break
			}
		}
	}
	if w.id == 0 {
		// Only the main thread's own limits end the search for everyone.
		if !s.limits.Infinite && !s.e.ponder.Load() {
			s.e.stop.Store(true)
		}
	}
}

// aspiration searches the current MultiPV line with a window around the
// last score, widening it on failure.
func (w *worker) aspiration(depth int) {
	rm := &w.roots[w.pvIdx]
	alpha, beta := -Infinity, Infinity
	delta := w.p.AspirationWindow
	if depth >= 5 && rm.prevScore != -Infinity && abs(rm.prevScore) < MateBound {
		alpha, beta = max(rm.prevScore-delta, -Infinity), min(rm.prevScore+delta, Infinity)
	}
	for {
		score := w.rootSearch(depth, alpha, beta)
		slices.SortStableFunc(w.roots[w.pvIdx:], func(a, b rootMove) int { return b.score - a.score })
		if w.stopped() {
			return
		}
		if s := w.run; w.id == 0 && s.report != nil && (score <= alpha || score >= beta) && s.elapsed() > 2*time.Second {
			bound := BoundLower
			if score <= alpha {
				bound = BoundUpper
			}
			s.reportLines(w, depth, false, bound) // a long fail high or low: tell the GUI
		}
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
		case score >= beta:
			beta = min(score+delta, Infinity)
		default:
			return
		}
		delta += delta / 2
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (w *worker) rootSearch(depth, alpha, beta int) int {
	child := &w.stack[1]
	w.keys = w.keys[:w.base+1]
	best := -Infinity
	for i := w.pvIdx; i < len(w.roots); i++ {
		rm := &w.roots[i]
		w.play(0, rm.move)
		w.selDepth = 0
		ext := 0
		if child.pos.InCheck() {
			ext = 1
		}
		var score int
		if i == w.pvIdx {
			score = -w.search(1, depth-1+ext, -beta, -alpha, true)
		} else {
			score = -w.search(1, depth-1+ext, -alpha-1, -alpha, false)
			if score > alpha && score < beta {
				score = -w.search(1, depth-1+ext, -beta, -alpha, true)
			}
		}
		if w.stopped() {
			return best
		}
		if i == w.pvIdx || score > alpha {
			rm.score = score
			rm.selDepth = w.selDepth
			rm.pv = append(append(rm.pv[:0], rm.move), w.pvTable[1][1:w.pvLen[1]]...)
		} else {
			rm.score = -Infinity
		}
		if score > best {
			best = score
		}
		if score > alpha {
			alpha = score
			if score >= beta {
				return score
			}
		}
	}
	return best
}
