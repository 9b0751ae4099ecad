package match

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/pgn"
)

// resumeArgs is a 16-game match of deterministic fakes (each move picked
// by the position's hash) in 8 pairs on random openings; resigning at a
// random-looking score makes the results differ from game to game.
func resumeArgs(pgnOut string, more ...string) []string {
	args := slices.Concat(fake("A", "hashed", "1", "greedy"), fake("B", "hashed", "2"),
		[]string{"-each", "depth=1", "-games", "2", "-rounds", "8", "-repeat", "-maxmoves", "30",
			"-resign", "movecount=1", "score=95", "-openings", "random", "plies=4", "bound=0", "-pgnout", pgnOut})
	return append(args, more...)
}

// gameKey is what must agree between a resumed match and an uninterrupted
// one: the game's number, players, opening, moves and result.
func gameKey(g *pgn.Game) string {
	return fmt.Sprintf("%s %s-%s %s %s %s %s", tagOf(g, "Round"), tagOf(g, "White"), tagOf(g, "Black"),
		tagOf(g, "FEN"), strings.Join(moveTexts(g), " "), tagOf(g, "Result"), tagOf(g, "Termination"))
}

func gameKeys(t *testing.T, path string) []string {
	t.Helper()
	var keys []string
	for _, g := range readGames(t, path) {
		keys = append(keys, gameKey(g))
	}
	slices.Sort(keys)
	return keys
}

// finalStats are the lines of the end of a run that resume must get right.
func finalStats(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "Score of ") || strings.HasPrefix(l, "...") || strings.HasPrefix(l, "Elo difference") || strings.HasPrefix(l, "Ptnml") {
			keep = append(keep, l)
		}
	}
	if n := len(keep); n > 6 {
		keep = keep[n-6:] // the last report
	}
	return strings.Join(keep, "\n")
}

// TestResumeAfterSIGKILL kills a runner process (SIGKILL, as a power cut
// would end it) in the middle of a match played two games at a time, runs
// the same command again, and compares the games and the statistics with
// those of the same match played without interruption: the same games,
// openings, colours and results, each once.
func TestResumeAfterSIGKILL(t *testing.T) {
	resumeAfterSignal(t, os.Kill)
}

// TestResumeAfterSIGINT is the same with a real Ctrl-C (SIGINT): the
// runner stops with status 130, keeps its state file and says how to
// resume, and the same command run again plays exactly the missing games.
func TestResumeAfterSIGINT(t *testing.T) {
	resumeAfterSignal(t, os.Interrupt)
}

