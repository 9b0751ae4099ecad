package board

// Tests for the hardening of issue 10: each is named after what it guards.
// Expected figures come from the rules (worked out by hand), from the
// independent reference generator in internal/refdurg, or from the
// independent audit that found the fault (named where used).

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/internal/refdurg"
)

// crowdedDurgFEN builds a Durg set-up for White to move with many Ranis and
// waiting Mantris: the black Raja sits shielded in the a9 corner (so White
// attacks nothing that makes the FEN invalid), White's c1, d1, f1, g1 stay
// free so two waiting Mantris have six ways to arrive, and the rest of the
// board takes Ranis, Raths, Ashvas and now and then a black Durg.
func crowdedDurgFEN(rng *rand.Rand) string {
	var b [9][9]byte // [rank][file]
	b[8][0], b[8][1], b[7][0], b[7][1] = 'k', 'b', 'p', 'p'
	b[0][4] = 'K'
	taken := func(f, r int) bool {
		return b[r][f] != 0 || (r == 0 && (f == 2 || f == 3 || f == 5 || f == 6)) ||
			(f == 1 && r == 6) || (f == 2 && r == 7) // knight squares of a9
	}
	if rng.IntN(3) == 0 { // a black Durg whose zone the Ranis must respect
		b[4][4] = 'd'
	}
	pieces := 8 + rng.IntN(18)
	for i := 0; i < pieces; i++ {
		f, r := rng.IntN(9), 1+rng.IntN(7)
		if taken(f, r) {
			continue
		}
		switch x := rng.IntN(10); {
		case x < 7:
			b[r][f] = 'Q'
		case x < 8:
			b[r][f] = 'H'
		case x < 9:
			b[r][f] = 'N'
		default:
			b[r][f] = 'R'
		}
	}
	var sb strings.Builder
	for r := 8; r >= 0; r-- {
		run := 0
		for f := 0; f < 9; f++ {
			if b[r][f] == 0 {
				run++
				continue
			}
			if run > 0 {
				sb.WriteByte(byte('0' + run))
				run = 0
			}
			sb.WriteByte(b[r][f])
		}
		if run > 0 {
			sb.WriteByte(byte('0' + run))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	holdings := strings.Repeat("B", 1+rng.IntN(2))
	fallen := 2 + rng.IntN(4)
	if fallen >= 4 && rng.IntN(2) == 0 {
		holdings += "Q"
	}
	return fmt.Sprintf("%s[%s] w - - 0 1 %d/0", sb.String(), holdings, fallen)
}

// checkAgainstReference holds one position to refdurg: the same legal
// turns, each of which ParseMove reads back to the generated move, and the
// FEN reads back to the same position.
func checkAgainstReference(t *testing.T, fen string) int {
	t.Helper()
	p, err := ParseFEN(DurgGame, fen)
	require.NoError(t, err, fen)
	ref, err := refdurg.FromFEN(fen)
	require.NoError(t, err, fen)
	var ml MoveList
	p.GenerateMoves(&ml)
	require.LessOrEqual(t, ml.N, MaxMoves)
	got := p.LegalMoveStrings()
	if want := ref.LegalMoves(); !slices.Equal(got, want) {
		require.Equal(t, want, got, "legal turns of %s", fen)
	}
	for _, m := range ml.Slice() {
		back, err := p.ParseMove(p.MoveString(m))
		require.NoError(t, err, "%s in %s", p.MoveString(m), fen)
		require.Equal(t, m, back, "%s in %s", p.MoveString(m), fen)
	}
	requireRoundTrip(t, &p)
	return ml.N
}

// requireRoundTrip asserts ParseFEN(FEN(p)) == p.
func requireRoundTrip(t *testing.T, p *Position) {
	t.Helper()
	out := p.FEN()
	q, err := ParseFEN(p.v, out)
	require.NoError(t, err, "own FEN %q refused", out)
	require.True(t, q == *p, "FEN %q reads back as a different position (%q)", out, q.FEN())
}

// The audit's crash: 1,038 turns (the independent rules implementation's
// count) overflowed a 1,024-move list in perft, go and position ... moves.
func TestMoveListHoldsCrowdedDurgTurns(t *testing.T) {
	const fen = "kb7/pp7/1Q6Q/4Q1Q2/Q6Q1/2Q2Q3/9/9/4K4[BB] w - - 0 1 2/0"
	require.Equal(t, 1038, checkAgainstReference(t, fen))
	p, err := ParseFEN(DurgGame, fen)
	require.NoError(t, err)
	ref, err := refdurg.FromFEN(fen)
	require.NoError(t, err)
	var ml MoveList
	p.GenerateMoves(&ml)
	var nodes uint64
	for _, m := range ml.Slice() { // perft 2 by hand: perft is a package above
		c := p
		c.DoMove(m)
		var replies MoveList
		c.GenerateMoves(&replies)
		nodes += uint64(replies.N)
	}
	require.Equal(t, ref.Perft(2), nodes)

	// Property: random crowded set-ups stay within MaxMoves and agree with
	// the reference; some must pass the old limit or the test proves little.
	rng := rand.New(rand.NewPCG(10, 3))
	n, most, over := 120, 0, 0
	if testing.Short() {
		n = 30
	}
	for i := 0; i < n; i++ {
		turns := checkAgainstReference(t, crowdedDurgFEN(rng))
		most = max(most, turns)
		if turns > 1024 {
			over++
		}
	}
	t.Logf("%d set-ups, most turns %d, %d above 1024", n, most, over)
	require.Positive(t, over, "no set-up passed the old 1,024-move limit")
}

// playGame plays move strings from fen and returns the game.
func playGame(t *testing.T, v *Variant, fen string, moves string) *Game {
	t.Helper()
	p, err := ParseFEN(v, fen)
	require.NoError(t, err)
	g := NewGame(p)
	for _, s := range strings.Fields(moves) {
		m, err := g.Position().ParseMove(s)
		require.NoError(t, err, s)
		g.Play(m)
	}
	return g
}

// FIDE 9.2.3: positions are the same only when the same moves are possible;
// an en passant square counts only while the capture is legal. After d7d5
// the e5 pawn may not take on d6 (it would open the fifth rank from h5 to
// the king on a5), so the position after d7d5 already counts as the first
// of three (the audit's example).
func TestRepetitionIgnoresIllegalEnPassant(t *testing.T) {
	const moves = "d7d5 a5a4 d8e8 a4a5 e8d8 a5a4 d8e8 a4a5 e8d8"
	g := playGame(t, Chess, "3k4/3p4/8/K3P2r/8/8/8/8 b - - 0 1", moves)
	require.Equal(t, Outcome{Draw, "threefold repetition"}, g.Outcome())

	// Without the rook the capture is legal, so the first position differs
	// and the same moves make only two occurrences.
	g = playGame(t, Chess, "3k4/3p4/8/K3P3/8/8/8/8 b - - 0 1", moves)
	require.Equal(t, 1, g.Repetitions())
	require.Equal(t, Ongoing, g.Outcome().Result)

	// The key of a position with a dead ep square is the key without it.
	with, err := ParseFEN(Chess, "3k4/8/8/K2pP2r/8/8/8/8 w - d6 0 2")
	require.NoError(t, err)
	without, err := ParseFEN(Chess, "3k4/8/8/K2pP2r/8/8/8/8 w - - 0 2")
	require.NoError(t, err)
	require.Equal(t, without.Hash(), with.Hash())
	legal, err := ParseFEN(Chess, "3k4/8/8/K2pP3/8/8/8/8 w - d6 0 2")
	require.NoError(t, err)
	plain, err := ParseFEN(Chess, "3k4/8/8/K2pP3/8/8/8/8 w - - 0 2")
	require.NoError(t, err)
	require.NotEqual(t, plain.Hash(), legal.Hash())
}
