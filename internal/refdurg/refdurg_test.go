package refdurg

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// ---------------------------------------------------------------------------
// helpers (plain testing: testify's dependencies are not in go.sum)

// boardOf builds a FEN board from a spec like "Ke1 ke9 Ra4 de5".
func boardOf(t *testing.T, spec string) string {
	t.Helper()
	var b [9][9]byte
	for _, tok := range strings.Fields(spec) {
		if len(tok) != 3 || tok[1] < 'a' || tok[1] > 'i' || tok[2] < '1' || tok[2] > '9' {
			t.Fatalf("bad spec token %q", tok)
		}
		b[tok[2]-'1'][tok[1]-'a'] = tok[0]
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
	return sb.String()
}

// pos builds a position from a piece spec and the FEN rest (starting with
// "[" for holdings, or " " without).
func pos(t *testing.T, spec, rest string) Position {
	t.Helper()
	fen := boardOf(t, spec) + rest
	p, err := FromFEN(fen)
	if err != nil {
		t.Fatalf("FromFEN(%q): %v", fen, err)
	}
	return p
}

func play(t *testing.T, p Position, moves ...string) Position {
	t.Helper()
	for _, m := range moves {
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("Play(%q) in %s: %v\nlegal: %v", m, p.FEN(), err, p.LegalMoves())
		}
		p = q
	}
	return p
}

func wantMoves(t *testing.T, p Position, in []string, out []string) {
	t.Helper()
	ms := p.LegalMoves()
	for _, m := range in {
		if !slices.Contains(ms, m) {
			t.Errorf("%s: move %s missing; legal: %v", p.FEN(), m, ms)
		}
	}
	for _, m := range out {
		if slices.Contains(ms, m) {
			t.Errorf("%s: move %s must be illegal; legal: %v", p.FEN(), m, ms)
		}
	}
}

func wantExactly(t *testing.T, p Position, want ...string) {
	t.Helper()
	ms := p.LegalMoves()
	w := slices.Clone(want)
	slices.Sort(w)
	if !slices.Equal(ms, w) {
		t.Errorf("%s:\n got  %v\n want %v", p.FEN(), ms, w)
	}
}

func wantFEN(t *testing.T, p Position, want string) {
	t.Helper()
	if got := p.FEN(); got != want {
		t.Errorf("FEN:\n got  %s\n want %s", got, want)
	}
}

// ---------------------------------------------------------------------------
// start position and perft

