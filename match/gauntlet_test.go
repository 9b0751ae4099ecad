package match

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGauntletByOpponent: a gauntlet ends with each opponent's results
// against the seed, whose figures are those of that pairing's score line.
func TestGauntletByOpponent(t *testing.T) {
	args := slices.Concat(fake("Seed", "hashed", "1", "greedy"), fake("Mixed", "hashed", "2"), fake("Loser", "illegal"), fake("Other", "hashed", "3"),
		[]string{"-each", "depth=1", "-games", "4", "-repeat", "-maxmoves", "30", "-resign", "movecount=1", "score=95",
			"-openings", "random", "plies=4", "bound=0", "-srand", "9", "-tournament", "gauntlet"})
	out, _, err := runMatch(t, context.Background(), args...)
	require.NoError(t, err)
	require.Contains(t, out, "Results of Seed against each opponent:\nOpponent     Elo     +/-   Games   Score     LOS    Draw  Pair Elo     +/-\n")
	for _, opp := range []string{"Mixed", "Loser", "Other"} {
		m := regexp.MustCompile(`Score of Seed vs `+opp+`: (\d+) - (\d+) - (\d+) `).FindAllStringSubmatch(out, -1)
		require.NotEmpty(t, m, opp)
		last := m[len(m)-1]
		var s Score
		s.W, _ = strconv.Atoi(last[1])
		s.L, _ = strconv.Atoi(last[2])
		s.D, _ = strconv.Atoi(last[3])
		require.Equal(t, 4, s.N())
		elo, margin := EloTrinomial(s)
		row := fmt.Sprintf("\n%-8s %7s %7s %7d %6.1f%% %6.1f%% %6.1f%% ", opp, fmtElo(elo), fmtElo(margin), 4, 100*s.Ratio(), 100*LOS(s), 100*s.DrawRatio())
		require.Contains(t, out, row, "the row of %s", opp)
	}
	require.Regexp(t, `\nLoser +inf +\S+ +4 +100\.0% `, out, "the seed's view: it won all four")
}
