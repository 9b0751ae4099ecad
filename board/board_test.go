package board

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/internal/testlong"
)

func mustFEN(t testing.TB, v *Variant, fen string) Position {
	t.Helper()
	p, err := ParseFEN(v, fen)
	require.NoError(t, err, fen)
	return p
}

func legalStrings(p *Position) []string { return p.LegalMoveStrings() }

func TestSliderTablesMatchRayWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for s := Square(0); s < numSquares; s++ {
		for i := 0; i < 300; i++ {
			occ := Bitboard{rng.Uint64() & rng.Uint64() & loMask, rng.Uint64() & rng.Uint64() & hiMask}
			require.Equal(t, slowSlide(s, occ, orthogonal), rookAttacks(s, occ), "rook %v", s)
			require.Equal(t, slowSlide(s, occ, diagonal), bishopAttacks(s, occ), "bishop %v", s)
		}
	}
}

func TestShiftsKeepSquaresInOrder(t *testing.T) {
	for s := Square(0); s < numSquares; s++ {
		for _, k := range []uint{1, 8, 9, 10} {
			up := SquareBB(s).ShiftUp(k)
			if int(s)+int(k) < numSquares {
				require.Equal(t, SquareBB(s+Square(k)), up, "%v up %d", s, k)
			} else {
				require.True(t, up.Empty())
			}
			down := SquareBB(s).ShiftDown(k)
			if int(s)-int(k) >= 0 {
				require.Equal(t, SquareBB(s-Square(k)), down, "%v down %d", s, k)
			} else {
				require.True(t, down.Empty())
			}
		}
	}
}

