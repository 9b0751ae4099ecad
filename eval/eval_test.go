package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
)

func mustFEN(t testing.TB, v *board.Variant, fen string) board.Position {
	t.Helper()
	p, err := board.ParseFEN(v, fen)
	require.NoError(t, err, fen)
	return p
}

// handFENs are set-up positions per variant: openings, middlegames,
// endings and the special rules (waiting Mantris, the call, stranded
// intruders in a zone, bare Rajas, lost leaps).
var handFENs = map[*board.Variant][]string{
	board.Chess(): {
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
		"8/2k5/8/3P4/8/8/5K2/8 w - - 0 1",
		"8/8/4k3/8/8/3NK3/8/8 b - - 0 1",
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
	},
	board.Chaturanga(): {
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b K - 0 1",
		"1nbkqbnr/Pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w Kk - 0 1",
		"r2k3r/1p3p2/2n1b3/p1p1p1pp/3P4/2N1BN2/PPP2PPP/R3K2R w - - 0 12",
		"3k4/8/8/8/8/8/8/R3K3 w K - 0 1",
		"3k4/8/8/8/8/8/8/R3K3 b - - 0 1",
		"3k4/8/8/8/8/8/8/4K3 w - - 0 1",
		"3k4/3q4/8/8/8/8/8/R3K3 b - - 0 1",
		"3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",
	},
	board.DurgGame(): {
		"r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R3K3R[BQb] b Kq - 5 20 4/1",
		"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RN2K1HNR[B] w KQkq - 0 1 1/0",
		"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNHBKBHNR[] w kq - 0 1 0/0",
		"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1Dn4D1/PPPPPPPPP/R1H1K1HNR[] w KQkq - 0 1 1/0",
		"4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 6/6",
		"4k4/9/1d7/9/4P4/9/9/9/4K4[Q] w - - 0 1 6/5",
		"r3k3r/p1p1p1p1p/1d5d1/1p1p1p1p1/9/2Q6/1D5D1/PPPPPPPPP/R3K3R[] b - - 0 30 5/6",
		"2k6/9/9/9/9/9/9/3K5/9[] w - - 0 1 6/6",
		"P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 6/6",
	},
}

// positions collects the start position, the hand-written FENs and
// positions from seeded random playouts of a variant.
func positions(t testing.TB, v *board.Variant, playouts, plies int) []board.Position {
	out := []board.Position{v.StartPosition()}
	for _, fen := range handFENs[v] {
		out = append(out, mustFEN(t, v, fen))
	}
	rng := rand.New(rand.NewPCG(uint64(len(v.Name())), 7))
	var ml board.MoveList
	for i := 0; i < playouts; i++ {
		p := v.StartPosition()
		for ply := 0; ply < plies; ply++ {
			p.GenerateMoves(&ml)
			if ml.N == 0 || p.Verdict(0).Result() != board.Ongoing {
				break
			}
			p.DoMove(ml.Moves[rng.IntN(ml.N)])
			out = append(out, p)
		}
	}
	return out
}

func TestColourSymmetry(t *testing.T) {
	for _, v := range board.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			for _, p := range positions(t, v, 60, 160) {
				m := p.Mirrored()
				require.Equal(t, Evaluate(&p), Evaluate(&m), "%s\n%s", p.FEN(), m.FEN())
				a, b := Explain(&p), Explain(&m)
				require.Equal(t, len(a.Terms), len(b.Terms), p.FEN())
				require.Equal(t, a.Phase, b.Phase, p.FEN())
				for i := range a.Terms {
					require.Equal(t, a.Terms[i].Name, b.Terms[i].Name)
					require.Equal(t, a.Terms[i].Score, -b.Terms[i].Score, "%s: %s", a.Terms[i].Name, p.FEN())
				}
			}
		})
	}
}

