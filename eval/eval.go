// Package eval is Senapati's static evaluation for chess, chaturanga and
// Durg: a tapered (midgame/endgame) sum of material, piece-square values
// built from formulas, mobility, king safety, pawn structure and the terms
// each variant's own rules call for (Durg zones, succession and the Rani's
// call; the chaturanga bare-Raja rule and the Raja's leap).
//
// Every term is computed as a White-minus-Black midgame/endgame pair and
// tapered on its own; the total is the sum of the tapered terms, so
// Evaluate and Explain share one code path and agree exactly.
package eval

import (
	"fmt"

	"senapati/board"
)

// Term is one named part of the evaluation, from White's point of view:
// MG and EG are its midgame and endgame values, Score the tapered value.
type Term struct {
	Name   string
	MG, EG int
	Score  int
}

// Breakdown is an evaluation split into its terms. Phase runs from 256
// (all pieces on the board: pure midgame) down to 0 (pure endgame). Total
// is the sum of the terms' Scores, from White's point of view.
type Breakdown struct {
	Terms []Term
	Phase int
	Total int
}

// PhaseMidgame is the phase of a position with the full start material.
const PhaseMidgame = 256

type termID uint8

const (
	tMaterial termID = iota
	tPSQ
	tMobility
	tKing
	tPawns
	tPassed
	tPieces
	tThreats
	tZones
	tSuccession
	tRani
	tCastling
	tLeap
	tFewPieces
	tEnding
	tTempo
	numTerms
)

var termNames = [numTerms]string{
	tMaterial:   "material",
	tPSQ:        "piece-square",
	tMobility:   "mobility",
	tKing:       "king safety",
	tPawns:      "pawn structure",
	tPassed:     "passed pawns",
	tPieces:     "pieces",
	tThreats:    "threats",
	tZones:      "durg zones",
	tSuccession: "waiting mantris",
	tRani:       "rani call",
	tCastling:   "castling",
	tLeap:       "raja leap",
	tFewPieces:  "few pieces",
	tEnding:     "ending",
	tTempo:      "tempo",
}

type special uint8

const (
	specialNone special = iota
	specialBare         // chaturanga: a bare Raja decides the game
	specialDraw         // dead draw by insufficient material
)

// acc collects the terms of one evaluation; it lives on the stack.
type acc struct {
	mg, eg  [numTerms]int
	phase   int
	special special
	bare    int    // White's score when special == specialBare
	scale   [2]int // /64, applied when the score favours that side (endgame.go)
}

func (a *acc) add(t termID, sign int, s score) {
	a.mg[t] += sign * s.mg
	a.eg[t] += sign * s.eg
}

func taper(mg, eg, phase int) int {
	return (mg*phase + eg*(PhaseMidgame-phase)) / PhaseMidgame
}

// total is the score from White's point of view: the sum of the tapered
// terms, then scaled for material that cannot win, then for a move rule of
// moveRule moves per side.
func (a *acc) total(pr *params, p *board.Position, moveRule int) (sum, scaled, final int) {
	switch a.special {
	case specialBare:
		return a.bare, a.bare, a.bare
	case specialDraw:
		return 0, 0, 0
	}
	for _, t := range pr.terms {
		sum += taper(a.mg[t], a.eg[t], a.phase)
	}
	favoured := board.White
	if sum < 0 {
		favoured = board.Black
	}
	scaled = sum * a.scale[favoured] / scaleNormal
	return sum, scaled, MoveRuleScale(p, scaled, moveRule)
}

// Evaluate returns the static score in centipawns from the side to move's
// point of view, under the variant's own move rule. It does not allocate.
func Evaluate(p *board.Position) int { return EvaluateRule(p, p.Variant().DefaultMoveRule()) }

// EvaluateRule is Evaluate under a move rule of moveRule moves per side
// (0: none), the rule the game is played by: the score fades toward a
// draw over the rule's second half. It does not allocate.
func EvaluateRule(p *board.Position, moveRule int) int { return evaluateRule(p, moveRule, nil) }

// evaluateRule is EvaluateRule with the pawns' part from pc (nil: none).
func evaluateRule(p *board.Position, moveRule int, pc *PawnCache) int {
	pr := paramsFor(p.Variant())
	var a acc
	compute(p, pr, &a, pc)
	_, _, s := a.total(pr, p, moveRule)
	if p.SideToMove() == board.Black {
		return -s
	}
	return s
}

// Explain splits the evaluation into its terms (for the UCI `eval`
// command). Total equals Evaluate(p) for White to move and -Evaluate(p)
// for Black to move.
func Explain(p *board.Position) Breakdown { return ExplainRule(p, p.Variant().DefaultMoveRule()) }

