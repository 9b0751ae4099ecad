package eval

import (
	"math"
	"sync/atomic"

	"senapati/board"
)

// kind says which game's tuned weights a parameter set holds; the rule
// terms (zones, succession, the call, the leap, bare Raja) are switched by
// the variant's rules, not by kind.
type kind uint8

const (
	kindChess kind = iota
	kindChaturanga
	kindDurg
)

// score is a midgame/endgame pair.
type score struct{ mg, eg int }

func (s score) plus(o score) score { return score{s.mg + o.mg, s.eg + o.eg} }
func (s score) times(n int) score  { return score{s.mg * n, s.eg * n} }

// Material values (weights.go), in centipawns, midgame/endgame: why they
// started where they did (the tuner may have moved them since).
//
// Chess: the usual scale; the bishop a little above the knight, the rook
// gains in the endgame when lines open.
//
// Chaturanga: there is no long-range piece but the Ratha, so it dominates.
//   - Padati 100/100: the unit. It promotes only to a piece its side has
//     lost, so its promotion hope is handled by the passed-pawn term, not here.
//   - Ashva 320/300: the knight keeps its full chess power and is the best
//     minor piece of the game.
//   - Gaja (alfil) 130/110: it reaches only 8 squares of the whole board
//     (a quarter of one colour), cannot lose a tempo and never attacks a
//     square twice in a row: about 1.3 pawns, less once the board empties.
//   - Mantri (ferz) 170/200: one diagonal step, colour-bound, slow, but a
//     real helper for the Raja in endings (mating nets, baring the enemy),
//     so worth more there: 1.7-2 pawns.
//   - Ratha 500/560: the only slider; the endgame value rises because a
//     Ratha alone bares or mates a defenceless Raja quickly.
//
// Durg (9x9):
//   - Sipahi 85/95: never promotes, so it is worth less than a chess pawn;
//     its value is restraint and shelter.
//   - Ashva 300/280: same jumps on a larger board, relatively slower.
//   - Mantri (bishop) 345/365: longer diagonals on 9x9 than on 8x8; enters
//     only by succession.
//   - Gaj (rook) 530/590: nine-square lines, the strongest endgame piece
//     but the Rani.
//   - Rath 570/600: bishop + king step. The king step includes the four
//     orthogonal steps a bishop lacks (the bishop's diagonal steps are
//     already in its slide), so it is the shogi "dragon horse": a bishop
//     (345) plus a wazir (~120) that also frees it from one colour (~60),
//     and it guards all eight neighbours, which makes it hard to harass.
//     Worth a little more than a Gaj in the midgame, about equal in the
//     endgame where the Gaj's long orthogonal lines cut off the Raja. Its
//     loss is partly refunded by a waiting Mantri (succession term), and
//     every fallen piece brings the Rani call nearer (rani term): this is
//     why search should not treat a Rath capture as a clean 570 gain.
//   - Rani (queen) 1050/1150: a queen on 9x9.
//   - Durg 230/200: it never moves and attacks nothing, so its worth is all
//     in its zone: up to eight neighbours where enemies can make no quiet
//     move, where any enemy capture costs the capturer too (so the pieces
//     standing there are as good as defended), and which the enemy Raja
//     may never enter. That shelter for three or four pawns and a corner of
//     the back ranks is worth a little more than two pawns. Taking a Durg is
//     an ordinary capture (the taker lives), so the value must stay below a
//     minor piece or search would give a minor for it. Less in the endgame:
//     fewer pieces are left to shelter, though the zone still fences the
//     enemy Raja (zone term).
//
// Passed pawns (PassedMax, PassedFactor): a passed Padati is worth what it
// can become, so a Ratha or Ashva is a real gain, a Mantri or Gaja little
// more than the Padati; a passed Sipahi never promotes and only cramps and
// supports, so Durg's PassedMax is small.

// kingValue is what PieceValue reports for the king (only for ordering
// and exchange arithmetic; it never enters the evaluation).
const kingValue = 10000

// Bare-Raja wins in chaturanga are scored well above any material balance
// but far below mate scores.
const bareRajaScore = 5000

// params is everything the evaluation needs for one variant, built once.
type params struct {
	// id names this build of the tables (see newParams): pawn caches key
	// their entries by it, so an entry made before the tuner rebuilt the
	// tables is never used after.
	id            uint32
	v             *board.Variant
	w             weights // what the tables are built from
	kind          kind
	files, ranks  int
	boardMask     board.Bitboard
	pieceTypes    []board.PieceType // non-pawn, non-king, non-Durg movers
	material      [board.NumTypes]score
	phaseWeight   [board.NumTypes]int
	phaseTotal    int // both sides' phase weight in the start position
	psq           [2][board.NumTypes][81]packed
	mobWeight     [board.NumTypes]score
	mobAverage    [board.NumTypes]int
	mobility      [board.NumTypes][maxAttacks + 1]packed
	passedBonus   [9]score // by relative rank
	kingRace      [9]int   // endgame weight of the king race per square of distance, by relative rank
	kingAttack    [board.NumTypes]int
	kingDanger    int // king-danger scale, 64 = 1
	passedMax     score
	relRank       [2][81]int8
	outpostRanks  [2]board.Bitboard // by colour: the fourth rank to the third-last, where outposts count
	zones         bool              // the variant's Durg zones kill both on a capture
	leap          bool              // the Raja's leap
	bareRajaLoses bool
	terms         []termID
	passedFactor  [board.NumTypes]int // chaturanga: passed-pawn weight by promotion type, /256
	kingShieldOK  int                 // king relative rank up to which the shield counts
	pawnStructure int                 // scale of doubled/isolated penalties, /64
	guideVsPieces int                 // weight of the mop-up guide far ahead against pieces, /2
}

