package board

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSANRoundTrip walks seeded random games of every variant and, in every
// position, writes every legal move in SAN and reads it back: the same move
// must come out, no two moves may share a text, and the UCI string must
// read to the same move through the same entry point. It also counts the
// kinds of move the games reached, so a generator change that stops them
// from covering promotions, arrivals and the like fails here.
func TestSANRoundTrip(t *testing.T) {
	games, plies := longOr(t, 30, 10, "random games a variant"), 300
	for _, v := range Variants() {
		t.Run(v.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(13, uint64(len(v.name))))
			seen := map[string]int{}
			moves := 0
			var ml MoveList
			for range games {
				g := NewGame(v.StartPosition())
				for ply := 0; ply < plies && g.Verdict().Result() == Ongoing; ply++ {
					p := g.Position()
					p.GenerateMoves(&ml)
					texts := map[string]bool{}
					for _, m := range ml.Slice() {
						san := p.SAN(m)
						require.False(t, texts[san], "%s written twice in %s", san, p.FEN())
						texts[san] = true
						back, err := p.ParseSAN(san)
						require.NoError(t, err, "%s in %s", san, p.FEN())
						require.Equal(t, p.MoveString(m), p.MoveString(back), "%s in %s", san, p.FEN())
						back, err = p.ParseSAN(p.MoveString(m))
						require.NoError(t, err)
						require.Equal(t, m, back)
						moves++
						countSANKinds(p, m, san, seen)
					}
					g.Play(ml.Moves[rng.IntN(ml.N)])
				}
			}
			t.Logf("%s: %d legal moves round-tripped in %d games; kinds %v", v.name, moves, games, seen)
			want := map[string][]string{
				"chess":      {"capture", "check", "mate", "castle", "promotion", "en passant", "disambiguated"},
				"chaturanga": {"capture", "check", "mate", "promotion", "leap", "disambiguated"},
				"durg":       {"capture", "check", "mate", "castle", "kill both", "arrival", "call", "disambiguated"},
			}[v.name]
			for _, k := range want {
				require.NotZero(t, seen[k], "the random games reached no %s move", k)
			}
		})
	}
}

// countSANKinds tallies what a move is (from the board) and checks that
// its text says so.
func countSANKinds(p *Position, m Move, san string, seen map[string]int) {
	body := san[strings.LastIndexByte(san, ',')+1:]
	tally := func(kind string, is, written bool) {
		if is != written {
			panic(kind + " mark wrong in " + san + " of " + p.FEN())
		}
		if is {
			seen[kind]++
		}
	}
	child := *p
	child.DoMove(m)
	tally("capture", p.IsCapture(m), strings.Contains(body, "x"))
	tally("kill both", p.KillsBoth(m), strings.Contains(body, "xx"))
	tally("check", child.InCheck(), strings.ContainsAny(body, "+#"))
	tally("mate", child.InCheck() && !child.HasLegalMove(), strings.HasSuffix(body, "#"))
	tally("castle", m.IsCastle(), strings.HasPrefix(body, "O-O"))
	tally("promotion", m.kind() == kindPromotion, strings.Contains(body, "="))
	tally("arrival", m.HasArrivals(), strings.Contains(san, ","))
	tally("call", m.IsCall(), strings.Contains(body, "@"))
	if m.IsEnPassant() {
		seen["en passant"]++
	}
	if m.kind() == kindLeap {
		seen["leap"]++
	}
	// Piece letter, destination and marks leave 3 characters for a plain
	// piece move (Nf3); more before the x means a disambiguation.
	core := strings.TrimRight(body, "+#")
	core = strings.Replace(strings.Replace(core, "xx", "", 1), "x", "", 1)
	if p.Moving(m) != Pawn && !m.IsCastle() && !m.IsCall() && len(core) > 3 {
		seen["disambiguated"]++
	}
}

