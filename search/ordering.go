package search

import (
	"senapati/board"
)

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
