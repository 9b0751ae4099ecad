package match

import "fmt"

// gauntletLines are a gauntlet's results by opponent: for each seed, every
// opponent's games against it with the seed's score, Elo and error bar
// (from the seed's view, as the pairing's own Elo line would say were it
// a match of two), LOS and draw ratio, and the pair-based Elo when the
// match is counted in pairs. The ranking table mixes opponents; these
// lines are what a gauntlet is run for.
func (t *tournament) gauntletLines() []string {
	names := t.settings.names
	width := max(nameWidth(names), len("Opponent"))
	var lines []string
	for seed := range t.players {
		var rows []*encounter
		for _, e := range t.enc {
			if e.a == seed {
				rows = append(rows, e)
			}
		}
		if len(rows) == 0 {
			continue
		}
		head := fmt.Sprintf("%-*s %7s %7s %7s %7s %7s %7s", width, "Opponent", "Elo", "+/-", "Games", "Score", "LOS", "Draw")
		if t.paired {
			head += fmt.Sprintf(" %9s %7s", "Pair Elo", "+/-")
		}
		lines = append(lines, fmt.Sprintf("Results of %s against each opponent:", names[seed]), head)
		for _, e := range rows {
			elo, margin := EloTrinomial(e.score)
			l := fmt.Sprintf("%-*s %7s %7s %7d %6.1f%% %6.1f%% %6.1f%%", width, names[e.b], fmtElo(elo), fmtElo(margin),
				e.score.N(), 100*e.score.Ratio(), 100*LOS(e.score), 100*e.score.DrawRatio())
			if t.paired {
				pelo, pmargin := EloPentanomial(e.ptnml)
				l += fmt.Sprintf(" %9s %7s", fmtElo(pelo), fmtElo(pmargin))
			}
			lines = append(lines, l)
		}
	}
	return lines
}
