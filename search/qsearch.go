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
// left out; in check every evasion is searched.
func (w *worker) qsearch(ply, alpha, beta int) int {
	if s, done := w.enter(ply); done {
		return s
	}
	fr := &w.stack[ply]
	pos := &fr.pos
	inCheck := pos.InCheck()
	if s, done := w.judgeRules(ply, inCheck); done {
		return s
	}
	// Where the profile says so (qsearchTT) the capture search keeps its
	// own results in the table at depth 0 and stands on them. A main
	// search's entry only orders the moves here: its bound may rest on a
	// null move's fail high that a zugzwang makes a lie, and standing on
	// it hid a quiet mate in 2 (TestNullMoveZugzwang) where the capture
	// search would not.
	key, useTT, ttMove := pos.Hash(), w.prof.qsearchTT, board.NoMove
	if useTT {
		if hit, found := w.run.e.TT.probe(key); found {
			ttMove, useTT = hit.move, hit.depth <= 0
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
				w.run.e.TT.store(key, board.NoMove, scoreToTT(best, ply), 0, BoundLower)
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
	for i := 0; i < fr.moves.N; i++ {
		m := w.pickMove(ply, i)
		if !inCheck && fr.scores[i] < badCaptureBelow {
			break // the rest lose material by exchange
		}
		if w.qsearchMove(ply, m, &alpha, beta, &best, &bestMove) {
			break
		}
	}
	if w.stopped() {
		return 0
	}
	if useTT {
		w.run.e.TT.store(key, bestMove, scoreToTT(best, ply), 0, resultBound(best, origAlpha, beta))
	}
	return best
}

// qsearchMove searches move m of the capture-search node at ply and
// raises the node's alpha, best score and move by its score; done: the
// node is finished (beta reached, or the search stopped).
func (w *worker) qsearchMove(ply int, m board.Move, alpha *int, beta int, best *int, bestMove *board.Move) (done bool) {
	w.play(ply, m)
	score := -w.qsearch(ply+1, -beta, -*alpha)
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