// paramsBuilt counts the parameter sets built so far (params.id).
var paramsBuilt atomic.Uint32

// allParams holds one parameter set per variant of board.Variants().
var allParams []*params

func init() {
	for _, v := range board.Variants() {
		allParams = append(allParams, newParams(v, defaultWeights(v)))
	}
}

// paramsFor finds the tables of a variant (three entries: a linear scan is
// faster than a map and never allocates).
func paramsFor(v *board.Variant) *params {
	for _, pr := range allParams {
		if pr.v == v {
			return pr
		}
	}
	return allParams[0]
}

func newParams(v *board.Variant, w weights) *params {
	pr := &params{id: paramsBuilt.Add(1), v: v, w: w, files: v.Files(), ranks: v.Ranks(), boardMask: v.BoardSquares()}
	switch v { // the weights below are each game's own
	case board.Chaturanga():
		pr.kind = kindChaturanga
	case board.DurgGame():
		pr.kind = kindDurg
	default:
		pr.kind = kindChess
	}
	pr.zones, pr.leap, pr.bareRajaLoses = v.ZoneCaptureKillsBoth(), v.HasRajaLeap(), v.BareKingLoses()
	F, R := v.Files(), v.Ranks()

	// Relative squares: Black sees the board as White does after the
	// variant's own symmetry (the one Position.Mirrored uses), which keeps
	// every term exactly colour-symmetric.
	var rel [2][81]board.Square
	for s := board.Square(0); s < 81; s++ {
		rel[board.White][s], rel[board.Black][s] = s, v.Mirror(s)
		pr.relRank[board.White][s] = int8(s.Rank())
		pr.relRank[board.Black][s] = int8(rel[board.Black][s].Rank())
		for c := board.White; c <= board.Black; c++ {
			if rr := int(pr.relRank[c][s]); rr >= 3 && rr <= R-3 && s.File() < F && s.Rank() < R {
				pr.outpostRanks[c] = pr.outpostRanks[c].Or(board.SquareBB(s))
			}
		}
	}

	pr.kingAttack = [board.NumTypes]int{board.Knight: 2, board.Bishop: 2, board.Rook: 3, board.Queen: 5,
		board.Rath: 3, board.Ferz: 1, board.Alfil: 1}
	pr.kingShieldOK = 1
	pr.material, pr.mobWeight, pr.kingDanger = w.Material, w.Mobility, w.KingDanger
	pr.passedMax, pr.passedFactor, pr.pawnStructure = w.PassedMax, w.PassedFactor, w.PawnStructure
	switch pr.kind {
	case kindChess:
		pr.pieceTypes = []board.PieceType{board.Knight, board.Bishop, board.Rook, board.Queen}
		pr.phaseWeight = [board.NumTypes]int{board.Knight: 1, board.Bishop: 1, board.Rook: 2, board.Queen: 4}
		pr.mobAverage = [board.NumTypes]int{board.Knight: 4, board.Bishop: 6, board.Rook: 6, board.Queen: 12}
		pr.terms = []termID{tMaterial, tPSQ, tMobility, tKing, tPawns, tPassed, tPieces, tThreats, tEnding, tTempo}
		// Full weight: KQ v KR from six starts at 3000..12000 nodes was
		// mated in 20 of 24 games, against 16 at half weight.
		pr.guideVsPieces = 2
	case kindChaturanga:
		pr.pieceTypes = []board.PieceType{board.Knight, board.Alfil, board.Ferz, board.Rook}
		pr.phaseWeight = [board.NumTypes]int{board.Knight: 2, board.Alfil: 1, board.Ferz: 1, board.Rook: 4}
		pr.mobAverage = [board.NumTypes]int{board.Knight: 4, board.Alfil: 2, board.Ferz: 2, board.Rook: 6}
		pr.terms = []termID{tMaterial, tPSQ, tMobility, tKing, tPawns, tPassed, tPieces, tThreats, tLeap, tFewPieces, tEnding, tTempo}
	case kindDurg:
		pr.pieceTypes = []board.PieceType{board.Knight, board.Bishop, board.Rook, board.Rath, board.Queen}
		pr.phaseWeight = [board.NumTypes]int{board.Knight: 2, board.Bishop: 2, board.Rook: 4, board.Rath: 4, board.Queen: 8}
		pr.mobAverage = [board.NumTypes]int{board.Knight: 4, board.Bishop: 7, board.Rook: 7, board.Rath: 9, board.Queen: 14}
		pr.terms = []termID{tMaterial, tPSQ, tMobility, tKing, tPawns, tPassed, tPieces, tThreats,
			tZones, tSuccession, tRani, tCastling, tEnding, tTempo}
		pr.guideVsPieces = 1 // zones and Durgs make more of these endings hold
	}

	for _, t := range pr.pieceTypes {
		pr.phaseTotal += 2 * v.StartCount(t) * pr.phaseWeight[t]
	}
	if pr.phaseTotal == 0 {
		pr.phaseTotal = 1
	}

	for t := board.Pawn; t < board.NumTypes; t++ {
		for s := board.Square(0); s < 81; s++ {
			if s.File() >= F || s.Rank() >= R {
				continue
			}
			for c := board.White; c <= board.Black; c++ {
				rs := rel[c][s]
				f := pr.pieceSquare(t, rs.File(), rs.Rank())
				d := w.PieceSquare[t][rs]
				pr.psq[c][t][s] = pack(score{f.mg + d.mg, f.eg + d.eg})
			}
		}
		for n := 0; n <= maxAttacks; n++ {
			m := n - pr.mobAverage[t]
			pr.mobility[t][n] = pack(score{m * pr.mobWeight[t].mg, m * pr.mobWeight[t].eg})
		}
	}
	// Passed pawns: the bonus grows with the square of the advance, from 0
	// on the second rank to passedMax one rank before the last.
	kmax := R - 3
	for rr := 0; rr < R-1; rr++ {
		k := min(max(rr-1, 0), kmax)
		pr.passedBonus[rr] = score{pr.passedMax.mg * k * (k + 1) / (kmax * (kmax + 1)),
			pr.passedMax.eg * k * (k + 1) / (kmax * (kmax + 1))}
		pr.kingRace[rr] = k * 2 * 64 / kmax
	}
	return pr
}

