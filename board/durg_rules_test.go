package board

// Named rule tests for Durg, RULES.md section 2 (and section 4 for the move
// strings). Every expected move list and every resulting FEN below was
// worked out by hand from the rules, not taken from the generator.

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// rulesWantMoves compares the full legal move set with a hand-made list
// (in any order).
func rulesWantMoves(t *testing.T, p *Position, want ...string) {
	t.Helper()
	w := append([]string{}, want...)
	sort.Strings(w)
	require.Equal(t, w, legalStrings(p), p.FEN())
}

// rulesPlay plays move strings on a copy of p and returns the result.
func rulesPlay(t *testing.T, p Position, moves ...string) Position {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		require.NoError(t, err, "%s in %s (legal: %v)", s, p.FEN(), legalStrings(&p))
		p.DoMove(m)
	}
	return p
}

// rulesCross writes every turn "arrival,move" of a set of arrival prefixes
// and a set of moves, all of which are legal with every prefix.
func rulesCross(prefixes []string, moves ...string) []string {
	var out []string
	for _, a := range prefixes {
		for _, m := range moves {
			out = append(out, a+","+m)
		}
	}
	return out
}

func rulesFEN(p Position) string { return p.FEN() }

func rulesIllegal(t *testing.T, p Position, s string) {
	t.Helper()
	_, err := p.ParseMove(s)
	require.Error(t, err, "%s must be illegal in %s", s, p.FEN())
}

func TestDurgStartPosition(t *testing.T) {
	p := mustFEN(t, DurgGame(), "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0")
	require.Equal(t, DurgGame().startFEN, p.FEN())
	// b2 and h2 cannot push onto their own Durgs but double-step over them;
	// the Raths step to the empty d1/f1, the Raja too; no castling yet.
	rulesWantMoves(t, &p,
		"a2a3", "a2a4", "b1a3", "b1c3", "b2b4", "c1d1", "c2c3", "c2c4", "d2d3", "d2d4",
		"e1d1", "e1f1", "e2e3", "e2e4", "f2f3", "f2f4", "g1f1", "g2g3", "g2g4",
		"h1g3", "h1i3", "h2h4", "i2i3", "i2i4")
	// Black mirrors it: b8b6 over the own Durg b7.
	q := rulesPlay(t, p, "e2e3")
	rulesWantMoves(t, &q,
		"a8a6", "a8a7", "b8b6", "b9a7", "b9c7", "c8c6", "c8c7", "c9d9", "d8d6", "d8d7",
		"e8e6", "e8e7", "e9d9", "e9f9", "f8f6", "f8f7", "g8g6", "g8g7", "g9f9",
		"h8h6", "h9g7", "h9i7", "i8i6", "i8i7")
	require.Equal(t, Ongoing, p.Verdict(30).Result())
}

func TestDurgZoneQuietMoves(t *testing.T) {
	// Black Durg e5: zone d4 e4 f4 d5 e5 f5 d6 e6 f6.
	t.Run("GajSlidesThroughZoneButNotIntoIt", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4d4/R8/9/9/K8[] w - - 0 1 0/0")
		rulesWantMoves(t, &p,
			"a1a2", "a1b1", "a1b2",
			"a4a2", "a4a3", "a4a5", "a4a6", "a4a7", "a4a8", "a4a9",
			"a4b4", "a4c4", "a4g4", "a4h4", "a4i4") // not d4 e4 f4
	})
	t.Run("AshvaRathSipahi", func(t *testing.T) {
		// Ashva c3 may not leap to d5/e4, Sipahi e3 may not push to e4,
		// the Rath g2 slides through e4, d5 to c6, b7, a8.
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4d4/9/2N1P4/6H2/K8[] w - - 0 1 0/0")
		rulesWantMoves(t, &p,
			"a1a2", "a1b1", "a1b2",
			"c3a2", "c3a4", "c3b1", "c3b5", "c3d1", "c3e2",
			"g2a8", "g2b7", "g2c6", "g2f1", "g2f2", "g2f3", "g2g1", "g2g3",
			"g2h1", "g2h2", "g2h3", "g2i4")
	})
	t.Run("SipahiDoubleStepPassesEmptyEnemyZoneSquare", func(t *testing.T) {
		// Black Durg b2 (zone a1..c3) and g3 (zone f2..h4), black Ashva e3.
		// a2/c2 may not push to a3/c3 but may pass them; e2 is blocked; g2
		// faces the enemy Durg; the Raja may not go to the zone square f2,
		// and d1, f1 are attacked by the Ashva.
		p := mustFEN(t, DurgGame(), "8k/9/9/9/9/9/4n1d2/PdP1P1P2/4K4[] w - - 0 1 0/0")
		rulesWantMoves(t, &p, "a2a4", "c2c4", "e1d2")
	})
	t.Run("ArrivalNotOnEnemyZone", func(t *testing.T) {
		// Black Durg d2: c1 and d1 are enemy zone squares, so not free.
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/K8/9/9/3d5/9[B] w - - 0 1 1/0")
		rulesWantMoves(t, &p, rulesCross([]string{"B@f1", "B@g1"},
			"a5a4", "a5a6", "a5b4", "a5b5", "a5b6")...)
	})
	t.Run("CallNotOnEnemyZone", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/K8/9/9/3d5/9[Q] w - - 0 1 4/0")
		rulesWantMoves(t, &p, "Q@f1", "Q@g1", "a5a4", "a5a6", "a5b4", "a5b5", "a5b6")
	})
	t.Run("SliderCapturesBeyondZone", func(t *testing.T) {
		// Gaj a4 passes d4..f4 and takes the Sipahi h4 outside the zone: it
		// survives there.
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4d4/R6p1/9/9/K8[] w - - 4 1 0/0")
		q := rulesPlay(t, p, "a4h4")
		require.Equal(t, "8k/9/9/9/4d4/7R1/9/9/K8[] b - - 0 1 0/0", q.FEN())
	})
}

