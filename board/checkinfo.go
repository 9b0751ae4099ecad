package board

// CheckInfo is what it takes to tell cheaply whether a move of the side
// to move gives check (GivesCheck), worked out once for a position: the
// squares from which each piece type would attack the enemy king, and the
// pieces of the side to move that alone stand between one of its sliders
// and that king. The search works it out at the first node's question,
// instead of the attacks on the king for every move it asks about.
type CheckInfo struct {
	checkSquares [NumTypes]Bitboard // by the moving piece's type
	discoverers  Bitboard
	enemyKing    Square
}

// CheckInfo is the position's check information for GivesCheck.
func (p *Position) CheckInfo() CheckInfo {
	us, them := p.side, p.side^1
	ksq := p.kingSq[them]
	occ := p.Occupied()
	diagonal, straight := bishopAttacks(ksq, occ), rookAttacks(ksq, occ)
	ci := CheckInfo{enemyKing: ksq}
	// Attacks are symmetric: a piece on s attacks ksq exactly when the
	// same piece on ksq attacks s (for pawns: one of the enemy's colour).
	ci.checkSquares[Pawn] = pawnAttacks[them][ksq]
	ci.checkSquares[Knight] = knightAttacks[ksq]
	ci.checkSquares[Bishop] = diagonal
	ci.checkSquares[Rook] = straight
	ci.checkSquares[Queen] = diagonal.Or(straight)
	ci.checkSquares[King] = kingAttacks[ksq]
	ci.checkSquares[Ferz] = ferzAttacks[ksq]
	ci.checkSquares[Alfil] = alfilAttacks[ksq]
	ci.checkSquares[Rath] = diagonal.Or(kingAttacks[ksq])
	t := &p.byType
	own := p.byColor[us]
	snipers := rookPseudo[ksq].And(t[Rook].Or(t[Queen])).
		Or(bishopPseudo[ksq].And(t[Bishop].Or(t[Queen]).Or(t[Rath]))).And(own)
	for snipers.Any() {
		b := between[ksq][snipers.Pop()].And(occ)
		if b.Any() && !b.More() {
			ci.discoverers = ci.discoverers.Or(b)
		}
	}
	ci.discoverers = ci.discoverers.And(own)
	return ci
}

// GivesCheck reports whether m, a plain move of a piece from one square
// to another (no castling, promotion, en passant, leap, call or arriving
// Mantris, and no capture that kills its capturer in a zone), leaves the
// enemy king attacked, directly or by discovery, without making it; ci is
// the position's CheckInfo. For any other turn it reports false: the
// search uses it to spare checking moves from pruning, where a false
// answer only prunes as before.
//
// The check squares hold the king's attackers by the occupancy before the
// move, which can differ from after it only where the moving piece leaves
// the line between its target and the king: then it attacked the king
// from where it stood, which a legal position rules out. A discovered
// check needs the mover to be a discoverer; those few moves are worked
// out in full.
func (p *Position) GivesCheck(m Move, ci *CheckInfo) bool {
	if m.kind() != kindNormal || m.HasArrivals() || p.KillsBoth(m) {
		return false
	}
	from, to := m.From(), m.To()
	if ci.checkSquares[p.board[from].Type()].Has(to) {
		return true
	}
	if !ci.discoverers.Has(from) {
		return false
	}
	occ := p.Occupied().AndNot(SquareBB(from)).Or(SquareBB(to))
	return p.attackersOf(p.side, ci.enemyKing, occ).AndNot(SquareBB(from)).Any()
}