// resumeAfterSignal sends sig to a runner process once five games are
// finished, runs the same command again in this process and requires the
// games and final statistics of an uninterrupted run.
func resumeAfterSignal(t *testing.T, sig os.Signal) {
	dir := t.TempDir()
	whole, resumed := filepath.Join(dir, "whole.pgn"), filepath.Join(dir, "resumed.pgn")
	out, _, err := runMatch(t, context.Background(), resumeArgs(whole, "-srand", "5")...)
	require.NoError(t, err)
	want := gameKeys(t, whole)
	require.Len(t, want, 16)
	_, err = os.Stat(statePath(whole))
	require.ErrorIs(t, err, os.ErrNotExist, "a finished match removes its state file")

	args := resumeArgs(resumed, "-srand", "5", "-concurrency", "2", "-wait", "150", "-progress", "off")
	cmd := exec.Command(os.Args[0], append([]string{"match-runner"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	sc := bufio.NewScanner(stdout)
	for finished := 0; finished < 5 && sc.Scan(); {
		if strings.HasPrefix(sc.Text(), "Finished game ") {
			finished++
		}
	}
	require.NoError(t, cmd.Process.Signal(sig))
	var rest []string // what the runner writes after the signal
	for sc.Scan() {
		rest = append(rest, sc.Text())
	}
	err = cmd.Wait()
	if sig == os.Interrupt {
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, "%s", stderr.String())
		require.Equal(t, 130, exit.ExitCode(), "%s", stderr.String())
		require.Contains(t, strings.Join(rest, "\n"), "Resume: run the same command again")
	}
	before := len(readGames(t, resumed))
	require.GreaterOrEqual(t, before, 5)
	require.Less(t, before, 16, "the %v came too late to test a resume", sig)
	_, err = os.Stat(statePath(resumed))
	require.NoError(t, err, "the match stopped by %v keeps its state file", sig)
	if sig == os.Kill {
		// The lock ended with the process: its file is left, but the
		// resume below takes the lock.
		require.FileExists(t, lockPath(resumed))
	}

	// The same command resumes (with another -concurrency: it does not
	// change the games).
	again, _, err := runMatch(t, context.Background(), resumeArgs(resumed, "-srand", "5", "-concurrency", "1")...)
	require.NoError(t, err)
	require.Regexp(t, regexp.MustCompile(fmt.Sprintf(`Resuming the match of \S+: %d of 16 games are in \S+; %d to play: `, before, 16-before)), again)
	require.Equal(t, want, gameKeys(t, resumed))
	require.Equal(t, finalStats(out), finalStats(again))
	_, err = os.Stat(statePath(resumed))
	require.ErrorIs(t, err, os.ErrNotExist)
	// The merge of the resumed PGN finds the whole match.
	_, _, err = runMerge(t, resumed)
	require.NoError(t, err)
}

// interruptAfter runs a match in this process and cancels it once n games
// have finished.
func interruptAfter(t *testing.T, n int, args []string) string {
	t.Helper()
	cfg, err := ParseArgs(append(args, "-progress", "off"))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	finished := 0
	out := &lockedBuffer{on: func(line string) {
		if strings.HasPrefix(line, "Finished game ") {
			if finished++; finished == n {
				cancel()
			}
		}
	}}
	require.ErrorIs(t, Run(ctx, cfg, out, &lockedBuffer{}), context.Canceled)
	return out.String()
}

// TestResumeWithoutSeed: a match that drew its seed from the clock resumes
// on the same openings (the state file keeps the seed), so each pair's two
// games share an opening although one was played before the interruption
// and one after; -resume FILE alone resumes too; a game cut short at the
// end of the PGN (a power cut while it was written) is cut off and played
// again; another command on the same PGN is refused while the state file
// is there.
func TestResumeWithoutSeed(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pgn")
	out := interruptAfter(t, 3, resumeArgs(path))
	require.Contains(t, out, "Resume: run the same command again, or senapati match -resume "+statePath(path))
	require.Len(t, readGames(t, path), 3)

	// Another command is refused: it would mix two matches in one PGN.
	_, _, err := runMatch(t, context.Background(), resumeArgs(path, "-maxmoves", "31")...)
	require.ErrorContains(t, err, statePath(path)+" holds an unfinished match of another command: ")
	require.ErrorContains(t, err, "delete "+statePath(path)+" to start a new match")

	// Game 5 of the resume is interrupted again, and the PGN is cut in the
	// middle of a game as a power cut may leave it.
	out = interruptAfter(t, 2, resumeArgs(path))
	require.Contains(t, out, "Resuming the match of "+statePath(path)+": 3 of 16 games are in "+path+"; 13 to play: 4-16")
	text := readFile(t, path)
	games := splitGames(t, text)
	require.Len(t, games, 5)
	torn := text + games[2][:len(games[2])/2]
	require.NoError(t, os.WriteFile(path, []byte(torn), 0o644))

	cfg, err := ParseArgs([]string{"-resume", statePath(path), "-progress", "off", "-concurrency", "2"})
	require.NoError(t, err)
	var stdout, stderr lockedBuffer
	require.NoError(t, Run(context.Background(), cfg, &stdout, &stderr))
	require.Contains(t, stdout.String(), "Resuming the match of "+statePath(path)+": 5 of 16 games are in "+path+"; 11 to play: 6-16")
	require.True(t, strings.HasPrefix(readFile(t, path), text), "the cut-off game is gone, the others stay")
	all := readGames(t, path)
	require.Len(t, all, 16)
	rounds := map[string]*pgn.Game{}
	for _, g := range all {
		require.Nil(t, rounds[tagOf(g, "Round")], "game %s twice", tagOf(g, "Round"))
		rounds[tagOf(g, "Round")] = g
		replay(t, g)
	}
	for k := 1; k <= 16; k += 2 {
		a, b := rounds[fmt.Sprint(k)], rounds[fmt.Sprint(k+1)]
		require.Equal(t, tagOf(a, "FEN"), tagOf(b, "FEN"), "pair %d", k/2+1)
		require.Equal(t, moveTexts(a)[:4], moveTexts(b)[:4], "pair %d: the same opening", k/2+1)
		require.Equal(t, tagOf(a, "White"), tagOf(b, "Black"), "pair %d: colours swapped", k/2+1)
	}
	_, err = os.Stat(statePath(path))
	require.ErrorIs(t, err, os.ErrNotExist)

	// Once the match is over, the same command plays a new one, appended.
	_, err = ParseArgs([]string{"-resume", statePath(path)})
	require.ErrorContains(t, err, "no such state file (a match that ended removes its file)")
}

// TestResumeBadInput: -resume with flags that change the games, without a
// file, with a file that is not a state file, and a state file whose PGN
// holds a game of other settings are refused with a clear message.
func TestResumeBadInput(t *testing.T) {
	dir := t.TempDir()
	_, err := ParseArgs([]string{"-resume"})
	require.EqualError(t, err, "-resume needs exactly one value: the state file (PGN.resume)")
	junk := filepath.Join(dir, "junk")
	require.NoError(t, os.WriteFile(junk, []byte("not json"), 0o644))
	_, err = ParseArgs([]string{"-resume", junk})
	require.ErrorContains(t, err, "-resume: "+junk+" is not a match's state file")
	_, err = ParseArgs([]string{"-resume", junk, "-games", "4"})
	require.ErrorContains(t, err, "give only flags that do not change the games")

	// A PGN whose games are another match's (here: other -maxmoves, with
	// the state file of this command) is refused before any game.
	path := filepath.Join(dir, "g.pgn")
	interruptAfter(t, 2, resumeArgs(path, "-srand", "3"))
	other := filepath.Join(dir, "other.pgn")
	_, _, err = runMatch(t, context.Background(), resumeArgs(other, "-srand", "3", "-maxmoves", "31")...)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, []byte(readFile(t, other)), 0o644))
	_, _, err = runMatch(t, context.Background(), resumeArgs(path, "-srand", "3")...)
	require.ErrorContains(t, err, "game 1 was played with other settings")
}