func TestFENRoundTrip(t *testing.T) {
	cases := []struct {
		v   *Variant
		fen string
	}{
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{Chess(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{Chess(), "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"},
		{Chess(), "8/8/8/8/8/8/8/K6k b - - 37 80"},
		{Chaturanga(), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1"},
		{Chaturanga(), "3k4/8/8/8/8/8/8/4K3 b - - 12 40"},
		{Chaturanga(), "3k4/8/8/8/8/8/8/4K3 w k - 0 1"},
		{DurgGame(), "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0"},
		{DurgGame(), "r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R3K3R[BQb] b Kq - 5 20 4/1"},
		{DurgGame(), "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 6/6"},
	}
	for _, tc := range cases {
		p := mustFEN(t, tc.v, tc.fen)
		require.Equal(t, tc.fen, p.FEN())
		require.Equal(t, p.computeHash(), p.hash)
	}
}

func TestFENDefaultsAndCanonicalForm(t *testing.T) {
	cases := []struct {
		v        *Variant
		in, want string
	}{
		// chess: clocks may be left out; contradicted rights are dropped.
		{Chess(), "4k3/8/8/8/8/8/8/4K2R w KQ -", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
		// chaturanga: a side to move in check has lost its leap.
		{Chaturanga(), "3k4/8/8/8/8/8/8/r3K3 w Kk - 0 1", "3k4/8/8/8/8/8/8/r3K3 w k - 0 1"},
		// durg: no holdings and no counts: counts from missing first-row
		// pieces, the call counts as made only with a Rani on the board.
		{DurgGame(), "4k4/9/9/9/9/9/9/9/R3K4 w Q - 0 1", "4k4/9/9/9/9/9/9/9/R3K4[Qq] w Q - 0 1 5/6"},
		{DurgGame(), "4k4/9/9/9/9/9/9/9/Q3K4 b - - 0 1", "4k4/9/9/9/9/9/9/9/Q3K4[q] b - - 0 1 6/6"},
		// durg: a Mantri on f1 forfeits the K-i castling.
		{DurgGame(), "r3k3r/9/9/9/9/9/9/9/R3KB2R[] w KQkq - 0 1 0/0", "r3k3r/9/9/9/9/9/9/9/R3KB2R[] w Qkq - 0 1 0/0"},
	}
	for _, tc := range cases {
		p := mustFEN(t, tc.v, tc.in)
		require.Equal(t, tc.want, p.FEN(), tc.in)
	}
}

func TestInvalidFEN(t *testing.T) {
	cases := []struct {
		v       *Variant
		fen     string
		problem string
	}{
		{Chess(), "", "at least 4 fields"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"},
		{Chess(), "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 files"},
		{Chess(), "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "has 7 files"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "not a chess piece"},
		{Chess(), "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "black has 0 kings"},
		{Chess(), "4k3/8/8/8/8/8/8/4KK2 w - - 0 1", "white has 2 kings"},
		{Chess(), "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
		{Chess(), "4k3/8/8/8/8/8/8/4K3 w X - 0 1", "castling field"},
		{Chess(), "4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "not a square"},
		{Chess(), "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "no black pawn"},
		{Chess(), "4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove clock"},
		{Chess(), "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove number"},
		{Chess(), "4k3/8/8/8/8/8/8/4K2r b - - 0 1", "not to move (white) is in check"},
		{Chess(), "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "must have promoted"},
		{Chaturanga(), "3k4/8/8/8/8/8/8/4K3 w KQ - 0 1", "castling field"},
		{Chaturanga(), "3k4/8/8/8/8/8/8/4K3 w - e3 0 1", "no en passant"},
		{DurgGame(), "4k4/9/9/9/9/9/9/9/4K4[Q] w - - 0 1 3/0", "only with 4 fallen"},
		{DurgGame(), "4k4/9/9/9/9/9/9/9/4K4[Z] w - - 0 1 0/0", "not B, b, Q, q, X or x"},
		{DurgGame(), "4k4/9/9/9/9/9/9/9/4K4[QQ] w - - 0 1 4/0", "given twice"},
		{DurgGame(), "4k4/9/9/9/9/9/9/3d5/4K4[] w - - 0 1 0/0", "enemy Durg zone"},
		{DurgGame(), "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 0-0", "fallen counts"},
		{DurgGame(), "4k4/9/9/9/9/9/9/9/4K4[ w - - 0 1", "one [...] group"},
		{Chess(), "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "no holdings"},
	}
	for _, tc := range cases {
		_, err := ParseFEN(tc.v, tc.fen)
		require.Error(t, err, tc.fen)
		require.Contains(t, err.Error(), tc.problem, tc.fen)
	}
}

// TestPlayoutInvariants walks seeded random games in every variant and
// checks, at each position: the incremental hash against a fresh one, the
// FEN round trip, the check set, no duplicate moves, and that every move
// string parses back to its move.
func TestPlayoutInvariants(t *testing.T) {
	games := longOr(t, 60, 10, "random games a variant")
	for _, v := range Variants() {
		rng := rand.New(rand.NewPCG(7, uint64(len(v.name))))
		for g := 0; g < games; g++ {
			p := v.StartPosition()
			for ply := 0; ply < 200; ply++ {
				require.Equal(t, p.computeHash(), p.hash, p.FEN())
				q, err := ParseFEN(v, p.FEN())
				require.NoError(t, err, p.FEN())
				require.Equal(t, p.FEN(), q.FEN())
				require.Equal(t, p.hash, q.hash, p.FEN())
				require.Equal(t, p.attackersTo(p.kingSq[p.side], p.Occupied()).And(p.byColor[p.side^1]), p.checkers)
				for s := Square(0); s < numSquares; s++ {
					for c := White; c <= Black; c++ {
						if p.attackersOf(c, s, p.Occupied()) != p.attackersTo(s, p.Occupied()).And(p.byColor[c]) {
							t.Fatalf("%s: the attackers of %v on %s differ", p.FEN(), c, s)
						}
					}
				}
				var ml MoveList
				p.GenerateMoves(&ml)
				require.Equal(t, ml.N > 0, p.HasLegalMove(), p.FEN())
				// The noisy mode gives exactly the non-quiet moves, in order.
				var noisy MoveList
				p.GenerateNoisy(&noisy)
				want := []Move{}
				for _, m := range ml.Slice() {
					if !p.IsQuiet(m) {
						want = append(want, m)
					}
				}
				require.Equal(t, want, append([]Move{}, noisy.Slice()...), p.FEN())
				moves := slices.Clone(ml.Slice())
				slices.Sort(moves)
				require.Equal(t, len(moves), len(slices.Compact(slices.Clone(moves))), "duplicate move in %s", p.FEN())
				if ml.N == 0 || p.Verdict(0).Result() != Ongoing {
					break
				}
				for _, m := range ml.Slice() {
					back, err := p.ParseMove(p.MoveString(m))
					require.NoError(t, err)
					require.Equal(t, m, back)
				}
				p.DoMove(ml.Moves[rng.IntN(ml.N)])
			}
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	p := Chess().StartPosition()
	for in, problem := range map[string]string{
		"":       "unparsable",
		"e2":     "unparsable",
		"e2e9":   "squares must be on the 8x8 board",
		"e2e5":   "cannot move to e5",
		"e3e4":   "no piece on e3",
		"e7e5":   "is not white's",
		"e2e4Q":  "lower case",
		"B@e2":   "unparsable",
		"zzzzzz": "unparsable",
	} {
		_, err := p.ParseMove(in)
		require.Error(t, err, in)
		require.Contains(t, err.Error(), problem, in)
	}
}

func TestChessInsufficientMaterial(t *testing.T) {
	for fen, dead := range map[string]bool{
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1":     true,
		"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1":   true,
		"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1":   true,
		"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1": false, // c8 light, c1 dark
		"3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1":  true,  // d8 and c1 both dark
		"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1":  false,
		"4k3/8/8/8/8/8/P7/4K3 w - - 0 1":    false,
	} {
		p := mustFEN(t, Chess(), fen)
		require.Equal(t, dead, p.InsufficientMaterial(), fen)
	}
}

func TestCanCastle(t *testing.T) {
	for fen, want := range map[string][2]bool{
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1": {true, true},
		"r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1":   {true, true},
		"r3k2r/8/8/8/8/8/8/R3K2R w k - 0 1":    {false, true},
		"r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1":    {true, false},
		"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1":    {false, false},
	} {
		p := mustFEN(t, Chess(), fen)
		require.Equal(t, want, [2]bool{p.CanCastle(White), p.CanCastle(Black)}, fen)
	}
}

func TestHasLegalMoveOnFinishedPositions(t *testing.T) {
	for _, tc := range []struct {
		v    *Variant
		fen  string
		want bool
	}{
		{Chess(), "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false},          // stalemate
		{Chess(), "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", false},          // mate
		{Chess(), "7k/5Q2/6K1/8/8/8/P7/8 w - - 0 1", true},          // the stalemating side can move
		{Chess(), "k7/P7/K7/8/8/8/8/8 b - - 0 1", false},            // stalemate by a pawn
		{Chaturanga(), "7k/5Q2/6K1/p7/P7/8/8/8 b - - 0 1", false},   // stalemate, a blocked Padati
		{Chaturanga(), "7k/5Q2/6K1/p7/8/8/8/8 b - - 0 1", true},     // the Padati can move
		{DurgGame(), "4k4/9/4K4/9/9/9/9/9/9[] b - - 0 1 6/6", true}, // the Raja steps aside
		{DurgGame(), "k8/2K6/9/9/9/9/9/9/9[] b - - 0 1 6/6", true},
	} {
		p := mustFEN(t, tc.v, tc.fen)
		require.Equal(t, tc.want, p.HasLegalMove(), tc.fen)
		require.Equal(t, tc.want, len(legalStrings(&p)) > 0, tc.fen)
	}
}

// longOr is a playout test's size: long with the long suites on
// (testlong), else sample, which -short ran before and whose coverage
// checks hold. Together these tests took over three minutes of a loaded
// 2-core machine at their long sizes.
func longOr(t *testing.T, long, sample int, what string) int {
	t.Helper()
	if testlong.Enabled() {
		return long
	}
	testlong.Sample(t, fmt.Sprintf("%d %s of %d", sample, what, long))
	return sample
}
