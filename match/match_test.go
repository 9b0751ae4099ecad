package match

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/pgn"
	"senapati/uciclient"
)

func senapati(name string, settings ...string) []string {
	return append([]string{"-engine", "cmd=" + senapatiBin, "name=" + name}, settings...)
}

var scoreLineRE = regexp.MustCompile(`(?m)^Score of (\S+) vs (\S+): (\d+) - (\d+) - (\d+)  \[([0-9.]+)\] (\d+)$`)

// checkScore compares the last "Score of" line with the PGN results.
func checkScore(t *testing.T, out string, games []*pgn.Game) Score {
	t.Helper()
	all := scoreLineRE.FindAllStringSubmatch(out, -1)
	require.NotEmpty(t, all)
	last := all[len(all)-1]
	first := last[1]
	var want Score
	for _, g := range games {
		p := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[g.Result.String()]
		if tagOf(g, "White") != first {
			p = 1 - p
		}
		want.add(p)
	}
	got := Score{}
	got.W, _ = strconv.Atoi(last[3])
	got.L, _ = strconv.Atoi(last[4])
	got.D, _ = strconv.Atoi(last[5])
	require.Equal(t, want, got, out)
	require.Equal(t, fmt.Sprintf("%.3f", want.Ratio()), last[6])
	elo, margin := EloTrinomial(want)
	require.Contains(t, out, fmt.Sprintf("Elo difference: %s +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%",
		fmtElo(elo), fmtElo(margin), 100*LOS(want), 100*want.DrawRatio()))
	return want
}

// TestRealGames plays our engine against itself in each variant and checks
// the PGN, the result reasons and the statistics.
func TestRealGames(t *testing.T) {
	cases := []struct {
		variant string
		slow    bool
		args    []string
	}{
		{"durg", false, []string{"-each", "depth=2", "-openings", "random", "plies=6", "bound=300", "seed=1"}},
		{"chaturanga", true, []string{"-each", "tc=1+0.02", "-timemargin", "300", "-maxmoves", "40",
			"-draw", "movenumber=20", "movecount=4", "score=5", "-resign", "movecount=3", "score=800"}},
		{"chess", true, []string{"-each", "st=0.04", "-timemargin", "300", "-maxmoves", "25", "-openings", "random", "plies=4", "bound=0", "seed=5"}},
	}
	for _, c := range cases {
		t.Run(c.variant, func(t *testing.T) {
			if c.slow && testing.Short() {
				t.Skip("plays on a real clock")
			}
			t.Parallel()
			pgnFile := filepath.Join(t.TempDir(), "out.pgn")
			args := append(senapati("One", "option.Hash=4"), senapati("Two", "option.Hash=8")...)
			args = append(args, "-variant", c.variant, "-games", "2", "-repeat", "-concurrency", "2", "-pgnout", pgnFile, "-site", "test")
			out, _, err := runMatch(t, context.Background(), append(args, c.args...)...)
			require.NoError(t, err)
			require.Contains(t, out, "Started game 1 of 2 (One vs Two)")
			require.Contains(t, out, "Started game 2 of 2 (Two vs One)")
			require.Regexp(t, `Finished game 1 \(One vs Two\): (1-0|0-1|1/2-1/2) \{[^}]+\}`, out)
			require.Contains(t, out, "Finished match")
			games := readGames(t, pgnFile)
			require.Len(t, games, 2)
			for _, g := range games {
				for _, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "FEN", "SetUp", "TimeControl", "Termination", "PlyCount"} {
					_, ok := g.Tag(tag)
					require.True(t, ok, tag)
				}
				require.Equal(t, "test", tagOf(g, "Site"))
				require.Equal(t, c.variant, tagOf(g, "Variant"))
				// On the real clock a loaded machine may flag an engine:
				// that must then be a time forfeit the runner says
				// (how far past its limit), never another ending.
				want := []string{termNormal, termAdjudicated}
				if c.slow {
					want = append(want, termTime)
				}
				require.Contains(t, want, tagOf(g, "Termination"), g.LastComment())
				if tagOf(g, "Termination") == termTime {
					require.Contains(t, g.LastComment(), "loses on time", "a time forfeit says so")
				}
				replay(t, g)
			}
			// One opening, both colours.
			byRound := map[string]*pgn.Game{}
			for _, g := range games {
				byRound[tagOf(g, "Round")] = g
			}
			g1, g2 := byRound["1"], byRound["2"]
			require.Equal(t, [2]string{"One", "Two"}, [2]string{tagOf(g1, "White"), tagOf(g1, "Black")})
			require.Equal(t, [2]string{"Two", "One"}, [2]string{tagOf(g2, "White"), tagOf(g2, "Black")})
			require.Equal(t, tagOf(g1, "FEN"), tagOf(g2, "FEN"))
			book := func(g *pgn.Game) int { // book plies = leading {book} comments are gone: compare first moves
				return min(len(moveTexts(g)), 4)
			}
			if strings.Contains(strings.Join(c.args, " "), "random") {
				require.Contains(t, out, "Openings: 1 random playouts")
				require.Equal(t, moveTexts(g1)[:book(g1)], moveTexts(g2)[:book(g2)])
			}
			s := checkScore(t, out, games)
			require.Contains(t, out, "Ptnml(0-2): [")
			var p Ptnml
			p[int(2*s.Points())]++
			pelo, pmargin := EloPentanomial(p)
			require.Contains(t, out, fmt.Sprintf("Ptnml(0-2): [%d, %d, %d, %d, %d], 1 pairs, pair Elo: %s +/- %s", p[0], p[1], p[2], p[3], p[4], fmtElo(pelo), fmtElo(pmargin)))
		})
	}
}

