package search

import (
	"math"

	"senapati/board"
)

var lmrTable [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int(0.75 + math.Log(float64(d))*math.Log(float64(n))/2.25)
		}
	}
}

func (w *worker) countNode() {
	n := w.nodes.Add(1)
	if n-w.lastCheck >= 1024 || w.run.limits.Nodes > 0 {
		w.lastCheck = n
		w.checkLimits()
	}
}

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

// ruleScore judges what the variant's rules decide before any move is
// looked at: bare Raja, repetition, dead material, the move rule. ok is
// false when the game goes on.
func (w *worker) ruleScore(ply int) (int, bool) {
	pos := &w.stack[ply].pos
	if w.variant.BareKingLoses() {
		us, them := pos.SideToMove(), pos.SideToMove()^1
		bareUs, bareThem := pos.IsBare(us), pos.IsBare(them)
		switch {
		case bareUs && bareThem:
			return 0, true
		case bareUs:
			return -Mate + ply, true
		case bareThem:
			return Mate - ply, true
		}
	}
	if w.isRepetition(ply) || pos.InsufficientMaterial() {
		return 0, true
	}
	return 0, false
}

// isRepetition: the position occurred before since the last irreversible
// move (and not across a null move). One repetition is scored a draw.
func (w *worker) isRepetition(ply int) bool {
	pos := &w.stack[ply].pos
	cur := w.base + ply
	key := w.keys[cur]
	lowest := cur - pos.HalfmoveClock()
	for p := ply; p > 0; p-- {
		if w.stack[p].null {
			lowest = max(lowest, w.base+p)
			break
		}
	}
	for i := cur - 4; i >= 0 && i >= lowest; i -= 2 {
		if w.keys[i] == key {
			return true
		}
	}
	return false
}

// judgeRules scores what the rules decide before any pruning: mate and
// stalemate (exactly, per variant), then the move rule. In check the
// evasions are generated into the frame (the caller searches them); out of
// check a cheap any-legal-move test suffices, so a stand-pat or pruning
// cutoff needs no move generation.
func (w *worker) judgeRules(ply int, inCheck bool) (int, bool) {
	fr := &w.stack[ply]
	if inCheck {
		fr.pos.GenerateMoves(&fr.moves)
		if fr.moves.N == 0 {
			return w.noMovesScore(ply), true
		}
	} else if !fr.pos.HasLegalMove() {
		return w.noMovesScore(ply), true
	}
	if w.moveRuleReached(ply) {
		return 0, true
	}
	return 0, false
}

// noMovesScore is the result when the side to move has no legal move.
func (w *worker) noMovesScore(ply int) int {
	pos := &w.stack[ply].pos
	switch {
	case pos.InCheck():
		return -Mate + ply
	case w.variant.StalemateWins():
		return Mate - ply
	}
	return 0
}

func (w *worker) moveRuleReached(ply int) bool {
	return w.run.moveRule > 0 && w.stack[ply].pos.HalfmoveClock() >= 2*w.run.moveRule
}

