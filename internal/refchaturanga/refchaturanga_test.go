package refchaturanga

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// Plain testing only: testify's own dependencies are not in go.sum, and this
// package must not touch go.mod/go.sum.

func mustFEN(t *testing.T, fen string) Position {
	t.Helper()
	p, err := FromFEN(fen)
	if err != nil {
		t.Fatalf("FromFEN(%q): %v", fen, err)
	}
	return p
}

func mustPlay(t *testing.T, p Position, moves ...string) Position {
	t.Helper()
	for _, m := range moves {
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("Play(%q) in %s: %v", m, p.FEN(), err)
		}
		p = q
	}
	return p
}

func wantMoves(t *testing.T, p Position, want ...string) {
	t.Helper()
	got := p.LegalMoves()
	if want == nil {
		want = []string{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("LegalMoves of %s\n got %v\nwant %v", p.FEN(), got, want)
	}
}

// movesFrom returns the legal moves that start on square sq.
func movesFrom(p Position, sq string) []string {
	out := []string{}
	for _, m := range p.LegalMoves() {
		if strings.HasPrefix(m, sq) {
			out = append(out, m)
		}
	}
	return out
}

func has(moves []string, m string) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

func wantFEN(t *testing.T, p Position, want string) {
	t.Helper()
	if got := p.FEN(); got != want {
		t.Errorf("FEN\n got %s\nwant %s", got, want)
	}
}

func TestStartPosition(t *testing.T) {
	p := mustFEN(t, StartFEN)
	wantFEN(t, p, StartFEN)
	// 8 single Padati steps (no double step), 4 Ashva, 4 Gaja (jumping
	// over the Padati on b2/d2/e2/g2), 2 Raja leaps; Mantri, Raja steps and
	// Rathas are blocked.
	wantMoves(t, p,
		"a2a3", "b1a3", "b1c3", "b2b3", "c1a3", "c1e3", "c2c3", "d2d3",
		"e1d3", "e1f3", "e2e3", "f1d3", "f1h3", "f2f3", "g1f3", "g1h3",
		"g2g3", "h2h3")
	b := mustPlay(t, p, "e2e3")
	wantMoves(t, b,
		"a7a6", "b7b6", "b8a6", "b8c6", "c7c6", "c8a6", "c8e6", "d7d6",
		"d8c6", "d8e6", "e7e6", "f7f6", "f8d6", "f8h6", "g7g6", "g8f6",
		"g8h6", "h7h6")
	if r := p.Result(); r != "" {
		t.Errorf("start Result = %q, want \"\"", r)
	}
}

func TestNoDoubleStep(t *testing.T) {
	p := mustFEN(t, StartFEN)
	for _, m := range []string{"e2e4", "a2a4", "h2h4"} {
		if _, err := p.Play(m); err == nil {
			t.Errorf("double step %s accepted", m)
		}
	}
	// A Padati whose square ahead is occupied has no move (and there is
	// no en passant to speak of).
	q := mustFEN(t, "3k4/8/8/8/8/4p3/4P3/K7 w - - 0 1")
	if got := movesFrom(q, "e2"); len(got) != 0 {
		t.Errorf("blocked Padati moves: %v", got)
	}
}

func TestLeapAvailableAndCaptures(t *testing.T) {
	// Black Padati c2 guards b1 and d1. White may leap to c2 capturing it.
	p := mustFEN(t, "3k4/8/8/8/8/8/P1p5/4K3 w K - 0 1")
	wantMoves(t, p, "a2a3", "e1c2", "e1d2", "e1d3", "e1e2", "e1f1", "e1f2", "e1f3", "e1g2")
	q := mustPlay(t, p, "e1c2")
	wantFEN(t, q, "3k4/8/8/8/8/8/P1K5/8 b - - 0 1")

	// Without the right: only steps.
	p = mustFEN(t, "3k4/8/8/8/8/8/P1p5/4K3 w - - 0 1")
	wantMoves(t, p, "a2a3", "e1d2", "e1e2", "e1f1", "e1f2")

	// The leap from the start position uses up the right.
	s := mustPlay(t, mustFEN(t, StartFEN), "e1d3")
	wantFEN(t, s, "rnbkqbnr/pppppppp/8/8/8/3K4/PPPPPPPP/RNBQ1BNR b k - 1 1")
}

func TestLeapSurvivesSteps(t *testing.T) {
	p := mustFEN(t, "3k4/8/8/8/8/8/P7/4K3 w Kk - 0 1")
	p = mustPlay(t, p, "e1e2")
	wantFEN(t, p, "3k4/8/8/8/8/8/P3K3/8 b Kk - 1 1")
	p = mustPlay(t, p, "d8d7")
	wantFEN(t, p, "8/3k4/8/8/8/8/P3K3/8 w Kk - 2 2")
	for _, m := range []string{"e2c1", "e2c3", "e2d4", "e2f4", "e2g3", "e2g1"} {
		if !has(p.LegalMoves(), m) {
			t.Errorf("leap %s missing after ordinary steps", m)
		}
	}
	// Black still has it too.
	p = mustPlay(t, p, "a2a3")
	for _, m := range []string{"d7b8", "d7b6", "d7c5", "d7e5", "d7f6", "d7f8"} {
		if !has(p.LegalMoves(), m) {
			t.Errorf("black leap %s missing", m)
		}
	}
}

func TestLeapLostByCheck(t *testing.T) {
	// Black's Ratha checks White's Raja: White's right is gone for good.
	p := mustFEN(t, "3k3r/8/8/8/8/8/P7/4K3 b Kk - 0 1")
	p = mustPlay(t, p, "h8h1")
	wantFEN(t, p, "3k4/8/8/8/8/8/P7/4K2r w k - 1 2")
	// In check: no leap (the leap never escapes check).
	for _, m := range p.LegalMoves() {
		if strings.HasPrefix(m, "e1") && (m[2] == 'c' || m[2] == 'g' || m[3] == '3') {
			t.Errorf("leap %s generated while in check", m)
		}
	}
	p = mustPlay(t, p, "e1e2", "d8c8")
	wantFEN(t, p, "2k5/8/8/8/8/8/P3K3/7r w k - 3 3")
	for _, m := range []string{"e2c1", "e2c3", "e2d4", "e2f4", "e2g3", "e2g1"} {
		if has(p.LegalMoves(), m) {
			t.Errorf("leap %s available after having been in check", m)
		}
	}

	// A FEN whose side to move is in check has lost its right, whatever
	// the field says.
	q := mustFEN(t, "3k4/8/8/8/8/8/P7/4K2r w Kk - 0 1")
	wantFEN(t, q, "3k4/8/8/8/8/8/P7/4K2r w k - 0 1")
	wantMoves(t, q, "e1d2", "e1e2", "e1f2")

	// Discovered check by a leap: the checked side loses its right, the
	// leaper loses his by using it.
	r := mustFEN(t, "4k3/8/8/8/8/8/4K3/4R3 w Kk - 0 1")
	r = mustPlay(t, r, "e2c3")
	wantFEN(t, r, "4k3/8/8/8/8/2K5/8/4R3 b - - 1 1")
}

func TestLeapIsNotAnAttack(t *testing.T) {
	// White leaps to c2, a knight's move from the black Raja on b4: no
	// check, Black keeps his right.
	p := mustFEN(t, "8/8/8/8/1k6/8/7P/4K3 w Kk - 0 1")
	p = mustPlay(t, p, "e1c2")
	wantFEN(t, p, "8/8/8/8/1k6/8/2K4P/8 b k - 1 1")

	// The leap never takes a Raja, and a Raja may stand on a White leap
	// square. d2, e2 and c2 touch the black Raja on d3.
	q := mustFEN(t, "8/8/8/8/8/3k4/7P/4K3 w K - 0 1")
	wantMoves(t, q, "e1d1", "e1f1", "e1f2", "e1f3", "e1g2", "h2h3")

	// Black may step onto squares a White leap could reach.
	r := mustFEN(t, "8/8/8/8/4k3/8/P7/4K3 b K - 0 1")
	wantMoves(t, r, "e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5")
}

func TestLeapNotOntoAttackedSquare(t *testing.T) {
	// Black Ratha a3 sweeps rank 3: d3 and f3 are attacked.
	p := mustFEN(t, "3k4/8/8/8/8/r7/P7/4K3 w K - 0 1")
	wantMoves(t, p, "e1c2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g2")
}

func TestGaja(t *testing.T) {
	// Gaja d4 jumps two squares diagonally over own Padati c3 and e5,
	// captures on b6; it never moves one or three squares.
	p := mustFEN(t, "3k4/8/1p6/4P3/3B4/2P5/8/4K3 w - - 0 1")
	if got := movesFrom(p, "d4"); !reflect.DeepEqual(got, []string{"d4b2", "d4b6", "d4f2", "d4f6"}) {
		t.Errorf("Gaja moves %v", got)
	}
	// Gaja f6 attacks d8 over the Padati on e7: Black (not to move) would
	// be in check, so the FEN is invalid; with Black to move he is in check.
	if _, err := FromFEN("3k4/4p3/5B2/8/8/8/8/4K3 w - - 0 1"); err == nil {
		t.Errorf("Gaja check over a piece not seen")
	}
	q := mustFEN(t, "3k4/4p3/5B2/8/8/8/8/4K3 b k - 0 1")
	wantFEN(t, q, "3k4/4p3/5B2/8/8/8/8/4K3 b - - 0 1")
}

func TestMantriAndAshva(t *testing.T) {
	p := mustFEN(t, "3k4/8/8/8/3Q4/8/8/N3K3 w - - 0 1")
	if got := movesFrom(p, "d4"); !reflect.DeepEqual(got, []string{"d4c3", "d4c5", "d4e3", "d4e5"}) {
		t.Errorf("Mantri moves %v", got)
	}
	if got := movesFrom(p, "a1"); !reflect.DeepEqual(got, []string{"a1b3", "a1c2"}) {
		t.Errorf("Ashva moves %v", got)
	}
}

func TestPromotionTypeAndRefusal(t *testing.T) {
	// d8 would be a Raja: never. Capture on c8 gives a Gaja, on e8 a Mantri.
	q := mustFEN(t, "2r1b2k/3P4/8/8/8/8/8/4K3 w - - 0 1")
	if got := movesFrom(q, "d7"); !reflect.DeepEqual(got, []string{"d7c8b", "d7e8q"}) {
		t.Errorf("d7 Padati moves %v", got)
	}
	r := mustPlay(t, q, "d7c8b")
	wantFEN(t, r, "2B1b2k/8/8/8/8/8/8/4K3 b - - 0 1")

	// A capture onto d8 is refused too.
	s := mustFEN(t, "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1")
	if got := movesFrom(s, "e7"); !reflect.DeepEqual(got, []string{"e7e8q"}) {
		t.Errorf("e7 Padati moves %v", got)
	}
	// With a Mantri on the board, e8 is closed as well.
	u := mustFEN(t, "3r3k/4P3/8/8/8/8/8/3QK3 w - - 0 1")
	if got := movesFrom(u, "e7"); len(got) != 0 {
		t.Errorf("e7 Padati moves with Mantri on board: %v", got)
	}

	// Black: e1 would be a Raja; d1 a Mantri; b1 an Ashva.
	b := mustFEN(t, "4k3/8/8/8/8/8/4p3/K2R4 b - - 0 1")
	if got := movesFrom(b, "e2"); !reflect.DeepEqual(got, []string{"e2d1q"}) {
		t.Errorf("e2 black Padati moves %v", got)
	}
	c := mustFEN(t, "4k3/8/8/8/8/8/1p6/7K b - - 0 1")
	if got := movesFrom(c, "b2"); !reflect.DeepEqual(got, []string{"b2b1n"}) {
		t.Errorf("b2 black Padati moves %v", got)
	}
	wantFEN(t, mustPlay(t, c, "b2b1n"), "4k3/8/8/8/8/8/8/1n5K w - - 0 2")

	// A Padati move without (or with a wrong) suffix is not a move.
	for _, m := range []string{"d7c8", "d7c8q", "d7d8", "d7d8k", "d7e8b"} {
		if _, err := q.Play(m); err == nil {
			t.Errorf("Play(%q) accepted", m)
		}
	}
}

func TestPromotionOnlyAfterLoss(t *testing.T) {
	// Two Rathas on the board: a7a8 is refused.
	p := mustFEN(t, "8/P7/6k1/8/8/8/8/R3K2R w - - 0 1")
	if got := movesFrom(p, "a7"); len(got) != 0 {
		t.Errorf("a7 moves with two Rathas: %v", got)
	}
	// One Ratha left: promotion to Ratha.
	q := mustFEN(t, "8/P7/7k/8/8/8/8/R3K3 w - - 0 1")
	if got := movesFrom(q, "a7"); !reflect.DeepEqual(got, []string{"a7a8r"}) {
		t.Errorf("a7 moves with one Ratha: %v", got)
	}
	wantFEN(t, mustPlay(t, q, "a7a8r"), "R7/8/7k/8/8/8/8/R3K3 b - - 0 1")

	// Ashva: two on the board -> g8 refused; one -> allowed.
	n2 := mustFEN(t, "k7/6P1/8/8/8/8/8/1N2K1N1 w - - 0 1")
	if got := movesFrom(n2, "g7"); len(got) != 0 {
		t.Errorf("g7 moves with two Ashvas: %v", got)
	}
	n1 := mustFEN(t, "k7/6P1/8/8/8/8/8/1N2K3 w - - 0 1")
	if got := movesFrom(n1, "g7"); !reflect.DeepEqual(got, []string{"g7g8n"}) {
		t.Errorf("g7 moves with one Ashva: %v", got)
	}
}

func TestPromotionAfterCapture(t *testing.T) {
	// White holds two Rathas: a7a8 is closed.
	w := mustFEN(t, "6k1/P7/8/8/8/8/1p2K3/R6R w - - 0 1")
	if got := movesFrom(w, "a7"); len(got) != 0 {
		t.Errorf("a7 moves with two Rathas: %v", got)
	}
	// Black takes the a1 Ratha, promoting to a Ratha himself (he has none);
	// then a8 is open for White.
	p := mustFEN(t, "6k1/P7/8/8/8/8/1p2K3/R6R b - - 0 1")
	if got := movesFrom(p, "b2"); !reflect.DeepEqual(got, []string{"b2a1r", "b2b1n"}) {
		t.Errorf("b2 black Padati moves %v", got)
	}
	q := mustPlay(t, p, "b2a1r")
	wantFEN(t, q, "6k1/P7/8/8/8/8/4K3/r6R w - - 0 2")
	if got := movesFrom(q, "a7"); !reflect.DeepEqual(got, []string{"a7a8r"}) {
		t.Errorf("a7 moves after a Ratha was lost: %v", got)
	}
}

func TestGameEnd(t *testing.T) {
	cases := []struct {
		name, fen, want string
	}{
		{"start", StartFEN, ""},
		{"stalemated side wins", "k7/2K5/1Q6/8/8/7p/7P/8 b - - 0 1", "0-1"},
		{"stalemated White wins", "8/7p/7P/8/8/1q6/2k5/K7 w - - 0 1", "1-0"},
		{"checkmate", "k7/2K5/8/8/8/7p/7P/R7 b - - 0 1", "1-0"},
		{"bare black Raja", "k7/8/8/8/8/8/8/1R2K3 w - - 0 1", "1-0"},
		{"bare white Raja", "k7/8/8/8/8/8/8/r3K3 w - - 0 1", "0-1"},
		{"bare and stalemated: bare first", "k7/2K5/1Q6/8/8/8/8/8 b - - 0 1", "1-0"},
		{"both bare", "k7/8/8/8/8/8/8/4K3 w - - 0 1", "1/2-1/2"},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		if got := p.Result(); got != c.want {
			t.Errorf("%s: Result(%s) = %q, want %q", c.name, c.fen, got, c.want)
		}
	}
	// Baring by a capture ends the game at once.
	p := mustFEN(t, "k7/8/8/8/8/8/p7/R3K3 w - - 0 1")
	p = mustPlay(t, p, "a1a2")
	if got := p.Result(); got != "1-0" {
		t.Errorf("after baring capture Result = %q", got)
	}
}

func TestFENRoundTripAndCounters(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 7 33",
		"3k4/8/8/8/8/r7/P7/4K3 w K - 0 1",
		"8/7p/7P/8/8/1q6/2k5/K7 w k - 12 40",
		"R7/8/7k/8/8/8/8/R3K3 b - - 0 1",
	} {
		wantFEN(t, mustFEN(t, fen), fen)
	}
	// Counters may be left out.
	wantFEN(t, mustFEN(t, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk -"), StartFEN)
	// "kK" is read as "Kk".
	wantFEN(t, mustFEN(t, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kK - 0 1"), StartFEN)

	p := mustFEN(t, StartFEN)
	p = mustPlay(t, p, "g1f3")
	wantFEN(t, p, "rnbkqbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b Kk - 1 1")
	p = mustPlay(t, p, "b8c6")
	wantFEN(t, p, "r1bkqbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w Kk - 2 2")
	p = mustPlay(t, p, "e2e3")
	wantFEN(t, p, "r1bkqbnr/pppppppp/2n5/8/8/4PN2/PPPP1PPP/RNBQKB1R b Kk - 0 2")
	p = mustPlay(t, p, "c6d4", "e3d4")
	wantFEN(t, p, "r1bkqbnr/pppppppp/8/8/3P4/5N2/PPPP1PPP/RNBQKB1R b Kk - 0 3")
	p = mustPlay(t, p, "d8c6")
	wantFEN(t, p, "r1b1qbnr/pppppppp/2k5/8/3P4/5N2/PPPP1PPP/RNBQKB1R w K - 1 4")

	// Positions are values: playing does not change the original.
	s := mustFEN(t, StartFEN)
	_ = mustPlay(t, s, "e1d3")
	wantFEN(t, s, StartFEN)
}

func TestInvalidFEN(t *testing.T) {
	for _, fen := range []string{
		"",
		"   ",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1 extra",
		"rnbkqbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkabnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN? w Kk - 0 1",
		"rnbkqbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w Kk - 0 1",
		"rnbkqbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		// Raja count
		"rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w Kk - 0 1",
		"rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w Kk - 0 1",
		"8/8/8/8/8/8/8/8 w - - 0 1",
		// fields
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x Kk - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W Kk - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk- - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk e3 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - -1 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - x 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 0",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 x",
		// side not to move in check
		"3k4/8/8/8/8/8/8/r3K3 b - - 0 1",
		"8/8/8/8/8/8/3k4/4K3 w - - 0 1",
		"3k4/4P3/8/8/8/8/8/4K3 w - - 0 1", // Padati e7 attacks d8
		"3k4/8/8/8/8/8/4p3/3K4 b - - 0 1", // Padati e2 attacks d1
	} {
		if _, err := FromFEN(fen); err == nil {
			t.Errorf("FromFEN(%q) accepted an invalid FEN", fen)
		} else if err.Error() == "" {
			t.Errorf("FromFEN(%q): empty error message", fen)
		}
	}
}

func TestPlayRejects(t *testing.T) {
	p := mustFEN(t, StartFEN)
	for _, m := range []string{"", "e2", "e2e4", "e1e2", "e2e3q", "E2E3", "i2i3", "e9e8", "0000", "e7e6", "d1c2", "e1c2"} {
		if _, err := p.Play(m); err == nil {
			t.Errorf("Play(%q) accepted", m)
		}
	}
	// Pinned piece: the Ratha on e2 may not leave the e-file.
	q := mustFEN(t, "4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1")
	if got := movesFrom(q, "e2"); !reflect.DeepEqual(got, []string{"e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"}) {
		t.Errorf("pinned Ratha moves %v", got)
	}
}

func FuzzFromFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("3k4/8/8/8/8/8/P1p5/4K3 w K - 0 1")
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1")
	f.Add("k7/9/8 w")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := FromFEN(fen)
		if err != nil {
			return
		}
		q, err := FromFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("round trip of %q: %v", fen, err)
		}
		for _, m := range p.LegalMoves() {
			if _, err := p.Play(m); err != nil {
				t.Fatalf("own move %s refused: %v", m, err)
			}
		}
		_ = p.Result()
	})
}

