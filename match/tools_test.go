package match

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"senapati/internal/version"
	"senapati/pgn"
)

func TestEPDOutAndLog(t *testing.T) {
	dir := t.TempDir()
	pgn, epd, log := filepath.Join(dir, "g.pgn"), filepath.Join(dir, "g.epd"), filepath.Join(dir, "m.log")
	args := append(fake("A", "legal"), fake("B", "crash")...)
	out, _, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-games", "3", "-maxmoves", "3",
		"-pgnout", pgn, "-epdout", epd, "-log", "file="+log, "level=info", "engine=true")...)
	require.NoError(t, err)
	games := readGames(t, pgn)
	require.Len(t, games, 3)
	// One line per game: the position its PGN ends in.
	lines := strings.Split(strings.TrimSpace(readFile(t, epd)), "\n")
	require.Len(t, lines, 3)
	ends := map[string]bool{}
	for _, g := range games {
		ends[replay(t, g).Position().FEN()] = true
	}
	for _, l := range lines {
		require.True(t, ends[l], "%s is the end of no game", l)
	}
	text := readFile(t, log)
	require.Regexp(t, `(?m)^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3} \[info\] Started game 1 of 3 \(A vs B\)$`, text)
	require.Regexp(t, `(?m)^\S+ \[trace\] A\(\d+\) < bestmove \S+$`, text)
	require.Regexp(t, `(?m)^\S+ \[trace\] B\(\d+\) > go depth 1$`, text)
	require.Regexp(t, `(?m)^\S+ \[warn\] Warning: B exited \(exit status 3\); starting it again$`, text)
	require.Contains(t, text, "[info] Finished match")
	require.Contains(t, out, "Finished match")

	// At the default level only warnings; engine=false leaves out the traffic.
	require.NoError(t, os.Remove(log))
	_, _, err = runMatch(t, context.Background(), append(args, "-each", "depth=1", "-games", "2", "-maxmoves", "1", "-log", "file="+log)...)
	require.NoError(t, err)
	text = readFile(t, log)
	require.Contains(t, text, "[warn] Warning: B exited")
	require.NotContains(t, text, "[info]")
	require.NotContains(t, text, "[trace]")
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

func TestWaitBetweenGames(t *testing.T) {
	args := append(fake("A", "legal"), fake("B", "legal")...)
	cfg, err := ParseArgs(append(args, "-each", "depth=1", "-games", "3", "-maxmoves", "1", "-wait", "300", "-progress", "off"))
	require.NoError(t, err)
	var mu sync.Mutex
	var finished, started []time.Time
	out := &lockedBuffer{on: func(line string) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case strings.HasPrefix(line, "Finished game "):
			finished = append(finished, time.Now())
		case strings.HasPrefix(line, "Started game "):
			started = append(started, time.Now())
		}
	}}
	require.NoError(t, Run(context.Background(), cfg, out, &lockedBuffer{}))
	require.Len(t, started, 3)
	for k := 1; k < 3; k++ { // game k+1 starts 300 ms after game k ends
		require.GreaterOrEqual(t, started[k].Sub(finished[k-1]), 300*time.Millisecond)
	}
}

func TestPGNFieldsAndColours(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "g.pgn")
	args := append(fake("A", "legal"), fake("B", "legal")...)
	out, _, err := runMatch(t, context.Background(), append(args, "-each", "tc=60", "-games", "2", "-maxmoves", "2", "-reverse", "-noswap",
		"-pgnout", "file="+pgn, "nodes=true", "seldepth=true", "nps=true", "timeleft=true", "pv=true")...)
	require.NoError(t, err)
	// -noswap -reverse: the second engine is White in every game.
	require.Contains(t, out, "Started game 1 of 2 (B vs A)")
	require.Contains(t, out, "Started game 2 of 2 (B vs A)")
	text := readFile(t, pgn)
	// The fake reports "seldepth 2 nodes 123 nps 4567" for every move.
	comments := regexp.MustCompile(`\{[^}]*\}`).FindAllString(strings.ReplaceAll(text, "\n", " "), -1)
	require.Len(t, comments, 2*4, "4 moves per game, the result joining the last one's comment")
	for i, c := range comments {
		if i%4 == 3 { // the reason joins the text, before the clock command
			require.Contains(t, c, ", Draw by adjudication: 2 moves played [%clk ")
			c = strings.Replace(c, ", Draw by adjudication: 2 moves played", "", 1)
		}
		// pv=: the fake's move and its reply in SAN; [%clk]: the clock tl= gives.
		require.Regexp(t, `^\{\+0\.00/1 \d+\.\d{3}s, tl=(\d+)\.\d{3}s, n=123, sd=2, nps=4567, pv=[NR]?[a-h]\d [NR]?[a-h]\d \[%clk 0:0[01]:\d\d(\.\d{3})?\]\}$`, c)
		var left float64
		fmt.Sscanf(regexp.MustCompile(`tl=([0-9.]+)s`).FindStringSubmatch(c)[1], "%g", &left)
		require.InDelta(t, 60, left, 1, "a minute on the clock, less what the move took")
		clk := regexp.MustCompile(`\[%clk ([0-9:.]+)\]`).FindStringSubmatch(c)[1]
		require.Equal(t, fmt.Sprintf("%.3f", left), clkSeconds(t, clk), "[%%clk] and tl= are one clock")
	}
	require.NotContains(t, text, "[Pair ", "-noswap: the games are not pairs")
}

