package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// playShards plays the given shards of a match (args without -shard and
// -pgnout) into dir/NAME-I.pgn and returns the files.
func playShards(t *testing.T, dir, name string, n int, args []string, shards ...int) []string {
	t.Helper()
	var files []string
	for _, i := range shards {
		f := filepath.Join(dir, fmt.Sprintf("%s-%d.pgn", name, i))
		_, _, err := runMatch(t, context.Background(), slices.Concat(args, []string{"-shard", fmt.Sprintf("%d/%d", i, n), "-pgnout", f})...)
		require.NoError(t, err)
		files = append(files, f)
	}
	return files
}

// runMerge merges files (and more flags) as Main does.
func runMerge(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	cfg, err := ParseArgs(append([]string{"-merge"}, args...))
	require.NoError(t, err)
	var out, errOut lockedBuffer
	err = Run(context.Background(), cfg, &out, &errOut)
	return out.String(), errOut.String(), err
}

// splitGames cuts a PGN file's text into its games.
func splitGames(t *testing.T, text string) []string {
	t.Helper()
	var games []string
	for _, g := range strings.SplitAfter(text, "\n\n[Event ") {
		if len(games) > 0 {
			g = "[Event " + g
		}
		games = append(games, strings.TrimSuffix(g, "[Event "))
	}
	return games
}

// TestMergeFindsMissingGames: the shards' own tags tell a merge how many
// games the match has and which shard holds which share, so it finds a
// shard that is missing entirely, games missing at the end of a shard, and
// an empty shard, and fails on each, naming every missing game.
func TestMergeFindsMissingGames(t *testing.T) {
	dir := t.TempDir()
	args := append(append(fake("A", "legal"), fake("B", "illegal")...), "-each", "depth=1", "-games", "12", "-repeat")
	files := playShards(t, dir, "s", 3, args, 1, 2, 3)
	out, errOut, err := runMerge(t, files...)
	require.NoError(t, err)
	require.Empty(t, errOut)
	require.Contains(t, out, "Merged 12 games from 3 files\nScore of A vs B: 12 - 0 - 0")

	// Shard 3 of 3 lost: games 5, 6, 11 and 12 (pairs 3 and 6) are missing.
	out, errOut, err = runMerge(t, files[:2]...)
	require.EqualError(t, err, "-merge: 4 of the match's 12 games are missing: 5-6, 11-12")
	require.Contains(t, errOut, "Warning: shard 3 of 3 has no game in these files\n")
	require.Contains(t, out, "Score of A vs B: 8 - 0 - 0", "the games there are still counted")

	// The last game of shard 2 lost (game 10).
	games := splitGames(t, readFile(t, files[1]))
	require.Len(t, games, 4)
	cut := filepath.Join(dir, "cut-2.pgn")
	require.NoError(t, os.WriteFile(cut, []byte(strings.Join(games[:3], "")), 0o644))
	_, errOut, err = runMerge(t, files[0], cut, files[2])
	require.EqualError(t, err, "-merge: 1 of the match's 12 games are missing: 10")
	require.Contains(t, errOut, "Warning: shard 2 of 3: 3 of its 4 games in these files\n")

	// An empty shard file is an error of its own.
	empty := filepath.Join(dir, "empty.pgn")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	_, _, err = runMerge(t, files[0], files[1], empty)
	require.EqualError(t, err, "-merge: "+empty+" holds no game")

	// A shard with no games of the match is refused before it starts.
	_, _, err = runMatch(t, context.Background(), append(slices.Clone(args[:len(args)-3]), "-games", "2", "-repeat", "-shard", "2/2")...)
	require.EqualError(t, err, "-shard 2/2: this shard has no games (the match has 2 games; shards are dealt whole pairs)")

	// A whole match that stopped early misses its last games too.
	whole := filepath.Join(dir, "whole.pgn")
	_, _, err = runMatch(t, context.Background(), append(args, "-pgnout", whole)...)
	require.NoError(t, err)
	games = splitGames(t, readFile(t, whole))
	require.NoError(t, os.WriteFile(whole, []byte(strings.Join(games[:9], "")), 0o644))
	_, _, err = runMerge(t, whole)
	require.EqualError(t, err, "-merge: 3 of the match's 12 games are missing: 10-12")
}