// ExplainRule is Explain under a move rule of moveRule moves per side;
// its Total agrees with EvaluateRule(p, moveRule).
func ExplainRule(p *board.Position, moveRule int) Breakdown {
	pr := paramsFor(p.Variant())
	var a acc
	compute(p, pr, &a, nil)
	b := Breakdown{Phase: a.phase}
	if a.special == specialBare {
		b.Terms = []Term{{Name: "bare raja", MG: a.bare, EG: a.bare, Score: a.bare}}
		b.Total = a.bare
		return b
	}
	var sum Term
	for _, t := range pr.terms {
		tm := Term{Name: termNames[t], MG: a.mg[t], EG: a.eg[t], Score: taper(a.mg[t], a.eg[t], a.phase)}
		b.Terms = append(b.Terms, tm)
		sum.MG += tm.MG
		sum.EG += tm.EG
		sum.Score += tm.Score
	}
	if a.special == specialDraw {
		b.Terms = append(b.Terms, Term{Name: "insufficient material", MG: -sum.MG, EG: -sum.EG, Score: -sum.Score})
		sum.Score = 0
	}
	_, scaled, final := a.total(pr, p, moveRule)
	if a.special == specialNone {
		b.Terms = append(b.Terms,
			Term{Name: "drawish material", Score: scaled - sum.Score},
			Term{Name: "move rule", Score: final - scaled})
	}
	b.Total = final
	return b
}

// PieceValue is the midgame material value of a piece type in a variant,
// for move ordering and exchange evaluation. The king reports 10000; a
// type the variant does not use reports 0. In Durg a capture inside the
// enemy zone also loses the capturer, and a lost Rath is partly refunded
// by a waiting Mantri: exchange code has to account for both.
func PieceValue(v *board.Variant, t board.PieceType) int {
	if t == board.King {
		return kingValue
	}
	if t >= board.NumTypes {
		return 0
	}
	return paramsFor(v).material[t].mg
}

// raniHope is the share (/256) of the Rani's value a side can count on by
// its fallen count: she comes once four pieces have fallen. Once the call
// is available she is nearly there (one whole turn and a free square
// away); before that, each fallen piece brings her nearer. The step from 3
// to 4 is about a knight: giving a piece to bring her is roughly even.
var raniHope = [...]int{0, 10, 35, 90} // by fallen count below the call threshold

const (
	raniReady     = 170 // call available and a free square now
	raniReadyNoSq = 120 // call available but c, d, f, g all taken now
)

func chebyshev(a, b board.Square) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	if df < 0 {
		df = -df
	}
	if dr < 0 {
		dr = -dr
	}
	return max(df, dr)
}