func TestConcurrencyWarning(t *testing.T) {
	n := runtime.NumCPU()
	args := append(fake("A", "legal"), fake("B", "legal")...)
	_, errOut, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-maxmoves", "1", "-concurrency", fmt.Sprint(n+1))...)
	require.NoError(t, err)
	require.Contains(t, errOut, fmt.Sprintf("Warning: -concurrency %d exceeds the %d CPUs this process may use", n+1, n))
	_, errOut, err = runMatch(t, context.Background(), append(args, "-each", "depth=1", "-maxmoves", "1", "-concurrency", fmt.Sprint(n))...)
	require.NoError(t, err)
	require.Empty(t, errOut)
}

func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 0, Main([]string{"-version"}, &out, &errOut))
	require.Equal(t, "senapati match "+version.String()+" ("+runtime.Version()+")\n", out.String())
}

// TestHostileText feeds braces, quotes, brackets, line breaks and bytes
// that are not printable through every way text reaches the PGN: the
// bestmove token, the engine's id name, a user's engine name, option
// values (echoed by the engine), event and site. The file must stay valid
// PGN whose tags agree with its movetext.
func TestHostileText(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "g.pgn")
	idName := "Evil \"}{] \x1b[31m\x01\x7f\xff tab\there {x} ;y\nsecond line"
	// No name=: the name comes from the engine. Its move is the option's value.
	args := append(fake("", "echo", idName), `option.Move=%x}1-0{"]`)
	args = append(args, fake(`Good "}{] ;`, "legal")...)
	out, _, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-games", "2",
		"-event", "ev\"]\n[Result \"1-0\"]", "-site", "s\\\x00{", "-pgnout", pgn)...)
	require.NoError(t, err)
	require.NotContains(t, out, "\x1b", "nothing reaches the terminal unclean")

	text := readFile(t, pgn)
	require.True(t, utf8.ValidString(text))
	tagLine := regexp.MustCompile(`^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\["\\])*)"\]$`)
	var tags []map[string]string
	inTags := false
	depth := 0 // of {comments}, which may go on over lines
	for _, line := range strings.Split(text, "\n") {
		for _, r := range line {
			require.True(t, r >= ' ' && r != 0x7f, "control character %q in %q", r, line)
		}
		if strings.HasPrefix(line, "[") {
			require.Zero(t, depth, "a comment's line reads as a tag: %q", line)
			m := tagLine.FindStringSubmatch(line)
			require.NotNil(t, m, "not a PGN tag: %q", line)
			if !inTags {
				tags = append(tags, map[string]string{})
				inTags = true
			}
			tags[len(tags)-1][m[1]] = strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[2])
			continue
		}
		inTags = false
		require.False(t, strings.HasPrefix(line, "%"), "an escape line: %q", line)
		// Movetext: comments do not nest and close.
		for _, r := range line {
			switch r {
			case '{':
				require.Zero(t, depth, "{ inside a comment: %q", line)
				depth++
			case '}':
				require.Equal(t, 1, depth, "} outside a comment: %q", line)
				depth--
			}
		}
	}
	require.Zero(t, depth, "a comment is left open")
	require.Len(t, tags, 2)
	games := readGames(t, pgn)
	require.Len(t, games, 2, "no stray game or result token")
	evil := "Evil '}{] ?[31m??? tab?here {x} ;y" // quotes become apostrophes (see tagText)
	for i, g := range games {
		require.Equal(t, tags[i]["Result"], g.Result.String(), "Result tag and movetext agree")
		require.Len(t, g.Tags, len(tags[i]))
		for _, tag := range g.Tags {
			require.Equal(t, tags[i][tag.Name], tag.Value, tag.Name)
		}
		require.Equal(t, "ev']?[Result '1-0']", tagOf(g, "Event"))
		require.Equal(t, "s\\?{", tagOf(g, "Site"))
		require.Contains(t, []string{tagOf(g, "White"), tagOf(g, "Black")}, evil)
		require.Contains(t, []string{tagOf(g, "White"), tagOf(g, "Black")}, `Good '}{] ;`)
		require.Regexp(t, `^([^{}]*, )?(White|Black) makes an illegal move: \?x\)1-0\("\)\?\? \(`, g.LastComment())
		require.Equal(t, map[bool]string{true: "0-1", false: "1-0"}[tagOf(g, "White") == evil], g.Result.String())
		replay(t, g)
	}
}