func TestDurgCaptureOfDurg(t *testing.T) {
	t.Run("CapturerSurvivesZoneGone", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4d4/9/9/2N1R4/4K4[] w - - 3 1 0/0")
		// e4 is a zone square (no quiet move), e5 holds the Durg; the Ashva
		// may not go to d4.
		rulesWantMoves(t, &p,
			"c2a1", "c2a3", "c2b4", "c2e3",
			"e1d1", "e1d2", "e1f1", "e1f2",
			"e2d2", "e2e3", "e2e5", "e2f2", "e2g2", "e2h2", "e2i2")
		q := rulesPlay(t, p, "e2e5")
		// The Durg counts neither as fallen nor for the clock's sake as
		// anything but a capture: the clock resets.
		require.Equal(t, "8k/9/9/9/4R4/9/9/2N6/4K4[] b - - 0 1 0/0", q.FEN())
		require.True(t, q.Zone(Black).Empty())
		q = rulesPlay(t, q, "i9h9")
		rulesPlay(t, q, "c2d4") // d4 is no zone square any more
	})
	t.Run("DurgSquareInsideAnotherZone", func(t *testing.T) {
		// e5 also lies in the zone of the Durg f5: capturing a Durg always
		// leaves the capturer alive.
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4dd3/9/9/4R4/4K4[] w - - 0 1 0/0")
		q := rulesPlay(t, p, "e2e5")
		require.Equal(t, "8k/9/9/9/4Rd3/9/9/9/4K4[] b - - 0 1 0/0", q.FEN())
	})
}

func TestDurgZoneKillBoth(t *testing.T) {
	t.Run("GajTakesAshva", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4d4/R2n5/9/9/4K4[] w - - 7 1 0/0")
		q := rulesPlay(t, p, "a4d4")
		require.Equal(t, "8k/9/9/9/4d4/9/9/9/4K4[] b - - 0 1 1/1", q.FEN())
		require.Equal(t, 1, q.Fallen(White))
		require.Equal(t, 1, q.Fallen(Black))
	})
	t.Run("SipahiDiesToo", func(t *testing.T) {
		// Sipahis do not count as fallen.
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4d4/3p5/2P6/9/4K4[] w - - 0 1 0/0")
		q := rulesPlay(t, p, "c3d4")
		require.Equal(t, "8k/9/9/9/4d4/9/9/9/4K4[] b - - 0 1 0/0", q.FEN())
	})
	t.Run("OwnZoneIsOrdinaryCapture", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "8k/9/9/9/9/R2n5/4D4/9/4K4[] w - - 0 1 0/0")
		q := rulesPlay(t, p, "a4d4")
		require.Equal(t, "8k/9/9/9/9/3R5/4D4/9/4K4[] b - - 0 1 0/1", q.FEN())
	})
	t.Run("RathTakesRathBothGetAMantri", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4d4/3h5/2H6/9/4K4[] w - - 0 1 0/0")
		q := rulesPlay(t, p, "c3d4")
		require.Equal(t, "8k/9/9/9/4d4/9/9/9/4K4[Bb] b - - 0 1 1/1", q.FEN())
		// Black's Mantri arrives now (forced), White's waits for White's turn.
		rulesWantMoves(t, &q, rulesCross([]string{"B@c9", "B@d9", "B@f9", "B@g9"},
			"i9h8", "i9h9", "i9i8")...)
		r := rulesPlay(t, q, "B@g9,i9h9")
		require.Equal(t, "6bk1/9/9/9/4d4/9/9/9/4K4[B] w - - 1 2 1/1", r.FEN())
		var want []string
		want = append(want, rulesCross([]string{"B@c1", "B@g1"}, "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")...)
		want = append(want, rulesCross([]string{"B@d1"}, "e1d2", "e1e2", "e1f1", "e1f2")...)
		want = append(want, rulesCross([]string{"B@f1"}, "e1d1", "e1d2", "e1e2", "e1f2")...)
		rulesWantMoves(t, &r, want...)
	})
	t.Run("KillRemovesTheChecker", func(t *testing.T) {
		// Black Gaj e5 (zone of d6) checks e1; Gaj i5 takes it and dies, the
		// check is gone: legal.
		p := mustFEN(t, DurgGame(), "k8/9/9/3d5/4r3R/9/9/9/4K4[] w - - 0 1 0/0")
		require.True(t, p.InCheck())
		rulesWantMoves(t, &p, "e1d1", "e1d2", "e1f1", "e1f2", "i5e5")
		q := rulesPlay(t, p, "i5e5")
		require.Equal(t, "k8/9/9/3d5/9/9/9/9/4K4[] b - - 0 1 1/1", q.FEN())
	})
}

