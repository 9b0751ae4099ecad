package nnue

import (
	"senapati/board"
)

// stackPlies covers every ply the search reaches (search.MaxPly+2); a
// deeper ply is refreshed from scratch in the last slot.
const stackPlies = 132

// Nets holds at most one net for each game.
type Nets map[*board.Variant]*Net

// Evaluation is one search thread's network evaluation: an accumulator
// pair (White's view, Black's view) per ply, brought up to date lazily,
// from the nearest ply below that is, by the pieces the move changed. It
// scores only games with a net: what scores the others is the assembler's
// choice (package engine).
type Evaluation struct {
	nets Nets

	net    *Net
	feat   *Features
	hidden int
	acc    []int16 // [ply][colour][neuron]
	ready  []bool
	parent []*board.Position
	child  []*board.Position

	inputs            []int
	before, after     []int
	added, removed    [2][]int // by perspective: the inputs a move changed
	countBuf          [2][2][board.NumTypes]int
	piecesBuf         []board.PackedPiece
	featuresByVariant map[*board.Variant]*Features
}

// NewEvaluation makes a thread's evaluation with nets (shared, read-only).
func NewEvaluation(nets Nets) *Evaluation {
	e := &Evaluation{nets: nets, featuresByVariant: map[*board.Variant]*Features{},
		ready: make([]bool, stackPlies), parent: make([]*board.Position, stackPlies), child: make([]*board.Position, stackPlies)}
	hidden := 0
	for v, n := range nets {
		e.featuresByVariant[v] = NewFeatures(v)
		hidden = max(hidden, n.Hidden)
	}
	e.acc = make([]int16, stackPlies*2*hidden)
	e.inputs = make([]int, 0, 256)
	e.before, e.after = make([]int, 0, 64), make([]int, 0, 64)
	for c := range e.added {
		e.added[c], e.removed[c] = make([]int, 0, 64), make([]int, 0, 64)
	}
	e.piecesBuf = make([]board.PackedPiece, 0, 64)
	return e
}

// SetRoot starts a search at root, whose game must have a net.
func (e *Evaluation) SetRoot(root *board.Position) {
	e.net = e.nets[root.Variant()]
	if e.net == nil {
		// Said here, once a search, rather than as a nil dereference deep
		// in the first Evaluate.
		panic("nnue: no net for " + root.Variant().Name())
	}
	e.feat, e.hidden = e.featuresByVariant[root.Variant()], e.net.Hidden
	e.ready[0], e.child[0] = false, root
}

// Played notes the move from ply to ply+1; the work waits for Evaluate.
func (e *Evaluation) Played(ply int, parent, child *board.Position, _ board.Move) {
	if ply+1 < stackPlies {
		e.ready[ply+1], e.parent[ply+1], e.child[ply+1] = false, parent, child
	}
}

// Evaluate scores pos, the position at ply, for the side to move, by the
// net alone (nothing outside its inputs, such as the move-rule clock).
func (e *Evaluation) Evaluate(ply int, pos *board.Position) int {
	if ply >= stackPlies {
		ply = stackPlies - 1
		e.child[ply], e.ready[ply] = pos, false
		e.refresh(ply, pos)
	} else {
		e.bringUp(ply)
	}
	us := e.accumulator(ply, pos.SideToMove())
	them := e.accumulator(ply, pos.SideToMove()^1)
	return e.net.output(us, them)
}

func (e *Evaluation) accumulator(ply int, c board.Color) []int16 {
	i := (2*ply + int(c)) * e.hidden
	return e.acc[i : i+e.hidden]
}

// bringUp makes ply's accumulators current: from the nearest ready ply
// below by the moves' changes, or from the root's pieces.
func (e *Evaluation) bringUp(ply int) {
	from := ply
	for from > 0 && !e.ready[from] {
		from--
	}
	if !e.ready[from] {
		e.refresh(from, e.child[from])
	}
	for p := from + 1; p <= ply; p++ {
		e.update(p)
	}
}

