package board

// Legal move generation. Pins and checks are worked out once per position
// so that almost every move is known legal when it is generated; the few
// moves whose effect on the own king is irregular (en passant, a Durg
// capture that kills both pieces) are played on a copy and checked.

// attackersTo is every piece of either colour attacking s, given occupancy occ.
func (p *Position) attackersTo(s Square, occ Bitboard) Bitboard {
	t := &p.byType
	a := pawnAttacks[Black][s].And(t[Pawn]).And(p.byColor[White])
	a = a.Or(pawnAttacks[White][s].And(t[Pawn]).And(p.byColor[Black]))
	a = a.Or(knightAttacks[s].And(t[Knight]))
	a = a.Or(kingAttacks[s].And(t[King].Or(t[Rath])))
	a = a.Or(ferzAttacks[s].And(t[Ferz]))
	a = a.Or(alfilAttacks[s].And(t[Alfil]))
	a = a.Or(bishopAttacks(s, occ).And(t[Bishop].Or(t[Queen]).Or(t[Rath])))
	return a.Or(rookAttacks(s, occ).And(t[Rook].Or(t[Queen])))
}

// attackersOf is every piece of colour c attacking s, given occupancy occ:
// attackersTo's answer for one side (checks, legality), where a slider
// on no line through s costs no attack lookup.
func (p *Position) attackersOf(c Color, s Square, occ Bitboard) Bitboard {
	t := &p.byType
	own := p.byColor[c]
	a := pawnAttacks[c^1][s].And(t[Pawn])
	a = a.Or(knightAttacks[s].And(t[Knight]))
	a = a.Or(kingAttacks[s].And(t[King].Or(t[Rath])))
	a = a.Or(ferzAttacks[s].And(t[Ferz]))
	a = a.Or(alfilAttacks[s].And(t[Alfil]))
	a = a.And(own)
	if d := t[Bishop].Or(t[Queen]).Or(t[Rath]).And(own).And(bishopPseudo[s]); d.Any() {
		a = a.Or(bishopAttacks(s, occ).And(d))
	}
	if o := t[Rook].Or(t[Queen]).And(own).And(rookPseudo[s]); o.Any() {
		a = a.Or(rookAttacks(s, occ).And(o))
	}
	return a
}

// attackedBy reports whether colour c attacks s with occupancy occ.
func (p *Position) attackedBy(c Color, s Square, occ Bitboard) bool {
	t := &p.byType
	them := p.byColor[c]
	if pawnAttacks[c^1][s].And(t[Pawn]).And(them).Any() ||
		knightAttacks[s].And(t[Knight]).And(them).Any() ||
		kingAttacks[s].And(t[King].Or(t[Rath])).And(them).Any() ||
		ferzAttacks[s].And(t[Ferz]).And(them).Any() ||
		alfilAttacks[s].And(t[Alfil]).And(them).Any() {
		return true
	}
	if d := t[Bishop].Or(t[Queen]).Or(t[Rath]).And(them); d.Any() && bishopAttacks(s, occ).And(d).Any() {
		return true
	}
	o := t[Rook].Or(t[Queen]).And(them)
	return o.Any() && rookAttacks(s, occ).And(o).Any()
}

// SquareAttacked reports whether colour c attacks s in the current position.
func (p *Position) SquareAttacked(c Color, s Square) bool {
	return p.attackedBy(c, s, p.Occupied())
}

// pieceAttacks is the attack set of a non-pawn piece type.
func pieceAttacks(t PieceType, s Square, occ Bitboard) Bitboard {
	switch t {
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return bishopAttacks(s, occ)
	case Rook:
		return rookAttacks(s, occ)
	case Queen:
		return bishopAttacks(s, occ).Or(rookAttacks(s, occ))
	case King:
		return kingAttacks[s]
	case Ferz:
		return ferzAttacks[s]
	case Alfil:
		return alfilAttacks[s]
	case Rath:
		return bishopAttacks(s, occ).Or(kingAttacks[s])
	}
	return Bitboard{}
}

