package match

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/pgn"
)

// fakePonderer is a UCI engine that ponders: its bestmove names a ponder
// move, the first reply (args[0] "hit": what the fake "legal" engine
// plays) or the last ("miss"). A ponder search answers only ponderhit
// (with the first legal move and a guess) or stop, with a1a1: a move
// that loses at once should the runner ever play the answer to stop.
// "log=FILE" appends every line it reads to FILE.
func fakePonderer(args []string) {
	guessLast := len(args) > 0 && args[0] == "miss"
	var transcript *os.File
	for _, a := range args {
		if f, ok := strings.CutPrefix(a, "log="); ok {
			transcript, _ = os.OpenFile(f, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		}
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, a ...any) {
		fmt.Fprintf(out, format+"\n", a...)
		out.Flush()
	}
	pos := board.Chess().StartPosition()
	answer := func() {
		var ml board.MoveList
		pos.GenerateMoves(&ml)
		m := ml.Moves[0]
		after := pos
		after.DoMove(m)
		var replies board.MoveList
		if after.GenerateMoves(&replies); replies.N == 0 {
			say("bestmove %s", pos.MoveString(m))
			return
		}
		guess := replies.Moves[0]
		if guessLast {
			guess = replies.Moves[replies.N-1]
		}
		say("info depth 1 score cp 0 nodes 1 pv %s", pos.MoveString(m))
		say("bestmove %s ponder %s", pos.MoveString(m), after.MoveString(guess))
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := in.Text()
		if transcript != nil {
			fmt.Fprintln(transcript, line)
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			say("id name Fake ponder")
			say("option name Ponder type check default false")
			say("uciok")
		case "isready":
			say("readyok")
		case "position":
			pos = board.Chess().StartPosition()
			_, moves, _ := strings.Cut(line, " moves ")
			for _, s := range strings.Fields(moves) {
				if m, err := pos.ParseMove(s); err == nil {
					pos.DoMove(m)
				}
			}
		case "go":
			if len(f) < 2 || f[1] != "ponder" {
				answer()
			}
		case "ponderhit":
			answer()
		case "stop":
			say("bestmove a1a1")
		case "quit":
			return
		}
	}
}

// ponderGame plays one game of the ponderer (White, ponder on) against
// the fake "legal" engine, which answers after slowMS, and returns the
// game, the ponderer's transcript and the runner's output.
func ponderGame(t *testing.T, guess string, slowMS int) (*pgn.Game, string, string) {
	t.Helper()
	dir := t.TempDir()
	out, transcript := filepath.Join(dir, "g.pgn"), filepath.Join(dir, "lines.txt")
	args := append(append(fake("Ponderer", "ponder", guess, "log="+transcript), "ponder"),
		fake("Opponent", "legal", fmt.Sprintf("slow=%d", slowMS))...)
	args = append(args, "-each", "tc=60+0", "-maxmoves", "3", "-pgnout", "file="+out, "timeleft=true")
	stdout, stderr, err := runMatch(t, context.Background(), args...)
	require.NoError(t, err, stderr)
	games := readGames(t, out)
	require.Len(t, games, 1)
	lines, err := os.ReadFile(transcript)
	require.NoError(t, err)
	return games[0], string(lines), stdout
}

// TestPonderHit: after its move the engine ponders on its guess (go
// ponder, with the Ponder option set); the opponent plays it, the runner
// sends ponderhit, and the engine's clock is charged from the hit only:
// each of its moves after a hit is charged well under the opponent's
// second of thinking, which it pondered through.
func TestPonderHit(t *testing.T) {
	g, lines, out := ponderGame(t, "hit", 1000)
	require.Contains(t, lines, "setoption name Ponder value true\n")
	// Three ponder searches: two hit, the third is stopped by the game's end.
	require.Equal(t, 3, strings.Count(lines, "go ponder wtime "), lines)
	require.Equal(t, 2, strings.Count(lines, "\nponderhit\n"), lines)
	require.Equal(t, 1, strings.Count(lines, "\nstop\n"), lines)
	require.Contains(t, out, "Ponder hits: Ponderer 2 of 2")
	require.Contains(t, g.LastComment(), "Draw by adjudication: 3 moves played")
	for i := 2; i < len(g.Moves); i += 2 { // White's moves after a hit
		secs := moveSeconds(t, g.Moves[i].Comment)
		require.Less(t, secs, 0.9, "move %d (%s) charged %.3f s: the ponder time was charged", i, g.Moves[i].Comment, secs)
	}
}

// TestPonderMiss: the opponent plays another move than the guess: the
// runner stops the ponder search, drops its answer (a1a1, which would
// lose), and asks again with the real position.
func TestPonderMiss(t *testing.T) {
	g, lines, out := ponderGame(t, "miss", 0)
	// Three ponder searches: two missed, the third stopped by the game's end.
	require.Equal(t, 3, strings.Count(lines, "go ponder wtime "), lines)
	require.Equal(t, 3, strings.Count(lines, "\nstop\n"), lines)
	require.NotContains(t, lines, "ponderhit")
	require.Contains(t, out, "Ponder hits: Ponderer 0 of 2")
	require.Contains(t, g.LastComment(), "Draw by adjudication: 3 moves played")
	replay(t, g)
	// Each stop is followed by the real position and a fresh go.
	parts := strings.Split(lines, "\nstop\n")
	for _, part := range parts[1 : len(parts)-1] {
		require.True(t, strings.HasPrefix(part, "position startpos moves "), part)
		next := strings.SplitN(part, "\n", 3)
		require.True(t, strings.HasPrefix(next[1], "go wtime "), part)
	}
}

// moveSeconds reads the time of a move comment "+0.00/1 0.123s, ...".
func moveSeconds(t *testing.T, comment string) float64 {
	t.Helper()
	for _, w := range strings.Fields(strings.ReplaceAll(comment, ",", " ")) {
		if s, ok := strings.CutSuffix(w, "s"); ok {
			if d, err := time.ParseDuration(s + "s"); err == nil {
				return d.Seconds()
			}
		}
	}
	t.Fatalf("no time in %q", comment)
	return 0
}
