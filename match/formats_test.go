package match

import (
	"context"
	"math"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestFastchessElo: the numbers of fastchess's report, checked against
// the cases of fastchess's own Elo tests (app/tests/elo_test.cpp).
func TestFastchessElo(t *testing.T) {
	wdl := newFCElo(trinomialValues, floats(96, 111, 136), false) // L, D, W
	require.InEpsilon(t, 49.77, wdl.nElo, 0.01)
	require.InEpsilon(t, 36.77, wdl.nEloErr, 0.01)
	require.InEpsilon(t, 40.70, wdl.elo, 0.01)
	require.InEpsilon(t, 30.43, wdl.eloErr, 0.01)
	require.Equal(t, "99.60", fcFloat(wdl.los))

	// LL 332, LD 433, WL 457 + DD 41, WD 333, WW 334
	penta := newFCElo(pentanomialValues, floats(332, 433, 457+41, 333, 334), true)
	require.InEpsilon(t, -9.17, penta.nElo, 0.01)
	require.InEpsilon(t, 10.96, penta.nEloErr, 0.01)
	require.InEpsilon(t, -8.64, penta.elo, 0.01)
	require.InEpsilon(t, 10.33, penta.eloErr, 0.01)
	require.Equal(t, "5.05", fcFloat(penta.los))

	allDrawn := newFCElo(pentanomialValues, floats(0, 0, 2, 0, 0), true)
	require.True(t, math.IsNaN(allDrawn.nElo), "no variance: nElo is 0/0")
	require.Equal(t, "nan", fcFloat(math.NaN()))
	require.Equal(t, "-nan", fcFloat(math.Copysign(math.NaN(), -1)))
	require.Equal(t, "-inf", fcFloat(math.Inf(-1)))
	require.Equal(t, "-0.00", fcFloat(allDrawn.elo))
}

func TestFastchessTime(t *testing.T) {
	require.Equal(t, "10+0.1", fcTime(TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}))
	require.Equal(t, "40/60", fcTime(TimeControl{Moves: 40, Base: time.Minute}))
	require.Equal(t, "0.5/move", fcTime(TimeControl{MoveTime: 500 * time.Millisecond}))
	require.Equal(t, "7 plies", fcTime(TimeControl{Depth: 7}))
	require.Equal(t, "5000 nodes", fcTime(TimeControl{Nodes: 5000}))
	require.Equal(t, "8 - 7 plies", both(fcTime(TimeControl{Base: 8 * time.Second}), fcTime(TimeControl{Depth: 7})))
}

// TestOutputFormats: -output format=fastchess prints fastchess's lines in
// its order (no Score of lines; its report after every pair with
// -ratinginterval 1, the last one once; Finished match and Total Time);
// format=cutechess prints cutechess-cli's lines and none of ours.
func TestOutputFormats(t *testing.T) {
	args := append(append(fake("A", "hashed", "1"), fake("B", "hashed", "2")...), "-each", "depth=1", "-games", "4", "-repeat",
		"-ratinginterval", "1", "-maxmoves", "20")
	out, _, err := runMatch(t, context.Background(), append(args, "-output", "format=fastchess")...)
	require.NoError(t, err)
	var shape []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(l)
		shape = append(shape, f[0])
	}
	block := []string{"--------------------------------------------------", "Results", "Elo:", "LOS:", "Games:", "Ptnml(0-2):", "--------------------------------------------------"}
	want := []string{"Started", "Finished", "Started", "Finished"}
	want = append(append(want, block...), "Started", "Finished", "Started", "Finished")
	want = append(append(want, block...), "Finished", "Total")
	require.Equal(t, want, shape, out)
	require.Contains(t, out, "Results of A vs B (1 plies, NULL, NULL):\n")
	games := regexp.MustCompile(`Games: 4, Wins: (\d+), Losses: (\d+), Draws: (\d+), Points: `).FindStringSubmatch(out)
	require.NotNil(t, games, out)
	require.Regexp(t, `Total Time: 00:00:\d\d \(hours:minutes:seconds\)\n\n$`, out)

	out, _, err = runMatch(t, context.Background(), append(args, "-output", "format=cutechess")...)
	require.NoError(t, err)
	for _, ours := range []string{"Ptnml", "Engine ", "Thinking time", "SPRT stopped"} {
		require.NotContains(t, out, ours)
	}
	require.Contains(t, out, "Score of A vs B: ")
	require.Contains(t, out, "Elo difference: ")
	require.True(t, strings.HasSuffix(out, "Finished match\n"), out)

	_, err = ParseArgs(append(append(args, fake("C", "legal")...), "-output", "format=fastchess"))
	require.ErrorContains(t, err, "two engines")
	_, err = ParseArgs(append(args, "-output", "format=arena"))
	require.ErrorContains(t, err, "needs fastchess or cutechess")
}

// TestLatencyAndStrict: -show-latency writes each move's latency, the
// PGN's latency= records it; -strict turns a warning (an option the
// engine does not declare) into a failed run, which without -strict
// succeeds.
func TestLatencyAndStrict(t *testing.T) {
	pgnFile := filepath.Join(t.TempDir(), "g.pgn")
	args := append(append(fake("A", "legal"), fake("B", "legal")...), "-each", "depth=1", "-maxmoves", "2")
	_, stderr, err := runMatch(t, context.Background(), append(args, "-show-latency", "-pgnout", "file="+pgnFile, "latency=true")...)
	require.NoError(t, err)
	require.Regexp(t, `Engine A latency: -?\d+ms \(elapsed: \d+, reported: 1\)`, stderr)
	g := readGames(t, pgnFile)[0]
	require.Regexp(t, `^\+0\.00/1 \d+\.\d{3}s, latency=-?\d+\.\d{3}s`, g.Moves[0].Comment)

	warned := append(append(append(fake("A", "legal"), "option.Bogus=1"), fake("B", "legal")...), "-each", "depth=1", "-maxmoves", "2")
	_, stderr, err = runMatch(t, context.Background(), warned...)
	require.NoError(t, err)
	require.Contains(t, stderr, "does not declare option Bogus")
	_, _, err = runMatch(t, context.Background(), append(warned, "-strict")...)
	require.ErrorContains(t, err, "-strict: 1 warning(s) given")
}

// TestFastchessAliases: args= is split as a shell would (quotes kept
// together), plies= is depth=.
func TestFastchessAliases(t *testing.T) {
	cfg, err := ParseArgs([]string{"-engine", "cmd=a", `args=-x "two words" 'q r' last`, "-engine", "cmd=b", "-each", "plies=3"})
	require.NoError(t, err)
	require.Equal(t, []string{"-x", "two words", "q r", "last"}, cfg.Engines[0].Args)
	require.Equal(t, 3, cfg.Engines[1].TC.Depth)
	_, err = ParseArgs([]string{"-engine", "cmd=a", `args="open`, "-engine", "cmd=b", "-each", "plies=3"})
	require.ErrorContains(t, err, "not closed")
}
