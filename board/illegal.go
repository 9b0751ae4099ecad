package board

import (
	"fmt"
	"strings"
)

// Why a well-formed move is illegal, named by the rule it breaks. This runs
// only after ParseMove found no legal move for the text, so it may be slow;
// it walks the rules in the order a player would check them: arrivals, then
// the call, or the piece, its way, the zones, and last the king's safety.

// pieceNames are the names RULES.md gives each type, per variant.
var pieceNames = map[string][NumTypes]string{
	"chess":      {Pawn: "pawn", Knight: "knight", Bishop: "bishop", Rook: "rook", Queen: "queen", King: "king"},
	"chaturanga": {Pawn: "Padati", Knight: "Ashva", Alfil: "Gaja", Rook: "Ratha", Ferz: "Mantri", King: "Raja"},
	"durg": {Pawn: "Sipahi", Knight: "Ashva", Bishop: "Mantri", Rook: "Gaj", Queen: "Rani", King: "Raja",
		Rath: "Rath", Durg: "Durg"},
}

func (v *Variant) pieceName(t PieceType) string {
	if n := pieceNames[v.family.name][t]; n != "" {
		return n
	}
	return "piece"
}

// whyIllegal names the rule a well-formed, not legal move breaks.
func (p *Position) whyIllegal(mt *moveText) string {
	q := *p // the position the move itself is judged in: after the arrivals
	if mt.nArrivals > 0 || p.waiting[p.side] > 0 {
		set, reason := p.arrivalProblem(mt)
		if reason != "" {
			return reason
		}
		q.placeArrivals(set)
	}
	reason := ""
	if mt.call {
		reason = q.callProblem(mt.to)
	} else {
		reason = q.moveProblem(mt)
	}
	if reason == "" { // a rule this walk does not know: should not happen
		reason = "not a legal move in this position"
	}
	return reason
}

// slotNames lists the back-slot squares of c, for messages: "c1, d1, f1 or g1".
func (v *Variant) slotNames(c Color) string {
	s := v.backSlots[c]
	return fmt.Sprintf("%v, %v, %v or %v", s[0], s[1], s[2], s[3])
}

// slotProblem says why s cannot take a placed piece ("" if it can).
func (p *Position) slotProblem(s Square) string {
	switch {
	case p.board[s] != NoPiece:
		return s.String() + " is occupied"
	case p.zones[p.side^1].Has(s):
		return s.String() + " lies in an enemy Durg zone"
	}
	return ""
}

// arrivalProblem checks the arrivals of a turn; it returns their set when
// they are the ones the rules demand.
func (p *Position) arrivalProblem(mt *moveText) (uint8, string) {
	v, us := p.v, p.side
	n := mt.nArrivals
	switch {
	case !v.hasSuccession():
		return 0, v.name + " has no Mantri arrivals"
	case p.waiting[us] == 0 && n > 0:
		return 0, "no Mantri of " + us.String() + "'s is waiting to arrive"
	}
	var set uint8
	for _, s := range mt.arrivals[:n] {
		i := -1
		for j, slot := range v.backSlots[us] {
			if slot == s {
				i = j
			}
		}
		switch {
		case i < 0:
			return 0, "a Mantri arrives only on a free square of " + v.slotNames(us)
		case set>>i&1 != 0:
			return 0, "two Mantris cannot arrive on " + s.String()
		}
		if r := p.slotProblem(s); r != "" {
			return 0, "B@" + s.String() + ": " + r
		}
		set |= 1 << i
	}
	need := min(int(p.waiting[us]), countBits4(p.freeSlots()))
	switch {
	case n < need:
		return 0, fmt.Sprintf("%d waiting Mantri(s) must arrive first, each on a free square of %s (B@square,move)",
			need, v.slotNames(us))
	case n > need:
		return 0, fmt.Sprintf("only %d Mantri(s) may arrive this turn", need)
	}
	return set, ""
}

// callProblem checks the Raja's call of the Rani to s.
func (p *Position) callProblem(s Square) string {
	v, us := p.v, p.side
	switch {
	case v.callThreshold == 0:
		return v.name + " has no Raja's call (Q@square)"
	case p.called[us]:
		return us.String() + "'s Rani has already entered; she is called once per game"
	case p.fallen[us] < 4:
		return fmt.Sprintf("the Raja's call needs 4 fallen pieces; %s has %d", us, p.fallen[us])
	case p.InCheck():
		return "the Raja may not call the Rani while in check"
	}
	for _, slot := range v.backSlots[us] {
		if slot == s {
			if r := p.slotProblem(s); r != "" {
				return "the Rani enters only on a free square: " + r
			}
			return ""
		}
	}
	return "the Rani enters only on a free square of " + v.slotNames(us)
}

