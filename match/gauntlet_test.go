package match

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
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

// TestMergeGauntlet: -merge of a gauntlet's shards prints the table of
// results by opponent that the whole run prints, figure for figure.
func TestMergeGauntlet(t *testing.T) {
	dir := t.TempDir()
	args := slices.Concat(fake("Seed", "hashed", "1", "greedy"), fake("Mixed", "hashed", "2"), fake("Loser", "illegal"),
		[]string{"-each", "depth=1", "-games", "2", "-rounds", "2", "-repeat", "-maxmoves", "30", "-resign", "movecount=1", "score=95",
			"-openings", "random", "plies=4", "bound=0", "-srand", "9", "-tournament", "gauntlet"})
	whole, _, err := runMatch(t, context.Background(), append(args, "-pgnout", filepath.Join(dir, "whole.pgn"))...)
	require.NoError(t, err)
	var shards []string
	for i := 1; i <= 2; i++ {
		file := filepath.Join(dir, fmt.Sprintf("s%d.pgn", i))
		_, _, err := runMatch(t, context.Background(), append(args, "-shard", fmt.Sprintf("%d/2", i), "-pgnout", file)...)
		require.NoError(t, err)
		shards = append(shards, file)
	}
	merged, _, err := runMatch(t, context.Background(), append([]string{"-merge"}, shards...)...)
	require.NoError(t, err)
	table := func(out string) string {
		i := strings.LastIndex(out, "Results of Seed against each opponent:")
		require.GreaterOrEqual(t, i, 0, out)
		lines := strings.SplitN(out[i:], "\n", 5)
		return strings.Join(lines[:4], "\n")
	}
	require.Equal(t, table(whole), table(merged))
	require.Contains(t, table(merged), "\nLoser ")
}