// pinned is the set of c's pieces that shield c's king from an enemy slider.
func (p *Position) pinned(c Color) Bitboard {
	ksq := p.kingSq[c]
	t := &p.byType
	them := p.byColor[c^1]
	snipers := rookPseudo[ksq].And(t[Rook].Or(t[Queen])).
		Or(bishopPseudo[ksq].And(t[Bishop].Or(t[Queen]).Or(t[Rath]))).And(them)
	occ := p.Occupied()
	var pinned Bitboard
	for snipers.Any() {
		s := snipers.Pop()
		b := between[ksq][s].And(occ)
		if b.Any() && !b.More() {
			pinned = pinned.Or(b)
		}
	}
	return pinned.And(p.byColor[c])
}

// genMode selects what the generator produces: every legal turn, only the
// noisy ones (captures, zone kills, promotions, the call) for quiescence
// search, or just whether any legal turn exists.
type genMode uint8

const (
	allMoves genMode = iota
	noisyMoves
	anyMove
)

// GenerateMoves fills ml with every legal turn of the side to move.
func (p *Position) GenerateMoves(ml *MoveList) { p.generateTurns(ml, allMoves, p.v.boardMask) }

// GenerateNoisy fills ml with the legal turns that capture (zone kills and
// Durg captures included), promote or call the Rani, in the order
// GenerateMoves would give them.
func (p *Position) GenerateNoisy(ml *MoveList) { p.generateTurns(ml, noisyMoves, p.v.boardMask) }

// GenerateFrom fills ml with the legal turns that start on from (castling
// is the king's turn, the call starts on the Rani's square), in the order
// GenerateMoves gives them: a cheap legality test of one move, such as
// the search's hash move, by the generator itself.
func (p *Position) GenerateFrom(ml *MoveList, from Square) {
	if from >= numSquares {
		ml.N = 0
		return
	}
	p.generateTurns(ml, allMoves, SquareBB(from))
}

// HasLegalMove reports whether the side to move has any legal turn; the
// generator stops at the first it finds and looks at the cheap pieces first.
func (p *Position) HasLegalMove() bool { return p.generateTurns(nil, anyMove, p.v.boardMask) }

// generateTurns runs the generator once per choice of arrival squares and
// reports whether it found a turn (of those starting on from).
func (p *Position) generateTurns(ml *MoveList, mode genMode, from Bitboard) bool {
	if ml != nil {
		ml.N = 0
	}
	if p.waiting[p.side] == 0 {
		return p.generate(ml, 0, mode, from)
	}
	// Durg: waiting Mantris arrive first, on squares of the player's choice;
	// each choice is a different turn. Those that find no square are lost.
	free := p.freeSlots()
	n := min(int(p.waiting[p.side]), countBits4(free))
	found := false
	for set := uint8(0); set < 16; set++ {
		if set&^free != 0 || countBits4(set) != n {
			continue
		}
		q := *p
		q.placeArrivals(set)
		if q.generate(ml, set, mode, from) {
			found = true
			if mode == anyMove {
				break
			}
		}
	}
	return found
}

func countBits4(x uint8) int { return int(x&1 + x>>1&1 + x>>2&1 + x>>3&1) }

// freeSlots is the set (as 4 bits over c, d, f, g) of first-rank squares
// where a Mantri or the Rani may be placed: empty and outside enemy zones.
func (p *Position) freeSlots() uint8 {
	var set uint8
	occ := p.Occupied().Or(p.zones[p.side^1])
	for i := range p.v.backSlotFiles {
		if !occ.Has(p.v.backSlots[p.side][i]) {
			set |= 1 << i
		}
	}
	return set
}

// placeArrivals puts the side to move's arriving successors on the squares
// of set and drops the rest of its waiting ones. The caller handles the
// state part of the hash.
func (p *Position) placeArrivals(set uint8) {
	us := p.side
	p.waiting[us] = 0
	for i, s := range p.v.backSlots[us] {
		if set>>i&1 != 0 {
			p.put(MakePiece(us, p.v.successor), s)
			p.frozen = p.frozen.Or(SquareBB(s))
			p.forfeitCastlingOnSuccessor(us, s)
		}
	}
	if set != 0 { // an arrival may block a check
		p.checkers = p.attackersOf(us^1, p.kingSq[us], p.Occupied())
	}
}