func TestDurgZoneKillMustNotExposeRaja(t *testing.T) {
	t.Run("DiscoveredCheck", func(t *testing.T) {
		// The black Ashva e5 (zone of d5) shields e1 from the Gaj e9 together
		// with the white Gaj e2. e2xe5 kills both and opens the file.
		p := mustFEN(t, DurgGame(), "k3r4/9/9/9/3dn4/9/9/4R4/4K4[] w - - 0 1 0/0")
		rulesWantMoves(t, &p,
			"e1d1", "e1d2", "e1f1", "e1f2",
			"e2a2", "e2b2", "e2c2", "e2d2", "e2e3", "e2f2", "e2g2", "e2h2", "e2i2")
	})
	t.Run("KillOpensLineThroughVictimSquare", func(t *testing.T) {
		// The Ashva e5 (zone of d4) alone shields e1 from the Gaj e9; the
		// Gaj a5 taking it dies too and the file opens.
		p := mustFEN(t, DurgGame(), "4r3k/9/9/9/R3n4/3d5/9/9/4K4[] w - - 0 1 0/0")
		rulesWantMoves(t, &p,
			"a5a1", "a5a2", "a5a3", "a5a4", "a5a6", "a5a7", "a5a8", "a5a9", "a5b5",
			"e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
	})
	t.Run("PinnedCapturer", func(t *testing.T) {
		// Gaj e2 pinned by the Gaj e6 (zone of d7); taking it kills the
		// capturer too and the Gaj e9 then checks.
		p := mustFEN(t, DurgGame(), "k3r4/9/3d5/4r4/9/9/9/4R4/4K4[] w - - 0 1 0/0")
		rulesWantMoves(t, &p, "e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4", "e2e5")
		// Without the second Gaj the same kill is legal.
		p = mustFEN(t, DurgGame(), "k8/9/3d5/4r4/9/9/9/4R4/4K4[] w - - 0 1 0/0")
		rulesWantMoves(t, &p, "e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4", "e2e5", "e2e6")
	})
}

func TestDurgRajaNeverEntersEnemyZone(t *testing.T) {
	t.Run("NotOntoZoneNorCapturingThere", func(t *testing.T) {
		// d4 holds a black Ashva in the zone of e5, e4 is an empty zone
		// square; c2/e2 are attacked by the Ashva.
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4d4/3n5/3K5/9/9[] w - - 0 1 0/0")
		rulesWantMoves(t, &p, "d3c3", "d3c4", "d3d2", "d3e3")
	})
	t.Run("NotToEscapeCheck", func(t *testing.T) {
		// Ka1 in check from the Gaj a9; b1, b2 are in the zone of c2.
		p := mustFEN(t, DurgGame(), "r7k/9/9/9/9/9/9/2d6/K8[] w - - 0 1 0/0")
		rulesWantMoves(t, &p)
		require.Equal(t, Verdict{Termination: Checkmate, Winner: BlackWon}, p.Verdict(30))
	})
	t.Run("NotToCaptureTheChecker", func(t *testing.T) {
		// The undefended Gaj b1 checks; it stands in the zone of c2, so the
		// Raja may not take it; a2 is covered by the Mantri e6 through the
		// empty zone square b3.
		p := mustFEN(t, DurgGame(), "8k/9/9/4b4/9/9/9/2d6/Kr7[] w - - 0 1 0/0")
		rulesWantMoves(t, &p)
		require.Equal(t, Verdict{Termination: Checkmate, Winner: BlackWon}, p.Verdict(30))
	})
}

func TestDurgRajasNeverAdjacent(t *testing.T) {
	p := mustFEN(t, DurgGame(), "9/9/9/9/9/9/4k4/9/4K4[] w - - 0 1 0/0")
	rulesWantMoves(t, &p, "e1d1", "e1f1")
	_, err := ParseFEN(DurgGame(), "9/9/9/9/9/9/9/4k4/4K4[] w - - 0 1 0/0")
	require.Error(t, err)
}

func TestDurgGivesNoCheckAndBlocks(t *testing.T) {
	// Black to move with White's Raja on the Gaj's file: valid only because
	// the Durg (of either side) blocks the line and gives no check.
	mustFEN(t, DurgGame(), "k3r4/9/9/9/4d4/9/9/9/4K4[] b - - 0 1 0/0")
	mustFEN(t, DurgGame(), "k3r4/9/9/9/4D4/9/9/9/4K4[] b - - 0 1 0/0")
	p := mustFEN(t, DurgGame(), "k3r4/9/9/9/4d4/9/9/9/4K4[] w - - 0 1 0/0")
	require.False(t, p.InCheck())
	rulesWantMoves(t, &p, "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
	// Two squares from an enemy Durg: no check, every non-zone square open.
	p = mustFEN(t, DurgGame(), "8k/9/9/9/4d4/9/4K4/9/9[] w - - 0 1 0/0")
	require.False(t, p.InCheck())
	rulesWantMoves(t, &p, "e3d2", "e3d3", "e3e2", "e3f2", "e3f3")
}

func TestDurgCheckIsGeometric(t *testing.T) {
	// White Raja e3 stands in his own zone (Durg e2); the Ashva d5 checks
	// him although taking him there would kill it too.
	_, err := ParseFEN(DurgGame(), "8k/9/9/9/3n5/9/4K4/P3D4/9[] b - - 0 1 0/0")
	require.Error(t, err)
	p := mustFEN(t, DurgGame(), "8k/9/9/9/3n5/9/4K4/P3D4/9[] w - - 0 1 0/0")
	require.True(t, p.InCheck())
	rulesWantMoves(t, &p, "e3d2", "e3d3", "e3d4", "e3e4", "e3f2", "e3f3")
}

func TestDurgRajaOnEnemyZoneFENRejected(t *testing.T) {
	for _, fen := range []string{
		"8k/9/9/9/4d4/3K5/9/9/9[] w - - 0 1 0/0",  // white Raja d4, black Durg e5
		"9/9/9/9/4D4/5k3/9/9/K8[] w - - 0 1 0/0",  // black Raja f4, white Durg e5
		"4k4/9/9/9/9/9/9/3d5/4K4[] w - - 0 1 0/0", // white Raja e1, black Durg d2
	} {
		_, err := ParseFEN(DurgGame(), fen)
		require.Error(t, err, fen)
		require.Contains(t, err.Error(), "enemy Durg zone", fen)
	}
	// His own zone is fine.
	mustFEN(t, DurgGame(), "8k/9/9/9/4D4/3K5/9/9/9[] w - - 0 1 0/0")
}

func TestDurgSipahi(t *testing.T) {
	t.Run("StepsDoubleStepsCaptures", func(t *testing.T) {
		// a2: both steps; b2: double over its own Durg only; d2: d4 is in
		// the zone of the black Durg d5; f2: blocked by the black Sipahi f3
		// (no double step over it); g2: both steps and takes f3; i9 on the
		// last rank has no moves. e2 is attacked by f3.
		p := mustFEN(t, DurgGame(), "8P/k8/9/9/3d5/9/1D3p3/PP1P1PP2/4K4[] w - - 0 1 0/0")
		rulesWantMoves(t, &p, "a2a3", "a2a4", "b2b4", "d2d3", "e1d1", "e1f1", "g2f3", "g2g3", "g2g4")
	})
	t.Run("NoEnPassant", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "k8/4p4/9/3P5/9/9/9/9/4K4[] b - - 0 1 0/0")
		q := rulesPlay(t, p, "e8e6")
		require.Equal(t, "k8/9/9/3Pp4/9/9/9/9/4K4[] w - - 0 2 0/0", q.FEN())
		rulesWantMoves(t, &q, "d6d7", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
		_, err := ParseFEN(DurgGame(), "k8/9/9/3Pp4/9/9/9/9/4K4[] w - e7 0 2 0/0")
		require.Error(t, err)
	})
	t.Run("NoPromotionLastRankHasNoMoves", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "3n5/4P4/9/9/8k/9/9/9/K8[] w - - 0 1 0/0")
		rulesWantMoves(t, &p, "a1a2", "a1b1", "a1b2", "e8d9", "e8e9")
		rulesIllegal(t, p, "e8d9q")
		rulesIllegal(t, p, "e8e9q")
		q := rulesPlay(t, p, "e8d9")
		require.Equal(t, "3P5/9/9/9/8k/9/9/9/K8[] b - - 0 1 0/1", q.FEN())
		q = rulesPlay(t, p, "e8e9", "i5i4")
		require.Equal(t, "3nP4/9/9/9/9/8k/9/9/K8[] w - - 1 2 0/0", q.FEN())
		rulesWantMoves(t, &q, "a1a2", "a1b1", "a1b2")
	})
}

