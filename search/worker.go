package search

import (
	"slices"
	"sync/atomic"

	"senapati/board"
)

// worker is one search thread with its own stacks; nothing here is shared.
type worker struct {
	run       *searchRun
	id        int
	nodes     atomic.Uint64
	completed int // last fully searched depth
	selDepth  int
	roots     []rootMove
	pvIdx     int
	bold      bool // prune by exchange value and by move count (not in Durg)
	p         Params
	lmr       *[64][64]int8 // late-move reductions by depth and move number, made from p
	stack     [MaxPly + 2]frame
	keys      []uint64 // hashes of the game before the root, then of the path
	base      int      // index of the root in keys
	killers   [MaxPly + 2][2]board.Move
	history   [2][board.NumSquares * board.NumSquares]int16
	contHist  contTable
	pvTable   [MaxPly + 2][MaxPly + 2]board.Move
	pvLen     [MaxPly + 2]int
	eval      Evaluation
	value     PieceValuer
	variant   *board.Variant
	values    [board.NumTypes]int
	lastCheck uint64
	evalCache [evalCacheSize]evalEntry
}

// frame is one ply of the search stack.
type frame struct {
	pos    board.Position
	moves  board.MoveList
	scores [board.MaxMoves]int32
	null   bool // reached by a null move: repetitions cannot cross it
	// cont is the continuation-history index of the move that reached
	// this frame (0: none); staticEval is this node's (-Infinity in check).
	cont       int32
	staticEval int
}

func (w *worker) reset(s *searchRun, id int, root board.Position, history []uint64, roots []rootMove) {
	w.run, w.id = s, id
	w.nodes.Store(0)
	w.completed, w.selDepth, w.lastCheck = 0, 0, 0
	w.roots = slices.Clone(roots)
	w.stack[0].pos = root
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
	w.eval.SetRoot(&w.stack[0].pos)
	for t := board.PieceType(0); t < board.NumTypes; t++ {
		w.values[t] = w.value(w.variant, t)
	}
	// Where a capture changes more than the material on its square (Durg:
	// zone kills, a Mantri for each lost Rath, the Rani's call nearer with
	// each fallen piece), exchange estimates mislead and pruning by them,
	// or by a count of quiet moves, lost games (SPRT, durg).
	w.bold = !w.variant.ZoneCaptureKillsBoth()
	w.killers = [MaxPly + 2][2]board.Move{}
	for c := range w.history {
		for i := range w.history[c] {
			w.history[c][i] /= 8
		}
	}
	w.stack[0].cont = 0
}

func (w *worker) stopped() bool { return w.run.e.stop.Load() }

// checkLimits runs every so many nodes: time, node count.
func (w *worker) checkLimits() {
	s := w.run
	if s.limits.Nodes > 0 && s.totalNodes() >= s.limits.Nodes {
		s.e.stop.Store(true)
	}
	// A weakened search spends its budget once it has a move to choose.
	if s.weak != nil && w.completed > 0 && w.nodes.Load() >= s.weak.nodes {
		s.e.stop.Store(true)
	}
	if s.hard > 0 && !s.e.ponder.Load() && s.elapsed() >= s.hard {
		s.e.stop.Store(true)
	}
}

func (w *worker) countNode() {
	n := w.nodes.Add(1)
	if n-w.lastCheck >= 1024 || w.run.countEachNode {
		w.lastCheck = n
		w.checkLimits()
	}
}

// play makes move m (NoMove: the null move) from ply into ply+1's frame and
// records the new position's key for repetition checks.
func (w *worker) play(ply int, m board.Move) *board.Position {
	child := &w.stack[ply+1]
	child.pos = w.stack[ply].pos
	child.null = m == board.NoMove
	if child.null {
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