// TestSecondRunIsRefused: the same command started while a runner plays
// the match is not taken for a resume (both would play the missing games
// and write them twice): it says that the match is being played, by which
// process, and fails; the first run's PGN holds the match once.
func TestSecondRunIsRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pgn")
	args := resumeArgs(path, "-srand", "5", "-wait", "100", "-progress", "off")
	cmd := exec.Command(os.Args[0], append([]string{"match-runner"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(stdout)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "Finished game 1 ") {
	}
	_, _, err = runMatch(t, context.Background(), args...)
	require.Error(t, err, "a second run of a match being played")
	require.ErrorContains(t, err, fmt.Sprintf("PID %d", cmd.Process.Pid))
	require.ErrorContains(t, err, "is playing this match")
	for sc.Scan() {
	}
	require.NoError(t, cmd.Wait(), "%s", stderr.String())
	require.Len(t, readGames(t, path), 16, "each game once")
	_, err = os.Stat(statePath(path) + ".lock")
	require.ErrorIs(t, err, os.ErrNotExist, "the run that ended removes its lock file")
}

// TestResumeRefusesOtherEngine: a match resumed with another program at
// the engine's command (here: another id name) is refused, since its
// games would not be one engine's.
func TestResumeRefusesOtherEngine(t *testing.T) {
	dir := t.TempDir()
	engine := filepath.Join(dir, "engine.sh")
	write := func(mode string) {
		text := fmt.Sprintf("#!/bin/sh\nexec '%s' fake-engine %s \"$@\"\n", os.Args[0], mode)
		require.NoError(t, os.WriteFile(engine, []byte(text), 0o755))
	}
	write("legal")
	path := filepath.Join(dir, "g.pgn")
	args := slices.Concat(fake("A", "legal"), []string{"-engine", "cmd=" + engine, "name=B", "-each", "depth=1",
		"-games", "8", "-repeat", "-maxmoves", "10", "-pgnout", path})
	interruptAfter(t, 2, args)
	write("hashed 7")
	_, _, err := runMatch(t, context.Background(), args...)
	require.ErrorContains(t, err, `game 1 was played by another engine: engine 2 (B) had id name "Fake legal", now "Fake hashed"`)
}

// TestResumeReplaysKeptGames: the resume replays every game it keeps by
// the rules; a game whose moves were damaged (tags and structure intact)
// is dropped from the PGN with a warning and played again, so that the
// match ends as an uninterrupted one.
func TestResumeReplaysKeptGames(t *testing.T) {
	dir := t.TempDir()
	whole, path := filepath.Join(dir, "whole.pgn"), filepath.Join(dir, "g.pgn")
	_, _, err := runMatch(t, context.Background(), resumeArgs(whole, "-srand", "9")...)
	require.NoError(t, err)
	interruptAfter(t, 4, resumeArgs(path, "-srand", "9"))
	games := splitGames(t, readFile(t, path))
	require.Len(t, games, 4)
	parsed, err := pgn.ParseString(games[1])
	require.NoError(t, err)
	g := parsed[0]
	// A later move of the same side in place of one: it does not replay.
	damaged := false
	for k := 4; k+2 < len(g.Moves) && !damaged; k++ {
		was := g.Moves[k].Text
		g.Moves[k].Text = g.Moves[k+2].Text
		if _, _, err := g.Replay(); err != nil {
			damaged = true
		} else {
			g.Moves[k].Text = was
		}
	}
	require.True(t, damaged, "no move to damage in %s", games[1])
	round := tagOf(g, "Round")
	games[1] = g.String()
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(games, "")), 0o644))

	out, errOut, err := runMatch(t, context.Background(), resumeArgs(path, "-srand", "9")...)
	require.NoError(t, err)
	require.Contains(t, errOut, "game "+round+" does not replay by the rules (move ")
	require.Contains(t, errOut, "dropped from "+path+", to be played again")
	require.Contains(t, out, "Resuming the match of "+statePath(path)+": 3 of 16 games are in "+path+"; 13 to play: ")
	require.Equal(t, gameKeys(t, whole), gameKeys(t, path))
	for _, g := range readGames(t, path) {
		replay(t, g)
	}
}