func TestMisbehavingEngines(t *testing.T) {
	cases := []struct {
		name, mode  string
		args        []string // of the fake engine
		each        []string
		reason      string // a regular expression
		termination string
		warning     string // on stderr after each game, Bad's end (a regular expression); "" for none
	}{
		{"IllegalMove", "illegal", nil, []string{"depth=1"}, ` makes an illegal move: e2e5 \(`, termIllegal, ""},
		{"Crash", "crash", nil, []string{"depth=1"}, ` disconnects`, termAbandoned,
			`Warning: Bad exited \(exit status 3\)`},
		{"HangOnClock", "hang", nil, []string{"tc=0.3"}, ` loses on time \(still thinking \d+ ms over the limit\)`, termTime,
			`Warning: Bad was killed by the runner \(no move on time\)`},
		{"HangMoveTime", "hang", nil, []string{"st=0.2"}, ` loses on time \(still thinking \d+ ms over the limit\)`, termTime,
			`Warning: Bad was killed by the runner \(no move on time\)`},
		{"HangDepth", "hang", nil, []string{"depth=1"}, `'s connection stalls`, termStalled,
			`Warning: Bad was killed by the runner \(no answer in 0\.3 s\)`},
		// Slow: the overrun in ms; it does not answer within the margin, so it is killed.
		{"Slow", "legal", []string{"slow=400"}, []string{"st=0.05"}, ` loses on time \(still thinking (\d+) ms over the limit\)`, termTime,
			`Warning: Bad was killed by the runner \(no move on time\)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pids := trackProcesses(t)
			pgn := filepath.Join(t.TempDir(), "out.pgn")
			args := append(fake("Bad", c.mode, c.args...), fake("Good", "legal")...)
			args = append(args, "-each")
			args = append(args, c.each...)
			args = append(args, "-games", "2", "-timemargin", "50", "-stall", "0.3", "-pgnout", pgn)
			start := time.Now()
			out, errOut, err := runMatch(t, context.Background(), args...)
			require.NoError(t, err)
			// The runner must not wait for the engine that hangs: a bound in
			// wall-clock time (the engines are other processes), far above
			// the second the two games take, which no load reaches.
			require.Less(t, time.Since(start), 30*time.Second)
			require.Regexp(t, `Finished game 1 \(Bad vs Good\): 0-1 \{White`+c.reason, out)
			require.Regexp(t, `Finished game 2 \(Good vs Bad\): 1-0 \{Black`+c.reason, out)
			require.Contains(t, out, "Score of Bad vs Good: 0 - 2 - 0  [0.000] 2")
			if m := regexp.MustCompile(c.reason).FindStringSubmatch(out); len(m) > 1 {
				over, _ := strconv.Atoi(m[1]) // waited the 50 ms margin past the limit
				require.GreaterOrEqual(t, over, 50)
			}
			games := readGames(t, pgn)
			require.Len(t, games, 2)
			for _, g := range games {
				require.Equal(t, c.termination, tagOf(g, "Termination"))
				require.Regexp(t, c.reason, g.LastComment())
				replay(t, g)
			}
			if c.warning != "" { // a dead or killed engine is started again for game 2, and reported after the last
				require.Regexp(t, "^"+c.warning+"; starting it again\n"+c.warning+"\n$", errOut)
			} else {
				require.Empty(t, errOut)
			}
			// The summary counts the fault against Bad, twice.
			column := map[string]int{termTime: 0, termAbandoned: 1, termStalled: 2, termIllegal: 3}[c.termination]
			counts := []string{"0", "0", "0", "0"}
			counts[column] = "2"
			require.Regexp(t, `\nEngine +Games +Time losses +Crashes +Stalls +Illegal moves\nBad +2 +`+strings.Join(counts, " +")+`\nGood +2 +0 +0 +0 +0\n`, out)
			require.Regexp(t, `\nThinking time: Bad \d+\.\d{3} s, Good \d+\.\d{3} s; wall time \d+\.\d{3} s\nFinished match\n$`, out)
			// Bad, Good, and Bad again after the first game killed it.
			require.GreaterOrEqual(t, len(pids()), 2)
			requireGone(t, pids())
		})
	}
}

func TestEngineStartFailures(t *testing.T) {
	pids := trackProcesses(t)
	_, _, err := runMatch(t, context.Background(), "-engine", "cmd=/nonexistent/engine", "-engine", "cmd="+senapatiBin, "-each", "depth=1")
	require.ErrorContains(t, err, "engine 1")
	args := append(fake("Plain", "plain"), fake("Good", "legal")...)
	_, _, err = runMatch(t, context.Background(), append(args, "-each", "depth=1", "-variant", "durg")...)
	require.ErrorContains(t, err, "does not announce variant durg")
	// A chess-only engine plays chess.
	out, _, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-maxmoves", "2")...)
	require.NoError(t, err)
	require.Contains(t, out, "Finished game 1 (Plain vs Good): 1/2-1/2 {Draw by adjudication: 2 moves played}")
	requireGone(t, pids())
}

func TestRoundRobinOfThree(t *testing.T) {
	pids := trackProcesses(t)
	args := append(append(fake("A", "legal"), fake("B", "legal")...), fake("C", "illegal")...)
	out, _, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-games", "2", "-maxmoves", "3", "-concurrency", "3", "-variant", "chaturanga")...)
	require.NoError(t, err)
	require.Contains(t, out, "Started game 6 of 6")
	require.Contains(t, out, "Score of A vs C: 2 - 0 - 0  [1.000] 2")
	require.Contains(t, out, "Score of B vs C: 2 - 0 - 0  [1.000] 2")
	require.Regexp(t, `Rank Name +Elo +\+/- +Games +Score +Draw`, out)
	require.Regexp(t, `\n +3 C +-inf +nan +4 +0\.0% +0\.0%\n`, out)
	requireGone(t, pids())

	out, _, err = runMatch(t, context.Background(), append(args, "-each", "depth=1", "-games", "2", "-maxmoves", "3", "-tournament", "gauntlet")...)
	require.NoError(t, err)
	require.Contains(t, out, "Started game 4 of 4")
	require.NotContains(t, out, "Score of B vs C")
}

func TestSPRTStopsTheMatch(t *testing.T) {
	pids := trackProcesses(t)
	good, bad := fake("Good", "legal"), fake("Bad", "illegal")
	sprt := []string{"-each", "depth=1", "-games", "100", "-sprt", "elo0=0", "elo1=50"}
	// Games without pairs: 23 straight wins decide in normalized Elo
	// [0, 50] (LLR 3.063; 22 give 2.930).
	out, _, err := runMatch(t, context.Background(), append(append(good, bad...), sprt...)...)
	require.NoError(t, err)
	require.Contains(t, out, "SPRT stopped the match after 23 of 100 games")
	require.Regexp(t, `SPRT: llr 3\.06 \(104\.0%\), lbound -2\.94, ubound 2\.94 - H1 was accepted`, out)
	require.NotContains(t, out, "Started game 24 ")
	// Pairs with -repeat; the first engine losing accepts H0 after 14
	// lost pairs (LLR -3.114; 13 give -2.892).
	out, _, err = runMatch(t, context.Background(), append(append(bad, good...), append(sprt, "-repeat")...)...)
	require.NoError(t, err)
	require.Contains(t, out, "SPRT stopped the match after 28 of 100 games")
	require.Contains(t, out, "Ptnml(0-2): [14, 0, 0, 0, 0], 14 pairs")
	require.Regexp(t, `SPRT: llr -3\.11 \(105\.\d%\), lbound -2\.94, ubound 2\.94 - H0 was accepted`, out)
	requireGone(t, pids())
}

func TestInterruptKeepsFinishedGames(t *testing.T) {
	pids := trackProcesses(t)
	pgn := filepath.Join(t.TempDir(), "out.pgn")
	cfg, err := ParseArgs(append(append(fake("A", "legal", "slow=20"), fake("B", "legal", "slow=20")...),
		"-each", "depth=1", "-games", "10", "-maxmoves", "3", "-pgnout", pgn, "-progress", "off"))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &lockedBuffer{on: func(line string) {
		if strings.HasPrefix(line, "Finished game 1 ") {
			cancel()
		}
	}}
	err = Run(ctx, cfg, out, &lockedBuffer{})
	require.ErrorIs(t, err, context.Canceled)
	require.Contains(t, out.String(), "Match interrupted: 1 of 10 games finished")
	require.Len(t, readGames(t, pgn), 1)
	requireGone(t, pids())
}

// TestCtrlC interrupts a runner process with SIGINT: it writes the finished
// games, exits 130 and leaves no engine process behind.
func TestCtrlC(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	dir := t.TempDir()
	pgn := filepath.Join(dir, "out.pgn")
	marker := fmt.Sprintf("SENAPATI_MATCH_TEST_MARK=%d-%d", os.Getpid(), time.Now().UnixNano())
	args := append([]string{"match-runner"}, append(fake("A", "legal", "slow=20"), fake("B", "legal", "slow=20")...)...)
	args = append(args, "-each", "depth=1", "-games", "20", "-maxmoves", "3", "-concurrency", "2", "-pgnout", pgn)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), marker)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	sc := bufio.NewScanner(stdout)
	var seen []string
	for sc.Scan() {
		seen = append(seen, sc.Text())
		if strings.HasPrefix(sc.Text(), "Finished game ") {
			require.NoError(t, cmd.Process.Signal(os.Interrupt))
			break
		}
	}
	for sc.Scan() {
		seen = append(seen, sc.Text())
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "%s", stderr.String())
	require.Equal(t, 130, exit.ExitCode())
	require.Contains(t, stderr.String(), "match: interrupted")
	require.Contains(t, strings.Join(seen, "\n"), "Match interrupted:")
	games := readGames(t, pgn)
	require.NotEmpty(t, games)
	require.Less(t, len(games), 20)
	// No process with our marker in its environment remains.
	entries, err := os.ReadDir("/proc")
	require.NoError(t, err)
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err == nil && bytes.Contains(env, []byte(marker)) {
			t.Errorf("process %s outlived the runner", e.Name())
		}
	}
}

func TestMainExitCodes(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 2, Main([]string{"-games", "x"}, &out, &errOut))
	require.Contains(t, errOut.String(), "match: -games")
	out.Reset()
	require.Equal(t, 0, Main([]string{"-help"}, &out, &errOut))
	require.Contains(t, out.String(), "-engine KEY=VALUE")
	errOut.Reset()
	require.Equal(t, 1, Main([]string{"-engine", "cmd=/nonexistent", "-engine", "cmd=/nonexistent", "-each", "depth=1"}, &out, &errOut))
	require.Contains(t, errOut.String(), "cannot start /nonexistent")
}

func TestRandomOpeningsWithEngine(t *testing.T) {
	pids := trackProcesses(t)
	v := board.DurgGame()
	cfg := uciclient.Config{Name: "S", Cmd: senapatiBin}
	e, err := uciclient.Start(context.Background(), &cfg, v, 10*time.Second, nil)
	require.NoError(t, err)
	defer e.Quit()
	o := &OpeningConfig{Depth: 4}
	check := engineChecker(e, o, 10*time.Second)
	ops, discarded, err := randomOpenings(context.Background(), v, 4, 8, 40, 11, check)
	require.NoError(t, err)
	require.Len(t, ops, 4)
	again, discardedAgain, err := randomOpenings(context.Background(), v, 4, 8, 40, 11, check)
	require.NoError(t, err)
	require.Equal(t, ops, again, "the seed decides the openings")
	require.Equal(t, discarded, discardedAgain)
	for _, op := range ops {
		require.Len(t, op.Moves, 8)
		score, err := check(context.Background(), positionCommand(v, op.FEN, op.Moves))
		require.NoError(t, err)
		require.LessOrEqual(t, max(score, -score), 40)
	}
	other, _, err := randomOpenings(context.Background(), v, 4, 8, 40, 12, check)
	require.NoError(t, err)
	require.NotEqual(t, ops, other)
	o.Nodes = 500
	_, _, err = randomOpenings(context.Background(), v, 2, 4, 100, 1, engineChecker(e, o, 10*time.Second))
	require.NoError(t, err)
	e.Quit()
	requireGone(t, pids())
}

func TestPrinterStatusLine(t *testing.T) {
	var b bytes.Buffer
	p := &printer{out: &b, errOut: &b, term: &b}
	p.setStatus("[1/2] 1 running")
	p.line("Started game %d", 2)
	p.endStatus()
	p.line("after")
	require.Equal(t, "\r\033[K[1/2] 1 running\r\033[KStarted game 2\n[1/2] 1 running\r\033[Kafter\n", b.String())
	p = &printer{out: &b}
	p.setStatus(strings.Repeat("x", 200)) // no terminal: nothing drawn
	require.NotContains(t, b.String(), "xxx")
}
