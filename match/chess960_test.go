package match

import (
	"context"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

func TestChess960Config(t *testing.T) {
	base := []string{"-engine", "cmd=x", "-engine", "cmd=y", "-each", "depth=1", "-srand", "3"}
	for _, name := range []string{"fischerandom", "chess960", "FRC"} {
		cfg, err := ParseArgs(append(base, "-variant", name))
		require.NoError(t, err, name)
		require.Same(t, board.Chess960(), cfg.Variant)
		require.Equal(t, openingsFRC, cfg.Openings.Kind, "no book: the start positions")
		require.True(t, cfg.Openings.Random)
	}
	cfg, err := ParseArgs(append(base, "-variant", "fischerandom", "-openings", "dfrc", "order=sequential", "start=961"))
	require.NoError(t, err)
	require.Equal(t, openingsDFRC, cfg.Openings.Kind)
	require.False(t, cfg.Openings.Random)

	for args, want := range map[string]string{
		"-openings frc":                                  "needs -variant fischerandom",
		"-variant durg -openings dfrc":                   "needs -variant fischerandom",
		"-variant fischerandom -openings frc file=x.epd": "takes no file=",
		"-variant fischerandom -openings frc start=961":  "there are 960 start positions",
	} {
		_, err := ParseArgs(append(base, strings.Fields(args)...))
		require.ErrorContains(t, err, want, args)
	}
}

func TestFRCOpenings(t *testing.T) {
	seq := frcOpenings(false, 3, false, 518, 1)
	require.Equal(t, board.Chess().StartFEN(), seq[1].FEN) // number 518 is the 519th
	require.Equal(t, board.Chess960FEN(517), seq[0].FEN)
	require.Equal(t, board.DoubleChess960FEN(1, 0), frcOpenings(true, 1, false, 961, 1)[0].FEN)

	// Shuffled: every position once before any comes back, by the seed.
	all := frcOpenings(false, 1920, true, 1, 7)
	seen := map[string]int{}
	for _, o := range all[:960] {
		seen[o.FEN]++
	}
	require.Len(t, seen, 960)
	require.NotEqual(t, all[:960], all[960:], "a new order each round")
	require.Equal(t, all, frcOpenings(false, 1920, true, 1, 7))
	require.NotEqual(t, all[:10], frcOpenings(false, 10, true, 1, 8))
	d := frcOpenings(true, 50, true, 1, 7)
	pairs := map[string]bool{}
	for _, o := range d {
		pairs[o.FEN] = true
		_, err := board.ParseFEN(board.Chess960(), o.FEN)
		require.NoError(t, err)
	}
	require.Len(t, pairs, 50)
}

// Senapati plays itself in Double Chess960: UCI_Chess960 is set, every
// move (castling king takes rook) is legal, the PGN replays as chess960
// from X-FEN start positions, and nothing is warned about.
func TestChess960Games(t *testing.T) {
	pgnFile := filepath.Join(t.TempDir(), "frc.pgn")
	args := append(senapati("One", "option.Hash=4"), senapati("Two", "option.Hash=4")...)
	out, errOut, err := runMatch(t, context.Background(), append(args, "-variant", "fischerandom", "-openings", "dfrc", "seed=9",
		"-each", "depth=3", "-games", "4", "-repeat", "-concurrency", "2", "-maxmoves", "60", "-pgnout", pgnFile)...)
	require.NoError(t, err, errOut)
	require.Empty(t, errOut)
	games := readGames(t, pgnFile)
	require.Len(t, games, 4)
	castled := false
	for _, g := range games {
		require.Equal(t, "chess960", tagOf(g, "Variant"))
		replay(t, g)
		for _, m := range moveTexts(g) {
			castled = castled || strings.HasPrefix(m, "O-O")
		}
	}
	checkScore(t, out, games)
	starts := map[string]int{}
	for _, g := range games {
		starts[tagOf(g, "FEN")]++
	}
	require.Equal(t, []int{2, 2}, slices.Collect(maps.Values(starts)), "-repeat: each set-up twice, colours swapped")
	t.Logf("castled in some game: %v", castled)
}
