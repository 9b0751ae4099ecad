package board

// Static exchange evaluation: what a capture (or a move to a square the
// enemy can take on) wins or loses if both sides then take on that square,
// cheapest piece first, and either side may stop. It knows the Durg zone
// rule: a capture on a square of the victim's zone removes the capturer
// too and ends the exchange (the square is empty), a Durg capture leaves
// the capturer standing and dissolves the zone, and a Raja never takes
// on an enemy zone square. Pins, arrivals and promotions on recapture are
// not looked at: this is an estimate for move ordering and pruning.

// SEE returns the exchange value of m for the side to move, in the units of
// values (indexed by piece type; the king's entry should dwarf the rest).
func (p *Position) SEE(m Move, values *[NumTypes]int) int {
	k := m.kind()
	if k == kindCastle || k == kindCall {
		return 0
	}
	from, to := m.From(), m.To()
	us := p.side
	victim := p.Captured(m)
	var gain [40]int
	gain[0] = values[victim]
	onSquare := p.board[from].Type()
	if k == kindPromotion {
		gain[0] += values[m.Promotion()] - values[Pawn]
		onSquare = m.Promotion()
	}
	zones := p.zones
	if victim != NoType && victim != Durg && zones[us^1].Has(to) {
		return gain[0] - values[onSquare] // kills both: nothing is left to take
	}
	if victim == Durg {
		zones[us^1] = zones[us^1].AndNot(SquareBB(to)) // the zone is gone with its Durg
	}
	occ := p.Occupied().AndNot(SquareBB(from)).Or(SquareBB(to))
	if k == kindEnPassant {
		occ = occ.AndNot(SquareBB(MakeSquare(to.File(), from.Rank())))
	}
	attackers := p.attackersTo(to, occ).And(occ)
	t := &p.byType
	diagonal := t[Bishop].Or(t[Queen]).Or(t[Rath])
	straight := t[Rook].Or(t[Queen])
	side := us
	d := 0
	for d+1 < len(gain) {
		side ^= 1
		mine := attackers.And(p.byColor[side])
		// The piece on the square is the other side's: its zone is enemy
		// ground for this capturer.
		inZone := zones[side^1].Has(to)
		if inZone {
			mine = mine.AndNot(t[King])
		}
		if mine.Empty() {
			break
		}
		attacker, sq := p.leastValuable(mine, values)
		if attacker == King && attackers.And(p.byColor[side^1]).AndNot(SquareBB(sq)).Any() {
			break // the Raja may not take into a defended square
		}
		d++
		gain[d] = values[onSquare] - gain[d-1]
		if inZone {
			gain[d] -= values[attacker] // the capturer dies with its victim
			break
		}
		onSquare = attacker
		occ = occ.AndNot(SquareBB(sq))
		// Sliders behind the one that took now see the square.
		attackers = attackers.Or(bishopAttacks(to, occ).And(diagonal)).Or(rookAttacks(to, occ).And(straight)).And(occ)
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// leastValuable is the cheapest piece of set by values, and its square.
func (p *Position) leastValuable(set Bitboard, values *[NumTypes]int) (PieceType, Square) {
	bestType, bestSq := NoType, NoSquare
	for b := set; b.Any(); {
		s := b.Pop()
		t := p.board[s].Type()
		if bestType == NoType || values[t] < values[bestType] {
			bestType, bestSq = t, s
		}
	}
	return bestType, bestSq
}