// compute fills a with every term of p, the pawns' part from pc where it
// has it (pc may be nil).
func compute(p *board.Position, pr *params, a *acc, pc *PawnCache) {
	const W, B = board.White, board.Black
	mask := pr.boardMask
	durg := pr.zones

	// The rules decide a bare Raja (board's verdict); the score only
	// ranks such wins by the winner's remaining pieces.
	if v := p.BareRajaVerdict(); v.Over() {
		a.special, a.phase = specialBare, 0
		switch v.Winner {
		case board.Nobody:
			a.bare = 0
		case board.WhiteWon:
			a.bare = bareRajaScore + 10*p.ColorPieces(W).Count()
		default:
			a.bare = -bareRajaScore - 10*p.ColorPieces(B).Count()
		}
		return
	}

	occ := p.Occupied()
	var scratch pawnInfo
	pi := pc.lookup(p, pr, &scratch)
	var (
		pawns, pawnAtt, zone, durgs, ring, attacked [2]board.Bitboard
		ksq                                         [2]board.Square
		kAttackers, kUnits                          [2]int // against c's king
	)
	for c := W; c <= B; c++ {
		pawns[c] = pi.pawns[c]
		pawnAtt[c] = pi.side[c].attacks
		ksq[c] = p.KingSquare(c)
		ring[c] = board.KingZone(ksq[c]).And(mask)
		if durg {
			zone[c] = p.Zone(c)
			durgs[c] = p.Pieces(c, board.Durg)
			// Enemies reach own-zone squares only by a capture that
			// kills them too: those squares do not count as weak.
			ring[c] = ring[c].AndNot(zone[c]).Or(board.SquareBB(ksq[c]))
		}
		attacked[c] = pawnAtt[c].Or(board.Attacks(board.King, ksq[c], occ).And(mask))
	}

	// Pieces: material, piece-square, mobility, attacks on the enemy king.
	phase := 0
	for c := W; c <= B; c++ {
		sign := 1 - 2*int(c)
		them := c ^ 1
		mobArea := mask.AndNot(p.ColorPieces(c)).AndNot(pawnAtt[them])
		if durg {
			mobArea = mobArea.AndNot(zone[them].AndNot(durgs[them]))
		}
		var mat score
		var psq, mob packed
		att := attacked[c]
		for _, t := range pr.pieceTypes {
			bb := p.Pieces(c, t)
			if bb.Empty() {
				continue
			}
			n := bb.Count()
			mat.mg += n * pr.material[t].mg
			mat.eg += n * pr.material[t].eg
			phase += n * pr.phaseWeight[t]
			psqT, mobT, kw := &pr.psq[c][t], &pr.mobility[t], pr.kingAttack[t]
			for bb.Any() {
				s := bb.Pop()
				psq += psqT[s]
				a := board.Attacks(t, s, occ)
				att = att.Or(a)
				mob += mobT[a.And(mobArea).Count()]
				if x := a.And(ring[them]); x.Any() {
					kAttackers[them]++
					kUnits[them] += kw * (1 + x.Count())
				}
			}
		}
		attacked[c] = att.And(mask)
		np := pawns[c].Count()
		mat.mg += np * pr.material[board.Pawn].mg
		mat.eg += np * pr.material[board.Pawn].eg
		psq += pr.psq[c][board.King][ksq[c]]
		if durg {
			nd := durgs[c].Count()
			mat.mg += nd * pr.material[board.Durg].mg
			mat.eg += nd * pr.material[board.Durg].eg
			phase += p.Waiting(c) * pr.phaseWeight[board.Bishop]
		}
		a.add(tMaterial, sign, mat)
		a.add(tPSQ, sign, psq.unpack())
		a.add(tMobility, sign, mob.unpack())
	}
	a.phase = min(phase, pr.phaseTotal) * PhaseMidgame / pr.phaseTotal

	for c := W; c <= B; c++ {
		sign := 1 - 2*int(c)
		them := c ^ 1
		own := p.ColorPieces(c)
		evalKing(p, pr, a, c, sign, ksq[c], pawns[c], kAttackers[c], kUnits[c])
		evalPawns(p, pr, a, c, sign, &pi.side[c], ksq, occ)

		// Pieces: rooks on open files, the bishop pair.
		var pc score
		for b := p.Pieces(c, board.Rook); b.Any(); {
			f := board.FileSquares(b.Pop().File())
			switch {
			case f.And(pawns[c]).Empty() && f.And(pawns[them]).Empty():
				pc.mg, pc.eg = pc.mg+pr.w.RookOpen.mg, pc.eg+pr.w.RookOpen.eg
			case f.And(pawns[c]).Empty():
				pc.mg, pc.eg = pc.mg+pr.w.RookSemiOpen.mg, pc.eg+pr.w.RookSemiOpen.eg
			}
		}
		if bs := p.Pieces(c, board.Bishop); bs.And(board.DarkSquares()).Any() && bs.AndNot(board.DarkSquares()).Any() {
			pc.mg, pc.eg = pc.mg+pr.w.BishopPair.mg, pc.eg+pr.w.BishopPair.eg
		}
		// The terms a game's weights leave at zero cost nothing.
		if pr.w.Outpost != (score{}) {
			pc = pc.plus(pr.w.Outpost.times(outposts(p, pr, c, pawnAtt[c], pi.side[them].span).Count()))
		}
		if pr.w.RookSeventh != (score{}) {
			seventh := board.RankSquares(pr.absRank(c, pr.ranks-2))
			if n := p.Pieces(c, board.Rook).And(seventh).Count(); n > 0 &&
				(pr.relRank[c][ksq[them]] == int8(pr.ranks-1) || pawns[them].And(seventh).Any()) {
				pc = pc.plus(pr.w.RookSeventh.times(n))
			}
		}
		a.add(tPieces, sign, pc)

		// Threats that c makes: enemy pieces attacked by c's pawns, and
		// enemy men attacked but not defended. A man in its own Durg zone
		// counts as defended: whoever takes it dies with it.
		enemy := p.ColorPieces(them).AndNot(p.Pieces(them, board.King))
		enemyPawns := pawns[them]
		enemyPieces := enemy.AndNot(enemyPawns)
		defended := attacked[them]
		if durg {
			defended = defended.Or(zone[them].AndNot(durgs[them]))
		}
		hanging := enemy.And(attacked[c]).AndNot(defended)
		nPT := enemyPieces.And(pawnAtt[c]).Count()
		nHP := hanging.And(enemyPieces).Count()
		nHp := hanging.And(enemyPawns).Count()
		a.add(tThreats, sign, score{
			nPT*pr.w.PawnThreat.mg + nHP*pr.w.HangingPiece.mg + nHp*pr.w.HangingPawn.mg,
			nPT*pr.w.PawnThreat.eg + nHP*pr.w.HangingPiece.eg + nHp*pr.w.HangingPawn.eg,
		})

		if durg {
			evalDurg(p, pr, a, c, sign, zone, durgs, ksq, attacked, occ)
		}
		if pr.leap && p.HasLeap(c) {
			a.add(tLeap, sign, pr.w.Leap)
		}
		if pr.bareRajaLoses {
			switch own.Count() - 1 {
			case 1:
				a.add(tFewPieces, sign, pr.w.FewPieces1)
			case 2:
				a.add(tFewPieces, sign, pr.w.FewPieces2)
			}
		}
	}

	a.add(tTempo, 1-2*int(p.SideToMove()), pr.w.Tempo)
	evalEnding(p, pr, a, attacked, zone, ksq)

	if p.InsufficientMaterial() {
		a.special = specialDraw
	}
}