func TestDurgCastling(t *testing.T) {
	// White Durgs a2 and i2 keep the Gajs on the first rank.
	const base = "4k4/9/9/9/9/9/9/D7D/R3K3R[] w KQ - 0 1 0/0"
	t.Run("BothSides", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), base)
		rulesWantMoves(t, &p,
			"a1b1", "a1c1", "a1d1", "e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1",
			"i1f1", "i1g1", "i1h1")
		require.Equal(t, "4k4/9/9/9/9/9/9/D7D/R4RK2[] b - - 1 1 0/0", rulesFEN(rulesPlay(t, p, "e1g1")))
		require.Equal(t, "4k4/9/9/9/9/9/9/D7D/2KR4R[] b - - 1 1 0/0", rulesFEN(rulesPlay(t, p, "e1c1")))
	})
	t.Run("Black", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "r3k3r/d7d/9/9/9/9/9/9/4K4[] b kq - 0 1 0/0")
		rulesWantMoves(t, &p,
			"a9b9", "a9c9", "a9d9", "e9c9", "e9d8", "e9d9", "e9e8", "e9f8", "e9f9", "e9g9",
			"i9f9", "i9g9", "i9h9")
		require.Equal(t, "2kr4r/d7d/9/9/9/9/9/9/4K4[] w - - 1 2 0/0", rulesFEN(rulesPlay(t, p, "e9c9")))
	})
	t.Run("SquaresBetweenEmpty", func(t *testing.T) {
		// b1 is occupied: no K-a castling although only the Gaj crosses b1.
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/9/9/9/D7D/RN2K3R[] w KQ - 0 1 0/0")
		rulesWantMoves(t, &p,
			"b1a3", "b1c3", "b1d2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1",
			"i1f1", "i1g1", "i1h1")
	})
	t.Run("NotInCheck", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/4r4/9/9/D7D/R3K3R[] w KQ - 0 1 0/0")
		rulesWantMoves(t, &p, "e1d1", "e1d2", "e1f1", "e1f2")
	})
	t.Run("CrossedSquareAttacked", func(t *testing.T) {
		// f1 attacked: no K-i; b1 attacked does not matter for K-a.
		p := mustFEN(t, DurgGame(), "1r2kr3/9/9/9/9/9/9/D7D/R3K3R[] w KQ - 0 1 0/0")
		rulesWantMoves(t, &p,
			"a1b1", "a1c1", "a1d1", "e1c1", "e1d1", "e1d2", "e1e2", "i1f1", "i1g1", "i1h1")
		// d1 crossed and attacked, g1 landing and attacked: neither.
		p = mustFEN(t, DurgGame(), "3rk1r2/9/9/9/9/9/9/D7D/R3K3R[] w KQ - 0 1 0/0")
		rulesWantMoves(t, &p,
			"a1b1", "a1c1", "a1d1", "e1e2", "e1f1", "e1f2", "i1f1", "i1g1", "i1h1")
	})
	t.Run("LandingSquareAttacked", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "2r1k4/9/9/9/9/9/9/D7D/R3K3R[] w KQ - 0 1 0/0")
		rulesWantMoves(t, &p,
			"a1b1", "a1c1", "a1d1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1",
			"i1f1", "i1g1", "i1h1")
	})
	t.Run("NotOntoEnemyZone", func(t *testing.T) {
		// Black Durg g2: f1, g1, h1 are enemy zone squares.
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/9/9/9/D5d2/R3K3R[] w KQ - 0 1 0/0")
		rulesWantMoves(t, &p,
			"a1b1", "a1c1", "a1d1", "e1c1", "e1d1", "e1d2", "e1e2",
			"i1i2", "i1i3", "i1i4", "i1i5", "i1i6", "i1i7", "i1i8", "i1i9")
	})
	t.Run("RightsLostByRajaAndGaj", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), base)
		q := rulesPlay(t, p, "e1e2", "e9d9", "e2e1", "d9e9")
		require.Equal(t, "4k4/9/9/9/9/9/9/D7D/R3K3R[] w - - 4 3 0/0", q.FEN())
		q = rulesPlay(t, p, "a1b1", "e9d9", "b1a1", "d9e9")
		require.Equal(t, "4k4/9/9/9/9/9/9/D7D/R3K3R[] w K - 4 3 0/0", q.FEN())
		// Gaj captured on its corner.
		p = mustFEN(t, DurgGame(), "4k4/9/9/9/9/9/9/r7D/R3K3R[] b KQ - 0 1 0/0")
		q = rulesPlay(t, p, "a2a1")
		require.Equal(t, "4k4/9/9/9/9/9/9/8D/r3K3R[] w K - 0 2 1/0", q.FEN())
	})
	t.Run("MantriMovesToD1ForfeitsForGood", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/9/9/1B7/D7D/R3K3R[] w KQ - 0 1 0/0")
		q := rulesPlay(t, p, "b3d1")
		require.Equal(t, "4k4/9/9/9/9/9/9/D7D/R2BK3R[] b K - 1 1 0/0", q.FEN())
		q = rulesPlay(t, q, "e9d9", "d1b3", "d9e9")
		require.Equal(t, "4k4/9/9/9/9/9/1B7/D7D/R3K3R[] w K - 4 3 0/0", q.FEN())
		rulesWantMoves(t, &q,
			"a1b1", "a1c1", "a1d1",
			"b3a4", "b3c2", "b3c4", "b3d1", "b3d5", "b3e6", "b3f7", "b3g8", "b3h9",
			"e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1",
			"i1f1", "i1g1", "i1h1")
	})
	t.Run("MantriArrivals", func(t *testing.T) {
		// An arrival on d1 forfeits K-a, on f1 K-i; c1 and g1 only block.
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/9/9/9/D7D/R3K3R[B] w KQ - 0 1 1/0")
		var want []string
		want = append(want, rulesCross([]string{"B@c1"},
			"a1b1", "i1f1", "i1g1", "i1h1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1")...)
		want = append(want, rulesCross([]string{"B@d1"},
			"a1b1", "a1c1", "i1f1", "i1g1", "i1h1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1")...)
		want = append(want, rulesCross([]string{"B@f1"},
			"a1b1", "a1c1", "a1d1", "i1g1", "i1h1", "e1d1", "e1d2", "e1e2", "e1f2", "e1c1")...)
		want = append(want, rulesCross([]string{"B@g1"},
			"a1b1", "a1c1", "a1d1", "i1h1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1c1")...)
		rulesWantMoves(t, &p, want...)
	})
	t.Run("MantriArrivalOnF1ForfeitsForGood", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/9/9/9/D3P3D/R3K3R[B] w KQ - 0 1 1/0")
		q := rulesPlay(t, p, "B@f1,e2e3")
		require.Equal(t, "4k4/9/9/9/9/9/4P4/D7D/R3KB2R[] b Q - 0 1 1/0", q.FEN())
		q = rulesPlay(t, q, "e9d9", "f1e2", "d9e9")
		require.Equal(t, "4k4/9/9/9/9/9/4P4/D3B3D/R3K3R[] w Q - 3 3 1/0", q.FEN())
		rulesWantMoves(t, &q,
			"a1b1", "a1c1", "a1d1",
			"e1c1", "e1d1", "e1d2", "e1f1", "e1f2",
			"e2a6", "e2b5", "e2c4", "e2d1", "e2d3", "e2f1", "e2f3", "e2g4", "e2h5", "e2i6",
			"e3e4", "i1f1", "i1g1", "i1h1")
	})
	t.Run("FENDropsContradictedRights", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "r2bk3r/9/9/9/9/9/9/D7D/R3KB2R[] w KQkq - 0 1 0/0")
		require.Equal(t, "r2bk3r/9/9/9/9/9/9/D7D/R3KB2R[] w Qk - 0 1 0/0", p.FEN())
	})
}