// moveProblem checks a piece move; arrivals are already on the board.
func (p *Position) moveProblem(mt *moveText) string {
	v, us, them := p.v, p.side, p.side^1
	from, to := mt.from, mt.to
	pc := p.board[from]
	switch {
	case pc == NoPiece:
		return "no piece on " + from.String()
	case pc.Color() != us:
		return "the piece on " + from.String() + " is not " + us.String() + "'s"
	case pc.Type() == Durg:
		return "a Durg never moves"
	case p.frozen.Has(from):
		return "a Mantri that arrived this turn cannot move this turn"
	}
	t := pc.Type()
	name := v.pieceName(t)
	king := v.pieceName(King)
	on := fmt.Sprintf("the %s on %v", name, from)
	castling := p.castleRule(from, to)
	if t != King {
		castling = nil
	}
	if castling != nil {
		to = castling.kingTo // in Chess960 the text may name the rook's square
	} else if target := p.board[to]; target != NoPiece && target.Color() == us {
		if t == King && target.Type() == Rook && v.castles[us][0].right != 0 && !v.frc {
			return to.String() + " holds " + us.String() + "'s own piece; castling is written as the " +
				king + "'s two-square move"
		}
		return to.String() + " holds " + us.String() + "'s own piece"
	}
	if mt.promo != 0 {
		if r := p.promotionProblem(pc, to, mt.promo); r != "" {
			return r
		}
	}

	kind := kindNormal
	var promo PieceType
	switch {
	case castling != nil:
		if r := p.castleProblem(castling); r != "" {
			return r
		}
		kind = kindCastle
	case t == King && v.rajaLeap && knightAttacks[from].Has(to):
		switch {
		case p.leap>>us&1 == 0:
			return "the Raja's leap is gone (used, or lost when he was in check)"
		case p.board[to].Type() == King:
			return "the Raja's leap never takes a Raja"
		}
		kind = kindLeap
	case t == Pawn:
		var r string
		if kind, promo, r = p.pawnProblem(from, to, mt.promo); r != "" {
			return on + ": " + r
		}
	default:
		occ := p.Occupied()
		if !pieceAttacks(t, from, occ).Has(to) {
			if pieceAttacks(t, from, Bitboard{}).Has(to) {
				return fmt.Sprintf("the way from %v to %v is blocked", from, to)
			}
			return fmt.Sprintf("%s cannot move to %v", on, to)
		}
	}

	if v.zoneCaptureKillsBoth && p.zones[them].Has(to) {
		switch {
		case t == King:
			return "the Raja may not enter an enemy Durg zone"
		case p.board[to] == NoPiece && kind != kindCastle:
			return "a move that captures nothing may not end on an empty square of an enemy Durg zone"
		}
	}
	if t == King && kind != kindLeap && kingAttacks[to].Has(p.kingSq[them]) {
		return fmt.Sprintf("the %ss may not stand next to each other", king)
	}

	// Play it and see who attacks the own king afterwards.
	c := *p
	c.frozen = Bitboard{}
	m := newMove(from, to, kind)
	if kind == kindPromotion {
		m |= Move(promo) << 14
	}
	c.DoMove(m)
	attackers := c.attackersOf(them, c.kingSq[us], c.Occupied())
	switch {
	case attackers.Empty():
		return ""
	case t == King:
		return fmt.Sprintf("%v is attacked: the %s may not move into check", to, king)
	case p.checkers.More():
		return "it does not answer the check (double check: only the " + king + " can move)"
	case attackers.And(p.checkers).Any():
		return "it does not answer the check"
	case p.pinned(us).Has(from):
		return on + " is pinned"
	case kind == kindEnPassant:
		return "the en passant capture would expose the " + king + " to check"
	case p.KillsBoth(m):
		return "the capture in an enemy zone kills the capturer too and opens a line to the Raja"
	}
	return "it would leave the " + king + " in check"
}

// castleRule is the castling the king's move from-to names (in Chess960
// mode also king takes rook), nil if none.
func (p *Position) castleRule(from, to Square) *castleRule {
	for i := range p.v.castles[p.side] {
		cr := &p.v.castles[p.side][i]
		if cr.right != 0 && cr.kingFrom == from && (p.v.frc && p.castleNamedBy(newMove(from, cr.kingTo, kindCastle), to) ||
			!p.v.frc && cr.kingTo == to) {
			return cr
		}
	}
	return nil
}