// forfeitCastlingOnSuccessor applies the Durg rule that a Mantri entering
// the square its side's Gaj would castle to ends that castling for good.
func (p *Position) forfeitCastlingOnSuccessor(c Color, s Square) {
	if !p.v.successorForfeitsCastling {
		return
	}
	for _, cr := range p.v.castles[c] {
		if cr.rookTo == s {
			p.castling &^= cr.right
		}
	}
}

// generate adds the legal moves of the position as it stands (mode says
// which) that start on from, each tagged with the arrivals that produced
// it, and reports whether it found any. ml is nil in anyMove mode.
func (p *Position) generate(ml *MoveList, arrivals uint8, mode genMode, from Bitboard) bool {
	g := p.newGenerator(ml, arrivals, mode, from)
	if mode == anyMove {
		// Cheapest first: most positions have a free piece move.
		if !p.checkers.More() && (g.pieces() || g.pawns()) {
			return true
		}
		return g.kingSteps() || g.leaps() || (!p.checkers.More() && (g.enPassant() || g.castlings() || g.call()))
	}
	g.kingSteps()
	g.leaps()
	if p.checkers.More() {
		return g.found
	}
	g.pieces()
	g.pawns()
	g.enPassant()
	g.castlings()
	g.call()
	return g.found
}

// generator carries what the move sections need for one position.
type generator struct {
	p        *Position
	ml       *MoveList // nil: only record that a move exists
	mode     genMode
	found    bool
	arrivals uint8
	from     Bitboard // only turns starting here (GenerateFrom)
	killZone Bitboard // capturing a piece here kills both: checked by playing it
	// Targets: quiet moves may end on quietMask, captures on captureMask
	// (both narrowed to the check's line or checker when in check); reach
	// is where the king may step.
	occ, empty, enemy, enemyZone Bitboard
	quietMask, captureMask       Bitboard
	reach                        Bitboard
	pinned                       Bitboard
}

func (p *Position) newGenerator(ml *MoveList, arrivals uint8, mode genMode, from Bitboard) generator {
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own.Or(enemy)
	empty := p.v.boardMask.AndNot(occ)
	enemyZone := p.zones[them]
	quiet := empty.AndNot(enemyZone) // a non-capturing move never ends in an enemy zone
	g := generator{p: p, ml: ml, mode: mode, from: from, arrivals: arrivals, killZone: enemyZone.AndNot(p.byType[Durg]),
		occ: occ, empty: empty, enemy: enemy, enemyZone: enemyZone}
	g.reach = quiet.Or(enemy.AndNot(enemyZone))
	if mode == noisyMoves {
		g.reach = enemy.AndNot(enemyZone)
	}
	g.quietMask, g.captureMask = quiet, enemy
	if p.checkers.Any() {
		c := p.checkers.First()
		if p.board[c].Type() == Alfil { // a jump cannot be blocked
			g.quietMask = Bitboard{}
		} else {
			g.quietMask = g.quietMask.And(between[p.kingSq[us]][c])
		}
		g.captureMask = p.checkers
	}
	return g
}

// done reports whether an anyMove search can stop.
func (g *generator) done() bool { return g.found && g.ml == nil }

// kingSteps: the king never enters an enemy zone nor an attacked square.
func (g *generator) kingSteps() bool {
	p := g.p
	ksq, them := p.kingSq[p.side], p.side^1
	if !g.from.Has(ksq) {
		return g.found
	}
	occNoKing := g.occ.Xor(SquareBB(ksq))
	for t := kingAttacks[ksq].And(g.reach); t.Any() && !g.done(); {
		if s := t.Pop(); !p.attackedBy(them, s, occNoKing) {
			g.add(newMove(ksq, s, kindNormal))
		}
	}
	return g.found
}

