package syzygy

import (
	"fmt"
	"strings"

	"senapati/board"
)

// Probe answers the WDL value of a chess position for the side to move,
// as if its fifty-move counter were zero. The position must be chess (a
// Chess960 position too), without castling rights, with at most
// MaxPieces pieces; the tables of its material and of every material a
// capture sequence reaches must be present (ErrMissing otherwise).
//
// A table stores a position's value only where no capture is at least as
// good (elsewhere it may store anything lower, which compresses better),
// and knows nothing of en passant. So captures are searched first, down
// to quiet positions, and the table's value counts only where it is
// higher; an en passant capture is searched apart, and decides alone when
// it is the only kind of move there is (the table would call that
// position stalemate or mate).
func (tb *Tablebase) Probe(p *board.Position) (WDL, error) {
	if p.Variant() != board.Chess() {
		return 0, ErrNotChess
	}
	if p.CanCastle(board.White) || p.CanCastle(board.Black) {
		return 0, ErrCastling
	}
	if n := p.Occupied().Count(); n > tb.maxPieces {
		return 0, fmt.Errorf("%w: %d pieces, the largest table has %d", ErrTooMany, n, tb.maxPieces)
	}
	var ml board.MoveList
	p.GenerateMoves(&ml)
	best, passant, others := Loss, false, false
	for _, m := range ml.Slice() {
		if !m.IsEnPassant() {
			others = true
			continue
		}
		c := *p
		c.DoMove(m)
		v, err := tb.captures(&c, Loss, Win)
		if err != nil {
			return 0, err
		}
		passant = true
		best = max(best, -v)
	}
	if passant && !others {
		return best, nil
	}
	v, err := tb.capturesOf(p, &ml, Loss, Win)
	if err != nil {
		return 0, err
	}
	if passant {
		v = max(v, best)
	}
	return v, nil
}

// captures is the value of p counting its captures (en passant aside) and
// the table's value, searched within the window alpha..beta.
func (tb *Tablebase) captures(p *board.Position, alpha, beta WDL) (WDL, error) {
	var ml board.MoveList
	p.GenerateMoves(&ml)
	return tb.capturesOf(p, &ml, alpha, beta)
}

// capturesOf is captures for p's legal moves ml, already generated.
func (tb *Tablebase) capturesOf(p *board.Position, ml *board.MoveList, alpha, beta WDL) (WDL, error) {
	for _, m := range ml.Slice() {
		if m.IsEnPassant() || !p.IsCapture(m) {
			continue
		}
		c := *p
		c.DoMove(m)
		v, err := tb.captures(&c, -beta, -alpha)
		if err != nil {
			return 0, err
		}
		v = -v
		if v > alpha {
			if v >= beta {
				return v, nil
			}
			alpha = v
		}
	}
	v, err := tb.stored(p)
	if err != nil {
		return 0, err
	}
	return max(alpha, v), nil
}

// sideName is one side's part of a table name: K, then Q R B N P.
func sideName(p *board.Position, c board.Color) string {
	var b strings.Builder
	b.WriteByte('K')
	for _, t := range [...]board.PieceType{board.Queen, board.Rook, board.Bishop, board.Knight, board.Pawn} {
		for range p.Pieces(c, t).Count() {
			b.WriteByte(letters[t])
		}
	}
	return b.String()
}

// stored is the value the table holds for p, captures not looked at.
func (tb *Tablebase) stored(p *board.Position) (WDL, error) {
	occ := p.Occupied()
	if occ.Count() == 2 {
		return Draw, nil
	}
	var mat material
	for c := range 2 {
		for t := board.Pawn; t <= board.Queen; t++ {
			mat.count[c][t] = p.Pieces(board.Color(c), t).Count()
		}
	}
	flip := false
	name, ok := tb.byMaterial[mat.key(0, 1)]
	if !ok {
		flip = true
		name = tb.byMaterial[mat.key(1, 0)]
	}
	if mat.count[0] == mat.count[1] && p.SideToMove() == board.Black {
		flip = true // a table of equal sides holds White to move only
	}
	t, err := tb.table(name)
	if err != nil {
		return 0, err
	}
	if t == nil {
		return 0, fmt.Errorf("%w: %s", ErrMissing, sideName(p, board.White)+"v"+sideName(p, board.Black))
	}
	var pcs [maxTablePiece]placed
	n := 0
	for occ.Any() {
		s := occ.Pop()
		pc := p.PieceAt(s)
		sq := s.Rank()*8 + s.File()
		code := uint8(pc.Type())
		if pc.Color() == board.Black {
			code |= 8
		}
		if flip {
			code ^= 8
			sq ^= 56
		}
		if n == maxTablePiece { // Probe took chess positions only: squares and types fit
			return 0, fmt.Errorf("syzygy: more than %d pieces", maxTablePiece)
		}
		pcs[n] = placed{code, sq}
		n++
	}
	side := int(p.SideToMove())
	if flip {
		side ^= 1
	}
	st, idx, err := t.index(pcs[:n], side)
	if err != nil {
		return 0, err
	}
	v, err := st.value(t.raw, idx)
	if err != nil {
		return 0, fmt.Errorf("%w (%s)", err, name)
	}
	return WDL(v - 2), nil
}
