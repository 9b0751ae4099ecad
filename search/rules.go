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
// bare Raja (where the game has the rule), repetition, dead material (out
// of check; in check a mate comes first and judgeRules decides). ok is
// false when the game goes on.
func (w *worker) ruleScore(ply int) (int, bool) {
	pos := &w.stack[ply].pos
	if w.bareRajaLoses {
		if v := pos.BareRajaVerdict(); v.Over() {
			return v.Score(pos.SideToMove(), ply), true
		}
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
	// A null move at or below lowest changes nothing: look above it only
	// (after a capture or pawn move, nowhere).
	for p := ply; p > 0 && w.base+p > lowest; p-- {
		if w.stack[p].null() {
			lowest = max(lowest, w.base+p)
			break
		}
	}
	return board.Repeats(w.keys[:cur+1], lowest, 1) > 0
}

// judgeRules scores what the rules decide before any pruning: mate (and in
// check dead material), then the move rule. In check the evasions are
// generated into the frame (the caller searches them). Out of check whether
// any turn is legal (stalemate) is left to the caller, who learns it from
// the moves it generates or, where a stalemate wins, asks before it returns
// or prunes without them (stalemateBeforeCut): most nodes generate their
// moves anyway, and a stand-pat or pruning cutoff needs only the cheap
// any-legal-move test.
func (w *worker) judgeRules(ply int, inCheck bool) (int, bool) {
	fr := &w.stack[ply]
	pos := &fr.pos
	if inCheck {
		pos.GenerateMoves(fr.moves)
		if fr.moves.N == 0 {
			return pos.NoMovesVerdict().Score(pos.SideToMove(), ply), true
		}
		if pos.InsufficientMaterial() {
			return 0, true
		}
	}
	if w.moveRuleReached(ply) {
		if s, none := w.noLegalMove(ply, inCheck); none {
			return s, true // a stalemate is judged before the move rule
		}
		return 0, true
	}
	return 0, false
}

// noLegalMove: out of check, the side to move has no legal turn; s is the
// stalemate's score by the variant's rule.
func (w *worker) noLegalMove(ply int, inCheck bool) (s int, none bool) {
	pos := &w.stack[ply].pos
	if inCheck || pos.HasLegalMove() {
		return 0, false
	}
	return pos.NoMovesVerdict().Score(pos.SideToMove(), ply), true
}

// stalemateBeforeCut is noLegalMove for a node about to return or prune
// without generating its moves (stand pat, reverse futility, null move, a
// capture search without captures), where a stalemate wins
// (chaturanga): there it decides games, and a search that stands pat in
// front of one misplays them. Where a stalemate is a draw (chess, Durg) it
// is rare at such nodes and the test cost about 3 % of the time, so those
// nodes trust their estimate, as strong engines' do; a node that
// generates its moves still finds every stalemate.
func (w *worker) stalemateBeforeCut(ply int) (s int, none bool) {
	if !w.stalemateWins {
		return 0, false
	}
	return w.noLegalMove(ply, false)
}

func (w *worker) moveRuleReached(ply int) bool {
	return w.stack[ply].pos.MoveRuleVerdict(w.run.moveRule).Over()
}