// TestSANKnownChess checks the formatter against SAN from independent
// sources. Each expected text was written by hand by the rules of the PGN
// standard (section 8.2.3: disambiguation among legal moves only, file
// before rank) and agrees with chess.js 1.4.0.
func TestSANKnownChess(t *testing.T) {
	cases := []struct{ fen, uci, san string }{
		// Disambiguation by file, by rank and by both (the three-queens case).
		{"rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3", "b1d2", "Nbd2"},
		{"rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3", "f3d2", "Nfd2"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
		{"4k3/8/2n5/8/8/8/2n5/7K b - - 0 1", "c6b4", "N6b4"},
		{"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1"},
		{"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h1e1", "Q1e1"},
		{"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1", "Qee1"},
		{"4k3/8/8/2n1n3/8/8/8/4K3 b - - 0 1", "c5d3", "Ncd3+"},
		// A pinned knight cannot move, so its twin needs no disambiguation.
		{"4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1", "g1e2", "Ne2"},
		// Castling both ways, for both sides, and with check.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		// Promotion with and without capture, under-promotion, with check.
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q", "e8=Q"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8n", "e8=N"},
		{"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", "exd8=Q+"},
		{"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8r", "e8=R+"},
		{"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n", "exd8=N"},
		// En passant, plain and with check.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"},
		{"8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6+"},
		// Check and mate marks.
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8h4", "Qh4#"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1h8", "Rh8+"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8#"},
		{"1k6/8/8/8/8/8/5PPP/4R1K1 w - - 0 1", "e1e8", "Re8+"},
	}
	for _, c := range cases {
		p := mustFEN(t, Chess(), c.fen)
		m, err := p.ParseMove(c.uci)
		require.NoError(t, err, c.uci)
		require.Equal(t, c.san, p.SAN(m), "%s in %s", c.uci, c.fen)
		back, err := p.ParseSAN(c.san)
		require.NoError(t, err, c.san)
		require.Equal(t, m, back, c.san)
	}
}

// Three famous games as published (the Opera Game, Morphy v Duke Karl and
// Count Isouard, Paris 1858; the Immortal Game, Anderssen v Kieseritzky,
// London 1851; the Evergreen Game, Anderssen v Dufresne, Berlin 1852):
// every move must read and be written back exactly, and each ends in mate.
var famousGames = []string{
	"e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 " +
		"Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
	"e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 " +
		"h4 Qg6 h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 " +
		"Qf6+ Nxf6 Be7#",
	"e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 " +
		"Qxb5 Rb8 Qa4 Bb6 Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 " +
		"Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#",
}

func TestSANFamousGames(t *testing.T) {
	for _, game := range famousGames {
		p := Chess().StartPosition()
		for _, san := range strings.Fields(game) {
			m, err := p.ParseSAN(san)
			require.NoError(t, err, "%s in %s", san, p.FEN())
			require.Equal(t, san, p.SAN(m), p.FEN())
			p.DoMove(m)
		}
		require.Equal(t, Verdict{Termination: Checkmate, Winner: WinnerIs(p.SideToMove() ^ 1)}, p.Verdict(0))
	}
}

