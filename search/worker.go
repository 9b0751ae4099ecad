package search

import (
	"slices"
	"sync/atomic"

	"senapati/board"
)

// worker is one search thread with its own stacks; nothing here is shared.
type worker struct {
	run *searchRun
	id  int
	// nodes counts this thread's nodes, its own to write and read;
	// published is the count as other goroutines read it (totalNodes):
	// stored at every look at the limits and whenever the thread reports
	// or ends, so a node costs no atomic add.
	nodes     uint64
	published atomic.Uint64
	completed int // last fully searched depth
	selDepth  int
	roots     []rootMove
	pvIdx     int
	prof      profile            // what this game's search does beyond the common core
	p         Params             // the settings' constants
	lmr       *[64][64]int8      // late-move reductions by depth and move number, made from p
	stack     *[MaxPly + 2]frame // made at the first search (see newWorker)
	keys      []uint64           // hashes of the game before the root, then of the path
	base      int                // index of the root in keys
	killers   [MaxPly + 2][2]board.Move
	history   [2][board.NumSquares * board.NumSquares]int16
	contHist  *contTable
	corr      *corrTable // Params.CorrHist
	// contRows lists the continuation-history rows written since the last
	// forget, each once (side*contSize + row), so that a new game clears
	// what was used rather than all 3 MB of the table.
	contRows  []int32
	contDirty [2][contSize]bool
	pvTable   [MaxPly + 2][MaxPly + 2]board.Move
	pvLen     [MaxPly + 2]int
	eval      Evaluation
	value     PieceValuer
	variant   *board.Variant
	values    [board.NumTypes]int
	lastCheck uint64
	evalCache *[evalCacheSize]evalEntry
	lists     *[MaxPly + 2]moveLists // the frames' move lists
	searched  bool                   // since the last forget
	// nullMinPly: no null move above this ply (a null move's verification
	// search is under way; 0: none).
	nullMinPly int
	// The rules of the game the search is in, asked once as it starts so
	// that a node asks nothing about a rule its game lacks: zoneKills, the
	// zones kill both pieces of a capture (Durg); stalemateWins (so nodes
	// that return without their moves ask whether there is one) and
	// bareRajaLoses (chaturanga).
	zoneKills, stalemateWins, bareRajaLoses bool
}

// moveLists are a frame's moves and their ordering scores.
type moveLists struct {
	moves  board.MoveList
	scores [board.MaxMoves]int32
}

// newWorker makes a thread's state. Its large tables (7 of its 7.5 MB)
// hold no pointers and are allocations of their own, which the garbage
// collector need not read, and nothing here touches them: inside the
// worker, an object that holds pointers, every collection read all of
// every thread's, and Threads 256 took a second. The frames, which hold
// pointers, are made at the thread's first search, for the same reason.
func newWorker(eval Evaluation) *worker {
	return &worker{eval: eval, contHist: new(contTable), corr: new(corrTable), evalCache: new([evalCacheSize]evalEntry), lists: new([MaxPly + 2]moveLists)}
}

// frame is one ply of the search stack.
type frame struct {
	pos    board.Position
	moves  *board.MoveList        // in the worker's moveLists
	scores *[board.MaxMoves]int32 // the same
	// move is the move that reached this frame (NoMove: a null move, or
	// the root, which no caller of null asks about); cont is its
	// continuation-history index, kept for the history lookups (0: none);
	// staticEval is this node's (-Infinity in check).
	move       board.Move
	cont       int32
	staticEval int
	// excluded is the move a singular-extension test leaves out of this
	// node's search (NoMove: none).
	excluded board.Move
	// checks is the position's check information once a move's check is
	// first asked about (checksKnown; see givesCheck).
	checks      board.CheckInfo
	checksKnown bool
}

// givesCheck: plain move m at ply gives check (board's GivesCheck), with
// the node's check information worked out at its first question.
func (w *worker) givesCheck(ply int, m board.Move) bool {
	fr := &w.stack[ply]
	if !fr.checksKnown {
		fr.checks, fr.checksKnown = fr.pos.CheckInfo(), true
	}
	return fr.pos.GivesCheck(m, &fr.checks)
}

// legalHere: m, a move from the table, is a legal turn of the position at
// ply (a table entry of another position with the same index bits may
// hold any move). The frame's move list is the scratch space.
func (w *worker) legalHere(ply int, m board.Move) bool {
	fr := &w.stack[ply]
	fr.pos.GenerateFrom(fr.moves, m.From())
	return slices.Contains(fr.moves.Slice(), m)
}

