package search

import (
	"senapati/board"
)

// qsearch resolves captures (zone kills and promotions included) until the
// position is quiet. Every node knows whether it has a legal move (from
// the moves it generates, else by the any-legal-move test), so a position
// the rules decide (mate, a winning or drawn stalemate, bare Raja) is
// scored by the rules, never by a stand-pat guess. Out of check only the
// noisy moves are generated, and those that lose material by exchange are
// left out; in check every evasion is searched. checks: the first ply of
// a capture search under Params.QChecks, where quiet checks are searched
// too (after the captures).
func (w *worker) qsearch(ply, alpha, beta int, checks bool) int {
	if s, done := w.enter(ply); done {
		return s
	}
	fr := &w.stack[ply]
	pos := &fr.pos
	inCheck := pos.InCheck()
	if s, done := w.judgeRules(ply, inCheck); done {
		return s
	}
	// Under Params.QSearchTT the capture search keeps its own results in
	// the table at depth 0 and stands on them. A main search's entry only
	// orders the moves here: its bound may rest on a null move's fail high
	// that a zugzwang makes a lie, and standing on it hid a quiet mate in 2
	// (TestNullMoveZugzwang) where the capture search would not.
	key, useTT, ttMove, ttPv := pos.Hash(), w.qsearchTT, board.NoMove, false
	if useTT {
		if hit, found := w.run.e.TT.probe(key); found {
			ttMove, useTT, ttPv = hit.move, hit.depth <= 0, hit.pv
			score := scoreFromTT(hit.score, ply)
			if useTT && hit.bound.cuts(score, alpha, beta) {
				return score
			}
		}
	}
	origAlpha := alpha
	best, bestMove := -Infinity, board.NoMove
	if !inCheck {
		// Stalemate: asked before a score is returned without moves.
		best = w.corrected(ply, w.evaluate(ply))
		if best >= beta || ply >= MaxPly {
			if s, none := w.stalemateBeforeCut(ply); none {
				return s
			}
			if useTT {
				w.run.e.TT.store(key, board.NoMove, scoreToTT(best, ply), 0, BoundLower, ttPv)
			}
			return best
		}
		alpha = max(alpha, best)
		if pos.GenerateNoisy(fr.moves); fr.moves.N == 0 {
			if s, none := w.stalemateBeforeCut(ply); none {
				return s
			}
		}
	} else if ply >= MaxPly {
		return w.evaluate(ply)
	}
	w.scoreMoves(ply, ttMove)
	// Delta pruning: a plain capture that cannot bring the stand-pat score
	// near alpha is not tried (not where taking the last piece bares the
	// Raja, nor in Durg unless Params.DurgBold trusts its exchange estimate).
	delta := !inCheck && w.p.DeltaMargin > 0 && w.bold &&
		!(w.variant.BareKingLoses() && pos.PieceCount(pos.SideToMove()^1) <= 2)
	for i := 0; i < fr.moves.N; i++ {
		m := w.pickMove(ply, i)
		if !inCheck && fr.scores[i] < badCaptureBelow {
			break // the rest lose material by exchange
		}
		if delta && m.Promotion() == board.NoType && best+w.values[pos.Captured(m)]+w.p.DeltaMargin <= alpha {
			continue
		}
		if w.qsearchMove(ply, m, &alpha, beta, &best, &bestMove) {
			break
		}
	}
	if checks && !inCheck && best < beta && !w.stopped() {
		w.quietChecks(ply, &alpha, beta, &best, &bestMove)
	}
	if w.stopped() {
		return 0
	}
	if useTT {
		w.run.e.TT.store(key, bestMove, scoreToTT(best, ply), 0, resultBound(best, origAlpha, beta), ttPv)
	}
	return best
}

// quietChecks searches the quiet moves of the node at ply that give check
// and lose nothing by exchange, after its captures failed to reach beta
// (Params.QChecks): a check at the horizon is where a capture search
// misses mates and forks. It raises the node's alpha, best score and move.
func (w *worker) quietChecks(ply int, alpha *int, beta int, best *int, bestMove *board.Move) {
	fr := &w.stack[ply]
	pos := &fr.pos
	pos.GenerateMoves(fr.moves)
	for i := 0; i < fr.moves.N; i++ {
		m := fr.moves.Moves[i]
		if !pos.IsQuiet(m) || !pos.PlainMoveChecks(m) || pos.SEE(m, &w.values) < 0 {
			continue
		}
		if w.qsearchMove(ply, m, alpha, beta, best, bestMove) {
			return
		}
	}
}

// qsearchMove searches move m of the capture-search node at ply and
// raises the node's alpha, best score and move by its score; done: the
// node is finished (beta reached, or the search stopped).
func (w *worker) qsearchMove(ply int, m board.Move, alpha *int, beta int, best *int, bestMove *board.Move) (done bool) {
	w.play(ply, m)
	score := -w.qsearch(ply+1, -beta, -*alpha, false)
	if w.stopped() {
		return true
	}
	if score > *best {
		*best = score
		if score > *alpha {
			*alpha, *bestMove = score, m
			return score >= beta
		}
	}
	return false
}