// maxAttacks bounds the squares one piece attacks (a queen in the middle
// of 9x9 attacks 32).
const maxAttacks = 32

// packed holds a midgame and an endgame value in one int32 (midgame in the
// high half), so the hot loops add one number per piece.
type packed int32

func pack(s score) packed { return packed(int32(s.mg)<<16 + int32(s.eg)) }

func (v packed) unpack() score {
	return score{int((int32(v) + 0x8000) >> 16), int(int16(v))}
}

// pieceSquare builds a piece-square value from a few shapes, in White's
// view, so one formula serves 8x8 and 9x9:
//
//	cen: 1 in the centre, 0 in a corner (mean of file and rank centrality)
//	fc:  file centrality, 1 on the middle file(s), 0 on the edge files
//	adv: advancement, 0 on the own first rank, 1 on the last
func (pr *params) pieceSquare(t board.PieceType, f, r int) score {
	F, R := float64(pr.files-1), float64(pr.ranks-1)
	cf := math.Abs(2*float64(f)-F) / F
	cr := math.Abs(2*float64(r)-R) / R
	fc := 1 - cf
	cen := 1 - (cf+cr)/2
	adv := float64(r) / R
	sym := func(amp, x float64) float64 { return amp * (2*x - 1) } // -amp..amp
	var mg, eg float64
	switch t {
	case board.Pawn:
		// Central pawns on the middle ranks hold the centre; advancing
		// pays more in the endgame (promotion comes nearer).
		mid := 1 - cr
		mg = 18*fc*mid + 8*adv - 8
		eg = 24*adv - 6
		switch pr.kind {
		case kindChaturanga:
			eg = 30*adv - 8
		case kindDurg:
			mg, eg = 14*fc*mid+6*adv-6, 12*adv-3
			if r == pr.ranks-1 {
				// A Sipahi on the last rank never moves again and
				// attacks nothing: little more than a blocker.
				mg, eg = -30, -40
			}
		}
	case board.Knight:
		mg, eg = sym(20, cen), sym(15, cen)
		if r == 0 {
			mg -= 6
		}
	case board.Bishop:
		mg, eg = sym(10, cen), sym(8, cen)
	case board.Rook:
		mg, eg = sym(3, fc), 0
		if r == pr.ranks-2 {
			mg, eg = mg+12, eg+10
		}
	case board.Queen:
		mg, eg = sym(4, cen), sym(10, cen)
	case board.Rath:
		mg, eg = sym(12, cen), sym(10, cen)
	case board.Ferz:
		mg, eg = sym(10, cen)+6*adv, sym(14, cen)
	case board.Alfil:
		mg, eg = sym(8, cen), sym(6, cen)
	case board.King:
		// Midgame: stay on the first ranks, away from the middle files.
		// Endgame: come to the centre.
		mg = -14*math.Min(float64(r), 4) - 16*fc + 8
		eg = sym(25, cen)
		if pr.kind == kindChaturanga {
			mg /= 2 // no queen: the Raja is safer and may step up earlier
		}
	}
	return score{int(math.Round(mg)), int(math.Round(eg))}
}
