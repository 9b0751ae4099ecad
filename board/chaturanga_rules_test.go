package board

// Named rule tests for chaturanga, RULES.md section 1. The expected move
// lists and FENs were worked out by hand from the rules. Helpers
// (rulesWantMoves, rulesPlay, rulesFEN, rulesIllegal) are in
// durg_rules_test.go.

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestChaturangaStartPosition(t *testing.T) {
	p := mustFEN(t, Chaturanga(), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1")
	require.Equal(t, Chaturanga().startFEN, p.FEN())
	// Eight single Padati steps (no double step), two Ashva moves each,
	// two Gaja jumps each over the Padatis, and the Raja's leap to d3/f3.
	rulesWantMoves(t, &p,
		"a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3",
		"b1a3", "b1c3", "g1f3", "g1h3",
		"c1a3", "c1e3", "f1d3", "f1h3",
		"e1d3", "e1f3")
	rulesIllegal(t, p, "e2e4")
	require.Equal(t, Ongoing, p.Verdict(50).Result())
}

func TestChaturangaRajaLeap(t *testing.T) {
	t.Run("AvailableCapturingNotOntoAttackedSquare", func(t *testing.T) {
		// Ratha f3 covers f1, f2 and d3; the leap takes it on f3.
		p := mustFEN(t, Chaturanga(), "7k/8/8/8/8/5r2/8/4K3 w K - 0 1")
		rulesWantMoves(t, &p, "e1c2", "e1d1", "e1d2", "e1e2", "e1f3", "e1g2")
		q := rulesPlay(t, p, "e1f3")
		require.Equal(t, "7k/8/8/8/8/5K2/8/8 b - - 0 1", q.FEN())
		require.False(t, q.HasLeap(White))
		// Defended by the Padati g4, f3 is an attacked square: no leap there.
		p = mustFEN(t, Chaturanga(), "7k/8/8/8/6p1/5r2/8/4K3 w K - 0 1")
		rulesWantMoves(t, &p, "e1c2", "e1d1", "e1d2", "e1e2", "e1g2")
	})
	t.Run("NotOutOfCheck", func(t *testing.T) {
		// A Raja in check has lost the leap; the FEN's K is dropped.
		p := mustFEN(t, Chaturanga(), "4r2k/8/8/8/8/8/8/4K3 w K - 0 1")
		require.Equal(t, "4r2k/8/8/8/8/8/8/4K3 w - - 0 1", p.FEN())
		rulesWantMoves(t, &p, "e1d1", "e1d2", "e1f1", "e1f2")
	})
	t.Run("LostForGoodAfterCheck", func(t *testing.T) {
		p := mustFEN(t, Chaturanga(), "1r5k/8/8/8/8/8/8/2N1K3 b K - 0 1")
		q := rulesPlay(t, p, "b8e8")
		require.Equal(t, "4r2k/8/8/8/8/8/8/2N1K3 w - - 1 2", q.FEN())
		q = rulesPlay(t, q, "c1e2")
		require.Equal(t, "4r2k/8/8/8/8/8/4N3/4K3 b - - 2 2", q.FEN())
		q = rulesPlay(t, q, "e8a8")
		require.Equal(t, "r6k/8/8/8/8/8/4N3/4K3 w - - 3 3", q.FEN())
		require.False(t, q.InCheck())
		rulesWantMoves(t, &q,
			"e1d1", "e1d2", "e1f1", "e1f2",
			"e2c1", "e2c3", "e2d4", "e2f4", "e2g1", "e2g3")
		// The same board with the right still held has the four leaps.
		r := mustFEN(t, Chaturanga(), "r6k/8/8/8/8/8/4N3/4K3 w K - 3 3")
		rulesWantMoves(t, &r,
			"e1c2", "e1d1", "e1d2", "e1d3", "e1f1", "e1f2", "e1f3", "e1g2",
			"e2c1", "e2c3", "e2d4", "e2f4", "e2g1", "e2g3")
	})
	t.Run("SurvivesOrdinarySteps", func(t *testing.T) {
		p := mustFEN(t, Chaturanga(), "7k/7p/8/8/8/8/P7/4K3 w K - 0 1")
		q := rulesPlay(t, p, "e1d2")
		require.Equal(t, "7k/7p/8/8/8/8/P2K4/8 b K - 1 1", q.FEN())
		q = rulesPlay(t, q, "h8g8")
		require.Equal(t, "6k1/7p/8/8/8/8/P2K4/8 w K - 2 2", q.FEN())
		rulesWantMoves(t, &q,
			"a2a3",
			"d2c1", "d2c2", "d2c3", "d2d1", "d2d3", "d2e1", "d2e2", "d2e3",
			"d2b1", "d2b3", "d2c4", "d2e4", "d2f1", "d2f3")
	})
	t.Run("NeverTakesARaja", func(t *testing.T) {
		// Black Raja f3 is a leap away from e1: no capture; e2/f2 and the
		// leap square g2 are next to him.
		p := mustFEN(t, Chaturanga(), "8/7p/8/8/8/5k2/P7/4K3 w K - 0 1")
		rulesWantMoves(t, &p, "a2a3", "e1c2", "e1d1", "e1d2", "e1d3", "e1f1")
	})
	t.Run("NeverAttacksARaja", func(t *testing.T) {
		// The leap gives no check: with Black to move and the white leap
		// right held the FEN is valid, and the black Raja may step to g2,
		// a leap away from e1.
		p := mustFEN(t, Chaturanga(), "8/7p/8/8/8/5k2/P7/4K3 b K - 0 1")
		require.False(t, p.InCheck())
		rulesWantMoves(t, &p, "f3e3", "f3e4", "f3f4", "f3g2", "f3g3", "f3g4", "h7h6")
		// A leap landing a knight move from the black Raja is no check.
		p = mustFEN(t, Chaturanga(), "8/7p/8/4k3/8/8/P7/4K3 w K - 0 1")
		q := rulesPlay(t, p, "e1f3")
		require.Equal(t, "8/7p/8/4k3/8/5K2/P7/8 b - - 1 1", q.FEN())
		require.False(t, q.InCheck())
		rulesWantMoves(t, &q, "e5d4", "e5d5", "e5d6", "e5e6", "e5f5", "e5f6", "h7h6")
	})
}

func TestChaturangaGajaJumps(t *testing.T) {
	// Gaja d4 jumps over c3, e3, c5, e5 (own and enemy pieces alike) and
	// takes the Ashva f6.
	p := mustFEN(t, Chaturanga(), "3k4/8/5n2/2p1p3/3B4/2P1P3/8/7K w - - 0 1")
	rulesWantMoves(t, &p, "c3c4", "d4b2", "d4b6", "d4f2", "d4f6", "e3e4", "h1g1", "h1g2", "h1h2")
}

func TestChaturangaGajaCheckCannotBeBlocked(t *testing.T) {
	// The Gaja c3 checks e1 by a jump: b1d2 does not help, b1xc3 does; the
	// Raja in check has no leap.
	p := mustFEN(t, Chaturanga(), "3k4/8/8/8/8/2b5/P7/1N2K3 w - - 0 1")
	require.True(t, p.InCheck())
	rulesWantMoves(t, &p, "b1c3", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
}

func TestChaturangaMantriFerz(t *testing.T) {
	p := mustFEN(t, Chaturanga(), "3k4/8/8/4p3/3Q4/8/8/7K w - - 0 1")
	rulesWantMoves(t, &p, "d4c3", "d4c5", "d4e3", "d4e5", "h1g1", "h1g2", "h1h2")
}

func TestChaturangaPadatiPromotion(t *testing.T) {
	t.Run("WhiteNeverOntoD8", func(t *testing.T) {
		// d8 (the Raja's file) is refused; c8 gives a Gaja, e8 a Mantri.
		p := mustFEN(t, Chaturanga(), "2n1n3/3P4/8/k7/8/8/8/7K w - - 0 1")
		rulesWantMoves(t, &p, "d7c8b", "d7e8q", "h1g1", "h1g2", "h1h2")
		rulesIllegal(t, p, "d7d8")
		q := rulesPlay(t, p, "d7e8q")
		require.Equal(t, "2n1Q3/8/8/k7/8/8/8/7K b - - 0 1", q.FEN())
	})
	t.Run("BlackNeverOntoE1", func(t *testing.T) {
		// e1 is refused; d1 gives a Mantri, f1 a Gaja.
		p := mustFEN(t, Chaturanga(), "k7/8/8/8/8/8/4p3/K2N1N2 b - - 0 1")
		rulesWantMoves(t, &p, "a8a7", "a8b7", "a8b8", "e2d1q", "e2f1b")
		rulesIllegal(t, p, "e2e1")
	})
	t.Run("OnlyBelowStartCount", func(t *testing.T) {
		// Two Rathas on the board: a7a8 (Ratha) is illegal; a7xb8 gives an
		// Ashva (none on the board).
		p := mustFEN(t, Chaturanga(), "1r1k4/P7/8/8/8/7P/6PR/5BRK w - - 0 1")
		rulesWantMoves(t, &p, "a7b8n", "f1d3", "g2g3", "h3h4")
		rulesIllegal(t, p, "a7a8r")
		// With one Ratha lost it is legal, and only as a Ratha.
		p = mustFEN(t, Chaturanga(), "1r1k4/P7/8/8/8/7P/6P1/5BRK w - - 0 1")
		rulesWantMoves(t, &p, "a7a8r", "a7b8n", "f1d3", "g2g3", "h1h2", "h3h4")
		rulesIllegal(t, p, "a7a8q")
		rulesIllegal(t, p, "a7a8n")
		m, err := p.ParseMove("a7a8") // the forced type may be left out
		require.NoError(t, err)
		q := p
		q.DoMove(m)
		require.Equal(t, "Rr1k4/8/8/8/8/7P/6P1/5BRK b - - 0 1", q.FEN())
	})
	t.Run("CapturePromotion", func(t *testing.T) {
		p := mustFEN(t, Chaturanga(), "1r1k4/P7/8/8/8/7P/6P1/5BRK w - - 3 20")
		q := rulesPlay(t, p, "a7b8n")
		require.Equal(t, "1N1k4/8/8/8/8/7P/6P1/5BRK b - - 0 20", q.FEN())
	})
	t.Run("NoDoubleStep", func(t *testing.T) {
		p := mustFEN(t, Chaturanga(), "3k4/8/8/8/8/8/4P3/K7 w - - 0 1")
		rulesWantMoves(t, &p, "a1a2", "a1b1", "a1b2", "e2e3")
	})
}

func TestChaturangaGameEnd(t *testing.T) {
	t.Run("BareRajaWinsEvenIfStalemated", func(t *testing.T) {
		p := mustFEN(t, Chaturanga(), "k7/2K5/1Q6/8/8/7p/8/7R w - - 0 1")
		q := rulesPlay(t, p, "h1h3")
		require.Equal(t, "k7/2K5/1Q6/8/8/7R/8/8 b - - 0 1", q.FEN())
		rulesWantMoves(t, &q) // Black is also stalemated
		require.Equal(t, Verdict{Termination: BareRaja, Winner: WhiteWon}, q.Verdict(50))
	})
	t.Run("BothBareIsDraw", func(t *testing.T) {
		p := mustFEN(t, Chaturanga(), "3k4/8/8/8/8/8/8/4K3 w - - 0 1")
		require.Equal(t, Verdict{Termination: BareRaja}, p.Verdict(50))
	})
	t.Run("StalematedSideWins", func(t *testing.T) {
		// Black: a7 covered by the Mantri b6, b7/b8 by the Raja c7, the
		// Padati a5 blocked by a4.
		p := mustFEN(t, Chaturanga(), "k7/2K5/1Q6/p7/P7/8/8/8 b - - 0 1")
		rulesWantMoves(t, &p)
		require.Equal(t, BlackWins, p.Verdict(50).Result())
		require.Contains(t, p.Verdict(50).Reason(), "stalemate")
	})
	t.Run("Checkmate", func(t *testing.T) {
		p := mustFEN(t, Chaturanga(), "k7/2K4p/8/8/8/8/8/R7 b - - 0 1")
		rulesWantMoves(t, &p)
		require.Equal(t, Verdict{Termination: Checkmate, Winner: WhiteWon}, p.Verdict(50))
		// A mate on the ply that completes the move rule wins.
		p = mustFEN(t, Chaturanga(), "k7/2K4p/8/8/8/8/8/R7 b - - 100 80")
		require.Equal(t, Verdict{Termination: Checkmate, Winner: WhiteWon}, p.Verdict(50))
	})
	t.Run("MoveRule50", func(t *testing.T) {
		require.Equal(t, 50, Chaturanga().defaultMoveRule)
		p := mustFEN(t, Chaturanga(), "3k4/8/8/8/8/8/r7/R3K3 w - - 100 80")
		require.Equal(t, MoveRuleReached, p.Verdict(50).Termination)
		require.Equal(t, Ongoing, p.Verdict(0).Result())
		require.Equal(t, MoveRuleReached, NewGame(p).Verdict().Termination)
		p = mustFEN(t, Chaturanga(), "3k4/8/8/8/8/8/r7/R3K3 w - - 99 80")
		require.Equal(t, Ongoing, p.Verdict(50).Result())
		q := rulesPlay(t, p, "e1f1")
		require.Equal(t, 100, q.HalfmoveClock())
		require.Equal(t, MoveRuleReached, q.Verdict(50).Termination)
		// A Padati move resets the clock.
		p = mustFEN(t, Chaturanga(), "3k4/8/8/8/8/8/P7/4K3 w - - 99 80")
		q = rulesPlay(t, p, "a2a3")
		require.Equal(t, 0, q.HalfmoveClock())
	})
	t.Run("NoInsufficientMaterialDraw", func(t *testing.T) {
		// Raja and Ashva against Raja and Ashva plays on.
		p := mustFEN(t, Chaturanga(), "1n1k4/8/8/8/8/8/8/1N2K3 w - - 0 1")
		require.False(t, p.InsufficientMaterial())
		require.Equal(t, Ongoing, p.Verdict(50).Result())
	})
	t.Run("ThreefoldRepetition", func(t *testing.T) {
		g := NewGame(Chaturanga().StartPosition())
		moves := []string{"b1c3", "b8c6", "c3b1", "c6b8", "b1c3", "b8c6", "c3b1", "c6b8"}
		for i, s := range moves {
			require.Equal(t, Ongoing, g.Verdict().Result(), "before ply %d", i+1)
			m, err := g.Position().ParseMove(s)
			require.NoError(t, err)
			g.Play(m)
		}
		require.Equal(t, Verdict{Termination: Repetition}, g.Verdict())
	})
}