func (p *Position) castleProblem(cr *castleRule) string {
	v, them := p.v, p.side^1
	king, rook := v.pieceName(King), v.pieceName(Rook)
	occ := p.Occupied().AndNot(SquareBB(cr.rookFrom)) // the rook leaves (movegen's castlings)
	switch {
	case p.castling&cr.right == 0:
		return p.side.String() + " no longer has that castling right"
	case occ.And(cr.mustBeEmpty).Any() && v.frc:
		return "castling needs every square the " + king + " and " + rook + " cross or land on empty but for them"
	case occ.And(cr.mustBeEmpty).Any():
		return "castling needs every square between " + king + " and " + rook + " empty"
	case p.InCheck():
		return "no castling out of check"
	case p.zones[them].And(SquareBB(cr.kingTo).Or(SquareBB(cr.rookTo))).Any():
		return "castling may not end in an enemy Durg zone"
	}
	for s := cr.mustBeSafe; s.Any(); {
		if sq := s.Pop(); p.attackedBy(them, sq, occ) {
			return fmt.Sprintf("the %s may not cross or land on an attacked square (%v)", king, sq)
		}
	}
	return ""
}

// promotionProblem checks a named promotion letter.
func (p *Position) promotionProblem(pc Piece, to Square, letter byte) string {
	v := p.v
	switch {
	case v.promotion == promoteNever:
		return v.name + " has no promotion"
	case pc.Type() != Pawn || !v.lastRank[p.side].Has(to):
		return "only a " + v.pieceName(Pawn) + " reaching the last rank promotes"
	case v.promotion == promoteStartSquare:
		t := v.promoType[p.side][to.File()]
		if letter != v.letters[t]+('a'-'A') {
			return fmt.Sprintf("no promotion to that piece: on %v a Padati becomes a %s (%c)",
				to, v.pieceName(t), v.letters[t]+('a'-'A'))
		}
	default:
		for _, t := range v.promoChoice {
			if letter == v.letters[t]+('a'-'A') {
				return ""
			}
		}
		var names []string
		for _, t := range v.promoChoice {
			names = append(names, string(v.letters[t]+('a'-'A')))
		}
		return "no promotion to that piece: a pawn becomes " + strings.Join(names, ", ")
	}
	return ""
}

// pawnProblem checks a pawn's way from-to and works out the move's kind.
func (p *Position) pawnProblem(from, to Square, letter byte) (moveKind, PieceType, string) {
	v, us := p.v, p.side
	dir := 1
	if us == Black {
		dir = -1
	}
	df, dr := to.File()-from.File(), (to.Rank()-from.Rank())*dir
	kind := kindNormal
	switch {
	case v.lastRank[us].Has(from):
		return 0, 0, "a " + v.pieceName(Pawn) + " on its last rank has no moves"
	case df == 0 && dr == 1:
		if p.board[to] != NoPiece {
			return 0, 0, to.String() + " is occupied (a " + v.pieceName(Pawn) + " captures diagonally)"
		}
	case df == 0 && dr == 2:
		passed := Square(int(from) + dir)
		switch {
		case !v.pawnDoubleStep:
			return 0, 0, "no double step in " + v.name
		case !v.pawnStart[us].Has(from):
			return 0, 0, "the double step is made only from the start rank"
		case p.board[passed] != NoPiece && !(v.zoneCaptureKillsBoth && p.board[passed] == MakePiece(us, Durg)):
			return 0, 0, fmt.Sprintf("the way is blocked on %v", passed)
		case p.board[to] != NoPiece:
			return 0, 0, to.String() + " is occupied"
		}
	case (df == 1 || df == -1) && dr == 1:
		switch {
		case v.enPassant && to == p.ep:
			kind = kindEnPassant
		case p.board[to] == NoPiece:
			return 0, 0, "it moves diagonally only to capture"
		}
	default:
		return 0, 0, fmt.Sprintf("it cannot move to %v", to)
	}
	if !v.lastRank[us].Has(to) || v.promotion == promoteNever {
		return kind, 0, ""
	}
	if v.promotion == promoteStartSquare {
		t := v.promoType[us][to.File()]
		if p.Pieces(us, t).Count() >= v.startCount[t] {
			return 0, 0, fmt.Sprintf("it may not enter %v: it would become a %s and %s already has %d",
				to, v.pieceName(t), us, v.startCount[t])
		}
		return kindPromotion, t, ""
	}
	if letter == 0 {
		return 0, 0, "reaching the last rank it must promote (add q, r, b or n)"
	}
	t, _ := v.pieceFromLetter(letter - ('a' - 'A'))
	return kindPromotion, t.Type(), ""
}
