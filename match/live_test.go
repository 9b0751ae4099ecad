package match

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/pgn"
)

// TestLivePGN polls -livepgnout while two games at a time are played: it
// always reads whole PGN (never half a game), at most one game per
// worker, games in progress marked * whose moves are the start of the game
// -pgnout gets, and at the end each worker's last game as -pgnout has it.
func TestLivePGN(t *testing.T) {
	dir := t.TempDir()
	live, whole := filepath.Join(dir, "live.pgn"), filepath.Join(dir, "games.pgn")
	args := slices.Concat(fake("A", "legal", "slow=15"), fake("B", "hashed", "4"),
		[]string{"-each", "depth=1", "-games", "4", "-maxmoves", "8", "-concurrency", "2", "-pgnout", whole, "-livepgnout", live})
	var stop atomic.Bool
	snapshots := make(chan []*pgn.Game, 10000)
	polled := make(chan error)
	go func() {
		defer close(polled)
		for !stop.Load() {
			text, err := os.ReadFile(live)
			if err == nil {
				games, err := pgn.ParseString(string(text))
				if err != nil {
					polled <- err
					return
				}
				select {
				case snapshots <- games:
				default:
				}
			}
			time.Sleep(3 * time.Millisecond)
		}
	}()
	_, _, err := runMatch(t, context.Background(), args...)
	stop.Store(true)
	require.NoError(t, <-polled, "a snapshot that is not whole PGN")
	require.NoError(t, err)
	close(snapshots)

	final := map[string]*pgn.Game{}
	for _, g := range readGames(t, whole) {
		final[tagOf(g, "Round")] = g
	}
	require.Len(t, final, 4)
	ongoing := 0
	for games := range snapshots {
		require.LessOrEqual(t, len(games), 2, "one game per worker")
		for _, g := range games {
			f := final[tagOf(g, "Round")]
			require.NotNil(t, f)
			if g.Result == board.Ongoing {
				require.Equal(t, "*", tagOf(g, "Result"))
				require.Equal(t, "unterminated", tagOf(g, "Termination"))
				require.True(t, slices.Equal(moveTexts(f)[:len(g.Moves)], moveTexts(g)), "a game in progress is the start of the finished one: %v, %v", moveTexts(g), moveTexts(f))
				if len(g.Moves) > 0 {
					ongoing++
				}
			} else {
				require.Equal(t, moveTexts(f), moveTexts(g))
			}
		}
	}
	require.Positive(t, ongoing, "no snapshot showed a game in progress")
	text := readFile(t, live)
	lastGames, err := pgn.ParseString(text)
	require.NoError(t, err)
	require.Len(t, lastGames, 2)
	for _, g := range splitGames(t, text) {
		require.Contains(t, readFile(t, whole), g, "the finished game as -pgnout has it")
	}

	_, err = ParseArgs(append(args, "-livepgnout", "file=x", "every=2"))
	require.EqualError(t, err, `-livepgnout: unknown option "every" (known: file, min)`)
	_, err = ParseArgs(append(args[:len(args)-2], "-livepgnout"))
	require.EqualError(t, err, "-livepgnout needs a file: -livepgnout FILE or -livepgnout file=FILE")
}