func TestPerft(t *testing.T) {
	p := mustFEN(t, StartFEN)
	// By hand: 16 ordinary moves + 2 leaps (e1d3, e1f3); Black's 18 replies
	// are independent of White's first move.
	want := map[int]uint64{0: 1, 1: 18, 2: 324}
	maxDepth := 4
	if !testing.Short() {
		maxDepth = 5
	}
	for d := 0; d <= maxDepth; d++ {
		start := time.Now()
		n := p.Perft(d)
		t.Logf("chaturanga start perft(%d) = %d (%v)", d, n, time.Since(start))
		if w, ok := want[d]; ok && n != w {
			t.Errorf("perft(%d) = %d, want %d", d, n, w)
		}
	}

	// Independent anchor for the piece moves: with no leap rights and the
	// Rajas facing each other this is Fairy-Stockfish's "shatranj" start
	// position (no promotion can occur this early), whose perft(4) = 68122
	// and perft(5) = 1164248 are in its published test script.
	s := mustFEN(t, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1")
	// Depths 1 and 2 by hand (16 moves each, no interaction).
	anchors := map[int]uint64{1: 16, 2: 256, 4: 68122, 5: 1164248}
	for d := 1; d <= maxDepth; d++ {
		n := s.Perft(d)
		t.Logf("shatranj-start perft(%d) = %d", d, n)
		if w, ok := anchors[d]; ok && n != w {
			t.Errorf("shatranj-start perft(%d) = %d, want %d", d, n, w)
		}
	}
}
