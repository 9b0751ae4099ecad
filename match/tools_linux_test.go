package match

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/uciclient"
)

// execRunner is a runner process: this test binary running Main.
func execRunner(args []string, more ...string) *exec.Cmd {
	return exec.Command(os.Args[0], append(append([]string{"match-runner"}, args...), more...)...)
}

func maxRSSKB(st *os.ProcessState) int64 { return st.SysUsage().(*syscall.Rusage).Maxrss }

// running reports whether pid is a live process (not gone, not a zombie).
func running(pid int) bool {
	p, ok := readStat(pid)
	return ok && p.state != 'Z'
}

// withMarker lists the live processes whose environment holds marker.
func withMarker(marker string) []int {
	var pids []int
	for _, p := range allProcs() {
		env, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", p.pid))
		if err == nil && p.state != 'Z' && bytes.Contains(env, []byte(marker)) {
			pids = append(pids, p.pid)
		}
	}
	return pids
}

// pidsIn reads the pids a spawn engine wrote, and kills them when the test
// ends, whatever happened.
func pidsIn(t *testing.T, file string) []int {
	t.Helper()
	text, err := os.ReadFile(file)
	require.NoError(t, err)
	var pids []int
	for _, f := range strings.Fields(string(text)) {
		pid, err := strconv.Atoi(f)
		require.NoError(t, err)
		require.NotZero(t, pid, "the fake could not start a child")
		pids = append(pids, pid)
	}
	t.Cleanup(func() {
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return pids
}

// eventually waits until cond holds, at most 30 s: far above the
// milliseconds it takes, a bound no load reaches (the processes it watches
// are not this one, so their CPU time is not the test's to charge).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal(what)
		}
	}
}

// TestLongOutputLine: an engine writing one 50 MB line does not make the
// runner grow (measured in a runner process of its own), and plays on.
func TestLongOutputLine(t *testing.T) {
	cmd := execRunner(append(fake("Long", "long"), fake("B", "legal")...), "-each", "depth=1", "-games", "1", "-maxmoves", "2")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Run(), errOut.String())
	require.Contains(t, out.String(), "Finished game 1 (Long vs B): 1/2-1/2 {Draw by adjudication: 2 moves played}")
	require.Equal(t, fmt.Sprintf("Warning: Long wrote a line longer than %d bytes; such lines are dropped\n", uciclient.MaxLine), errOut.String())
	peakKB := maxRSSKB(cmd.ProcessState)
	t.Logf("runner peak RSS %d KB", peakKB)
	require.Less(t, peakKB, int64(60<<10), "the runner held on to a 50 MB line")
}

// TestRunnerKilledTakesEnginesAlong: after SIGKILL of the runner, engines
// that ignore quit and the end of their input die too (Pdeathsig).
func TestRunnerKilledTakesEnginesAlong(t *testing.T) {
	marker := fmt.Sprintf("SENAPATI_MATCH_TEST_MARK=killed-%d-%d", os.Getpid(), time.Now().UnixNano())
	cmd := execRunner(append(fake("A", "deaf", "slow=20"), fake("B", "deaf", "slow=20")...),
		"-each", "depth=1", "-games", "100", "-maxmoves", "3", "-concurrency", "2")
	cmd.Env = append(os.Environ(), marker)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		for _, pid := range withMarker(marker) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	sc := bufio.NewScanner(stdout)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "Started game 4 ") {
	}
	engines := withMarker(marker)
	require.GreaterOrEqual(t, len(engines), 5, "the runner and four engines")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	eventually(t, "engines outlived the runner", func() bool { return len(withMarker(marker)) == 0 })
}

// TestDescendantsEndWithTheEngine: children an engine started in sessions
// of their own end when the engine does, whether it quits or is killed:
// one found by the mark in its environment, one (with an empty
// environment) by the process tree.
func TestDescendantsEndWithTheEngine(t *testing.T) {
	for _, how := range []string{"quit", "kill"} {
		t.Run(how, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "pids")
			cfg := uciclient.Config{Name: "S", Cmd: os.Args[0], Args: []string{"fake-engine", "spawn", file}}
			e, err := uciclient.Start(context.Background(), &cfg, board.Chess(), 10*time.Second, nil)
			require.NoError(t, err)
			pids := pidsIn(t, file)
			require.Len(t, pids, 2)
			for _, pid := range pids {
				require.True(t, running(pid))
				p, _ := readStat(pid)
				require.Equal(t, pid, p.pgid, "a session and group of its own")
			}
			if how == "quit" {
				e.Quit()
			} else {
				e.Kill()
			}
			// A SIGKILL is delivered at once but the process takes a moment
			// to die: the kill syscall does not wait for that.
			for _, pid := range pids {
				eventually(t, fmt.Sprintf("child %d outlived its engine", pid), func() bool { return !running(pid) })
			}
		})
	}
}

// TestDescendantsEndWithTheMatch runs a match process: every descendant of
// its engines is gone, and reaped, when it exits, the one that lost both
// its parent and the mark included (the runner is its subreaper).
func TestDescendantsEndWithTheMatch(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pids")
	args := append(fake("S", "spawn", file, "orphan"), fake("B", "legal")...)
	cmd := execRunner(args, "-each", "depth=1", "-games", "2", "-maxmoves", "2")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Run(), errOut.String())
	require.Contains(t, out.String(), "Finished match")
	pids := pidsIn(t, file)
	require.Len(t, pids, 3, "one engine process, three children")
	for _, pid := range pids {
		require.ErrorIs(t, syscall.Kill(pid, 0), syscall.ESRCH, "child %d outlived the match", pid)
	}
}

// TestNothingOutlivesAKilledRunner: after SIGKILL of the runner, every
// process its engines started ends too: a child in the engine's process
// group, children in sessions of their own (one with an empty
// environment) and an orphan whose parent left it behind.
func TestNothingOutlivesAKilledRunner(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pids")
	marker := fmt.Sprintf("SENAPATI_MATCH_TEST_MARK=orphans-%d-%d", os.Getpid(), time.Now().UnixNano())
	args := append(fake("S", "spawn", file, "orphan", "plain", "slow=20"), fake("B", "legal", "slow=20")...)
	cmd := execRunner(args, "-each", "depth=1", "-games", "100", "-maxmoves", "4")
	cmd.Env = append(os.Environ(), marker)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		for _, pid := range withMarker(marker) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	sc := bufio.NewScanner(stdout)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "Started game 2 ") {
	}
	pids := pidsIn(t, file)
	require.Len(t, pids, 4, "plain child, two in sessions of their own, an orphan")
	var stamps []procStat
	for _, pid := range pids {
		require.True(t, running(pid), "child %d", pid)
		p, _ := readStat(pid)
		stamps = append(stamps, p)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	_ = cmd.Wait()
	began := time.Now()
	survivors := func() []int {
		out := withMarker(marker) // the engines and what kept their environment
		for _, s := range stamps {
			if p, ok := readStat(s.pid); ok && p.start == s.start && p.state != 'Z' {
				out = append(out, s.pid)
			}
		}
		return out
	}
	for len(survivors()) > 0 && time.Since(began) < 10*time.Second {
		time.Sleep(10 * time.Millisecond)
	}
	require.Empty(t, survivors(), "processes outlived the runner by %v", time.Since(began))
	t.Logf("the last process ended %v after the runner's SIGKILL", time.Since(began).Round(time.Millisecond))
}