func TestDurgMantriSuccession(t *testing.T) {
	t.Run("ArrivalChoicesAndFrozenMantri", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/K8/9/9/4P4/9[B] w - - 0 1 1/0")
		// Arrival is forced; the arrived Mantri does not move this turn.
		rulesWantMoves(t, &p, rulesCross([]string{"B@c1", "B@d1", "B@f1", "B@g1"},
			"a5a4", "a5a6", "a5b4", "a5b5", "a5b6", "e2e3", "e2e4")...)
		rulesIllegal(t, p, "e2e3")
		rulesIllegal(t, p, "B@d1,d1e2")
		q := rulesPlay(t, p, "B@d1,e2e3")
		require.Equal(t, "4k4/9/9/9/K8/9/4P4/9/3B5[] b - - 0 1 1/0", q.FEN())
		q = rulesPlay(t, q, "e9e8")
		rulesWantMoves(t, &q,
			"a5a4", "a5a6", "a5b4", "a5b5", "a5b6",
			"d1a4", "d1b3", "d1c2", "d1e2", "d1f3", "d1g4", "d1h5", "d1i6", "e3e4")
	})
	t.Run("TwoArrivals", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/K8/9/9/9/9[BB] w - - 0 1 2/0")
		rulesWantMoves(t, &p, rulesCross(
			[]string{"B@c1,B@d1", "B@c1,B@f1", "B@c1,B@g1", "B@d1,B@f1", "B@d1,B@g1", "B@f1,B@g1"},
			"a5a4", "a5a6", "a5b4", "a5b5", "a5b6")...)
		a := rulesPlay(t, p, "B@f1,B@c1,a5a4")
		b := rulesPlay(t, p, "B@c1,B@f1,a5a4")
		require.Equal(t, "4k4/9/9/9/9/K8/9/9/2B2B3[] b - - 1 1 2/0", b.FEN())
		require.Equal(t, b.FEN(), a.FEN())
		rulesIllegal(t, p, "B@c1,a5a4")
		rulesIllegal(t, p, "a5a4")
	})
	t.Run("LostWithoutFreeSquare", func(t *testing.T) {
		// c1, d1: enemy zone of d2; f1: own Durg; g1 free. One arrives, the
		// other is lost and does not count as fallen.
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/K8/9/9/3d5/5D3[BB] w - - 0 1 2/0")
		rulesWantMoves(t, &p, rulesCross([]string{"B@g1"},
			"a5a4", "a5a6", "a5b4", "a5b5", "a5b6")...)
		q := rulesPlay(t, p, "B@g1,a5a4")
		require.Equal(t, "4k4/9/9/9/9/K8/9/3d5/5DB2[] b - - 1 1 2/0", q.FEN())
		// All four squares taken: the Mantri is lost.
		p = mustFEN(t, DurgGame(), "4k4/9/9/9/K8/9/9/9/2DD1DD2[B] w - - 0 1 1/0")
		rulesWantMoves(t, &p, "a5a4", "a5a6", "a5b4", "a5b5", "a5b6")
		q = rulesPlay(t, p, "a5a4")
		require.Equal(t, "4k4/9/9/9/9/K8/9/9/2DD1DD2[] b - - 1 1 1/0", q.FEN())
	})
	t.Run("RathCapturedSendsMantri", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/2r6/9/9/9/9/2H6/9/4K4[] b - - 0 1 0/0")
		q := rulesPlay(t, p, "c8c3")
		require.Equal(t, "4k4/9/9/9/9/9/2r6/9/4K4[B] w - - 0 2 1/0", q.FEN())
		// c1 is attacked by the Gaj but free: arrival allowed.
		var want []string
		want = append(want, rulesCross([]string{"B@c1", "B@g1"}, "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")...)
		want = append(want, rulesCross([]string{"B@d1"}, "e1d2", "e1e2", "e1f1", "e1f2")...)
		want = append(want, rulesCross([]string{"B@f1"}, "e1d1", "e1d2", "e1e2", "e1f2")...)
		rulesWantMoves(t, &q, want...)
	})
	t.Run("ArrivalBlocksCheckThenCastling", func(t *testing.T) {
		// Gaj a1 checks along the first rank; an arrival on c1 or d1 blocks it
		// and then allows K-i castling in the same turn.
		p := mustFEN(t, DurgGame(), "k8/9/9/9/9/9/9/9/r3K3R[B] w K - 0 1 1/0")
		require.True(t, p.InCheck())
		gaj := []string{"i1f1", "i1g1", "i1h1", "i1i2", "i1i3", "i1i4", "i1i5", "i1i6", "i1i7", "i1i8", "i1i9"}
		var want []string
		want = append(want, rulesCross([]string{"B@c1"}, append(gaj, "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1")...)...)
		want = append(want, rulesCross([]string{"B@d1"}, append(gaj, "e1d2", "e1e2", "e1f1", "e1f2", "e1g1")...)...)
		want = append(want, rulesCross([]string{"B@f1", "B@g1"}, "e1d2", "e1e2", "e1f2")...)
		rulesWantMoves(t, &p, want...)
		// Without the arrival: in check, no castling.
		p = mustFEN(t, DurgGame(), "k8/9/9/9/9/9/9/9/r3K3R[] w K - 0 1 0/0")
		rulesWantMoves(t, &p, "e1d2", "e1e2", "e1f2")
	})
}

