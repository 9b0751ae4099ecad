package search

import (
	"senapati/board"
)

// History tables: butterfly (side, from, to) and continuation (side, the
// move one or two plies before, this move), each entry kept within
// ±historyMax by the gravity update.
const (
	historyMax = 16384
	// contSize indexes a move by the type it moves and its target square;
	// 0 means "no move" (the root, a null move).
	contSize = int(board.NumTypes) * board.NumSquares
)

type contTable [2][contSize][contSize]int16

// contIndex is the continuation-history index of m in pos.
func contIndex(pos *board.Position, m board.Move) int32 {
	return int32(pos.Moving(m))*board.NumSquares + int32(m.To())
}

// nudge moves h towards ±historyMax by bonus, less the nearer it is.
func nudge(h *int16, bonus int) {
	v := int(*h)
	v += bonus - v*abs(bonus)/historyMax
	*h = int16(v)
}

func (w *worker) historyBonus(depth int) int {
	return min(w.p.HistoryBonusPerPly*depth, w.p.HistoryBonusMax)
}

// contBack are how many frames before the node's own lie the frames whose
// moves index its continuation rows: the moves one, two and four plies
// before.
var contBack = [...]int{0, 1, 3}

// contRowsAt are the continuation-history rows a quiet move at ply reads
// (0: none: before the root, a null move).
func (w *worker) contRowsAt(ply int) (rows [len(contBack)]int32) {
	for i, back := range contBack {
		if ply-back >= 0 {
			rows[i] = w.stack[ply-back].cont
		}
	}
	return rows
}

// quietEntries are the history entries of quiet m at ply: the butterfly
// table's, and the continuation tables' rows (rows; nil entries where
// there is none).
func (w *worker) quietEntries(ply int, m board.Move) (butterfly *int16, cont [len(contBack)]*int16, rows [len(contBack)]int32) {
	fr := &w.stack[ply]
	side := fr.pos.SideToMove()
	idx := contIndex(&fr.pos, m)
	rows = w.contRowsAt(ply)
	for i, c := range rows {
		if c != 0 {
			cont[i] = &w.contHist[side][c][idx]
		}
	}
	return &w.history[side][board.MoveKey(m)], cont, rows
}

// scoreQuiets gives every quiet move still unscored its history, as
// quietHistory would, with the node's table rows looked up once.
func (w *worker) scoreQuiets(ply int, moves []board.Move, scores []int32) {
	pos := &w.stack[ply].pos
	side := pos.SideToMove()
	butterfly := &w.history[side]
	var rows [len(contBack)]*[contSize]int16
	for i, c := range w.contRowsAt(ply) {
		if c != 0 {
			rows[i] = &w.contHist[side][c]
		}
	}
	for j, s := range scores {
		if s != quietUnscored {
			continue
		}
		m := moves[j]
		h := int32(butterfly[board.MoveKey(m)])
		idx := contIndex(pos, m)
		for _, r := range rows {
			if r != nil {
				h += int32(r[idx])
			}
		}
		scores[j] = h
	}
}

// quietHistory is what the tables say of quiet m at ply.
func (w *worker) quietHistory(ply int, m board.Move) int {
	butterfly, cont, _ := w.quietEntries(ply, m)
	h := int(*butterfly)
	for _, c := range cont {
		if c != nil {
			h += int(*c)
		}
	}
	return h
}

// historyOf is the history of quiet m, the i-th move picked at ply: its
// ordering score, read when the picking came to the quiet moves (a killer's
// score is its rank, so its history is read now).
func (w *worker) historyOf(ply, i int, m board.Move, killer bool) int {
	if killer {
		return w.quietHistory(ply, m)
	}
	return int(w.stack[ply].scores[i])
}

// adjustQuiet adds bonus to every table's entry of quiet m at ply.
func (w *worker) adjustQuiet(ply int, m board.Move, bonus int) {
	butterfly, cont, rows := w.quietEntries(ply, m)
	nudge(butterfly, bonus)
	side := w.stack[ply].pos.SideToMove()
	for i, c := range cont {
		if c != nil {
			if row := rows[i]; !w.contDirty[side][row] {
				w.contDirty[side][row] = true
				w.contRows = append(w.contRows, int32(side)*int32(contSize)+row)
			}
			nudge(c, bonus)
		}
	}
}

// rewardQuiet: quiet m refuted the position at ply after index moves.
func (w *worker) rewardQuiet(ply int, m board.Move, depth, index int) {
	if w.killers[ply][0] != m {
		w.killers[ply][1], w.killers[ply][0] = w.killers[ply][0], m
	}
	bonus := w.historyBonus(depth)
	w.adjustQuiet(ply, m, bonus)
	// Quiet moves tried before the cutoff did not work: lower them.
	fr := &w.stack[ply]
	for j := 0; j < index; j++ {
		if q := fr.moves.Moves[j]; q != m && fr.pos.IsQuiet(q) {
			w.adjustQuiet(ply, q, -bonus)
		}
	}
}