// absRank turns a rank counted from c's side into a board rank.
func (pr *params) absRank(c board.Color, r int) int {
	if c == board.White {
		return r
	}
	return pr.ranks - 1 - r
}

// evalKing scores c's king: the danger from enemy pieces bearing on the
// squares around him, and the pawn shield in front of him.
func evalKing(p *board.Position, pr *params, a *acc, c board.Color, sign int, k board.Square, pawns board.Bitboard, attackers, units int) {
	var ks score
	if attackers >= 2 {
		pen := units * units / 4 * pr.kingDanger / 64
		if pr.v.HasType(board.Queen) && p.Pieces(c^1, board.Queen).Empty() {
			pen /= 2
		}
		pen = min(pen, 800)
		ks.mg -= pen
		ks.eg -= pen / 8
	}
	// The shield counts for a king on a wing (files a-c and f-h on 8x8,
	// a-c and g-i on 9x9): a king in the middle is judged by the
	// piece-square table, and central pawn moves are not shield losses.
	kf := k.File()
	onWing := 2*kf-(pr.files-1) >= 3 || 2*kf-(pr.files-1) <= -3
	if kr := int(pr.relRank[c][k]); onWing && kr <= pr.kingShieldOK {
		near := board.RankSquares(pr.absRank(c, kr+1))
		far := board.RankSquares(pr.absRank(c, kr+2))
		for f := max(kf-1, 0); f <= min(kf+1, pr.files-1); f++ {
			fp := pawns.And(board.FileSquares(f))
			switch {
			case fp.And(near).Any():
				ks.mg += pr.w.ShieldNear
			case fp.And(far).Any():
				ks.mg += pr.w.ShieldFar
			default:
				ks.mg += pr.w.ShieldNone
			}
		}
	}
	a.add(tKing, sign, ks)
}

// evalPawns scores c's pawns: their piece-square values and shape (from
// ps), and the passed pawns, which depend on the kings and the pieces too.
func evalPawns(p *board.Position, pr *params, a *acc, c board.Color, sign int, ps *pawnSide, ksq [2]board.Square, occ board.Bitboard) {
	them := c ^ 1
	a.add(tPSQ, sign, ps.psq)
	a.add(tPawns, sign, ps.shape)
	var pass score
	for b := ps.passed; b.Any(); {
		s := b.Pop()
		rr := int(pr.relRank[c][s])
		if rr >= pr.ranks-1 { // a Sipahi on the last rank: nothing to gain
			continue
		}
		mg, eg := pr.passedBonus[rr].mg, pr.passedBonus[rr].eg
		front := s + 1
		if c == board.Black {
			front = s - 1
		}
		if pr.v.Promotes() {
			// The kings race to the square in front of the pawn.
			eg += (4*chebyshev(ksq[them], front) - 2*chebyshev(ksq[c], front)) * pr.kingRace[rr] / 64
		}
		if pr.v.PromotesToStartType() {
			f := 40 // its type is all present: the Padati may not promote yet
			switch pt := pr.v.PromotionType(c, s.File()); {
			case pt == board.King:
				f = 25 // it can only promote by capturing sideways
			case p.Pieces(c, pt).Count() < pr.v.StartCount(pt):
				f = pr.passedFactor[pt]
			}
			mg, eg = mg*f/256, eg*f/256
		}
		if occ.Has(front) {
			mg, eg = mg/2, eg/2
		}
		pass.mg += mg
		pass.eg += eg
	}
	a.add(tPassed, sign, pass)
}