// TestShardIgnoresSPRT: a shard plays its whole share; only the merge of
// all shards may stop the test.
func TestShardIgnoresSPRT(t *testing.T) {
	dir := t.TempDir()
	good, bad := fake("Good", "legal"), fake("Bad", "illegal")
	args := append(append(good, bad...), "-each", "depth=1", "-games", "60", "-sprt", "elo0=0", "elo1=50")
	var files []string
	for i := 1; i <= 2; i++ {
		f := filepath.Join(dir, fmt.Sprintf("s%d.pgn", i))
		files = append(files, f)
		out, _, err := runMatch(t, context.Background(), append(args, "-shard", fmt.Sprintf("%d/2", i), "-pgnout", f)...)
		require.NoError(t, err)
		require.Contains(t, out, fmt.Sprintf("Shard %d of 2: 30 of the match's 60 games", i))
		require.NotContains(t, out, "SPRT stopped")
		require.Contains(t, out, "Score of Good vs Bad: 30 - 0 - 0")
	}
	// 23 straight wins accept H1 (see TestSPRTStopsTheMatch); the merge
	// has 60 (normalized Elo: LLR 7.99; logistic: 8.02).
	for model, llr := range map[string]string{"normalized": "7.99", "logistic": "8.02"} {
		var out, errOut lockedBuffer
		cfg, err := ParseArgs(append([]string{"-merge"}, append(files, "-sprt", "elo0=0", "elo1=50", "model="+model)...))
		require.NoError(t, err)
		require.NoError(t, Run(context.Background(), cfg, &out, &errOut))
		require.Contains(t, out.String(), "Merged 60 games from 2 files\nScore of Good vs Bad: 60 - 0 - 0  [1.000] 60\n")
		require.Contains(t, out.String(), "SPRT: llr "+llr+" (", model)
		require.Regexp(t, `SPRT: llr \S+ \(\S+%\), lbound -2\.94, ubound 2\.94 - H1 was accepted`, out.String())
		require.Regexp(t, `\nGood +60 +0 +0 +0 +0\nBad +60 +0 +0 +0 +60\nFinished match\n$`, out.String())
		require.Empty(t, errOut.String())
	}
}

func TestMergeChecksItsFiles(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.pgn")
	args := append(fake("A", "legal"), fake("B", "illegal")...)
	_, _, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-games", "6", "-repeat", "-pgnout", a)...)
	require.NoError(t, err)
	merge := func(files ...string) (string, string, error) {
		cfg, err := ParseArgs(append([]string{"-merge"}, files...))
		require.NoError(t, err)
		var out, errOut lockedBuffer
		err = Run(context.Background(), cfg, &out, &errOut)
		return out.String(), errOut.String(), err
	}
	out, _, err := merge(a)
	require.NoError(t, err)
	require.Contains(t, out, "Ptnml(0-2): [0, 0, 0, 0, 3], 3 pairs")

	_, _, err = merge(a, a)
	require.ErrorContains(t, err, "game 1 of the match is there twice")

	// Games 3 and 4 left out: the rest is counted, and the gap is an error.
	games := strings.SplitAfter(readFile(t, a), "\n\n")
	for i := 0; i+1 < len(games); i++ { // tags and movetext of a game
		games[i] += games[i+1]
		games = append(games[:i+1], games[i+2:]...)
	}
	require.Len(t, games, 7) // six games and the empty rest
	part := filepath.Join(dir, "part.pgn")
	var kept []string
	for _, g := range games {
		if !strings.Contains(g, "[Round \"3\"]") && !strings.Contains(g, "[Round \"4\"]") {
			kept = append(kept, g)
		}
	}
	require.NoError(t, os.WriteFile(part, []byte(strings.Join(kept, "")), 0o644))
	out, errOut, err := merge(part)
	require.EqualError(t, err, "-merge: 2 of the match's 6 games are missing: 3-4")
	require.Contains(t, out, "Score of A vs B: 4 - 0 - 0  [1.000] 4")
	require.Empty(t, errOut)

	// A game whose Result tag contradicts its movetext.
	bad := filepath.Join(dir, "bad.pgn")
	require.NoError(t, os.WriteFile(bad, []byte(strings.Replace(games[0], `[Result "1-0"]`, `[Result "0-1"]`, 1)), 0o644))
	_, _, err = merge(bad)
	require.ErrorContains(t, err, "the Result tag says 0-1, the movetext 1-0")
	// Another match's file.
	other := filepath.Join(dir, "other.pgn")
	require.NoError(t, os.WriteFile(other, []byte(strings.Replace(games[1], `[White "B"]`, `[White "C"]`, 1)), 0o644))
	_, _, err = merge(a, other)
	require.ErrorContains(t, err, `engine 2 is "C" here and "B" in another game`)
	// Not our PGN.
	foreign := filepath.Join(dir, "foreign.pgn")
	require.NoError(t, os.WriteFile(foreign, []byte("[Event \"x\"]\n[Round \"1\"]\n\n1. e4 e5 1-0\n"), 0o644))
	_, _, err = merge(foreign)
	require.ErrorContains(t, err, "tag WhiteNumber")
	_, _, err = merge(filepath.Join(dir, "none.pgn"))
	require.ErrorContains(t, err, "no such file")
}