// TestSANVariants covers what only chaturanga and durg have; the expected
// texts follow the notation section of RULES.md, the positions are those
// of the rules tests (moves worked out by hand there).
func TestSANVariants(t *testing.T) {
	cases := []struct {
		name string
		v    *Variant
		fen  string
		uci  string
		san  string
	}{
		{"LeapIsAKingMove", Chaturanga(), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1", "e1d3", "Kd3"},
		{"PromotionForced", Chaturanga(), "r2k4/1P4pp/8/8/8/8/6PP/R3K3 w Kk - 0 1", "b7b8n", "b8=N"},
		{"PromotionCaptureCheck", Chaturanga(), "r2k4/1P4pp/8/8/8/8/6PP/R3K3 w Kk - 0 1", "b7a8r", "bxa8=R+"},
		{"Mate", Chaturanga(), "k7/2K4p/8/8/8/8/8/1R6 w - - 0 1", "b1a1", "Ra1#"},
		{"StalemateWinUnmarked", Chaturanga(), "k7/2K5/8/p1Q5/P7/8/8/8 w - - 0 1", "c5b6", "Qb6"},
		{"BareRajaUnmarked", Chaturanga(), "k7/2K5/1Q6/8/8/7p/8/7R w - - 0 1", "h1h3", "Rxh3"},
		{"ZoneKill", DurgGame(), "8k/9/9/9/4d4/R2n5/9/9/4K4[] w - - 7 1 0/0", "a4d4", "Rxxd4"},
		{"ZoneKillBySipahi", DurgGame(), "8k/9/9/9/4d4/3p5/2P6/9/4K4[] w - - 0 1 0/0", "c3d4", "cxxd4"},
		{"OwnZoneCaptureIsPlain", DurgGame(), "8k/9/9/9/9/R2n5/4D4/9/4K4[] w - - 0 1 0/0", "a4d4", "Rxd4"},
		{"RathZoneKill", DurgGame(), "8k/9/9/9/4d4/3h5/2H6/9/4K4[] w - - 0 1 0/0", "c3d4", "Hxxd4"},
		{"Arrival", DurgGame(), "4k4/9/9/9/K8/9/9/4P4/9[B] w - - 0 1 1/0", "B@d1,e2e3", "B@d1,e3"},
		{"TwoArrivals", DurgGame(), "4k4/9/9/9/K8/9/9/9/9[BB] w - - 0 1 2/0", "B@c1,B@f1,a5a4", "B@c1,B@f1,Ka4"},
		{"ArrivalThenCastling", DurgGame(), "k8/9/9/9/9/9/9/9/r3K3R[B] w K - 0 1 1/0", "B@c1,e1g1", "B@c1,O-O"},
		{"Call", DurgGame(), "4k4/9/9/9/9/9/9/P8/4K4[Q] w - - 5 1 4/0", "Q@d1", "Q@d1"},
		{"CallAfterArrival", DurgGame(), "k8/9/9/9/9/9/9/9/r3K4[BQ] w - - 0 1 4/0", "B@c1,Q@g1", "B@c1,Q@g1"},
		{"CastlingLong", DurgGame(), "r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R3K3R[] w KQkq - 0 1 0/0", "e1c1", "O-O-O"},
		{"CastlingShort", DurgGame(), "r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R3K3R[] b KQkq - 0 1 0/0", "e9g9", "O-O"},
		{"Mate", DurgGame(), "1r6k/9/9/9/9/9/9/2d6/K8[] b - - 0 1 0/0", "b9a9", "Ra9#"},
		{"RathLetter", DurgGame(), "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0", "c1d1", "Hd1"},
	}
	for _, c := range cases {
		t.Run(c.v.name+c.name, func(t *testing.T) {
			p := mustFEN(t, c.v, c.fen)
			m, err := p.ParseMove(c.uci)
			require.NoError(t, err, c.uci)
			require.Equal(t, c.san, p.SAN(m))
			back, err := p.ParseSAN(c.san)
			require.NoError(t, err)
			require.Equal(t, m, back)
		})
	}
}

// TestParseSANLenient: the forms other tools write are read too.
func TestParseSANLenient(t *testing.T) {
	cases := []struct {
		v        *Variant
		fen      string
		in, want string // want in UCI
	}{
		{Chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1"},
		{Chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{Chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O+", "e1g1"}, // a wrong mark is ignored
		{Chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1g1"},
		{Chess(), "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8Q", "e7e8q"},
		{Chess(), "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8q", "e7e8q"},
		{Chess(), "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=N!?", "e7e8n"},
		{Chess(), "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q", "e7e8q"},
		{Chess(), "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8Q", "e7e8q"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Ng1f3", "g1f3"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Ng1-f3", "g1f3"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Ngf3", "g1f3"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Pe4", "e2e4"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", " e4 ", "e2e4"},
		{Chess(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6 e.p.", "e5d6"},
		{Chess(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "ed6", "e5d6"},
		{Chess(), "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "Qh4", "d8h4"},
		{Chaturanga(), "r2k4/1P4pp/8/8/8/8/6PP/R3K3 w Kk - 0 1", "b8", "b7b8n"},
		{Chaturanga(), "r2k4/1P4pp/8/8/8/8/6PP/R3K3 w Kk - 0 1", "bxa8", "b7a8r"},
		{DurgGame(), "8k/9/9/9/4d4/R2n5/9/9/4K4[] w - - 7 1 0/0", "Rxd4", "a4d4"}, // the kill mark is optional
		{DurgGame(), "4k4/9/9/9/K8/9/9/9/9[BB] w - - 0 1 2/0", "B@f1,B@c1,Ka4", "B@c1,B@f1,a5a4"},
	}
	for _, c := range cases {
		p := mustFEN(t, c.v, c.fen)
		m, err := p.ParseSAN(c.in)
		require.NoError(t, err, c.in)
		require.Equal(t, c.want, p.MoveString(m), c.in)
	}
}

// TestParseSANErrors: a clear message for what cannot be read or played.
func TestParseSANErrors(t *testing.T) {
	cases := []struct {
		v       *Variant
		fen     string
		in, msg string
	}{
		{Chess(), "rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3", "Nd2", `ambiguous move "Nd2": it could be Nbd2 or Nfd2`},
		{Chess(), "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qhe1", `ambiguous move "Qhe1"`},
		{Chess(), "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8", "must name the piece"},
		{Chess(), "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=K", "K is not a piece to promote to"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nf6", "not a legal move"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nxf3", "nothing to capture on f3"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Zf3", "unknown piece letter Z (this game uses PNBRQK)"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Ni9", `"i9" is not a square of the 8x8 board`},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "O-O", "castling that way is not allowed"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Q@d4", "illegal move Q@d4"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "B@c1,e4", "not an arrival"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "expected a move"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nzzf3", `cannot read "zz"`},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "--", "a null move is not a turn"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "N", "expected a destination"},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nf3-", `"3-" is not a square`},
		{Chess(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e5", "illegal move e2e5"},
		{Chess(), "4k3/8/8/8/8/8/8/4K2R b K - 0 1", "Rh4", "black has no R on the board"},
		{Chess(), "4k3/8/8/8/4r3/8/8/4K3 w - - 0 1", "Ke2", "it does not answer the check"},
		{DurgGame(), "8k/9/9/9/9/R2n5/4D4/9/4K4[] w - - 0 1 0/0", "Rxxd4", "not a legal move"}, // own zone: no kill
		{DurgGame(), "4k4/9/9/9/K8/9/9/4P4/9[B] w - - 0 1 1/0", "e3", "a waiting Mantri must arrive first"},
		{DurgGame(), "4k4/9/9/9/K8/9/9/4P4/9[B] w - - 0 1 1/0", "B@e1,e3", "only on c, d, f or g"},
		{DurgGame(), "4k4/9/9/9/9/9/9/P8/4K4[] w - - 0 1 3/0", "Q@d1", "illegal move Q@d1"},
		{DurgGame(), "4k4/9/9/9/9/9/9/P8/4K4[] w - - 0 1 3/0", "Q@d1+", "the Rani cannot be called to d1 now"},
		{Chaturanga(), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1", "O-O", "chaturanga has no castling"},
	}
	for _, c := range cases {
		p := mustFEN(t, c.v, c.fen)
		_, err := p.ParseSAN(c.in)
		require.ErrorContains(t, err, c.msg, "%q in %s", c.in, c.fen)
	}
}

// FuzzParseSAN: no string panics, and an accepted one names a legal move
// whose SAN reads back to it.
func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "exd6", "e8=Q", "e8q", "O-O-O", "0-0", "Qh4e1", "Nxxc3",
		"B@d1,e3", "B@c1,B@f1,Hg3", "Q@d1", "bxa8=R+", "Kd3", "e2e4", "--", "x", "=Q", "B@,", "Rxxd4#"} {
		for w := range uint8(5) {
			f.Add(s, w)
		}
	}
	positions := []struct {
		v   *Variant
		fen string
	}{
		{Chess(), "r3k2r/1P4pp/8/3pP3/8/8/6PP/R3K2R w KQkq d6 0 1"},
		{Chess(), "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1"},
		{Chaturanga(), "r2k4/1P4pp/8/8/8/8/6PP/R3K3 w Kk - 0 1"},
		{DurgGame(), "r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPP1PPPP/R3K3R[BBQ] w KQkq - 0 1 5/0"},
		{DurgGame(), "8k/9/9/9/4d4/R2n5/9/9/4K4[] w - - 7 1 0/0"},
	}
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		pos := positions[int(which)%len(positions)]
		p, err := ParseFEN(pos.v, pos.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseSAN(s)
		if err != nil {
			return
		}
		back, err := p.ParseSAN(p.SAN(m))
		if err != nil || back != m {
			t.Fatalf("%q -> %q -> %v (%v)", s, p.SAN(m), back, err)
		}
	})
}