func scoreToTT(s, ply int) int {
	switch {
	case s >= MateBound:
		return s + ply
	case s <= -MateBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s >= MateBound:
		return s - ply
	case s <= -MateBound:
		return s + ply
	}
	return s
}

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
		return w.evaluate(pos)
	}
	// Mate distance pruning.
	alpha, beta = max(alpha, -Mate+ply), min(beta, Mate-ply-1)
	if alpha >= beta {
		return alpha
	}

	key := pos.Hash()
	hit, found := w.run.e.TT.probe(key)
	ttMove := board.NoMove
	if found {
		ttMove = hit.move
		score := scoreFromTT(hit.score, ply)
		if !pvNode && hit.depth >= depth && !w.moveRuleReached(ply) &&
			(hit.bound == BoundExact || (hit.bound == BoundLower && score >= beta) || (hit.bound == BoundUpper && score <= alpha)) {
			return score
		}
	}

	inCheck := pos.InCheck()
	if s, done := w.judgeRules(ply, inCheck); done {
		return s
	}
	staticEval := -Infinity
	if !inCheck {
		staticEval = w.evaluate(pos)
		if found && hit.bound != BoundNone {
			if s := scoreFromTT(hit.score, ply); (hit.bound == BoundLower && s > staticEval) || (hit.bound == BoundUpper && s < staticEval) {
				staticEval = s
			}
		}
	}
	us := pos.SideToMove()
	zugzwangRisk := w.variant.StalemateWins() && (pos.PieceCount(us) <= 3 || pos.PieceCount(us^1) <= 3)

	if !pvNode && !inCheck && abs(beta) < MateBound && !zugzwangRisk {
		// Reverse futility: far above beta at low depth, assume it holds.
		if depth <= 6 && staticEval-90*depth >= beta {
			return staticEval
		}
		// Null move: if passing still fails high, a real move will too.
		if depth >= 3 && staticEval >= beta && !fr.null && pos.HasPieces(us) && !pos.HasWaiting() {
			r := 3 + depth/6
			w.play(ply, board.NoMove)
			score := -w.search(ply+1, depth-1-r, -beta, -beta+1, false)
			if w.stopped() {
				return 0
			}
			if score >= beta {
				if score >= MateBound {
					score = beta
				}
				return score
			}
		}
	}

	if !inCheck {
		pos.GenerateMoves(&fr.moves)
	}
	w.scoreMoves(ply, ttMove)
	best, bestMove := -Infinity, board.NoMove
	origAlpha := alpha
	quietsTried := 0
	for i := 0; i < fr.moves.N; i++ {
		m := w.pickMove(ply, i)
		quiet := pos.IsQuiet(m)
		// Late quiet moves at low depth are skipped once something was found.
		if !pvNode && !inCheck && quiet && best > -MateBound && depth <= 3 && quietsTried >= 4+depth*depth {
			continue
		}
		givesCheck := w.play(ply, m).InCheck()
		ext := 0
		if givesCheck && ply < 2*depth+8 {
			ext = 1
		}
		newDepth := depth - 1 + ext
		var score int
		if i == 0 {
			score = -w.search(ply+1, newDepth, -beta, -alpha, pvNode)
		} else {
			r := 0
			if depth >= 3 && quiet && !inCheck && !givesCheck && i >= 2 {
				r = lmrTable[min(depth, 63)][min(i, 63)]
				if pvNode {
					r--
				}
				if m == w.killers[ply][0] || m == w.killers[ply][1] {
					r--
				}
				r = max(0, min(r, newDepth-1))
			}
			score = -w.search(ply+1, newDepth-r, -alpha-1, -alpha, false)
			if score > alpha && r > 0 {
				score = -w.search(ply+1, newDepth, -alpha-1, -alpha, false)
			}
			if score > alpha && score < beta && pvNode {
				score = -w.search(ply+1, newDepth, -beta, -alpha, true)
			}
		}
		if quiet {
			quietsTried++
		}
		if w.stopped() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					w.updatePV(ply, m)
				}
				if score >= beta {
					if quiet {
						w.rewardQuiet(ply, m, depth, i)
					}
					break
				}
			}
		}
	}
	bound := BoundUpper
	switch {
	case best >= beta:
		bound = BoundLower
	case best > origAlpha && pvNode:
		bound = BoundExact
	}
	w.run.e.TT.store(key, bestMove, scoreToTT(best, ply), depth, bound)
	return best
}

// evaluate is the static evaluation through a small per-thread cache: the
// same position is met again and again through transpositions and
// re-searches, and evaluation is the largest single cost of a node.
func (w *worker) evaluate(pos *board.Position) int {
	key := pos.Hash()
	e := &w.evalCache[key&(evalCacheSize-1)]
	if e.key == key && e.valid {
		return int(e.score)
	}
	s := w.eval(pos)
	*e = evalEntry{key: key, score: int32(s), valid: true}
	return s
}

const evalCacheSize = 1 << 15 // 512 KB per thread

type evalEntry struct {
	key   uint64
	score int32
	valid bool
}

// play makes move m (NoMove: the null move) from ply into ply+1's frame and
// records the new position's key for repetition checks.
func (w *worker) play(ply int, m board.Move) *board.Position {
	child := &w.stack[ply+1]
	child.pos = w.stack[ply].pos
	child.null = m == board.NoMove
	if child.null {
		child.pos.DoNullMove()
	} else {
		child.pos.DoMove(m)
	}
	w.keys = append(w.keys[:w.base+ply+1], child.pos.Hash())
	return &child.pos
}