func TestExplainAddsUpAndMatchesEvaluate(t *testing.T) {
	for _, v := range board.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			for _, p := range positions(t, v, 30, 160) {
				b := Explain(&p)
				sum := 0
				for _, tm := range b.Terms {
					sum += tm.Score
					require.NotEmpty(t, tm.Name)
				}
				require.Equal(t, b.Total, sum, p.FEN())
				want := b.Total
				if p.SideToMove() == board.Black {
					want = -want
				}
				require.Equal(t, want, Evaluate(&p), p.FEN())
				require.GreaterOrEqual(t, b.Phase, 0)
				require.LessOrEqual(t, b.Phase, PhaseMidgame)
				require.Less(t, abs(b.Total), 10000, "static scores stay below mate scores: %s", p.FEN())
			}
		})
	}
}

// whiteScore is the evaluation from White's point of view.
func whiteScore(p *board.Position) int {
	if p.SideToMove() == board.Black {
		return -Evaluate(p)
	}
	return Evaluate(p)
}

func term(b Breakdown, name string) Term {
	for _, tm := range b.Terms {
		if tm.Name == name {
			return tm
		}
	}
	return Term{}
}

func TestExtraRookWins(t *testing.T) {
	cases := []struct {
		v          *board.Variant
		less, full string // Black without a rook (Ratha, Gaj); the full start
	}{
		{board.Chess(), "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", ""},
		{board.Chaturanga(), "rnbkqbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1", ""},
		{board.DurgGame(), "1nh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w Kk - 0 1 1/0", ""},
	}
	for _, tc := range cases {
		start := tc.v.StartPosition()
		for _, side := range []string{" w ", " b "} {
			fen := tc.less
			if side == " b " {
				fen = replaceSide(fen)
			}
			p := mustFEN(t, tc.v, fen)
			s := whiteScore(&p)
			assert.Greater(t, s, whiteScore(&start)+300, "%s: %s", tc.v.Name(), fen)
			r := PieceValue(tc.v, board.Rook)
			assert.InDelta(t, r, s, float64(r)/3, "%s: an extra rook is worth about a rook: %s", tc.v.Name(), fen)
			m := p.Mirrored()
			assert.Less(t, whiteScore(&m), -300, tc.v.Name())
		}
	}
}

func replaceSide(fen string) string {
	for i := 0; i+3 <= len(fen); i++ {
		if fen[i:i+3] == " w " {
			return fen[:i] + " b " + fen[i+3:]
		}
	}
	return fen
}

func TestPieceValues(t *testing.T) {
	ch := func(t board.PieceType) int { return PieceValue(board.Chaturanga(), t) }
	assert.Greater(t, ch(board.Rook), ch(board.Knight))
	assert.Greater(t, ch(board.Knight), ch(board.Ferz))
	assert.Greater(t, ch(board.Ferz), ch(board.Alfil))
	assert.Greater(t, ch(board.Alfil), ch(board.Pawn))
	assert.Zero(t, ch(board.Queen), "chaturanga has no queen")
	assert.InDelta(t, 175, ch(board.Ferz), 26, "ferz about 1.5-2 pawns")
	assert.InDelta(t, 125, ch(board.Alfil), 26, "alfil about 1-1.5 pawns")

	d := func(t board.PieceType) int { return PieceValue(board.DurgGame(), t) }
	assert.Greater(t, d(board.Queen), d(board.Rath))
	assert.Greater(t, d(board.Rath), d(board.Rook))
	assert.Greater(t, d(board.Rook), d(board.Bishop))
	assert.Greater(t, d(board.Bishop), d(board.Knight))
	assert.Greater(t, d(board.Knight), d(board.Durg))
	assert.Greater(t, d(board.Durg), d(board.Pawn))
	assert.Less(t, d(board.Pawn), PieceValue(board.Chess(), board.Pawn), "a Sipahi never promotes")

	for _, v := range board.Variants() {
		assert.Equal(t, kingValue, PieceValue(v, board.King))
		assert.Zero(t, PieceValue(v, board.NoType))
	}
}