// leaps: the Raja's once-per-game knight move, never out of check. The
// leap is no attack, so the enemy Raja may stand on a leap square.
func (g *generator) leaps() bool {
	p := g.p
	us := p.side
	if !p.v.rajaLeap || p.leap>>us&1 == 0 || p.checkers.Any() || !g.from.Has(p.kingSq[us]) {
		return g.found
	}
	ksq := p.kingSq[us]
	occNoKing := g.occ.Xor(SquareBB(ksq))
	for t := knightAttacks[ksq].And(g.reach).AndNot(p.byType[King]); t.Any() && !g.done(); {
		if s := t.Pop(); !p.attackedBy(us^1, s, occNoKing) {
			g.add(newMove(ksq, s, kindLeap))
		}
	}
	return g.found
}

// pieces: every mover but king and pawns, pins respected.
func (g *generator) pieces() bool {
	p := g.p
	us := p.side
	ksq := p.kingSq[us]
	g.pinned = p.pinned(us)
	quiets := g.quietMask
	if g.mode == noisyMoves {
		quiets = Bitboard{}
	}
	movers := p.byColor[us].AndNot(p.frozen).AndNot(p.byType[King]).AndNot(p.byType[Pawn]).AndNot(p.byType[Durg]).And(g.from)
	for m := movers; m.Any() && !g.done(); {
		s := m.Pop()
		t := pieceAttacks(p.board[s].Type(), s, g.occ)
		if g.pinned.Has(s) {
			t = t.And(line[ksq][s])
		}
		g.addAll(s, t.And(quiets), t.And(g.captureMask))
	}
	return g.found
}

// pawns: pushes, double steps and captures, pinned pawns along their pin.
func (g *generator) pawns() bool {
	p := g.p
	us := p.side
	ksq := p.kingSq[us]
	quiets := g.quietMask
	if g.mode == noisyMoves {
		quiets = quiets.And(p.v.lastRank[us]) // only pushes that promote
		if p.v.promotion == promoteNever {
			quiets = Bitboard{}
		}
	}
	pawns := p.Pieces(us, Pawn).And(g.from)
	g.pawnMoves(pawns.AndNot(g.pinned), quiets, g.captureMask, g.empty)
	for pp := pawns.And(g.pinned); pp.Any() && !g.done(); {
		s := pp.Pop()
		l := line[ksq][s]
		g.pawnMoves(SquareBB(s), quiets.And(l), g.captureMask.And(l), g.empty)
	}
	return g.found
}

func (g *generator) enPassant() bool {
	p := g.p
	if p.ep == NoSquare {
		return g.found
	}
	for a := pawnAttacks[p.side^1][p.ep].And(p.Pieces(p.side, Pawn)).And(g.from); a.Any() && !g.done(); {
		g.addChecked(newMove(a.Pop(), p.ep, kindEnPassant))
	}
	return g.found
}

func (g *generator) castlings() bool {
	p := g.p
	us := p.side
	if g.mode == noisyMoves || p.checkers.Any() || !g.from.Has(p.kingSq[us]) {
		return g.found
	}
	for _, cr := range p.v.castles[us] {
		if p.castling&cr.right == 0 || g.occ.And(cr.mustBeEmpty).Any() ||
			g.enemyZone.And(SquareBB(cr.kingTo).Or(SquareBB(cr.rookTo))).Any() {
			continue
		}
		// Without the rook: in Chess960 it may stand between an enemy
		// slider and the king's path, and it leaves.
		occ := g.occ.AndNot(SquareBB(cr.rookFrom))
		safe := true
		for s := cr.mustBeSafe; s.Any() && safe; {
			safe = !p.attackedBy(us^1, s.Pop(), occ)
		}
		if safe {
			g.add(newMove(p.kingSq[us], cr.kingTo, kindCastle))
			if g.done() {
				break
			}
		}
	}
	return g.found
}

// call: the Rani placed on a free back slot, once the fallen count allows.
func (g *generator) call() bool {
	p := g.p
	us := p.side
	if p.checkers.Any() || !p.CallAvailable(us) {
		return g.found
	}
	free := p.freeSlots()
	for i, s := range p.v.backSlots[us] {
		if free>>i&1 != 0 && g.from.Has(s) {
			g.add(newMove(s, s, kindCall))
			if g.done() {
				break
			}
		}
	}
	return g.found
}