func TestDurgRajaCall(t *testing.T) {
	t.Run("AvailableWithFourFallenOnlyOnce", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/9/9/9/P8/4K4[Q] w - - 5 1 4/0")
		rulesWantMoves(t, &p,
			"Q@c1", "Q@d1", "Q@f1", "Q@g1", "a2a3", "a2a4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
		q := rulesPlay(t, p, "Q@d1")
		require.Equal(t, "4k4/9/9/9/9/9/9/P8/3QK4[] b - - 6 1 4/0", q.FEN())
		require.False(t, q.CallAvailable(White))
		q = rulesPlay(t, q, "e9e8")
		rulesWantMoves(t, &q,
			"a2a3", "a2a4",
			"d1a1", "d1a4", "d1b1", "d1b3", "d1c1", "d1c2",
			"d1d2", "d1d3", "d1d4", "d1d5", "d1d6", "d1d7", "d1d8", "d1d9",
			"d1e2", "d1f3", "d1g4", "d1h5", "d1i6",
			"e1d2", "e1e2", "e1f1", "e1f2")
	})
	t.Run("NotWithThreeFallen", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/9/9/9/P8/4K4[] w - - 0 1 3/0")
		rulesWantMoves(t, &p, "a2a3", "a2a4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
		_, err := ParseFEN(DurgGame(), "4k4/9/9/9/9/9/9/P8/4K4[Q] w - - 0 1 3/0")
		require.Error(t, err)
	})
	t.Run("FourthFallMakesItAvailable", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/r8/9/9/9/9/9/9/N3K4[] b - - 0 1 3/0")
		q := rulesPlay(t, p, "a8a1")
		require.Equal(t, "4k4/9/9/9/9/9/9/9/r3K4[Q] w - - 0 2 4/0", q.FEN())
		require.True(t, q.CallAvailable(White))
		require.False(t, q.CallAvailable(Black))
	})
	// RULES.md, the call with brackets: Q in them means the call is there,
	// a set-up Rani on the board or not; without Q it never comes.
	t.Run("BracketQWithARaniOnTheBoard", func(t *testing.T) {
		const fen = "4k4/9/9/9/9/9/9/9/Q3K4[Q] w - - 0 1 4/0"
		p := mustFEN(t, DurgGame(), fen)
		require.Equal(t, fen, p.FEN())
		require.True(t, p.CallAvailable(White))
		q := rulesPlay(t, p, "Q@d1")
		require.False(t, q.CallAvailable(White))
	})
	t.Run("NoBracketQWithARaniOnTheBoardNeverComes", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/r8/9/9/9/9/9/9/N3K3Q[] b - - 0 1 3/0")
		q := rulesPlay(t, p, "a8a1")
		require.Equal(t, "4k4/9/9/9/9/9/9/9/r3K3Q[] w - - 0 2 4/0", q.FEN())
		require.False(t, q.CallAvailable(White))
	})
	t.Run("NotInCheck", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "k8/9/9/9/4r4/9/9/9/4K4[Q] w - - 0 1 4/0")
		rulesWantMoves(t, &p, "e1d1", "e1d2", "e1f1", "e1f2")
	})
	t.Run("AfterArrivalThatBlocksCheck", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "k8/9/9/9/9/9/9/9/r3K4[BQ] w - - 0 1 4/0")
		var want []string
		want = append(want, rulesCross([]string{"B@c1"}, "Q@d1", "Q@f1", "Q@g1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")...)
		want = append(want, rulesCross([]string{"B@d1"}, "Q@c1", "Q@f1", "Q@g1", "e1d2", "e1e2", "e1f1", "e1f2")...)
		want = append(want, rulesCross([]string{"B@f1", "B@g1"}, "e1d2", "e1e2", "e1f2")...)
		rulesWantMoves(t, &p, want...)
		q := rulesPlay(t, p, "B@c1,Q@g1")
		require.Equal(t, "k8/9/9/9/9/9/9/9/r1B1K1Q2[] b - - 1 1 4/0", q.FEN())
	})
	t.Run("RaniOnD1KeepsCastling", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/9/9/9/9/R3K4[Q] w Q - 0 1 5/0")
		q := rulesPlay(t, p, "Q@d1")
		require.Equal(t, "4k4/9/9/9/9/9/9/9/R2QK4[] b Q - 1 1 5/0", q.FEN())
	})
}

