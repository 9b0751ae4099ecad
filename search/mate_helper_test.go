package search

import "senapati/board"

// forcedWin reports whether the side to move wins by the variant's rules
// (checkmate, bare Raja, stalemate where it wins) within n of its moves,
// by plain minimax over the legal moves: an independent check of the
// search's mate scores.
func forcedWin(p *board.Position, n int) bool {
	if n == 0 {
		return false
	}
	us := p.SideToMove()
	var ml board.MoveList
	p.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		q := *p
		q.DoMove(m)
		if o := q.Verdict(0); o.Result() != board.Ongoing {
			if o.Result() == winResult(us) {
				return true
			}
			continue
		}
		if n > 1 && allRepliesLose(&q, n-1, us) {
			return true
		}
	}
	return false
}

func allRepliesLose(q *board.Position, n int, winner board.Color) bool {
	var ml board.MoveList
	q.GenerateMoves(&ml)
	for _, r := range ml.Slice() {
		s := *q
		s.DoMove(r)
		if o := s.Verdict(0); o.Result() != board.Ongoing {
			if o.Result() != winResult(winner) {
				return false
			}
			continue
		}
		if !forcedWin(&s, n) {
			return false
		}
	}
	return true
}

func winResult(c board.Color) board.Result {
	if c == board.White {
		return board.WhiteWins
	}
	return board.BlackWins
}