// outposts are c's knights and bishops on the fourth to the third-last
// rank, defended by an own pawn (pawnAtt), that no enemy pawn can ever
// attack (enemySpan: the squares the enemy pawns may ever attack).
func outposts(p *board.Position, pr *params, c board.Color, pawnAtt, enemySpan board.Bitboard) board.Bitboard {
	minors := p.Pieces(c, board.Knight).Or(p.Pieces(c, board.Bishop)).And(pawnAtt).And(pr.outpostRanks[c])
	return minors.AndNot(enemySpan)
}

// evalDurg scores c's Durg-only terms: zones, waiting Mantris, the coming
// Rani and a forfeited castling.
func evalDurg(p *board.Position, pr *params, a *acc, c board.Color, sign int, zone, durgs [2]board.Bitboard,
	ksq [2]board.Square, attacked [2]board.Bitboard, occ board.Bitboard) {
	them := c ^ 1
	own := p.ColorPieces(c)

	// Zones: own men sheltered in own zones, own king beside them, the
	// enemy king fenced off by them, and enemy men stranded inside them
	// (only from set-up positions: we take them normally, they cannot
	// recapture without dying).
	var z score
	guards := own.And(zone[c]).AndNot(durgs[c]).AndNot(board.SquareBB(ksq[c])).Count()
	shield := board.KingZone(ksq[c]).And(zone[c]).Count()
	fence := board.KingZone(ksq[them]).And(zone[c]).Count()
	z.mg = guards*pr.w.ZoneGuard.mg + shield*pr.w.ZoneKingShield.mg + fence*pr.w.ZoneKingFence.mg
	z.eg = guards*pr.w.ZoneGuard.eg + shield*pr.w.ZoneKingShield.eg + fence*pr.w.ZoneKingFence.eg
	for b := p.ColorPieces(them).And(zone[c]).AndNot(durgs[them]); b.Any(); {
		s := b.Pop()
		z.mg += pr.w.ZoneIntruder.mg
		z.eg += pr.w.ZoneIntruder.eg
		if attacked[c].Has(s) {
			v := pr.material[p.PieceAt(s).Type()]
			z.mg += v.mg / 4
			z.eg += v.eg / 4
		}
	}
	a.add(tZones, sign, z)

	// Succession: a waiting Mantri arrives next turn on a free c, d, f or
	// g square; with none free he is lost.
	free := pr.v.BackSlots(c).AndNot(occ).AndNot(zone[them]).Count()
	if w := p.Waiting(c); w > 0 {
		placed := min(w, free)
		bv := pr.material[board.Bishop]
		a.add(tSuccession, sign, score{
			(placed*90 + (w-placed)*20) * bv.mg / 100,
			(placed*90 + (w-placed)*20) * bv.eg / 100,
		})
	}

	// The Rani's call.
	if p.Pieces(c, board.Queen).Empty() {
		hope := 0
		switch f := p.Fallen(c); {
		case p.CallAvailable(c):
			hope = raniReadyNoSq
			if free > 0 {
				hope = raniReady
			}
		case f < len(raniHope):
			hope = raniHope[f]
		}
		if hope > 0 {
			q := pr.material[board.Queen]
			a.add(tRani, sign, score{q.mg * hope / 256, q.eg * hope / 256})
		}
	}

	// Castling: a Raja on the e-file of his first ranks with no right
	// left is stuck in the middle.
	k := ksq[c]
	if k.File() == 4 && pr.relRank[c][k] <= 1 {
		canCastle := p.CanCastle(c)
		if !canCastle {
			a.add(tCastling, sign, score{pr.w.ForfeitCastle, 0})
		}
	}
}

// Report is the evaluation's terms under a move rule of moveRule moves
// per side as a table (the UCI `eval` command), White's point of view,
// then the total for the side to move.
func Report(p *board.Position, moveRule int) []string {
	b := ExplainRule(p, moveRule)
	lines := []string{fmt.Sprintf("%-22s %8s %8s %8s", "term", "mg", "eg", "score")}
	for _, t := range b.Terms {
		lines = append(lines, fmt.Sprintf("%-22s %8d %8d %8d", t.Name, t.MG, t.EG, t.Score))
	}
	return append(lines, fmt.Sprintf("phase %d; total %d cp (White's view), %d cp for the side to move", b.Phase, b.Total, EvaluateRule(p, moveRule)))
}