// statsBlock is the end of a run's or a merge's output: from the last
// "Score of" line to the engine table's end.
func statsBlock(t *testing.T, out string) string {
	t.Helper()
	i := strings.LastIndex(out, "\nScore of ")
	j := strings.Index(out, "\nThinking time: ")
	if j < 0 {
		j = strings.Index(out, "\nFinished match")
	}
	require.True(t, i >= 0 && j > i, out)
	return out[i+1 : j+1]
}

// sortedGames reads PGN files and orders their games by Round.
func sortedGames(t *testing.T, files ...string) []*pgn.Game {
	var all []*pgn.Game
	for _, f := range files {
		all = append(all, readGames(t, f)...)
	}
	sort.SliceStable(all, func(i, j int) bool {
		var a, b int
		fmt.Sscan(tagOf(all[i], "Round"), &a)
		fmt.Sscan(tagOf(all[j], "Round"), &b)
		return a < b
	})
	return all
}

// TestShardsMergeToTheWholeMatch: four shards of a 40-game depth-limited
// match, merged, give the games and the final statistics of one run of the
// whole match. The players are fake engines that choose their moves by the
// position alone: our engine's depth-limited search is not reproducible
// yet (a stop meant for one search can end the next one early).
func TestShardsMergeToTheWholeMatch(t *testing.T) {
	t.Run("fake engines", func(t *testing.T) {
		engines := append(fake("Greedy", "hashed", "7", "greedy"), fake("Plain", "hashed", "0")...)
		checkShardsMerge(t, append(engines, "-each", "depth=1"))
	})
	t.Run("our engine at fixed depth", func(t *testing.T) {
		if testing.Short() {
			t.Skip("plays 80 real games")
		}
		// One thread and a fixed depth make our engine deterministic.
		checkShardsMerge(t, []string{"-engine", "cmd=" + senapatiBin, "name=A", "-engine", "cmd=" + senapatiBin, "name=B",
			"-each", "depth=2", "option.Hash=1"})
	})
}

