package board

import "testing"

// GivesCheck agrees with making the move and asking InCheck, for every
// plain move of random games of each game, and says false for the other
// kinds of turn.
func TestGivesCheck(t *testing.T) {
	for _, v := range Variants() {
		checks, plain, discovered := 0, 0, 0
		randomGamePositions(v, 60, 300, 3, func(p *Position) {
			var ml MoveList
			p.GenerateMoves(&ml)
			ci := p.CheckInfo()
			for _, m := range ml.Slice() {
				q := *p
				q.DoMove(m)
				got := p.GivesCheck(m, &ci)
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
				if q.InCheck() && q.Checkers().AndNot(SquareBB(m.To())).Any() {
					discovered++
				}
			}
		})
		if checks < 100 || discovered < 10 {
			t.Fatalf("%s: only %d checking moves (%d by discovery) among %d plain ones: the test says little", v.name, checks, discovered, plain)
		}
		t.Logf("%s: %d plain moves, %d checks, %d by discovery", v.name, plain, checks, discovered)
	}
}
