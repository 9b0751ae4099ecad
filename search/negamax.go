package search

import (
	"senapati/board"
)

// lateMovePrune: enough quiet moves were tried at this depth.
func (w *worker) lateMovePrune(depth, quietsTried int, improving bool) bool {
	return depth <= 8 && quietsTried >= (3+depth*depth)/(2-b2i(improving))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// reducedDepth is the depth quiet move m, the i-th at ply, would be
// searched to after its late-move reduction and its history's say
// (never below 0): what futility and exchange pruning judge it by where
// the profile says so (pruneAtLMRDepth).
func (w *worker) reducedDepth(ply, depth, i int, m board.Move) int {
	r := int(w.lmr[min(depth, 63)][min(i, 63)]) - w.historyOf(ply, i, m, false)/w.p.LMRHistoryDiv
	return max(0, depth-1-r)
}

// quietPruned says whether quiet move m, not a killer, the i-th picked at
// ply, is left out: late quiet moves at low depth once something was
// found (dropRest: and the quiet moves after it) and futility (far below
// alpha, or losing material by exchange, judged at the move's reduced
// depth where the profile says so). A quiet check the profile spares
// escapes all of these and is judged by its exchange at the node's depth
// alone.
// Whether m checks is asked only where that changes the answer: most
// moves are searched, or pruned, either way.
func (w *worker) quietPruned(ply, depth, i int, m board.Move, quietsTried, staticEval, alpha int, pvNode, improving bool) (prune, dropRest bool) {
	if pvNode {
		return false, false
	}
	pos := &w.stack[ply].pos
	if w.lateMovePrune(depth, quietsTried, improving) {
		return w.prunedUnlessSpared(ply, m, depth, true)
	}
	if depth > w.p.FutilityDepth {
		return false, false // nor is a check pruned
	}
	d := depth
	if w.prof.pruneAtLMRDepth {
		d = w.reducedDepth(ply, depth, i, m)
	}
	if staticEval+w.p.FutilityBase+w.p.FutilityPerPly*d <= alpha {
		return w.prunedUnlessSpared(ply, m, depth, false)
	}
	see := pos.SEE(m, &w.values)
	quietLoses, checkLoses := see < -w.p.SEEQuietPerPly2*d*d, see < -w.p.SEEQuietPerPly2*depth*depth
	if quietLoses != checkLoses && w.spareCheck(ply, m) {
		return checkLoses, false
	}
	return quietLoses, false
}

// captureFutile: near the leaves, far below alpha, even winning the
// victim for nothing will not raise the score to it. Promotions, the
// call, checks and a capture that bares the Raja are searched.
func (w *worker) captureFutile(ply, depth int, m board.Move, staticEval, alpha int, pvNode bool) bool {
	if pvNode || depth > w.p.FutilityDepth || m.Promotion() != board.NoType || m.IsCall() {
		return false
	}
	pos := &w.stack[ply].pos
	if staticEval+w.p.CaptureFutility+w.p.FutilityPerPly*depth+w.values[pos.Captured(m)] > alpha {
		return false
	}
	if w.bareRajaLoses && pos.PieceCount(pos.SideToMove()^1) == 2 {
		return false
	}
	return !w.givesCheck(ply, m)
}

// prunedUnlessSpared: a rule prunes quiet m (dropRest: with the quiet
// moves after it) unless m is a check the profile spares, which only its
// own exchange test prunes.
func (w *worker) prunedUnlessSpared(ply int, m board.Move, depth int, dropRest bool) (bool, bool) {
	if w.spareCheck(ply, m) {
		return w.checkLosesExchange(&w.stack[ply].pos, m, depth), false
	}
	return true, dropRest
}

// checkLosesExchange: quiet check m, spared by the profile, loses enough
// material by exchange to be left out at depth.
func (w *worker) checkLosesExchange(pos *board.Position, m board.Move, depth int) bool {
	return depth <= w.p.FutilityDepth && pos.SEE(m, &w.values) < -w.p.SEEQuietPerPly2*depth*depth
}

// search is the main search of the node at ply: the table, the rules,
// the cuts made before any move is tried, then the moves (searchMoves).
func (w *worker) search(ply, depth, alpha, beta int, pvNode bool) int {
	w.pvLen[ply] = ply
	if depth <= 0 {
		return w.qsearch(ply, alpha, beta)
	}
	if s, done := w.enter(ply); done {
		return s
	}
	fr := &w.stack[ply]
	pos := &fr.pos
	if ply >= MaxPly {
		return w.evaluate(ply)
	}
	// Mate distance pruning.
	alpha, beta = max(alpha, -Mate+ply), min(beta, Mate-ply-1)
	if alpha >= beta {
		return alpha
	}

	key := pos.Hash()
	excluding := fr.excluded != board.NoMove
	hit, found := w.run.e.TT.probe(key)
	if excluding { // the entry is this node's own search, with the move
		found = false
	}
	ttMove := board.NoMove
	if found {
		ttMove = hit.move
		score := scoreFromTT(hit.score, ply)
		if !pvNode && hit.depth >= depth && !w.moveRuleReached(ply) &&
			hit.bound.cuts(score, alpha, beta) {
			return score
		}
	}

	inCheck := pos.InCheck()
	if s, done := w.judgeRules(ply, inCheck); done {
		return s
	}
	staticEval, rawEval, correctedEval := w.staticEvaluation(ply, inCheck, hit, found)
	fr.staticEval = staticEval
	// Improving: better than two plies ago, so pruning can be bolder.
	improving := !inCheck && (ply < 2 || w.stack[ply-2].staticEval == -Infinity || staticEval > w.stack[ply-2].staticEval)
	us := pos.SideToMove()
	zugzwangRisk := w.stalemateWins && (pos.PieceCount(us) <= 3 || pos.PieceCount(us^1) <= 3)
	if !pvNode && !inCheck && abs(beta) < MateBound && !zugzwangRisk && !excluding {
		if s, cut := w.cutBeforeMoves(ply, depth, beta, staticEval, improving); cut {
			return s
		}
	}
	// No hash move at some depth: this node was not searched before, or
	// not deep; a shallower search is cheaper and orders the next one.
	if depth >= 4 && ttMove == board.NoMove && !excluding {
		depth--
	}
	singularExt := 0
	if w.prof.singular && ply > 0 && depth >= w.p.SingularDepth && found && ttMove != board.NoMove && hit.depth >= depth-3 &&
		hit.bound != BoundUpper && abs(hit.score) < MateBound {
		var cut bool
		if singularExt, cut = w.singular(ply, depth, ttMove, scoreFromTT(hit.score, ply), beta); cut {
			return scoreFromTT(hit.score, ply) - w.p.SingularMargin*depth
		}
	}

	// The hash move is searched before the others are generated (in
	// check they already are): most nodes with one cut off on it.
	hashFirst := !inCheck && ttMove != board.NoMove && w.legalHere(ply, ttMove)
	if !inCheck && !hashFirst {
		if pos.GenerateMoves(fr.moves); fr.moves.N == 0 {
			return pos.NoMovesVerdict().Score(us, ply) // stalemate
		}
	}
	n := node{
		ply: ply, hashFirst: hashFirst, depth: depth, pvNode: pvNode, inCheck: inCheck, improving: improving,
		// Pruning needs a move found, and pieces: pawn (Sipahi) endings
		// are where zugzwang lives.
		mayPrune:   !inCheck && !zugzwangRisk && pos.HasPieces(us),
		staticEval: staticEval, ttMove: ttMove, singularExt: singularExt,
		ttNoisy: w.prof.priorAndResearch && ttMove != board.NoMove && !pos.IsQuiet(ttMove),
	}
	best, bestMove, ok := w.searchMoves(&n, alpha, beta)
	if !ok {
		return 0
	}
	if excluding {
		return best
	}
	if bestMove == board.NoMove {
		w.rewardPrior(ply, depth)
	}
	bound := resultBound(best, alpha, beta)
	if !inCheck && (bestMove == board.NoMove || pos.IsQuiet(bestMove)) {
		w.learnCorrection(ply, depth, best, rawEval, correctedEval, bound)
	}
	w.run.e.TT.store(key, bestMove, scoreToTT(best, ply), depth, bound)
	return best
}

// node is what the move loop of a main-search node knows of it.
type node struct {
	ply, depth                           int
	pvNode, inCheck, improving, mayPrune bool
	hashFirst                            bool // ttMove is legal: searched before the others are generated
	staticEval                           int  // -Infinity in check
	ttMove                               board.Move
	singularExt                          int  // the hash move's extension by singular
	ttNoisy                              bool // the hash move is noisy (where the profile reduces more for it)
}

// staticEvaluation is the static evaluation of the node at ply as its
// pruning uses it (the corrected evaluation, or the table's bound where
// that is closer to the truth; -Infinity in check), the evaluation
// itself and the corrected one.
func (w *worker) staticEvaluation(ply int, inCheck bool, hit ttHit, found bool) (staticEval, raw, corrected int) {
	if inCheck {
		return -Infinity, 0, 0
	}
	raw = w.evaluate(ply)
	corrected = w.corrected(ply, raw)
	staticEval = corrected
	if found && hit.bound != BoundNone {
		if s := scoreFromTT(hit.score, ply); (hit.bound == BoundLower && s > staticEval) || (hit.bound == BoundUpper && s < staticEval) {
			staticEval = s
		}
	}
	return staticEval, raw, corrected
}

// cutBeforeMoves: reverse futility and the null move, at a node off the
// principal variation, out of check, away from mate scores and zugzwang.
func (w *worker) cutBeforeMoves(ply, depth, beta, staticEval int, improving bool) (int, bool) {
	fr := &w.stack[ply]
	pos := &fr.pos
	us := pos.SideToMove()
	// Reverse futility: far above beta at low depth, assume it holds.
	if depth <= w.p.RFPDepth && staticEval-w.p.RFPMargin*(depth-b2i(improving)) >= beta {
		if s, none := w.stalemateBeforeCut(ply); none {
			return s, true
		}
		return staticEval, true
	}
	// Null move: if passing still fails high, a real move will too.
	if depth >= 3 && staticEval >= beta && !fr.null() && ply >= w.nullMinPly && pos.HasPieces(us) && !pos.HasWaiting() {
		if s, none := w.stalemateBeforeCut(ply); none {
			return s, true
		}
		r := w.p.NullBase + depth/w.p.NullDepthDiv + min((staticEval-beta)/w.p.NullEvalDiv, 3)
		w.play(ply, board.NoMove)
		score := -w.search(ply+1, depth-1-r, -beta, -beta+1, false)
		if w.stopped() {
			return 0, true
		}
		if score >= beta {
			if score >= MateBound {
				score = beta
			}
			if pos.NonPawnPieces(us) >= 2 || w.verifyNull(ply, depth/2, beta) {
				return score, true
			}
		}
	}
	return 0, false
}

// searchMoves searches the moves of node n, generated and scored, in the
// window (alpha, beta): its best score and move; ok is false when the
// search was stopped.
func (w *worker) searchMoves(n *node, alpha, beta int) (best int, bestMove board.Move, ok bool) {
	ply := n.ply
	fr := &w.stack[ply]
	pos := &fr.pos
	if !n.hashFirst {
		w.scoreMoves(ply, n.ttMove)
	}
	best, bestMove = -Infinity, board.NoMove
	quietsTried := 0
	for i := 0; ; i++ {
		var m board.Move
		switch {
		case i == 0 && n.hashFirst:
			m = n.ttMove // the others are generated only if it does not cut
		case i == 1 && n.hashFirst:
			pos.GenerateMoves(fr.moves)
			w.scoreMoves(ply, n.ttMove)
			w.pickMove(ply, 0) // the hash move, searched already
			fallthrough
		default:
			if i >= fr.moves.N {
				return best, bestMove, true
			}
			m = w.pickMove(ply, i)
		}
		if m == fr.excluded {
			continue
		}
		quiet := pos.IsQuiet(m)
		killer := m == w.killers[ply][0] || m == w.killers[ply][1]
		if n.mayPrune && best > -MateBound && w.movePruned(n, i, m, quiet, killer, quietsTried, alpha) {
			continue
		}
		givesCheck := w.play(ply, m).InCheck()
		newDepth := n.depth - 1 + w.extension(n, m, givesCheck)
		var score int
		if i == 0 {
			score = -w.search(ply+1, newDepth, -beta, -alpha, n.pvNode)
		} else {
			r := w.reduction(n, i, m, quiet, killer, givesCheck, newDepth)
			score = -w.search(ply+1, newDepth-r, -alpha-1, -alpha, false)
			if score > alpha && r > 0 {
				reduced := newDepth - r
				newDepth += w.researchDepthChange(score, best, newDepth)
				if newDepth > reduced {
					score = -w.search(ply+1, newDepth, -alpha-1, -alpha, false)
				}
			}
			if score > alpha && score < beta && n.pvNode {
				score = -w.search(ply+1, newDepth, -beta, -alpha, true)
			}
		}
		if quiet {
			quietsTried++
		}
		if w.stopped() {
			return 0, board.NoMove, false
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				alpha = score
				if n.pvNode {
					w.updatePV(ply, m)
				}
				if score >= beta {
					if quiet {
						w.rewardQuiet(ply, m, n.depth, i)
					}
					return best, bestMove, true
				}
			}
		}
	}
}