func TestDurgFENHoldingsAndFallenDefaults(t *testing.T) {
	cases := []struct{ in, want string }{
		// brackets and counts left out: no waiting, counts from the board
		{"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR w KQkq - 0 1",
			"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0"},
		// clocks left out too
		{"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR w KQkq -",
			"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0"},
		// White misses an Ashva
		{"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R1H1K1HNR w KQkq - 0 1",
			"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R1H1K1HNR[] w KQkq - 0 1 1/0"},
		// 5 and 6 missing: both may call
		{"4k4/9/9/9/9/9/9/9/R3K4 w Q - 0 1", "4k4/9/9/9/9/9/9/9/R3K4[Qq] w Q - 0 1 5/6"},
		// a Rani on the board: that side's call is made
		{"4k4/9/9/9/9/9/9/9/Q3K4 b - - 0 1", "4k4/9/9/9/9/9/9/9/Q3K4[q] b - - 0 1 6/6"},
		// holdings in any order in, canonical order out
		{"4k4/9/9/9/9/9/9/9/4K4[qbQB] w - - 0 1 4/4", "4k4/9/9/9/9/9/9/9/4K4[BQbq] w - - 0 1 4/4"},
		// explicit [] with 4 or more fallen: the call has been made
		{"4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 6/6", "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 6/6"},
	}
	for _, c := range cases {
		p := mustFEN(t, DurgGame(), c.in)
		require.Equal(t, c.want, p.FEN(), c.in)
	}
	p := mustFEN(t, DurgGame(), "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 6/6")
	require.False(t, p.CallAvailable(White))
	require.False(t, p.CallAvailable(Black))
}

func TestDurgHalfmoveClock(t *testing.T) {
	t.Run("ArrivalDoesNotReset", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/K8/9/9/9/9[B] w - - 7 1 1/0")
		q := rulesPlay(t, p, "B@c1,a5a4")
		require.Equal(t, "4k4/9/9/9/9/K8/9/9/2B6[] b - - 8 1 1/0", q.FEN())
	})
	t.Run("CallDoesNotReset", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/K8/9/9/9/9[Q] w - - 7 1 4/0")
		q := rulesPlay(t, p, "Q@c1")
		require.Equal(t, "4k4/9/9/9/K8/9/9/9/2Q6[] b - - 8 1 4/0", q.FEN())
	})
	t.Run("SipahiMoveResets", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "4k4/9/9/9/K8/9/9/4P4/9[] w - - 7 1 0/0")
		q := rulesPlay(t, p, "e2e4")
		require.Equal(t, "4k4/9/9/9/K8/4P4/9/9/9[] b - - 0 1 0/0", q.FEN())
		q = rulesPlay(t, q, "e9e8")
		require.Equal(t, "9/4k4/9/9/K8/4P4/9/9/9[] w - - 1 2 0/0", q.FEN())
	})
	t.Run("ZoneKillResets", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4d4/R2n5/9/9/4K4[] w - - 7 1 0/0")
		q := rulesPlay(t, p, "a4d4")
		require.Equal(t, 0, q.HalfmoveClock())
	})
	t.Run("DurgCaptureResets", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "8k/9/9/9/4d4/9/9/2N1R4/4K4[] w - - 3 1 0/0")
		q := rulesPlay(t, p, "e2e5")
		require.Equal(t, 0, q.HalfmoveClock())
	})
}