// TestMergeRefusesOtherMatches: shards of matches that differ in variant,
// time control, engine settings or opening set are not merged.
func TestMergeRefusesOtherMatches(t *testing.T) {
	dir := t.TempDir()
	engines := append(fake("A", "legal"), fake("B", "illegal")...)
	base := []string{"-games", "4", "-repeat", "-openings", "random", "plies=4", "bound=0", "-srand", "3"}
	ref := playShards(t, dir, "ref", 2, slices.Concat(engines, []string{"-each", "depth=1"}, base), 1)[0]
	cases := []struct {
		name, want string
		args       []string
	}{
		{"variant", "variant chaturanga here, chess in " + ref, slices.Concat(engines, []string{"-each", "depth=1", "-variant", "chaturanga"}, base)},
		{"clock", "time control 10+0.1 here, - in " + ref, slices.Concat(engines, []string{"-each", "tc=10+0.1"}, base)},
		{"depth", "the settings differ from " + ref, slices.Concat(engines, []string{"-each", "depth=2"}, base)},
		{"option", `engine 1 (A): options "Hash=2" here, "" in ` + ref, slices.Concat(engines, []string{"-each", "depth=1", "option.Hash=2"}, base)},
		{"openings", "the opening set differs from " + ref, slices.Concat(engines, []string{"-each", "depth=1"}, base[:len(base)-1], []string{"4"})},
		{"games", "a match of 6 games here, of 4 in " + ref, slices.Concat(engines, []string{"-each", "depth=1"}, []string{"-games", "6"}, base[2:])},
		{"shards", "shard 2 of 3 here, shard 1 of 2 in " + ref, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var other string
			if c.args == nil {
				other = playShards(t, dir, c.name, 3, slices.Concat(engines, []string{"-each", "depth=1"}, base), 2)[0]
			} else {
				other = playShards(t, dir, c.name, 2, c.args, 2)[0]
			}
			_, _, err := runMerge(t, ref, other)
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
			require.Contains(t, err.Error(), other)
		})
	}
	// The same settings merge.
	same := playShards(t, dir, "same", 2, slices.Concat(engines, []string{"-each", "depth=1"}, base), 2)[0]
	_, _, err := runMerge(t, ref, same)
	require.NoError(t, err)
}

// TestMergeRefusesOtherEngine: a shard played by another engine under the
// same name, arguments and options (only its command differs, which the
// settings digest leaves out since paths differ between machines) is
// refused by the engines' id names that every game records.
func TestMergeRefusesOtherEngine(t *testing.T) {
	dir := t.TempDir()
	script := func(name, mode string) string {
		path := filepath.Join(dir, name)
		text := fmt.Sprintf("#!/bin/sh\nexec '%s' fake-engine %s \"$@\"\n", os.Args[0], mode)
		require.NoError(t, os.WriteFile(path, []byte(text), 0o755))
		return path
	}
	legal, hashed := script("legal.sh", "legal"), script("hashed.sh", "hashed 7")
	args := func(b string) []string {
		return slices.Concat(fake("A", "legal"), []string{"-engine", "cmd=" + b, "name=B", "-each", "depth=1", "-games", "4", "-repeat", "-maxmoves", "10"})
	}
	ref := playShards(t, dir, "ref", 2, args(legal), 1)[0]
	same := playShards(t, dir, "same", 2, args(legal), 2)[0]
	other := playShards(t, dir, "other", 2, args(hashed), 2)[0]
	require.Equal(t, "Fake legal", tagOf(readGames(t, ref)[0], "BlackEngineID"))
	_, _, err := runMerge(t, ref, same)
	require.NoError(t, err)
	_, _, err = runMerge(t, ref, other)
	require.Error(t, err, "a shard of another engine named B")
	require.ErrorContains(t, err, `engine 2 (B): id name "Fake hashed" here, "Fake legal" in `+ref)
}

// TestMergeFinishedSPRT: a whole match that the SPRT stopped is finished,
// not short of games: its merge (with the match's -sprt, or none: the
// games record it) exits 0 with the same statistics and decision. Cut
// before the decision, the same file is still short.
func TestMergeFinishedSPRT(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sprt.pgn")
	args := slices.Concat(fake("Bad", "illegal"), fake("Good", "legal"),
		[]string{"-each", "depth=1", "-games", "120", "-repeat", "-concurrency", "2", "-sprt", "elo0=0", "elo1=50", "-pgnout", path})
	out, _, err := runMatch(t, context.Background(), args...)
	require.NoError(t, err)
	require.Contains(t, out, "SPRT stopped the match after ")
	played := len(readGames(t, path))
	require.Less(t, played, 120)
	for _, more := range [][]string{{"-sprt", "elo0=0", "elo1=50"}, nil} {
		merged, _, err := runMerge(t, append([]string{path}, more...)...)
		require.NoError(t, err, "the SPRT ended the match")
		require.Contains(t, merged, fmt.Sprintf("SPRT stopped the match after %d of 120 games", played))
		require.Contains(t, merged, "H0 was accepted")
		require.Equal(t, finalStats(out), finalStats(merged))
	}
	games := splitGames(t, readFile(t, path))
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(games[:10], "")), 0o644))
	_, _, err = runMerge(t, path)
	require.ErrorContains(t, err, "-merge: 110 of the match's 120 games are missing: ")
}
