package board

import (
	"strings"
	"testing"
)

var fuzzSeeds = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
	"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
	"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0",
	"r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/R3K3R[BQb] b Kq - 5 20 4/1",
	"4k4/9/9/9/9/9/9/9/R3K4 w Q - 0 1",
	"8/8/8/8/8/8/8/K6k b - - 37 80",
	"kb7/pp7/1Q6Q/4Q1Q2/Q6Q1/2Q2Q3/9/9/4K4[BB] w - - 0 1 2/0",
	"4k4/9/9/9/4h4/9/4R4/9/K8[bb] w - - 0 1 0/0",
	"3k4/8/8/K2pP2r/8/8/8/8 w - d6 0 2",
	"r3k3r/ppppppppp/1d5d1/4Q4/9/9/1D5D1/PPPPPPPPP/R3K3R[] w KQkq - 100000 1 25/3",
}

// checkRoundTrip asserts ParseFEN(FEN(p)) == p.
func checkRoundTrip(t *testing.T, p *Position) {
	out := p.FEN()
	q, err := ParseFEN(p.v, out)
	if err != nil {
		t.Fatalf("%s: own output %q refused: %v", p.v.name, out, err)
	}
	if q != *p {
		t.Fatalf("%s: %q reads back as a different position", p.v.name, out)
	}
}

// FuzzParseFEN: no input panics, and an accepted FEN is normalised: its
// output parses again to the same text and hash, with moves generable.
func FuzzParseFEN(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		for _, v := range Variants() {
			p, err := ParseFEN(v, fen)
			if err != nil {
				continue
			}
			out := p.FEN()
			q, err := ParseFEN(v, out)
			if err != nil {
				t.Fatalf("%s: own output %q refused: %v", v.name, out, err)
			}
			if q.FEN() != out || q != p {
				t.Fatalf("%s: %q -> %q -> %q", v.name, fen, out, q.FEN())
			}
			var ml MoveList
			p.GenerateMoves(&ml)
			for _, m := range ml.Slice() {
				c := p
				c.DoMove(m)
				if c.attackedBy(c.side, c.kingSq[c.side^1], c.Occupied()) {
					t.Fatalf("%s: %s leaves the king attacked in %s", v.name, p.MoveString(m), out)
				}
			}
			// A short walk, moves picked by the key: every position reached
			// reads back from its FEN.
			for ply := 0; ply < 6 && ml.N > 0; ply++ {
				p.DoMove(ml.Moves[p.hash%uint64(ml.N)])
				checkRoundTrip(t, &p)
				p.GenerateMoves(&ml)
			}
		}
	})
}

// FuzzParseMove: no move string panics, an accepted one formats back to a
// string that parses to the same move, and a well-formed illegal one is
// refused with the rule it breaks, never the catch-all.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "a7a8", "e1g1", "Q@d1", "B@d1,e2e3", "B@f1,B@c1,h1g3", "0000", "e2e4,", ",", "B@@1",
		"e5d6", "b7a8n", "e1c1", "B@c1,B@d1,b3b8", "e1d2"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(3))
	}
	positions := []struct {
		v   *Variant
		fen string
	}{
		{Chess(), "r3k2r/1P4pp/8/3pP3/8/8/6PP/R3K2R w KQkq d6 0 1"},
		{Chaturanga(), "r2k4/1P4pp/8/8/8/8/6PP/R3K3 w Kk - 0 1"},
		{DurgGame(), "r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPP1PPPP/R3K3R[BBQ] w KQkq - 0 1 5/0"},
		{DurgGame(), "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0"},
		{Chess(), "3k4/8/8/K2pP2r/8/8/8/8 w - d6 0 2"},
		{Chess(), "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"},
		{Chaturanga(), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1"},
		{DurgGame(), "kb7/pp7/1Q6Q/4Q1Q2/Q6Q1/2Q2Q3/9/9/4K4[BB] w - - 0 1 2/0"},
		{DurgGame(), "k3r4/9/9/9/4pd3/9/3N5/9/4K4[Q] w - - 0 1 4/0"},
	}
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		pos := positions[int(which)%len(positions)]
		p, err := ParseFEN(pos.v, pos.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(s)
		if err != nil {
			if strings.Contains(err.Error(), "not a legal move in this position") {
				t.Fatalf("%q in %s: no rule named: %v", s, pos.fen, err)
			}
			return
		}
		back, err := p.ParseMove(p.MoveString(m))
		if err != nil || back != m {
			t.Fatalf("%q -> %q -> %v (%v)", s, p.MoveString(m), back, err)
		}
	})
}