func TestStartPosition(t *testing.T) {
	p, err := FromFEN(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	wantFEN(t, p, StartFEN)
	wantExactly(t, p,
		"a2a3", "a2a4", "b1a3", "b1c3", "b2b4", "c1d1", "c2c3", "c2c4", "d2d3", "d2d4",
		"e1d1", "e1f1", "e2e3", "e2e4", "f2f3", "f2f4", "g1f1", "g2g3", "g2g4",
		"h1g3", "h1i3", "h2h4", "i2i3", "i2i4")
	if p.Result() != "" {
		t.Errorf("start result %q", p.Result())
	}
}

func TestPerftStart(t *testing.T) {
	p, _ := FromFEN(StartFEN)
	// Self-computed values, pinned as a regression guard.
	want := []uint64{1, 24, 576, 14460, 363241}
	maxDepth := 4
	if testing.Short() {
		maxDepth = 3
	}
	for d := 0; d <= maxDepth; d++ {
		if got := p.Perft(d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}

// perftByStrings is Perft computed through the public string API.
func perftByStrings(t *testing.T, p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves() {
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("Play(%q) on its own legal move in %s: %v", m, p.FEN(), err)
		}
		n += perftByStrings(t, q, depth-1)
	}
	return n
}

func TestPerftMatchesStringAPI(t *testing.T) {
	fens := []string{
		StartFEN,
		boardOf(t, "Ra1 Ke1 Ri1 ra9 ke9 ri9 Pe2 pe8") + "[BQbq] w KQkq - 0 1 4/5",
		boardOf(t, "Ke1 Ri1 ra1 ka9 Pb2 de5") + "[B] w K - 0 1 1/0",
		boardOf(t, "Ke1 ke9 Hc3 hd4 de5 dd3 Na4 nf6") + "[] w - - 0 1 0/0",
	}
	for _, fen := range fens {
		p, err := FromFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		for d := 1; d <= 2; d++ {
			if a, b := p.Perft(d), perftByStrings(t, p, d); a != b {
				t.Errorf("%s depth %d: Perft %d, via strings %d", fen, d, a, b)
			}
		}
	}
}

// ---------------------------------------------------------------------------
// Durg zones

func TestZoneBlocksQuietMoveSliderPassesThrough(t *testing.T) {
	// black Durg e5: zone d4..f6
	p := pos(t, "Ka1 ki9 Ra4 de5 Nc2 Pf3", "[] w - - 0 1 0/0")
	wantMoves(t, p,
		[]string{"a4b4", "a4c4", "a4g4", "a4h4", "a4i4", "a4a9", "c2e3", "c2b4"},
		[]string{"a4d4", "a4e4", "a4f4", "c2d4", "f3f4"})
	// a slider passing through the zone may capture beyond it
	p = pos(t, "Ka1 ki9 Ra4 de5 ph4", "[] w - - 0 1 0/0")
	wantMoves(t, p, []string{"a4g4", "a4h4"}, []string{"a4i4", "a4e4"})
	q := play(t, p, "a4h4")
	wantFEN(t, q, boardOf(t, "Ka1 ki9 Rh4 de5")+"[] b - - 0 1 0/0")
}

func TestZoneKillBoth(t *testing.T) {
	// black Ashva on d4 inside the zone of the black Durg e5
	p := pos(t, "Ke1 ki9 Ra4 de5 nd4", "[] w - - 7 1 0/0")
	q := play(t, p, "a4d4")
	wantFEN(t, q, boardOf(t, "Ke1 ki9 de5")+"[] b - - 0 1 1/1")

	// a Sipahi capturing into the zone dies too; Sipahis do not count
	p = pos(t, "Ke1 ki9 Pc3 de5 pd4", "[] w - - 0 1 0/0")
	q = play(t, p, "c3d4")
	wantFEN(t, q, boardOf(t, "Ke1 ki9 de5")+"[] b - - 0 1 0/0")

	// capture on a square of one's own zone is an ordinary capture
	p = pos(t, "Ke1 ki9 Ra4 De3 nd4", "[] w - - 0 1 0/0")
	q = play(t, p, "a4d4")
	wantFEN(t, q, boardOf(t, "Ke1 ki9 Rd4 De3")+"[] b - - 0 1 0/1")

	// Rath takes Rath in the zone: both removed, both sides get a waiting Mantri
	p = pos(t, "Ke1 ki9 Hc3 de5 hd4", "[] w - - 0 1 0/0")
	q = play(t, p, "c3d4")
	wantFEN(t, q, boardOf(t, "Ke1 ki9 de5")+"[Bb] b - - 0 1 1/1")
	if q.Waiting(true) != 1 || q.Waiting(false) != 1 || q.Fallen(true) != 1 || q.Fallen(false) != 1 {
		t.Errorf("waiting/fallen wrong: %s", q.FEN())
	}
	// Black (to move) receives his Mantri now; White's waits for White's turn
	for _, m := range q.LegalMoves() {
		if !strings.HasPrefix(m, "B@") {
			t.Fatalf("black turn without arrival: %s", m)
		}
	}
	r := play(t, q, "B@c9,i9h9")
	if r.Waiting(true) != 1 || r.Waiting(false) != 0 {
		t.Errorf("after black arrival: %s", r.FEN())
	}
	for _, m := range r.LegalMoves() {
		if !strings.HasPrefix(m, "B@") {
			t.Fatalf("white turn without arrival: %s", m)
		}
	}
}

func TestZoneKillMayNotExposeOwnRaja(t *testing.T) {
	// Gaj e2 shields e1 from the black Gaj e9; taking e5 (black zone of d5)
	// kills it and opens the file.
	p := pos(t, "Ke1 Re2 ka9 re9 dd5 ne5", "[] w - - 0 1 0/0")
	wantMoves(t, p, []string{"e2e3", "e2d2"}, []string{"e2e5", "e2e4"})
}

func TestDurgCaptureDissolvesZone(t *testing.T) {
	p := pos(t, "Ke1 ki9 Re2 de5 Nc2", "[] w - - 3 1 0/0")
	wantMoves(t, p, []string{"e2e5", "e2e3"}, []string{"e2e4", "c2d4"})
	q := play(t, p, "e2e5")
	wantFEN(t, q, boardOf(t, "Ke1 ki9 Re5 Nc2")+"[] b - - 0 1 0/0")
	q = play(t, q, "i9h9")
	wantMoves(t, q, []string{"c2d4", "e5d5", "e5e4", "e5f5"}, nil)

	// Ruling: capturing a Durg always leaves the capturer alive, even if the
	// square also lies in another enemy Durg's zone.
	p = pos(t, "Ke1 ki9 Re2 de5 df5", "[] w - - 0 1 0/0")
	q = play(t, p, "e2e5")
	wantFEN(t, q, boardOf(t, "Ke1 ki9 Re5 df5")+"[] b - - 0 1 0/0")
}

func TestRajaNeverEntersZone(t *testing.T) {
	// black Durg e5 (zone d4..f6), black Ashva d4 in it
	p := pos(t, "Kd3 ki9 de5 nd4", "[] w - - 0 1 0/0")
	// c2 and e2 are attacked by the Ashva; d4 and e4 are zone squares
	wantExactly(t, p, "d3c3", "d3c4", "d3d2", "d3e3")

	// not even to escape check: mated in the corner
	p = pos(t, "Ka1 ra9 ki9 dc2", "[] w - - 0 1 0/0")
	wantExactly(t, p)
	if p.Result() != "0-1" {
		t.Errorf("result %q, want 0-1", p.Result())
	}

	// a position with a Raja on an enemy zone square is invalid
	if _, err := FromFEN(boardOf(t, "Kd4 ki9 de5") + "[] w - - 0 1 0/0"); err == nil {
		t.Error("Raja on enemy zone accepted")
	}
	// on his own zone he is fine
	pos(t, "Kd4 ki9 De5", "[] w - - 0 1 0/0")
}

func TestRajasNeverAdjacent(t *testing.T) {
	p := pos(t, "Ke1 ke3", "[] w - - 0 1 0/0")
	wantExactly(t, p, "e1d1", "e1f1")
	if _, err := FromFEN(boardOf(t, "Ke1 ke2") + "[] w - - 0 1 0/0"); err == nil {
		t.Error("adjacent Rajas accepted")
	}
}

func TestCheckIsGeometric(t *testing.T) {
	// White Raja e3 on his own zone (Durg e2); the black Ashva d5 checks him
	// although its capture there would kill it too.
	if _, err := FromFEN(boardOf(t, "Ke3 De2 ki9 nd5 Pa2") + "[] b - - 0 1 0/0"); err == nil {
		t.Error("side not to move in (zone) check accepted")
	}
	p := pos(t, "Ke3 De2 ki9 nd5 Pa2", "[] w - - 0 1 0/0")
	wantMoves(t, p, []string{"e3e4", "e3f3", "e3d3"}, []string{"a2a3", "a2a4", "e3f4"})

	// a Durg blocks lines and gives no check
	p = pos(t, "Ke1 re9 ki9 de5", "[] b - - 0 1 0/0")
	if p.inCheck(white) {
		t.Error("check through a Durg")
	}
	p = pos(t, "Ke1 re9 ki9 De5", "[] b - - 0 1 0/0")
	if p.inCheck(white) {
		t.Error("check through a Durg")
	}
}

// ---------------------------------------------------------------------------
// Sipahi

func TestSipahi(t *testing.T) {
	p, _ := FromFEN(StartFEN)
	wantMoves(t, p, []string{"b2b4", "h2h4"}, []string{"b2b3", "h2h3"})
	p = play(t, p, "e2e3")
	wantMoves(t, p, []string{"b8b6", "h8h6", "e8e6"}, []string{"b8b7", "h8h7"})

	// black Durg b2 (zone a1..c3), black Ashva e3, black Durg g3 (zone f2..h4)
	p = pos(t, "Ke1 ki9 db2 Pa2 Pc2 Pe2 ne3 Pg2 dg3", "[] w - - 0 1 0/0")
	// a2: a3 is an empty zone square (no push) but may be passed; e2 blocked;
	// g2 may not pass the enemy Durg (its landing square is always in that
	// Durg's zone anyway).
	wantExactly(t, p, "a2a4", "c2c4", "e1d2")

	// Sipahi on the last rank has no moves and attacks nothing
	p = pos(t, "Ka1 Pe9 kh7", "[] w - - 0 1 0/0")
	wantExactly(t, p, "a1a2", "a1b1", "a1b2")
	p = pos(t, "Ka1 Pe9 kf8", "[] b - - 0 1 0/0") // f8 not attacked
	wantMoves(t, p, []string{"f8f9", "f8e9"}, nil)

	// capture diagonally forward only; no promotion
	p = pos(t, "Ka1 Pe8 kh7 nd9 nf8 re9", "[] w - - 0 1 0/0")
	wantMoves(t, p, []string{"e8d9"}, []string{"e8f8", "e8e9", "e8d9q"})
}

// ---------------------------------------------------------------------------
// castling

func TestCastling(t *testing.T) {
	p := pos(t, "Ra1 Ke1 Ri1 ke9", "[] w KQ - 0 1 0/0")
	wantMoves(t, p, []string{"e1g1", "e1c1"}, nil)
	wantFEN(t, play(t, p, "e1g1"), boardOf(t, "Ra1 Rf1 Kg1 ke9")+"[] b - - 1 1 0/0")
	wantFEN(t, play(t, p, "e1c1"), boardOf(t, "Kc1 Rd1 Ri1 ke9")+"[] b - - 1 1 0/0")

	// black
	p = pos(t, "ra9 ke9 ri9 Ke1", "[] b kq - 0 1 0/0")
	wantMoves(t, p, []string{"e9g9", "e9c9"}, nil)
	wantFEN(t, play(t, p, "e9c9"), boardOf(t, "kc9 rd9 ri9 Ke1")+"[] w - - 1 2 0/0")

	// attacked squares: f (crossed) forbids K-i; b (only the Gaj crosses) does not
	p = pos(t, "Ra1 Ke1 Ri1 ke9 rf9 rb9", "[] w KQ - 0 1 0/0")
	wantMoves(t, p, []string{"e1c1"}, []string{"e1g1"})
	p = pos(t, "Ra1 Ke1 Ri1 ke9 rc9", "[] w KQ - 0 1 0/0")
	wantMoves(t, p, []string{"e1g1"}, []string{"e1c1"})
	p = pos(t, "Ra1 Ke1 Ri1 ke9 rd9", "[] w KQ - 0 1 0/0")
	wantMoves(t, p, []string{"e1g1"}, []string{"e1c1"})
	p = pos(t, "Ra1 Ke1 Ri1 ke9 rg9", "[] w KQ - 0 1 0/0")
	wantMoves(t, p, []string{"e1c1"}, []string{"e1g1"})
	// not out of check
	p = pos(t, "Ra1 Ke1 Ri1 ke9 re5", "[] w KQ - 0 1 0/0")
	wantMoves(t, p, nil, []string{"e1g1", "e1c1"})
	// squares between must be empty (b1 too)
	p = pos(t, "Ra1 Nb1 Ke1 Ri1 ke9 Nh1", "[] w KQ - 0 1 0/0")
	wantMoves(t, p, nil, []string{"e1g1", "e1c1"})
	// no right, no castling
	p = pos(t, "Ra1 Ke1 Ri1 ke9", "[] w K - 0 1 0/0")
	wantMoves(t, p, []string{"e1g1"}, []string{"e1c1"})
	// the Gaj may not end (nor the Raja cross) on an empty enemy zone square
	// (black Durg g2: f1, g1, h1 in its zone)
	p = pos(t, "Ra1 Ke1 Ri1 ke9 dg2", "[] w KQ - 0 1 0/0")
	wantMoves(t, p, []string{"e1c1"}, []string{"e1g1"})
}

func TestCastlingRightsLost(t *testing.T) {
	// Raja moves: both go
	p := play(t, pos(t, "Ra1 Ke1 Ri1 ke9", "[] w KQ - 0 1 0/0"), "e1e2", "e9d9", "e2e1", "d9e9")
	wantMoves(t, p, nil, []string{"e1g1", "e1c1"})
	// Gaj moves and comes back: that one goes
	p = play(t, pos(t, "Ra1 Ke1 Ri1 ke9", "[] w KQ - 0 1 0/0"), "a1a2", "e9d9", "a2a1", "d9e9")
	wantMoves(t, p, []string{"e1g1"}, []string{"e1c1"})
	// Gaj captured
	p = play(t, pos(t, "Ra1 Ke1 Ri1 ke9 ra8", "[] b KQ - 0 1 0/0"), "a8a1")
	if !strings.Contains(p.FEN(), " w K - ") {
		t.Errorf("right after Gaj capture: %s", p.FEN())
	}
	// Mantri enters d1 and leaves again: K-a right lost for good
	p = pos(t, "Ra1 Ke1 Ri1 Bb3 ke9", "[] w KQ - 0 1 0/0")
	p = play(t, p, "b3d1")
	if !strings.Contains(p.FEN(), " b K - ") {
		t.Errorf("after b3d1: %s", p.FEN())
	}
	p = play(t, p, "e9d9", "d1b3", "d9e9")
	wantMoves(t, p, []string{"e1g1"}, []string{"e1c1"})
	// Mantri arriving on f1 forfeits K-i for good
	p = pos(t, "Ra1 Ke1 Ri1 ke9", "[B] w KQ - 0 1 1/0")
	wantMoves(t, p, []string{"B@d1,e1g1", "B@c1,e1g1", "B@f1,a1b1"}, []string{"B@d1,e1c1", "B@f1,e1g1"})
	p = play(t, p, "B@f1,a1b1")
	if !strings.Contains(p.FEN(), " b - - ") {
		t.Errorf("after B@f1,a1b1: %s", p.FEN())
	}
	// FEN input: rights the board contradicts are dropped
	wantFEN(t, pos(t, "Ra1 Ke1 Ri1 Bf1 ke9 ra9", "[] w KQkq - 0 1 0/0"),
		boardOf(t, "Ra1 Ke1 Ri1 Bf1 ke9 ra9")+"[] w Qq - 0 1 0/0")
	wantFEN(t, pos(t, "Ra1 Ke2 Ri1 kd9 ra9 ri9", "[] w KQkq - 0 1 0/0"),
		boardOf(t, "Ra1 Ke2 Ri1 kd9 ra9 ri9")+"[] w - - 0 1 0/0")
	wantFEN(t, pos(t, "Rb1 Ke1 Ri1 ke9 ra9 bd9", "[] w KQkq - 0 1 0/0"),
		boardOf(t, "Rb1 Ke1 Ri1 ke9 ra9 bd9")+"[] w K - 0 1 0/0")
	// a Rani (not a Mantri) placed on d1 keeps the right
	p = play(t, pos(t, "Ra1 Ke1 Ri1 ke9", "[Q] w KQ - 0 1 4/0"), "Q@d1")
	if !strings.Contains(p.FEN(), " b KQ - ") {
		t.Errorf("after Q@d1: %s", p.FEN())
	}
}

// ---------------------------------------------------------------------------
// Mantri succession

func TestSuccessionArrivalChoices(t *testing.T) {
	p := pos(t, "Ke4 ke9", "[B] w - - 0 1 1/0")
	ms := p.LegalMoves()
	if len(ms) != 4*8 {
		t.Fatalf("want 32 turns, got %d: %v", len(ms), ms)
	}
	for _, m := range ms {
		if !strings.HasPrefix(m, "B@") {
			t.Fatalf("arrival is forced, got %s", m)
		}
		parts := strings.Split(m, ",")
		if strings.HasPrefix(parts[1], parts[0][2:]) {
			t.Fatalf("arrived Mantri moved in the same turn: %s", m)
		}
	}
	q := play(t, p, "B@d1,e4e3")
	wantFEN(t, q, boardOf(t, "Bd1 Ke3 ke9")+"[] b - - 1 1 1/0")
	// next turn he may move
	q = play(t, q, "e9e8")
	wantMoves(t, q, []string{"d1c2", "d1h5"}, nil)

	// two waiting: 6 choices of two squares, written in file order, any
	// order accepted
	p = pos(t, "Ke4 ke9", "[BB] w - - 0 1 2/0")
	if n := len(p.LegalMoves()); n != 6*8 {
		t.Errorf("two arrivals: got %d turns", n)
	}
	wantMoves(t, p, []string{"B@c1,B@f1,e4e3", "B@f1,B@g1,e4e3"}, []string{"B@f1,B@c1,e4e3", "B@c1,e4e3"})
	a := play(t, p, "B@f1,B@c1,e4e3")
	b := play(t, p, "B@c1,B@f1,e4e3")
	if a != b {
		t.Errorf("arrival order matters: %s vs %s", a.FEN(), b.FEN())
	}
	if _, err := p.Play("B@c1,e4e3"); err == nil {
		t.Error("one arrival accepted although two are forced")
	}
	if _, err := p.Play("e4e3"); err == nil {
		t.Error("turn without forced arrival accepted")
	}
}

func TestSuccessionFromRathCapture(t *testing.T) {
	p := pos(t, "Ke1 ke9 Hc3 rc8", "[] b - - 0 1 0/0")
	q := play(t, p, "c8c3")
	wantFEN(t, q, boardOf(t, "Ke1 ke9 rc3")+"[B] w - - 0 2 1/0")
	for _, m := range q.LegalMoves() {
		if !strings.HasPrefix(m, "B@") {
			t.Fatalf("white turn without arrival: %s", m)
		}
	}
	// c1 is attacked by the Gaj: the Mantri may still arrive there
	// (arrival squares need only be free), and d1 arrival blocks nothing.
	wantMoves(t, q, []string{"B@c1,e1d1", "B@d1,e1f1"}, nil)
}

func TestSuccessionNoFreeSquare(t *testing.T) {
	// all four squares occupied: the Mantri is lost, not counted as fallen
	p := pos(t, "Ke4 ke9 Nc1 Nd1 Nf1 Ng1", "[B] w - - 0 1 1/0")
	for _, m := range p.LegalMoves() {
		if strings.Contains(m, "@") {
			t.Fatalf("arrival without a free square: %s", m)
		}
	}
	q := play(t, p, "e4e3")
	if q.Waiting(true) != 0 || q.Fallen(true) != 1 {
		t.Errorf("lost Mantri: %s", q.FEN())
	}
	// enemy zone squares are not free (black Durg d2: c1, d1 in its zone);
	// three waiting, two free squares: both filled, one lost
	p = pos(t, "Kg5 ke9 dd2", "[BBB] w - - 0 1 3/0")
	for _, m := range p.LegalMoves() {
		if !strings.HasPrefix(m, "B@f1,B@g1,") {
			t.Fatalf("unexpected arrivals in %s", m)
		}
	}
	q = play(t, p, "B@f1,B@g1,g5g6")
	wantFEN(t, q, boardOf(t, "Bf1 Bg1 dd2 Kg6 ke9")+"[] b - - 1 1 3/0")
}

func TestArrivalBlocksCheckAllowsCastlingAndCall(t *testing.T) {
	// black Gaj a1 checks the Raja e1 along the first rank
	p := pos(t, "Ke1 Ri1 ra1 ka9", "[B] w K - 0 1 1/0")
	wantMoves(t, p,
		[]string{"B@c1,e1g1", "B@d1,e1g1"},
		[]string{"B@f1,e1g1", "B@g1,e1g1", "e1g1", "B@f1,i1h1"})
	// without the arrival: in check, no castling
	p = pos(t, "Ke1 Ri1 ra1 ka9", "[] w K - 0 1 0/0")
	wantMoves(t, p, nil, []string{"e1g1"})

	p = pos(t, "Ke1 ra1 ka9", "[BQ] w - - 0 1 4/0")
	wantMoves(t, p,
		[]string{"B@c1,Q@d1", "B@c1,Q@f1", "B@c1,Q@g1", "B@d1,Q@c1", "B@d1,Q@g1"},
		[]string{"Q@d1", "B@f1,Q@d1", "B@g1,Q@c1", "B@c1,Q@c1"})
	q := play(t, p, "B@c1,Q@g1")
	wantFEN(t, q, boardOf(t, "Ke1 Bc1 Qg1 ra1 ka9")+"[] b - - 1 1 4/0")
	if q.CallAvailable(true) {
		t.Error("call still available after the call")
	}
}

// ---------------------------------------------------------------------------
// the Raja's call

func TestCall(t *testing.T) {
	p := pos(t, "Ke1 ke9 Pa2", "[Q] w - - 5 1 4/0")
	wantMoves(t, p, []string{"Q@c1", "Q@d1", "Q@f1", "Q@g1"}, []string{"Q@e2", "Q@b1"})
	q := play(t, p, "Q@d1")
	wantFEN(t, q, boardOf(t, "Ke1 Qd1 ke9 Pa2")+"[] b - - 6 1 4/0")
	q = play(t, q, "e9e8")
	for _, m := range q.LegalMoves() {
		if strings.Contains(m, "Q@") {
			t.Fatalf("second call: %s", m)
		}
	}
	// count below 4: no call
	p = pos(t, "Ke1 ke9", "[] w - - 0 1 3/0")
	for _, m := range p.LegalMoves() {
		if strings.Contains(m, "@") {
			t.Fatalf("call with count 3: %s", m)
		}
	}
	if _, err := FromFEN(boardOf(t, "Ke1 ke9") + "[Q] w - - 0 1 3/0"); err == nil {
		t.Error("Q in brackets with count 3 accepted")
	}
	// in check: no call
	p = pos(t, "Ke1 ka9 re5", "[Q] w - - 0 1 4/0")
	wantMoves(t, p, []string{"e1d1"}, []string{"Q@c1", "Q@d1"})
	// enemy zone squares are not free (black Durg g2: f1, g1 in zone)
	p = pos(t, "Kc5 ka9 dg2", "[Q] w - - 0 1 4/0")
	wantMoves(t, p, []string{"Q@c1", "Q@d1"}, []string{"Q@f1", "Q@g1"})
	// the fourth fall makes the call available
	p = pos(t, "Ke1 Na1 ke9 ra8", "[] b - - 0 1 3/0")
	q = play(t, p, "a8a1")
	wantFEN(t, q, boardOf(t, "Ke1 ra1 ke9")+"[Q] w - - 0 2 4/0")
	if !q.CallAvailable(true) || q.CallAvailable(false) {
		t.Error("CallAvailable wrong")
	}
}

func TestFallenCounts(t *testing.T) {
	// Gaj, Ashva, Rath, Mantri count; Sipahi, Rani, Durg do not
	cases := []struct {
		spec, move string
		fw, fb     int
	}{
		{"Ke1 ka9 Re2 re8", "e2e8", 0, 1},
		{"Ke1 ka9 Re2 ne8", "e2e8", 0, 1},
		{"Ke1 ka9 Re2 be8", "e2e8", 0, 1},
		{"Ke1 ka9 Re2 he8", "e2e8", 0, 1},
		{"Ke1 ka9 Re2 pe8", "e2e8", 0, 0},
		{"Ke1 ka9 Re2 qe8", "e2e8", 0, 0},
		{"Ke1 ka9 Re2 de8", "e2e8", 0, 0},
	}
	for _, c := range cases {
		p := pos(t, c.spec, "[] w - - 0 1 0/0")
		q := play(t, p, c.move)
		if q.Fallen(true) != c.fw || q.Fallen(false) != c.fb {
			t.Errorf("%s %s: fallen %d/%d, want %d/%d", c.spec, c.move, q.Fallen(true), q.Fallen(false), c.fw, c.fb)
		}
	}
}

// ---------------------------------------------------------------------------
// clocks

func TestClocks(t *testing.T) {
	p := pos(t, "Ke1 Na1 Pa2 ke9 pi8 ri7", "[Q] w - - 10 7 4/0")
	q := play(t, p, "a1b3") // quiet: +1
	wantFEN(t, q, boardOf(t, "Ke1 Nb3 Pa2 ke9 pi8 ri7")+"[Q] b - - 11 7 4/0")
	q = play(t, q, "e9e8") // black moved: fullmove +1
	if !strings.HasSuffix(q.FEN(), " 12 8 4/0") {
		t.Errorf("got %s", q.FEN())
	}
	q = play(t, q, "Q@d1") // the call does not reset
	if !strings.HasSuffix(q.FEN(), " 13 8 4/0") {
		t.Errorf("got %s", q.FEN())
	}
	q = play(t, q, "i7i2") // quiet
	q = play(t, q, "a2a3") // Sipahi move resets
	if !strings.HasSuffix(q.FEN(), " 0 9 4/0") {
		t.Errorf("got %s", q.FEN())
	}
	q = play(t, q, "i2i3", "b3c5", "i3a3") // capture resets (Gaj takes Sipahi)
	if !strings.HasSuffix(q.FEN(), " 0 11 4/0") {
		t.Errorf("got %s", q.FEN())
	}
}

// ---------------------------------------------------------------------------
// FEN

func TestFENDefaults(t *testing.T) {
	p, err := FromFEN("rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	wantFEN(t, p, StartFEN)

	p, err = FromFEN("rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/2H1K1HNR w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	wantFEN(t, p, "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/2H1K1HNR[] w Kkq - 0 1 2/0")

	cases := []struct{ in, out string }{
		// bare Rajas: counts 6/6, call available for both
		{boardOf(t, "Ke1 ke9") + " w - - 0 1", boardOf(t, "Ke1 ke9") + "[Qq] w - - 0 1 6/6"},
		// a Rani on the board means the call was made
		{boardOf(t, "Ke1 Qd1 ke9") + " b - - 3 9", boardOf(t, "Ke1 Qd1 ke9") + "[q] b - - 3 9 6/6"},
		// brackets left out, counts given
		{boardOf(t, "Ke1 ke9") + " w - - 0 1 5/2", boardOf(t, "Ke1 ke9") + "[Q] w - - 0 1 5/2"},
		// brackets given, counts left out (derived 6/6)
		{boardOf(t, "Ke1 ke9") + "[bBq] w - - 0 1", boardOf(t, "Ke1 ke9") + "[Bbq] w - - 0 1 6/6"},
		// holdings in any order, output in canonical order; Q absent with
		// count >= 4 means the call is used up
		{boardOf(t, "Ke1 ke9") + "[qbBB] w - - 0 1 4/4", boardOf(t, "Ke1 ke9") + "[BBbq] w - - 0 1 4/4"},
		// castling letters in any order, canonical output
		{boardOf(t, "Ra1 Ke1 Ri1 ra9 ke9 ri9") + "[] b qkQK - 0 1 0/0", boardOf(t, "Ra1 Ke1 Ri1 ra9 ke9 ri9") + "[] b KQkq - 0 1 0/0"},
	}
	for _, c := range cases {
		p, err := FromFEN(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		wantFEN(t, p, c.out)
	}
}

func TestFENRoundTripRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	games := 60
	if testing.Short() {
		games = 10
	}
	starts := []string{StartFEN, boardOf(t, "Ra1 Hc1 Ke1 Hg1 Ri1 ra9 hc9 ke9 hg9 ri9 Pe2 pe8 De4 dd6") + "[] w KQkq - 0 1 2/2"}
	sawArrival, sawCall, sawKill := false, false, false
	for g := 0; g < games; g++ {
		p, _ := FromFEN(starts[g%len(starts)])
		for ply := 0; ply < 200; ply++ {
			fen := p.FEN()
			q, err := FromFEN(fen)
			if err != nil {
				t.Fatalf("reparse %s: %v", fen, err)
			}
			if q.FEN() != fen {
				t.Fatalf("round trip:\n %s\n %s", fen, q.FEN())
			}
			if q != p {
				t.Fatalf("round trip changed state of %s", fen)
			}
			ms := p.LegalMoves()
			if uint64(len(ms)) != p.Perft(1) {
				t.Fatalf("%s: LegalMoves %d, Perft(1) %d", fen, len(ms), p.Perft(1))
			}
			res := p.Result()
			if len(ms) == 0 {
				if res == "" {
					t.Fatalf("%s: no moves but no result", fen)
				}
				break
			}
			m := ms[rng.Intn(len(ms))]
			if strings.HasPrefix(m, "B@") {
				sawArrival = true
			}
			if strings.Contains(m, "Q@") {
				sawCall = true
			}
			before := p.Fallen(true) + p.Fallen(false)
			p = play(t, p, m)
			if p.Fallen(true)+p.Fallen(false) == before+2 {
				sawKill = true
			}
		}
	}
	t.Logf("saw arrival %v, call %v, double fall %v", sawArrival, sawCall, sawKill)
}

func TestInvalidFEN(t *testing.T) {
	bad := []string{
		"",
		"garbage",
		"9/9/9/9/9/9/9/9/9 w - - 0 1",
		boardOf(t, "Ke1") + "[] w - - 0 1 0/0", // no black Raja
		boardOf(t, "Ke1 Kd3 ke9") + "[] w - - 0 1 0/0",                  // two white Rajas
		boardOf(t, "Ke1 ke9 re5") + "[] b - - 0 1 0/0",                  // side not to move in check
		boardOf(t, "Kd4 ke9 de5") + "[] b - - 0 1 0/0",                  // Raja on enemy zone
		boardOf(t, "Ke1 ke9") + "[Q] w - - 0 1 3/0",                     // Q with count 3
		boardOf(t, "Ke1 ke9 Re2 Ne3 Hc3 Hf3 Ng4 Ra2") + "[Q] w - - 0 1", // derived count 0
		boardOf(t, "Ke1 ke9") + "[X] w - - 0 1 0/0",
		boardOf(t, "Ke1 ke9") + "[QQ] w - - 0 1 4/0",
		boardOf(t, "Ke1 ke9") + "[ w - - 0 1 0/0",
		boardOf(t, "Ke1 ke9") + "[] x - - 0 1 0/0",
		boardOf(t, "Ke1 ke9") + "[] w KX - 0 1 0/0",
		boardOf(t, "Ke1 ke9") + "[] w - e3 0 1 0/0",
		boardOf(t, "Ke1 ke9") + "[] w - - x 1 0/0",
		boardOf(t, "Ke1 ke9") + "[] w - - 0 0 0/0",
		boardOf(t, "Ke1 ke9") + "[] w - - 0 1 0",
		boardOf(t, "Ke1 ke9") + "[] w - - 0 1 -1/0",
		boardOf(t, "Ke1 ke9") + "[] w - - 0 1 0/0 extra",
		"4k4/9/9/9/9/9/9/9/4K5 w - - 0 1",   // 10 files
		"4k4/9/9/9/9/9/9/9/4K3 w - - 0 1",   // 8 files
		"4k4/9/9/9/9/9/9/4K4 w - - 0 1",     // 8 ranks
		"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", // 10 ranks
		"4k4/9/9/9/9/9/9/9/4K3X w - - 0 1",  // bad letter
		"4k4/9/9/9/9/9/9/9/4K3x w - - 0 1",
	}
	for _, fen := range bad {
		if _, err := FromFEN(fen); err == nil {
			t.Errorf("accepted invalid FEN %q", fen)
		}
	}
}

func FuzzFromFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("4k4/9/9/9/9/9/9/9/4K4[BQbq] w - - 0 1 6/6")
	f.Add("4k4/9/9/9/9/9/9/9/4K4 w")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := FromFEN(fen)
		if err != nil {
			return
		}
		q, err := FromFEN(p.FEN())
		if err != nil {
			t.Fatalf("canonical FEN %q rejected: %v", p.FEN(), err)
		}
		if q.FEN() != p.FEN() {
			t.Fatalf("round trip %q -> %q", p.FEN(), q.FEN())
		}
		_ = p.LegalMoves()
		_ = p.Result()
	})
}

func TestPlayRejects(t *testing.T) {
	p, _ := FromFEN(StartFEN)
	for _, m := range []string{"", "e2e5", "e2", "zz", "e1g1", "Q@d1", "B@d1,e2e4", "e2e4,", "B@d1"} {
		if q, err := p.Play(m); err == nil {
			t.Errorf("Play(%q) accepted", m)
		} else if q != p {
			t.Errorf("Play(%q) changed the position on error", m)
		}
	}
}

// ---------------------------------------------------------------------------
// game end

func TestResult(t *testing.T) {
	cases := []struct{ fen, want string }{
		// checkmate by a Gaj
		{boardOf(t, "ka9 Rh9 Ka7") + "[] b - - 0 1 0/6", "1-0"},
		{boardOf(t, "Ka1 rh1 ka3") + "[] w - - 0 1 6/0", "0-1"},
		// stalemate (call used up: count 6, no Q)
		{boardOf(t, "ka9 Rb1 Ka7") + "[] b - - 0 1 0/6", "1/2-1/2"},
		// the call available: not stalemate, the Rani can be called
		{boardOf(t, "ka9 Rb1 Ka7") + "[q] b - - 0 1 0/6", ""},
		// bare Rajas, nothing to come
		{boardOf(t, "ke9 Ke1") + "[] w - - 0 1 6/6", "1/2-1/2"},
		{boardOf(t, "ke9 Ke1 Nb1 De4 dd6") + "[] w - - 0 1 5/6", "1/2-1/2"},
		{boardOf(t, "ke9 Ke1 bb1") + "[] w - - 0 1 6/6", "1/2-1/2"},
		// one Mantri each, same colour (c1 and a9 light)
		{boardOf(t, "ke9 Ke1 Bc1 ba9") + "[] w - - 0 1 6/6", "1/2-1/2"},
		// different colours
		{boardOf(t, "ke9 Ke1 Bd1 ba9") + "[] w - - 0 1 6/6", ""},
		// two minors
		{boardOf(t, "ke9 Ke1 Nb1 nb9") + "[] w - - 0 1 5/5", ""},
		{boardOf(t, "ke9 Ke1 Bc1 Ba3") + "[] w - - 0 1 6/6", ""},
		// something else on the board or to come
		{boardOf(t, "ke9 Ke1 Pa2") + "[] w - - 0 1 6/6", ""},
		{boardOf(t, "ke9 Ke1 Hc1") + "[] w - - 0 1 5/6", ""},
		{boardOf(t, "ke9 Ke1 Rc1") + "[] w - - 0 1 5/6", ""},
		{boardOf(t, "ke9 Ke1 Qc1") + "[] w - - 0 1 6/6", ""},
		{boardOf(t, "ke9 Ke1") + "[b] w - - 0 1 6/6", ""},
		{boardOf(t, "ke9 Ke1") + "[Q] w - - 0 1 6/6", ""},
		{boardOf(t, "ke9 Ke1") + "[] w - - 0 1 3/3", "1/2-1/2"},
	}
	for _, c := range cases {
		p, err := FromFEN(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
			continue
		}
		if got := p.Result(); got != c.want {
			t.Errorf("%s: result %q, want %q", c.fen, got, c.want)
		}
	}
}