func (e *Evaluation) refresh(ply int, p *board.Position) {
	st := p.State()
	pieces := positionPieces(p, e.piecesBuf[:0])
	for c := board.White; c <= board.Black; c++ {
		e.inputs = e.feat.Append(e.inputs[:0], c, pieces, &st)
		e.net.refresh(e.accumulator(ply, c), e.inputs)
	}
	e.ready[ply] = true
}

// update makes ply's accumulators from ply-1's and the move between them:
// every square whose piece changed (a zone kill, an arrival, a call,
// castling, en passant, a promotion are all just squares), then the state
// inputs that changed; all of a perspective's changes in one pass.
func (e *Evaluation) update(ply int) {
	parent, child := e.parent[ply], e.child[ply]
	f := e.feat
	for c := range e.added {
		e.added[c], e.removed[c] = e.added[c][:0], e.removed[c][:0]
	}
	e.pieceChanges(parent, child)
	if f.Inputs > f.pieceCount {
		if ps, cs := parent.State(), child.State(); stateMayDiffer(&ps, &cs, parent, child, f) {
			e.stateChanges(parent, child, &ps, &cs)
		}
	}
	for c := board.White; c <= board.Black; c++ {
		e.net.apply(e.accumulator(ply, c), e.accumulator(ply-1, c), e.added[c], e.removed[c])
	}
	e.ready[ply] = true
}

// pieceChanges lists the inputs of the pieces that left or reached a
// square between parent and child.
func (e *Evaluation) pieceChanges(parent, child *board.Position) {
	f := e.feat
	for _, t := range f.types {
		for c := board.White; c <= board.Black; c++ {
			was, now := parent.Pieces(c, t), child.Pieces(c, t)
			if was == now {
				continue
			}
			pc := board.MakePiece(c, t)
			for gone := was.AndNot(now); gone.Any(); {
				s := gone.Pop()
				for p := board.White; p <= board.Black; p++ {
					e.removed[p] = append(e.removed[p], f.PieceFeature(p, pc, s))
				}
			}
			for came := now.AndNot(was); came.Any(); {
				s := came.Pop()
				for p := board.White; p <= board.Black; p++ {
					e.added[p] = append(e.added[p], f.PieceFeature(p, pc, s))
				}
			}
		}
	}
}

// stateMayDiffer: a state input can change only when these do (the lost
// pieces: with a capture or a promotion).
func stateMayDiffer(ps, cs *board.PackedState, parent, child *board.Position, f *Features) bool {
	pawns := func(p *board.Position) int {
		return p.Pieces(board.White, board.Pawn).Count() + p.Pieces(board.Black, board.Pawn).Count()
	}
	return ps.Castling != cs.Castling || ps.Leap != cs.Leap || ps.Waiting != cs.Waiting ||
		ps.Fallen != cs.Fallen || ps.Called != cs.Called ||
		f.lost >= 0 && (parent.Occupied().Count() != child.Occupied().Count() || pawns(parent) != pawns(child))
}

// stateChanges lists the state inputs that changed, by perspective.
func (e *Evaluation) stateChanges(parent, child *board.Position, ps, cs *board.PackedState) {
	f := e.feat
	for i, p := range [2]*board.Position{parent, child} {
		if f.lost >= 0 {
			for c := board.White; c <= board.Black; c++ {
				for _, t := range f.lostTypes {
					e.countBuf[i][c][t] = p.Pieces(c, t).Count()
				}
			}
		}
	}
	for c := board.White; c <= board.Black; c++ {
		e.before = f.AppendState(e.before[:0], c, ps, &e.countBuf[0])
		e.after = f.AppendState(e.after[:0], c, cs, &e.countBuf[1])
		for _, x := range e.before {
			if !contains(e.after, x) {
				e.removed[c] = append(e.removed[c], x)
			}
		}
		for _, x := range e.after {
			if !contains(e.before, x) {
				e.added[c] = append(e.added[c], x)
			}
		}
	}
}

func contains(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