func (g *generator) add(m Move) {
	g.found = true
	if g.ml != nil {
		g.ml.add(m.withArrivals(g.arrivals))
	}
}

// addChecked adds m only if it leaves the mover's king unattacked.
func (g *generator) addChecked(m Move) {
	q := *g.p
	q.frozen = Bitboard{}
	q.DoMove(m)
	if !q.attackedBy(q.side, q.kingSq[q.side^1], q.Occupied()) {
		g.add(m)
	}
}

func (g *generator) addAll(from Square, quiets, captures Bitboard) {
	for quiets.Any() && !g.done() {
		g.add(newMove(from, quiets.Pop(), kindNormal))
	}
	if risky := captures.And(g.killZone); risky.Any() {
		captures = captures.AndNot(risky)
		for risky.Any() && !g.done() {
			g.addChecked(newMove(from, risky.Pop(), kindNormal))
		}
	}
	for captures.Any() && !g.done() {
		g.add(newMove(from, captures.Pop(), kindNormal))
	}
}

// pawnMoves adds the moves of a set of pawns whose targets are limited by
// the masks (check evasion, pins).
func (g *generator) pawnMoves(pawns, quietMask, captureMask, empty Bitboard) {
	if pawns.Empty() {
		return
	}
	p := g.p
	v := p.v
	us := p.side
	var push, capEast, capWest, double Bitboard
	var pushStep, eastStep, westStep int
	movable := pawns.AndNot(v.lastRank[us])
	passable := empty.Or(p.Pieces(us, Durg)) // a Sipahi's double step may pass its own Durg
	if us == White {
		movable = movable.AndNot(rankBB[gridRanks-1])
		push = movable.ShiftUp(1)
		if v.pawnDoubleStep {
			double = movable.And(v.pawnStart[us]).ShiftUp(1).And(passable).ShiftUp(1)
		}
		capEast = movable.AndNot(fileBB[gridFiles-1]).ShiftUp(gridRanks + 1)
		capWest = movable.AndNot(fileBB[0]).ShiftDown(gridRanks - 1)
		pushStep, eastStep, westStep = 1, gridRanks+1, -(gridRanks - 1)
	} else {
		movable = movable.AndNot(rankBB[0])
		push = movable.ShiftDown(1)
		if v.pawnDoubleStep {
			double = movable.And(v.pawnStart[us]).ShiftDown(1).And(passable).ShiftDown(1)
		}
		capEast = movable.AndNot(fileBB[gridFiles-1]).ShiftUp(gridRanks - 1)
		capWest = movable.AndNot(fileBB[0]).ShiftDown(gridRanks + 1)
		pushStep, eastStep, westStep = -1, gridRanks-1, -(gridRanks + 1)
	}
	g.pawnTargets(push.And(quietMask), pushStep)
	g.pawnTargets(double.And(quietMask), 2*pushStep)
	g.pawnTargets(capEast.And(captureMask), eastStep)
	g.pawnTargets(capWest.And(captureMask), westStep)
}

func (g *generator) pawnTargets(targets Bitboard, step int) {
	p := g.p
	v := p.v
	last := v.lastRank[p.side]
	for targets.Any() && !g.done() {
		to := targets.Pop()
		from := to - Square(step)
		switch {
		case !last.Has(to) || v.promotion == promoteNever:
			if g.killZone.Has(to) {
				g.addChecked(newMove(from, to, kindNormal))
			} else {
				g.add(newMove(from, to, kindNormal))
			}
		case v.promotion == promoteChoice:
			for _, t := range v.promoChoice {
				g.add(newMove(from, to, kindPromotion) | Move(t)<<14)
			}
		default: // promoteStartSquare: only to a type the side has lost
			t := v.promoType[p.side][to.File()]
			if p.Pieces(p.side, t).Count() < v.startCount[t] {
				g.add(newMove(from, to, kindPromotion) | Move(t)<<14)
			}
		}
	}
}
