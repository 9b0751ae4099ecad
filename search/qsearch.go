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
	best := -Infinity
	if !inCheck {
		// Stalemate: asked before a score is returned without moves.
		best = w.evaluate(ply)
		if best >= beta || ply >= MaxPly {
			if s, none := w.noLegalMove(ply, false); none {
				return s
			}
			return best
		}
		alpha = max(alpha, best)
		if pos.GenerateNoisy(fr.moves); fr.moves.N == 0 {
			if s, none := w.noLegalMove(ply, false); none {
				return s
			}
		}
	} else if ply >= MaxPly {
		return w.evaluate(ply)
	}
	w.scoreMoves(ply, board.NoMove)
	// Delta pruning: a plain capture that cannot bring the stand-pat score
	// near alpha is not tried (not where taking the last piece bares the
	// Raja, nor in Durg, whose zone kills the values do not tell).
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
		w.play(ply, m)
		score := -w.qsearch(ply+1, -beta, -alpha)
		if w.stopped() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}