// movePruned: move m, the i-th picked at node n, is left out (quiet
// moves by quietPruned, which may drop the quiet moves after it too;
// captures by futility and by a losing exchange).
func (w *worker) movePruned(n *node, i int, m board.Move, quiet, killer bool, quietsTried, alpha int) bool {
	ply, depth := n.ply, n.depth
	fr := &w.stack[ply]
	switch {
	case quiet && !killer:
		prune, dropRest := w.quietPruned(ply, depth, i, m, quietsTried, n.staticEval, alpha, n.pvNode, n.improving)
		if prune && dropRest {
			w.dropQuiets(ply, i+1)
		}
		return prune
	case quiet:
		return false
	case w.captureFutile(ply, depth, m, n.staticEval, alpha, n.pvNode):
		return true
	}
	return depth <= w.p.SEECaptureDepth && fr.scores[i] < badCaptureBelow && fr.pos.SEE(m, &w.values) < -w.p.SEECapture*depth
}

// extension is the plies move m of node n, just played, is searched
// deeper (or, by singular's negative extension, shallower): a check that
// loses nothing by exchange, and the hash move as singular said.
func (w *worker) extension(n *node, m board.Move, givesCheck bool) int {
	ext := 0
	if givesCheck && n.ply < 2*n.depth+8 && w.stack[n.ply].pos.SEE(m, &w.values) >= 0 {
		ext = 1
	}
	if m == n.ttMove && n.singularExt != 0 {
		ext = max(ext, n.singularExt)
		if n.singularExt < 0 && !givesCheck {
			ext = n.singularExt
		}
	}
	return ext
}