func TestDurgGameEnd(t *testing.T) {
	t.Run("Checkmate", func(t *testing.T) {
		p := mustFEN(t, DurgGame(), "r7k/9/9/9/9/9/9/2d6/K8[] w - - 0 1 0/0")
		require.Equal(t, Verdict{Termination: Checkmate, Winner: BlackWon}, p.Verdict(30))
		// Mate on the ply that completes the move rule still wins.
		p = mustFEN(t, DurgGame(), "r7k/9/9/9/9/9/9/2d6/K8[] w - - 60 90 0/0")
		require.Equal(t, Verdict{Termination: Checkmate, Winner: BlackWon}, p.Verdict(30))
	})
	t.Run("StalemateIsDraw", func(t *testing.T) {
		// Ka1: b1 b2 are attacked by the Raja c2, a2 by the Mantri c4.
		p := mustFEN(t, DurgGame(), "9/8p/9/9/9/2b6/9/2k6/K8[] w - - 0 1 0/0")
		rulesWantMoves(t, &p)
		require.Equal(t, Verdict{Termination: Stalemate}, p.Verdict(30))
		// Boxed in by a zone: b1 b2 in the zone of c2, a2 covered by e6.
		p = mustFEN(t, DurgGame(), "8k/8p/9/4b4/9/9/9/2d6/K8[] w - - 0 1 0/0")
		rulesWantMoves(t, &p)
		require.Equal(t, Verdict{Termination: Stalemate}, p.Verdict(30))
	})
	t.Run("ThreefoldRepetition", func(t *testing.T) {
		g := NewGame(DurgGame().StartPosition())
		require.Equal(t, 30, g.MoveRule)
		moves := []string{"b1c3", "b9c7", "c3b1", "c7b9", "b1c3", "b9c7", "c3b1", "c7b9"}
		for i, s := range moves {
			require.Equal(t, Ongoing, g.Verdict().Result(), "before ply %d", i+1)
			m, err := g.Position().ParseMove(s)
			require.NoError(t, err)
			g.Play(m)
		}
		require.Equal(t, Verdict{Termination: Repetition}, g.Verdict())
	})
	t.Run("MoveRule30", func(t *testing.T) {
		require.Equal(t, 30, DurgGame().defaultMoveRule)
		p := mustFEN(t, DurgGame(), "r3k4/9/9/9/9/9/9/9/R3K4[] w - - 60 40 0/0")
		require.Equal(t, MoveRuleReached, p.Verdict(30).Termination)
		require.Equal(t, Ongoing, p.Verdict(0).Result())
		require.Equal(t, MoveRuleReached, NewGame(p).Verdict().Termination)
		p = mustFEN(t, DurgGame(), "r3k4/9/9/9/9/9/9/9/R3K4[] w - - 59 40 0/0")
		require.Equal(t, Ongoing, p.Verdict(30).Result())
		// The last quiet ply reaches 60.
		q := rulesPlay(t, p, "a1b1")
		require.Equal(t, 60, q.HalfmoveClock())
		require.Equal(t, MoveRuleReached, q.Verdict(30).Termination)
	})
	t.Run("InsufficientMaterial", func(t *testing.T) {
		cases := []struct {
			name, fen string
			dead      bool
		}{
			{"BareRajas", "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 6/6", true},
			{"DurgsDoNotCount", "4k4/9/1d7/9/9/9/7D1/9/4K4[] w - - 0 1 6/6", true},
			{"OneAshva", "4k4/9/9/9/9/9/9/9/1N2K4[] w - - 0 1 6/6", true},
			{"OneMantri", "4k4/9/9/9/9/9/9/9/2B1K4[] w - - 0 1 6/6", true},
			{"MantriEachSameColour", "2b1k4/9/9/9/9/9/9/9/2B1K4[] w - - 0 1 6/6", true},      // c1, c9
			{"MantriEachOppositeColours", "3bk4/9/9/9/9/9/9/9/2B1K4[] w - - 0 1 6/6", false}, // c1 light, d9 dark
			{"TwoMantrisOneSide", "4k4/9/9/9/9/9/9/9/2B1K1B2[] w - - 0 1 6/6", false},
			{"TwoAshvas", "1n2k4/9/9/9/9/9/9/9/1N2K4[] w - - 0 1 6/6", false},
			{"CallAvailable", "4k4/9/9/9/9/9/9/9/4K4[Q] w - - 0 1 6/6", false},
			{"MantriWaiting", "4k4/9/9/9/9/9/9/9/4K4[B] w - - 0 1 6/6", false},
			{"Sipahi", "4k4/9/9/9/9/9/9/P8/4K4[] w - - 0 1 6/6", false},
			{"Rath", "4k4/9/9/9/9/9/9/9/2H1K4[] w - - 0 1 5/6", false},
			{"Gaj", "4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1 5/6", false},
			{"Rani", "4k4/9/9/9/9/9/9/9/3QK4[] w - - 0 1 6/6", false},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				p := mustFEN(t, DurgGame(), c.fen)
				require.Equal(t, c.dead, p.InsufficientMaterial(), c.fen)
				if c.dead {
					require.Equal(t, Verdict{Termination: InsufficientMaterial}, p.Verdict(30), c.fen)
				} else {
					require.Equal(t, Ongoing, p.Verdict(30).Result(), c.fen)
				}
			})
		}
	})
}

// rulesHasMove reports whether s is among p's legal move strings.
func rulesHasMove(p *Position, s string) bool {
	for _, m := range legalStrings(p) {
		if m == s {
			return true
		}
	}
	return false
}

func TestDurgArrivedMantriFrozen(t *testing.T) {
	// No turn moves a Mantri from the square it arrived on.
	p := mustFEN(t, DurgGame(), "4k4/9/9/9/K8/9/9/9/9[BB] w - - 0 1 2/0")
	for _, s := range legalStrings(&p) {
		parts := strings.Split(s, ",")
		last := parts[len(parts)-1]
		for _, a := range parts[:len(parts)-1] {
			require.False(t, strings.HasPrefix(last, a[2:]), s)
		}
	}
	require.False(t, rulesHasMove(&p, "B@c1,B@d1,c1b2"))
}