// TestFailedStartLeavesNoPGN: a run that stops before its first game (here
// a book without an opening) leaves no empty PGN; -pgnout in a directory
// that is a file says so, and not that the state file is to be deleted.
func TestFailedStartLeavesNoPGN(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "empty.epd")
	require.NoError(t, os.WriteFile(book, []byte("# nothing\n"), 0o644))
	path := filepath.Join(dir, "g.pgn")
	ends := filepath.Join(dir, "g.epd")
	args := slices.Concat(fake("A", "legal"), fake("B", "legal"), []string{"-each", "depth=1", "-pgnout", path, "-epdout", ends})
	_, _, err := runMatch(t, context.Background(), append(slices.Clone(args), "-openings", "file="+book)...)
	require.ErrorContains(t, err, "no opening")
	for _, f := range []string{path, ends, statePath(path), lockPath(path)} {
		_, err := os.Stat(f)
		require.ErrorIs(t, err, os.ErrNotExist, "%s is left after a failed start", f)
	}

	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	for _, flag := range []string{"-pgnout", "-epdout"} {
		out := filepath.Join(file, "sub", "g.pgn")
		_, _, err = runMatch(t, context.Background(), slices.Concat(fake("A", "legal"), fake("B", "legal"), []string{"-each", "depth=1", flag, out})...)
		require.EqualError(t, err, flag+" "+out+": "+file+" is a file, not a directory")
	}
	_, _, err = runMatch(t, context.Background(), slices.Concat(fake("A", "legal"), fake("B", "legal"), []string{"-each", "depth=1", "-pgnout", filepath.Join(dir, "none", "g.pgn")})...)
	require.EqualError(t, err, "-pgnout "+filepath.Join(dir, "none", "g.pgn")+": no directory "+filepath.Join(dir, "none"))
}