func (w *worker) updatePV(ply int, m board.Move) {
	w.pvTable[ply][ply] = m
	n := w.pvLen[ply+1]
	copy(w.pvTable[ply][ply+1:n], w.pvTable[ply+1][ply+1:n])
	w.pvLen[ply] = max(n, ply+1)
}

func (w *worker) rewardQuiet(ply int, m board.Move, depth, index int) {
	if w.killers[ply][0] != m {
		w.killers[ply][1], w.killers[ply][0] = w.killers[ply][0], m
	}
	side := w.stack[ply].pos.SideToMove()
	bonus := int32(min(depth*depth, 400))
	h := &w.history[side][board.MoveKey(m)]
	*h += bonus - *h*bonus/512
	// Quiet moves tried before the cutoff did not work: lower them.
	fr := &w.stack[ply]
	for j := 0; j < index; j++ {
		if q := fr.moves.Moves[j]; q != m && fr.pos.IsQuiet(q) {
			h := &w.history[side][board.MoveKey(q)]
			*h -= bonus + *h*bonus/512
		}
	}
}

// Move ordering scores: the hash move, then captures by victim minus a
// fraction of the attacker (a zone kill also loses the attacker), then
// promotions and the call, killers, and quiet moves by history.
const (
	orderHash    = 1 << 30
	orderCapture = 1 << 24
	orderKiller  = 1 << 22
)

func (w *worker) scoreMoves(ply int, ttMove board.Move) {
	fr := &w.stack[ply]
	pos := &fr.pos
	side := pos.SideToMove()
	for i, m := range fr.moves.Moves[:fr.moves.N] {
		var s int32
		switch {
		case m == ttMove:
			s = orderHash
		case pos.IsCapture(m) || !pos.IsQuiet(m):
			gain := w.values[pos.Captured(m)]*8 - w.values[pos.Moving(m)]
			if pos.KillsBoth(m) {
				gain -= 7 * w.values[pos.Moving(m)]
			}
			if p := m.Promotion(); p != board.NoType {
				gain += 8 * (w.values[p] - w.values[board.Pawn])
			}
			if m.IsCall() {
				gain += 8 * w.values[board.Queen]
			}
			s = orderCapture + int32(gain)
		case m == w.killers[ply][0]:
			s = orderKiller + 1
		case m == w.killers[ply][1]:
			s = orderKiller
		default:
			s = w.history[side][board.MoveKey(m)]
		}
		fr.scores[i] = s
	}
}

// pickMove moves the best-scored remaining move to index i (selection
// sort: most nodes cut off after a move or two).
func (w *worker) pickMove(ply, i int) board.Move {
	fr := &w.stack[ply]
	best := i
	for j := i + 1; j < fr.moves.N; j++ {
		if fr.scores[j] > fr.scores[best] {
			best = j
		}
	}
	fr.moves.Moves[i], fr.moves.Moves[best] = fr.moves.Moves[best], fr.moves.Moves[i]
	fr.scores[i], fr.scores[best] = fr.scores[best], fr.scores[i]
	return fr.moves.Moves[i]
}

// qsearch resolves captures (zone kills and promotions included) until the
// position is quiet. Every node generates all legal moves, so a position
// the rules decide (mate, a winning or drawn stalemate, bare Raja) is
// scored by the rules, never by a stand-pat guess.
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
	if ply >= MaxPly {
		return w.evaluate(pos)
	}
	best := -Infinity
	if !inCheck {
		best = w.evaluate(pos)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
		pos.GenerateMoves(&fr.moves)
		// Keep captures, promotions and the call only.
		n := 0
		for _, m := range fr.moves.Moves[:fr.moves.N] {
			if !pos.IsQuiet(m) {
				fr.moves.Moves[n] = m
				n++
			}
		}
		fr.moves.N = n
	}
	w.scoreMoves(ply, board.NoMove)
	for i := 0; i < fr.moves.N; i++ {
		m := w.pickMove(ply, i)
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