// Move ordering scores: the hash move, then captures that do not lose
// material by exchange (victim minus a fraction of the attacker; a zone
// kill also loses the attacker; twice that, see below), promotions and the
// call, killers, quiet moves by history, and last the captures that lose
// material.
//
// The exchange estimate of a capture is made only when pickMove comes to
// it (most nodes cut off before their later captures are looked at): until
// then the capture is scored as if it did not lose, plus one (odd, where a
// settled capture score is even). That optimistic score is never below the
// settled one, so picking the first highest score and settling it until
// the pick is settled picks exactly the move, and leaves exactly the order,
// that settling every capture first would.
const (
	orderHash       = 1 << 30
	orderCapture    = 1 << 24
	orderKiller     = 1 << 22
	orderBadCapture = -(1 << 24)
	// Scores below badCaptureBelow are losing captures.
	badCaptureBelow = -(1 << 23)
	// Odd scores from unsettledFrom up to orderHash are captures whose
	// exchange is not yet estimated (gains stay far within 1<<22).
	unsettledFrom = orderCapture - 1<<23
	// quietUnscored marks a quiet move whose history is not yet read:
	// below the killers, above any history sum (3 tables of ±historyMax).
	// Most nodes cut off before their quiet moves, so pickMove reads the
	// histories only when it first comes to one.
	quietUnscored = orderKiller - 2
)

func (w *worker) scoreMoves(ply int, ttMove board.Move) {
	fr := &w.stack[ply]
	pos := &fr.pos
	// Baring the enemy Raja wins whatever the exchange says.
	baring := w.bareRajaLoses && pos.PieceCount(pos.SideToMove()^1) == 2
	for i, m := range fr.moves.Moves[:fr.moves.N] {
		var s int32
		switch {
		case m == ttMove:
			s = orderHash
		case !pos.IsQuiet(m): // captures, promotions, the call
			gain := w.values[pos.Captured(m)]*8 - w.values[pos.Moving(m)]
			if w.zoneKills && pos.KillsBoth(m) {
				gain -= 7 * w.values[pos.Moving(m)]
			}
			if p := m.Promotion(); p != board.NoType {
				gain += 8 * (w.values[p] - w.values[board.Pawn])
			}
			if m.IsCall() {
				gain += 8 * w.values[board.Queen]
			}
			s = orderCapture + 2*int32(gain)
			if !baring {
				s++ // pickMove estimates the exchange
			}
		case m == w.killers[ply][0]:
			s = orderKiller + 1
		case m == w.killers[ply][1]:
			s = orderKiller
		default:
			s = quietUnscored
		}
		fr.scores[i] = s
	}
}

// dropQuiets leaves out the quiet moves after index from at ply, once
// late-move pruning skips the rest of them (the picking would still scan
// them for every losing capture after them); checks it spares stay. The killers were picked
// before any other quiet move, so none of these is one.
func (w *worker) dropQuiets(ply, from int) {
	fr := &w.stack[ply]
	n := from
	for j := from; j < fr.moves.N; j++ {
		if m := fr.moves.Moves[j]; !fr.pos.IsQuiet(m) || w.spareCheck(ply, m) {
			fr.moves.Moves[n], fr.scores[n] = m, fr.scores[j]
			n++
		}
	}
	fr.moves.N = n
}

// spareCheck: where the profile spares checks (spareChecks) a quiet move
// that gives check is not pruned by move count or futility; only a
// losing exchange prunes it.
func (w *worker) spareCheck(ply int, m board.Move) bool {
	return w.prof.spareChecks && w.givesCheck(ply, m)
}

// pickMove moves the best-scored remaining move to index i (selection
// sort: most nodes cut off after a move or two).
func (w *worker) pickMove(ply, i int) board.Move {
	fr := &w.stack[ply]
	n := fr.moves.N
	moves, scores := fr.moves.Moves[i:n], fr.scores[i:n]
	for {
		best, bestScore := firstHighest(scores)
		if bestScore == quietUnscored {
			w.scoreQuiets(ply, moves, scores)
			continue
		}
		if bestScore&1 == 0 || bestScore < unsettledFrom || bestScore >= orderHash {
			moves[0], moves[best] = moves[best], moves[0]
			scores[0], scores[best] = bestScore, scores[0]
			return moves[0]
		}
		// A capture whose exchange is not yet estimated: settle it, pick again.
		bestScore--
		if fr.pos.SEE(moves[best], &w.values) < 0 {
			bestScore += orderBadCapture - orderCapture
		}
		scores[best] = bestScore
	}
}

// firstHighest is the first of the highest scores and its index: the
// highest found without a branch on each score (most of them would
// mispredict as the highest rises), four at a time, then its first place.
func firstHighest(scores []int32) (int, int32) {
	h0, h1, h2, h3 := scores[0], scores[0], scores[0], scores[0]
	rest := scores
	for len(rest) >= 4 {
		h0, h1, h2, h3 = max(h0, rest[0]), max(h1, rest[1]), max(h2, rest[2]), max(h3, rest[3])
		rest = rest[4:]
	}
	for _, s := range rest {
		h0 = max(h0, s)
	}
	h := max(h0, h1, h2, h3)
	for j, s := range scores {
		if s == h {
			return j, h
		}
	}
	return 0, h // not reached: h is one of the scores
}