func TestChaturangaBareRaja(t *testing.T) {
	p := mustFEN(t, board.Chaturanga(), "3k4/8/8/8/8/8/8/R3K3 w K - 0 1")
	assert.GreaterOrEqual(t, Evaluate(&p), bareRajaScore)
	assert.Less(t, Evaluate(&p), 10000)
	p = mustFEN(t, board.Chaturanga(), "3k4/8/8/8/8/8/8/R3K3 b - - 0 1")
	assert.LessOrEqual(t, Evaluate(&p), -bareRajaScore)
	p = mustFEN(t, board.Chaturanga(), "3k4/8/8/8/8/8/8/4K3 w - - 0 1")
	assert.Zero(t, Evaluate(&p), "both bare is a draw")
	b := Explain(&p)
	require.Len(t, b.Terms, 1)
	assert.Equal(t, "bare raja", b.Terms[0].Name)

	// Down to one piece is dangerous, even with material even.
	one := mustFEN(t, board.Chaturanga(), "3k4/2pp4/8/8/8/8/8/R3K3 w - - 0 1")
	assert.Negative(t, term(Explain(&one), "few pieces").Score)
}

func TestChaturangaLeapAndPromotion(t *testing.T) {
	with := mustFEN(t, board.Chaturanga(), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1")
	without := mustFEN(t, board.Chaturanga(), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w k - 0 1")
	assert.Greater(t, Evaluate(&with), Evaluate(&without))
	assert.Negative(t, term(Explain(&without), "raja leap").Score, "only Black keeps the leap")

	// A passed Padati on the a-file becomes a Ratha only once a Ratha is
	// lost; on the e-file it can only become a Mantri.
	canPromote := mustFEN(t, board.Chaturanga(), "3k4/7p/P7/8/8/8/8/4K2R w - - 0 1")
	blocked := mustFEN(t, board.Chaturanga(), "3k4/7p/P7/8/8/8/8/R3K2R w - - 0 1")
	mantri := mustFEN(t, board.Chaturanga(), "3k4/7p/4P3/8/8/8/8/4K2R w - - 0 1")
	pc := term(Explain(&canPromote), "passed pawns").EG
	assert.Greater(t, pc, 2*term(Explain(&blocked), "passed pawns").EG)
	assert.Greater(t, pc, term(Explain(&mantri), "passed pawns").EG)
}

func TestDurgTerms(t *testing.T) {
	start := board.DurgGame().StartPosition()
	base := whiteScore(&start)

	// A lost Rath with its Mantri waiting costs far less than the Rath.
	lost := mustFEN(t, board.DurgGame(), "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RN2K1HNR[] w KQkq - 0 1 1/0")
	waiting := mustFEN(t, board.DurgGame(), "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RN2K1HNR[B] w KQkq - 0 1 1/0")
	mantri := PieceValue(board.DurgGame(), board.Bishop)
	gain := whiteScore(&waiting) - whiteScore(&lost)
	assert.InDelta(t, mantri*9/10, gain, float64(mantri)/8, "a waiting Mantri is worth nearly a bishop")
	assert.Less(t, base-whiteScore(&waiting), PieceValue(board.DurgGame(), board.Rath)/2)

	// The call: four fallen with the call available is worth most of a Rani.
	ready := mustFEN(t, board.DurgGame(), "r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R3K3R[Q] w - - 0 1 4/4")
	called := mustFEN(t, board.DurgGame(), "r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R3K3R[] w - - 0 1 4/4")
	three := mustFEN(t, board.DurgGame(), "r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R3K3R[] w - - 0 1 3/4")
	r := term(Explain(&ready), "rani call").Score
	assert.Greater(t, r, PieceValue(board.DurgGame(), board.Queen)/2)
	assert.Zero(t, term(Explain(&called), "rani call").Score)
	assert.Greater(t, term(Explain(&three), "rani call").Score, 0)
	assert.Less(t, term(Explain(&three), "rani call").Score, r*2/3)

	// Mantris on d1 and f1 forfeit both castlings: the Raja on e1 is stuck.
	forfeit := mustFEN(t, board.DurgGame(), "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNHBKBHNR[] w kq - 0 1 0/0")
	assert.Negative(t, term(Explain(&forfeit), "castling").Score)
	assert.Zero(t, term(Explain(&start), "castling").Score)

	// A black Ashva stranded in White's zone, attacked by White: good for
	// White (White takes it normally; Black cannot retake without dying).
	intruder := mustFEN(t, board.DurgGame(), "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1Dn4D1/PPPPPPPPP/R1H1K1HNR[] w KQkq - 0 1 1/0")
	assert.Greater(t, term(Explain(&intruder), "durg zones").Score, 20)

	// Passed Sipahis are worth little: they never promote.
	sip := mustFEN(t, board.DurgGame(), "4k4/9/P8/9/9/9/9/9/4K4[] w - - 0 1 6/6")
	chess := mustFEN(t, board.Chess(), "4k3/8/P7/8/8/8/8/4K3 w - - 0 1")
	assert.Less(t, term(Explain(&sip), "passed pawns").EG*3, term(Explain(&chess), "passed pawns").EG)
	dead := mustFEN(t, board.DurgGame(), "P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 6/6")
	assert.Less(t, whiteScore(&dead), whiteScore(&sip), "a Sipahi on the last rank is nearly dead")
}

func TestInsufficientMaterialIsZero(t *testing.T) {
	p := mustFEN(t, board.Chess(), "8/8/4k3/8/8/3NK3/8/8 b - - 0 1")
	require.True(t, p.InsufficientMaterial())
	assert.Zero(t, Evaluate(&p))
	b := Explain(&p)
	assert.Zero(t, b.Total)
	assert.Equal(t, "insufficient material", b.Terms[len(b.Terms)-1].Name)
}

func TestTaperedPhase(t *testing.T) {
	for _, v := range board.Variants() {
		start := v.StartPosition()
		assert.Equal(t, PhaseMidgame, Explain(&start).Phase, v.Name())
	}
	p := mustFEN(t, board.Chess(), "8/2k5/8/3P4/8/8/5K2/8 w - - 0 1")
	assert.Zero(t, Explain(&p).Phase)
}

// Neither the evaluation nor its cached form allocates.
func TestEvaluateDoesNotAllocate(t *testing.T) {
	cache := NewPawnCache()
	for _, v := range board.Variants() {
		ps := positions(t, v, 4, 80)
		for name, evaluate := range map[string]func(*board.Position) int{
			"Evaluate":  Evaluate,
			"PawnCache": func(p *board.Position) int { return cache.EvaluateRule(p, 0) },
		} {
			i := 0
			allocs := testing.AllocsPerRun(500, func() {
				evaluate(&ps[i%len(ps)])
				i++
			})
			assert.Zero(t, allocs, "%s %s", v.Name(), name)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	for _, v := range board.Variants() {
		b.Run(v.Name(), func(b *testing.B) {
			ps := positions(b, v, 2, 60)
			b.ResetTimer()
			sink := 0
			for i := 0; b.Loop(); i++ {
				sink += Evaluate(&ps[i%len(ps)])
			}
			_ = sink
		})
	}
}

// naivePawns recomputes the pawn-structure sets square by square, as a
// reference for the set-wise fills.
func naivePawns(c board.Color, own, enemy board.Bitboard) (rear, isolated, passed board.Bitboard) {
	ahead := func(s, t board.Square) bool {
		if c == board.White {
			return t.Rank() > s.Rank()
		}
		return t.Rank() < s.Rank()
	}
	for b := own; b.Any(); {
		s := b.Pop()
		hasRear, hasNeighbour, stopped := false, false, false
		for o := own; o.Any(); {
			t := o.Pop()
			if t.File() == s.File() && ahead(s, t) {
				hasRear = true
			}
			if d := t.File() - s.File(); d == 1 || d == -1 {
				hasNeighbour = true
			}
		}
		for e := enemy; e.Any(); {
			t := e.Pop()
			if d := t.File() - s.File(); d >= -1 && d <= 1 && ahead(s, t) {
				stopped = true
			}
		}
		if hasRear {
			rear = rear.Or(board.SquareBB(s))
		}
		if !hasNeighbour {
			isolated = isolated.Or(board.SquareBB(s))
		}
		if !hasRear && !stopped {
			passed = passed.Or(board.SquareBB(s))
		}
	}
	return rear, isolated, passed
}

func TestPawnSetsMatchSquareBySquare(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range board.Variants() {
		mask := v.BoardSquares()
		for i := 0; i < 3000; i++ {
			var pw [2]board.Bitboard
			for c := range pw {
				for n := rng.IntN(12); n > 0; n-- {
					pw[c] = pw[c].Or(board.SquareBB(board.MakeSquare(rng.IntN(v.Files()), rng.IntN(v.Ranks()))))
				}
			}
			pw[1] = pw[1].AndNot(pw[0])
			up := [2]board.Bitboard{fillUp(pw[0]), fillUp(pw[1])}
			down := [2]board.Bitboard{fillDown(pw[0]), fillDown(pw[1])}
			for c := board.White; c <= board.Black; c++ {
				var want board.Bitboard
				for b := pw[c]; b.Any(); {
					want = want.Or(board.PawnAttacks(c, b.Pop()))
				}
				require.Equal(t, want.And(mask), pawnAttackSet(c, pw[c], mask))
				rear, iso, passed := pawnSets(c, pw, up, down)
				wr, wi, wp := naivePawns(c, pw[c], pw[c^1])
				require.Equal(t, wr, rear, "rear\n%v", pw[c])
				require.Equal(t, wi, iso, "isolated\n%v", pw[c])
				require.Equal(t, wp, passed, "passed\n%v\n%v", pw[c], pw[c^1])
				for s := board.Square(0); s < 81; s++ {
					var above, below bool
					for b := pw[c]; b.Any(); {
						o := b.Pop()
						above = above || (o.File() == s.File() && o.Rank() <= s.Rank())
						below = below || (o.File() == s.File() && o.Rank() >= s.Rank())
					}
					require.Equal(t, above, up[c].Has(s))
					require.Equal(t, below, down[c].Has(s))
				}
			}
		}
	}
}

// An outpost is a defended minor piece that no enemy pawn can ever chase
// away, from the fourth rank to the sixth on 8x8, for either colour.
func TestOutposts(t *testing.T) {
	pr := paramsFor(board.Chess())
	count := func(fen string, c board.Color) int {
		p := mustFEN(t, board.Chess(), fen)
		var scratch pawnInfo
		pi := (*PawnCache)(nil).lookup(&p, pr, &scratch)
		return outposts(&p, pr, c, pi.side[c].attacks, pi.side[c^1].span).Count()
	}
	assert.Equal(t, 1, count("4k3/8/8/4N3/3P4/8/8/4K3 w - - 0 1", board.White))
	assert.Equal(t, 0, count("4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1", board.White), "f7 can still chase it")
	assert.Equal(t, 1, count("4k3/8/8/4N3/3P1p2/8/8/4K3 w - - 0 1", board.White), "f4 is past it")
	assert.Equal(t, 0, count("4k3/8/8/4N3/8/8/8/4K3 w - - 0 1", board.White), "undefended")
	assert.Equal(t, 0, count("4k3/8/8/8/8/4N3/3P4/4K3 w - - 0 1", board.White), "third rank")
	assert.Equal(t, 1, count("4k3/8/4p3/3b4/8/8/8/4K3 b - - 0 1", board.Black))
	assert.Equal(t, 0, count("4k3/8/4p3/3b4/2P5/8/8/4K3 b - - 0 1", board.Black), "c4 can still chase it")
}