// checkShardsMerge plays a 40-game match whole and in four shards and
// checks that the merge gives the same games and final statistics.
func checkShardsMerge(t *testing.T, engines []string) {
	dir := t.TempDir()
	args := append(slices.Clone(engines), "-variant", "chaturanga", "-games", "40", "-repeat", "-maxmoves", "60",
		"-openings", "random", "plies=6", "bound=0", "-srand", "11", "-sprt", "elo0=0", "elo1=1")
	start := time.Now()
	whole := filepath.Join(dir, "whole.pgn")
	out, _, err := runMatch(t, context.Background(), append(args, "-concurrency", "2", "-pgnout", whole)...)
	require.NoError(t, err)
	t.Logf("the whole match: %v", time.Since(start))

	start = time.Now()
	var shards []string
	errs := make(chan error, 4)
	for i := 1; i <= 4; i++ {
		f := filepath.Join(dir, fmt.Sprintf("shard%d.pgn", i))
		shards = append(shards, f)
		go func() {
			// A copy each: appending to args from four goroutines would share its array.
			cfg, err := ParseArgs(slices.Concat(args, []string{"-shard", fmt.Sprintf("%d/4", i), "-pgnout", f, "-progress", "off"}))
			if err == nil {
				var o, e lockedBuffer
				err = Run(context.Background(), cfg, &o, &e)
				if err == nil && !strings.Contains(o.String(), fmt.Sprintf("Shard %d of 4: 10 of the match's 40 games", i)) {
					err = fmt.Errorf("shard %d: %s", i, o.String())
				}
			}
			errs <- err
		}()
	}
	for range 4 {
		require.NoError(t, <-errs)
	}
	t.Logf("four shards, side by side: %v", time.Since(start))

	one, parts := sortedGames(t, whole), sortedGames(t, shards...)
	require.Len(t, one, 40)
	require.Len(t, parts, 40)
	thinking := regexp.MustCompile(`\b\d+\.\d{3}s\b`)
	for i := range one {
		for _, g := range []*pgn.Game{one[i], parts[i]} {
			g.Line = 0 // where a game stands in its file
			// A run may pass midnight; the shard tags are the shards' own,
			// and the SPRT that may stop it the whole match's.
			g.Tags = slices.DeleteFunc(g.Tags, func(t pgn.Tag) bool {
				return t.Name == "Date" || t.Name == "Shard" || t.Name == "ShardGames" || t.Name == "MatchSPRT"
			})
			// The comments hold the thinking time of each move: only the
			// time may differ.
			for j := range g.Moves {
				g.Moves[j].Comment = thinking.ReplaceAllString(g.Moves[j].Comment, "Ts")
			}
		}
		require.Equal(t, one[i], parts[i], "game %d", i+1)
	}
	merged := &lockedBuffer{}
	cfg, err := ParseArgs(append(append([]string{"-merge"}, shards...), "-sprt", "elo0=0", "elo1=1"))
	require.NoError(t, err)
	require.NoError(t, Run(context.Background(), cfg, merged, &lockedBuffer{}))
	require.Contains(t, merged.String(), "Merged 40 games from 4 files\n")
	block := statsBlock(t, out)
	require.Equal(t, block, statsBlock(t, merged.String()))
	require.Contains(t, block, "Ptnml(0-2): [")
	require.Contains(t, block, "SPRT: llr ")
	t.Logf("final statistics of both:\n%s", block)
}

// clkSeconds is a [%clk h:mm:ss.fff] command's time in seconds as tl=
// writes them.
func clkSeconds(t *testing.T, s string) string {
	t.Helper()
	var h, m int
	var sec float64
	_, err := fmt.Sscanf(strings.ReplaceAll(s, ":", " "), "%d %d %g", &h, &m, &sec)
	require.NoError(t, err)
	return fmt.Sprintf("%.3f", float64(h*3600+m*60)+sec)
}

// TestPGNNotation: -pgnout notation=lan and notation=uci write every
// game's moves in that notation (durg's arrivals and calls keep their
// form), and the files read back, as -merge and the resume read them, to
// the games themselves.
func TestPGNNotation(t *testing.T) {
	uci := regexp.MustCompile(`^(B@[a-i][1-9],)*([a-i][1-9][a-i][1-9][a-z]?|Q@[a-i][1-9])$`)
	lan := regexp.MustCompile(`^(B@[a-i][1-9],)*([A-Z]?[a-i][1-9](-|x|xx)[a-i][1-9](=[A-Z])?|O-O(-O)?|Q@[a-i][1-9])[+#]?$`)
	for _, variant := range []string{"chess", "chaturanga", "durg"} {
		for notation, form := range map[string]*regexp.Regexp{"lan": lan, "uci": uci} {
			dir := t.TempDir()
			file := filepath.Join(dir, "g.pgn")
			args := append(fake("A", "hashed", "3", "greedy"), fake("B", "hashed", "5")...)
			_, _, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-variant", variant, "-games", "2", "-maxmoves", "40",
				"-openings", "random", "plies=4", "bound=0", "seed=3", "-pgnout", "file="+file, "notation="+notation)...)
			require.NoError(t, err)
			games := readGames(t, file)
			require.Len(t, games, 2)
			n, err := pgn.ParseNotation(notation)
			require.NoError(t, err)
			for _, g := range games {
				replayIn(t, g, n)
				for _, m := range g.Moves {
					require.Regexp(t, form, m.Text, "%s in %s", variant, notation)
				}
			}
			out, _, err := runMatch(t, context.Background(), "-merge", file)
			require.NoError(t, err, "-merge reads the %s file", notation)
			require.Contains(t, out, "Merged 2 games from 1 files")
		}
	}
}
