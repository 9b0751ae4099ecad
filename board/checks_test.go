package board

import "testing"

// PlainMoveChecks agrees with making the move and asking InCheck, for
// every plain move of random games of each game, and says false for the
// other kinds of turn.
func TestPlainMoveChecks(t *testing.T) {
	for _, v := range Variants() {
		checks, plain := 0, 0
		randomGamePositions(v, 60, 300, 3, func(p *Position) {
			var ml MoveList
			p.GenerateMoves(&ml)
			for _, m := range ml.Slice() {
				q := *p
				q.DoMove(m)
				got := p.PlainMoveChecks(m)
				if m.kind() != kindNormal || m.HasArrivals() || p.KillsBoth(m) {
					if got {
						t.Fatalf("%s: %s: %s is not plain but reported as checking", v.name, p.FEN(), p.MoveString(m))
					}
					continue
				}
				plain++
				if got != q.InCheck() {
					t.Fatalf("%s: %s: %s checks: %v, reported %v", v.name, p.FEN(), p.MoveString(m), q.InCheck(), got)
				}
				if got {
					checks++
				}
			}
		})
		if checks < 100 {
			t.Fatalf("%s: only %d checking moves among %d plain ones: the test says little", v.name, checks, plain)
		}
		t.Logf("%s: %d plain moves, %d checks", v.name, plain, checks)
	}
}
