package search

import (
	"senapati/board"
)

// enter does the bookkeeping of every node and answers at once when the
// search is stopped or the variant's rules already decide the position.
func (w *worker) enter(ply int) (int, bool) {
	if w.stopped() {
		return 0, true
	}
	w.countNode()
	w.selDepth = max(w.selDepth, ply)
	return w.ruleScore(ply)
}

// ruleScore asks the rules what they decide before any move is looked at:
// bare Raja, repetition, dead material (out of check; in check a mate
// comes first and judgeRules decides). ok is false when the game goes on.
func (w *worker) ruleScore(ply int) (int, bool) {
	pos := &w.stack[ply].pos
	if v := pos.BareRajaVerdict(); v.Over() {
		return v.Score(pos.SideToMove(), ply), true
	}
	if w.isRepetition(ply) || (!pos.InCheck() && pos.InsufficientMaterial()) {
		return 0, true
	}
	return 0, false
}

// isRepetition: the position occurred before since the last irreversible
// move (and not across a null move). Search scores one repetition a draw,
// earlier than the game's threefold rule: repeating cannot gain anything.
func (w *worker) isRepetition(ply int) bool {
	cur := w.base + ply
	lowest := cur - w.stack[ply].pos.HalfmoveClock()
	for p := ply; p > 0; p-- {
		if w.stack[p].null {
			lowest = max(lowest, w.base+p)
			break
		}
	}
	return board.Repeats(w.keys[:cur+1], lowest, 1) > 0
}

// judgeRules scores what the rules decide before any pruning: mate and
// stalemate (exactly, per variant), then dead material and the move rule.
// In check the evasions are generated into the frame (the caller searches
// them); out of check a cheap any-legal-move test suffices, so a stand-pat
// or pruning cutoff needs no move generation.
func (w *worker) judgeRules(ply int, inCheck bool) (int, bool) {
	fr := &w.stack[ply]
	pos := &fr.pos
	if inCheck {
		pos.GenerateMoves(&fr.moves)
		if fr.moves.N == 0 {
			return pos.NoMovesVerdict().Score(pos.SideToMove(), ply), true
		}
		if pos.InsufficientMaterial() {
			return 0, true
		}
	} else if !pos.HasLegalMove() {
		return pos.NoMovesVerdict().Score(pos.SideToMove(), ply), true
	}
	if w.moveRuleReached(ply) {
		return 0, true
	}
	return 0, false
}

func (w *worker) moveRuleReached(ply int) bool {
	return w.stack[ply].pos.MoveRuleVerdict(w.run.moveRule).Over()
}
