package board

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// GenerateFrom gives exactly the turns of GenerateMoves that start on its
// square, in their order, for every square (and one off the board), and
// IsLegal agrees with the full list for moves of this and other positions:
// the search trusts both for its hash move.
func TestGenerateFromIsTheFullListFiltered(t *testing.T) {
	kinds := map[string]int{}
	var stranger []Move // moves of earlier positions: mostly illegal here
	check := func(p *Position) {
		var all, from MoveList
		p.GenerateMoves(&all)
		for s := Square(0); s <= numSquares; s++ {
			p.GenerateFrom(&from, s)
			want := []Move{}
			for _, m := range all.Slice() {
				if m.From() == s {
					want = append(want, m)
				}
			}
			if got := append([]Move{}, from.Slice()...); !slices.Equal(got, want) {
				t.Fatalf("%s: from %d: %v, want %v", p.FEN(), s, got, want)
			}
		}
		p.GenerateFrom(&from, 127)
		if from.N != 0 {
			t.Fatalf("%s: %d turns from square 127", p.FEN(), from.N)
		}
		for _, m := range all.Slice() {
			switch {
			case m.IsCastle():
				kinds["castle"]++
			case m.IsCall():
				kinds["call"]++
			case m.IsEnPassant():
				kinds["en passant"]++
			case m.kind() == kindLeap:
				kinds["leap"]++
			case m.Promotion() != NoType:
				kinds["promotion"]++
			}
			if m.HasArrivals() {
				kinds["arrivals"]++
			}
		}
		for _, m := range stranger {
			if got, want := p.IsLegal(m), slices.Contains(all.Slice(), m); got != want {
				t.Fatalf("%s: IsLegal(%v) = %v, the full list says %v", p.FEN(), m, got, want)
			}
		}
		if all.N > 0 {
			stranger = append(stranger[max(0, len(stranger)-20):], all.Moves[rand.IntN(all.N)])
		}
	}
	for _, v := range Variants() {
		stranger = stranger[:0]
		randomGamePositions(v, 20, 300, 5, check)
	}
	rng := rand.New(rand.NewPCG(3, 9))
	for range 200 {
		p, err := ParseFEN(DurgGame(), crowdedDurgFEN(rng))
		if err != nil {
			t.Fatal(err)
		}
		check(&p)
	}
	for _, kind := range []string{"castle", "call", "en passant", "leap", "promotion", "arrivals"} {
		if kinds[kind] < 5 {
			t.Fatalf("only %d turns of kind %s were compared: the test says little (%v)", kinds[kind], kind, kinds)
		}
	}
	t.Logf("turns by kind: %v", kinds)
}

// Where FilesMirrorable says so, FilesMirrored is an involution that keeps
// the position consistent (its FEN reads back to the same position and
// key), has every legal move mirrored and the same verdict, and in chess
// is the FEN with each rank written backwards.
func TestFilesMirrored(t *testing.T) {
	for _, v := range Variants() {
		compared := 0
		randomGamePositions(v, 20, 300, 3, func(p *Position) {
			if !v.FilesMirrorable(p.castling) {
				return
			}
			q := p.FilesMirrored()
			back, err := ParseFEN(v, q.FEN())
			if err != nil {
				t.Fatalf("%s: mirrored %s: %v", p.FEN(), q.FEN(), err)
			}
			if back.FEN() != q.FEN() || back.hash != q.hash || back.checkers != q.checkers {
				t.Fatalf("%s: mirrored %s is not what its FEN reads back", p.FEN(), q.FEN())
			}
			if r := q.FilesMirrored(); r.FEN() != p.FEN() || r.hash != p.hash {
				t.Fatalf("%s: mirrored twice gives %s", p.FEN(), r.FEN())
			}
			var mine, theirs MoveList
			p.GenerateMoves(&mine)
			q.GenerateMoves(&theirs)
			want := map[Move]bool{}
			for _, m := range mine.Slice() {
				mm := m&^(127|127<<7) | Move(v.MirrorFile(m.From())) | Move(v.MirrorFile(m.To()))<<7
				want[mm] = true
			}
			for _, m := range theirs.Slice() {
				if !m.HasArrivals() && !m.IsCall() && !want[m] {
					t.Fatalf("%s: the mirror's %s has no twin", p.FEN(), q.MoveString(m))
				}
			}
			if mine.N != theirs.N || p.Verdict(0) != q.Verdict(0) {
				t.Fatalf("%s: %d legal moves, the mirror %d (or another verdict)", p.FEN(), mine.N, theirs.N)
			}
			if v == Chess() {
				f := strings.Fields(p.FEN())
				ranks := strings.Split(f[0], "/")
				for i, r := range ranks {
					b := []byte(r)
					slices.Reverse(b)
					ranks[i] = string(b)
				}
				if got := strings.Fields(q.FEN())[0]; got != strings.Join(ranks, "/") {
					t.Fatalf("%s: mirrored board %s", p.FEN(), got)
				}
			}
			compared++
		})
		if v == DurgGame() && compared < 1000 || v == Chaturanga() && compared != 0 {
			t.Fatalf("%s: %d positions mirrored", v.name, compared)
		}
	}
}