// null: the frame was reached by a null move (repetitions cannot cross it).
func (f *frame) null() bool { return f.move == board.NoMove }

func (w *worker) reset(s *searchRun, id int, root board.Position, history []uint64, roots []rootMove) {
	w.run, w.id = s, id
	if w.stack == nil { // the first search
		w.stack = new([MaxPly + 2]frame)
		for i := range w.stack {
			w.stack[i].moves, w.stack[i].scores = &w.lists[i].moves, &w.lists[i].scores
		}
	}
	w.searched = true
	w.nodes = 0
	w.published.Store(0)
	w.completed, w.selDepth, w.lastCheck = 0, 0, 0
	w.roots = slices.Clone(roots)
	w.stack[0].pos, w.stack[0].checksKnown = root, false
	w.keys = append(append(w.keys[:0], history...), root.Hash())
	w.base = len(history)
	w.keys = slices.Grow(w.keys, MaxPly+2)
	if w.variant != root.Variant() { // the same key means another position in another game
		clear(w.evalCache[:])
	}
	w.value, w.variant = s.e.value, root.Variant()
	if w.lmr == nil || w.p != s.e.settings.Params {
		w.p = s.e.settings.Params
		t := lmrReductions(&w.p)
		w.lmr = &t
	}
	w.prof = profileOf(root.Variant())
	w.eval.SetRoot(&w.stack[0].pos)
	for t := board.PieceType(0); t < board.NumTypes; t++ {
		w.values[t] = w.value(w.variant, t)
	}
	w.stalemateWins = w.variant.StalemateWins()
	w.zoneKills = w.variant.ZoneCaptureKillsBoth()
	w.bareRajaLoses = w.variant.BareKingLoses()
	w.killers = [MaxPly + 2][2]board.Move{}
	for c := range w.history {
		for i := range w.history[c] {
			w.history[c][i] /= 8
		}
	}
	w.stack[0].cont = 0
}

// forget makes the thread's tables those of a new thread (a new game),
// without making the thread again (several MB to allocate and zero). The
// evaluation cache stays: it holds the evaluation's own answers, not
// anything learnt, and a change of evaluation or game clears it.
func (w *worker) forget() {
	if !w.searched {
		return
	}
	w.searched = false
	w.history = [2][board.NumSquares * board.NumSquares]int16{}
	w.killers = [MaxPly + 2][2]board.Move{}
	*w.corr = corrTable{}
	for _, r := range w.contRows {
		side, row := r/int32(contSize), r%int32(contSize)
		clear(w.contHist[side][row][:])
		w.contDirty[side][row] = false
	}
	w.contRows = w.contRows[:0]
}

func (w *worker) stopped() bool { return w.run.e.stop.Load() }

// checkLimits runs every so many nodes: time, node count.
func (w *worker) checkLimits() {
	s := w.run
	if s.limits.Nodes > 0 && s.totalNodes() >= s.limits.Nodes {
		s.e.stop.Store(true)
	}
	// A weakened search spends its budget once it has a move to choose.
	if s.weak != nil && w.completed > 0 && w.nodes >= s.weak.nodes {
		s.e.stop.Store(true)
	}
	if s.hard > 0 && !s.e.ponder.Load() && s.elapsed() >= s.hard {
		s.e.stop.Store(true)
	}
}

func (w *worker) countNode() {
	w.nodes++
	if w.nodes-w.lastCheck >= 1024 || w.run.countEachNode {
		w.lastCheck = w.nodes
		w.publishNodes()
		w.checkLimits()
	}
}

// publishNodes makes the thread's node count the one totalNodes reads.
func (w *worker) publishNodes() { w.published.Store(w.nodes) }

// play makes move m (NoMove: the null move) from ply into ply+1's frame and
// records the new position's key for repetition checks.
func (w *worker) play(ply int, m board.Move) *board.Position {
	child := &w.stack[ply+1]
	child.pos, child.checksKnown = w.stack[ply].pos, false
	child.move = m
	if child.null() {
		child.cont = 0
		child.pos.DoNullMove()
	} else {
		child.cont = contIndex(&w.stack[ply].pos, m)
		child.pos.DoMove(m)
	}
	w.eval.Played(ply, &w.stack[ply].pos, &child.pos, m)
	w.keys = append(w.keys[:w.base+ply+1], child.pos.Hash())
	return &child.pos
}

func (w *worker) updatePV(ply int, m board.Move) {
	w.pvTable[ply][ply] = m
	n := w.pvLen[ply+1]
	copy(w.pvTable[ply][ply+1:n], w.pvTable[ply+1][ply+1:n])
	w.pvLen[ply] = max(n, ply+1)
}