// reduction is the late-move reduction of move m, the i-th (not the
// first) at node n, to be searched to newDepth: quiet moves by the table,
// the node and their history, losing captures by LMRBadCaptures; never
// checks or evasions, never below depth 1.
func (w *worker) reduction(n *node, i int, m board.Move, quiet, killer, givesCheck bool, newDepth int) int {
	depth := n.depth
	if depth < 3 || n.inCheck || givesCheck || i < 2 {
		return 0
	}
	if !quiet {
		if w.stack[n.ply].scores[i] < badCaptureBelow {
			return max(0, min(w.p.LMRBadCaptures, newDepth-1))
		}
		return 0
	}
	r := int(w.lmr[min(depth, 63)][min(i, 63)])
	if n.pvNode {
		r--
	}
	if killer {
		r--
	}
	if !n.improving {
		r++
	}
	if n.ttNoisy {
		r += w.p.TTCaptureLMR
	}
	r -= w.historyOf(n.ply, i, m, killer) / w.p.LMRHistoryDiv
	return max(0, min(r, newDepth-1))
}

// researchDepthChange is the change in depth (-1, 0, 1) of the search
// again of a reduced move whose score beat alpha: a ply deeper when it
// beats the best by far (Params.LMRDeeper), a ply shallower when barely
// (Params.LMRShallower); where the profile says so (priorAndResearch).
func (w *worker) researchDepthChange(score, best, newDepth int) int {
	switch {
	case !w.prof.priorAndResearch || best <= -MateBound:
		return 0
	case score > best+w.p.LMRDeeper+2*newDepth:
		return 1
	case score < best+w.p.LMRShallower:
		return -1
	}
	return 0
}

