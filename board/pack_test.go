package board

import (
	"math/rand/v2"
	"testing"
)

// randomGamePositions plays seeded random games of v and calls visit on
// every position reached (the start included).
func randomGamePositions(v *Variant, games, plies int, seed uint64, visit func(*Position)) {
	rng := rand.New(rand.NewPCG(seed, 7))
	var ml MoveList
	for g := 0; g < games; g++ {
		p := v.StartPosition()
		visit(&p)
		for i := 0; i < plies; i++ {
			p.GenerateMoves(&ml)
			if ml.N == 0 || p.Verdict(0).Over() {
				break
			}
			p.DoMove(ml.Moves[rng.IntN(ml.N)])
			visit(&p)
		}
	}
}

func TestPackRoundTrip(t *testing.T) {
	for _, v := range Variants() {
		n := 0
		randomGamePositions(v, 40, 400, 1, func(p *Position) {
			var b [PackedSize]byte
			if err := p.Pack(b[:]); err != nil {
				t.Fatalf("%s: %s: %v", v.name, p.FEN(), err)
			}
			q, err := Unpack(v, b[:])
			if err != nil {
				t.Fatalf("%s: %s: %v", v.name, p.FEN(), err)
			}
			if q != *p {
				t.Fatalf("%s: %s unpacks as %s", v.name, p.FEN(), q.FEN())
			}
			pieces, st, err := UnpackPieces(v, b[:], nil)
			if err != nil || len(pieces) != p.Occupied().Count() || st.Side != p.side {
				t.Fatalf("%s: %s: %d pieces, side %v, %v", v.name, p.FEN(), len(pieces), st.Side, err)
			}
			for _, pp := range pieces {
				if p.PieceAt(pp.Square) != pp.Piece {
					t.Fatalf("%s: %s: %v holds %v, unpacked %v", v.name, p.FEN(), pp.Square, p.PieceAt(pp.Square), pp.Piece)
				}
			}
			n++
		})
		if n < 2000 {
			t.Fatalf("%s: only %d positions", v.name, n)
		}
	}
}

func TestPackRefusesWhatItCannotHold(t *testing.T) {
	v := DurgGame()
	p, err := ParseFEN(v, "QQQQQQQQQ/QQQQQQQQQ/QQQQQQQQQ/QQQQQQQQQ/QQQQQ4/9/9/9/K3k4[] b - - 0 1 0/0")
	if err != nil {
		t.Fatal(err)
	}
	var b [PackedSize]byte
	if p.Pack(b[:]) == nil {
		t.Fatal("42 pieces packed into room for 40")
	}
	if _, err := Unpack(v, b[:PackedSize-1]); err == nil {
		t.Fatal("a short packing was accepted")
	}
}

// FuzzUnpack: no input panics, and what Unpack accepts packs back to the
// same bytes.
func FuzzUnpack(f *testing.F) {
	for _, s := range fuzzSeeds {
		for _, v := range Variants() {
			if p, err := ParseFEN(v, s); err == nil {
				var b [PackedSize]byte
				if p.Pack(b[:]) == nil {
					f.Add(v.name, b[:])
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, name string, b []byte) {
		v, err := VariantByName(name)
		if err != nil {
			return
		}
		UnpackPieces(v, b, nil)
		p, err := Unpack(v, b)
		if err != nil {
			return
		}
		var again [PackedSize]byte
		if err := p.Pack(again[:]); err != nil || string(again[:]) != string(b[:PackedSize]) {
			t.Fatalf("%x unpacks to %s, which packs to %x", b, p.FEN(), again)
		}
	})
}