// rewardPrior (Params.PriorBonus, where the profile says so:
// priorAndResearch): no move of the node at ply reached alpha, so the
// quiet move that led to it refutes its parent's position, probably; its
// histories rise before the parent sees its score.
func (w *worker) rewardPrior(ply, depth int) {
	fr := &w.stack[ply]
	if !w.prof.priorAndResearch || ply == 0 || fr.null() || !w.stack[ply-1].pos.IsQuiet(fr.move) {
		return
	}
	w.adjustQuiet(ply-1, fr.move, w.historyBonus(depth)*w.p.PriorBonus/100)
}

// searchAgain searches the node at ply once more, before its moves are
// generated, with a null window below bound (the frame keeps its static
// evaluation).
func (w *worker) searchAgain(ply, depth, bound int) int {
	fr := &w.stack[ply]
	staticEval := fr.staticEval
	v := w.search(ply, depth, bound-1, bound, false)
	fr.staticEval = staticEval
	return v
}

// singular: the hash move, when every other move falls well short of its
// score, is searched a ply deeper; when even the others reach beta
// (multi-cut) the node is cut, and when the hash move alone is known to
// beat beta it may be searched a ply shallower (where the profile says so:
// singular; from Params.SingularDepth, with Params.SingularMargin cp a
// ply). It searches the node without
// ttMove at half depth against a bound just below ttScore.
func (w *worker) singular(ply, depth int, ttMove board.Move, ttScore, beta int) (ext int, cut bool) {
	sBeta := ttScore - w.p.SingularMargin*depth
	fr := &w.stack[ply]
	fr.excluded = ttMove
	v := w.searchAgain(ply, (depth-1)/2, sBeta)
	fr.excluded = board.NoMove
	switch {
	case w.stopped():
		return 0, false
	case v < sBeta:
		return 1, false
	case sBeta >= beta:
		return 0, true
	case ttScore >= beta:
		return -1, false
	}
	return 0, false
}

// verifyNull: with a single piece besides king and pawns a side can be in
// zugzwang, where passing is its best "move" and a null move's fail high
// is a lie (TestNullMoveZugzwang). A search of its real moves at half
// depth (the null search's own depth is too shallow: pruning there hid a
// mate in 2), with no null moves for a few plies below, must fail high
// too. Rare enough to cost nothing where two pieces or more are left.
func (w *worker) verifyNull(ply, depth, beta int) bool {
	saved := w.nullMinPly
	w.nullMinPly = ply + 3*depth/4 + 1
	v := w.searchAgain(ply, depth, beta)
	w.nullMinPly = saved
	return v >= beta && !w.stopped()
}
