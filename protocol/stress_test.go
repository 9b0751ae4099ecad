package protocol

import (
	"bufio"
	"flag"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/internal/testload"
)

var stressFor = flag.Duration("stress", 0, "run TestStressHostileInput this long (default: a few seconds)")

// hostileCommands is the pool the stress test draws from: ordinary
// commands, every input that once wedged or crashed the loop, and garbage.
func hostileCommand(rng *rand.Rand) (cmd string, isGo bool) {
	gos := []string{
		"go depth 1", "go depth 2", "go nodes 500", "go nodes 0", "go depth 0", "go movetime 0", "go mate 0",
		"go movetime 5", "go wtime 50 btime 50", "go btime 1000", "go wtime abc btime 1000", "go wtime 1.5 btime 9",
		"go wtime 99999999999999999999 btime 5", "go depth 200 movetime 10", "go infinite", "go ponder wtime 30 btime 30",
		"go mate 9223372036854775807 movetime 10", "go movetime 3000 wtime 20 btime 20", "go searchmoves e2e4 a2a3 depth 2",
		"go searchmoves zz depth 1", "go depth", "go nodes -5 depth 1", "go movestogo 1 wtime 40 btime 40",
	}
	others := []string{
		"stop", "stop", "isready", "ponderhit", "ucinewgame", "uci", "d", "eval", "position startpos",
		"position startpos moves e2e4 e7e5 g1f3", "position startpos moves e2e4 e2e4", "position fen 8/8/8 w - - 0 1",
		"position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1", "position startpos moves B@d1,e2e3",
		"position fen 3k4/3p4/8/K3P2r/8/8/8/8 b - - 0 1 moves d7d5 a5a4 d8e8 a4a5 e8d8",
		"setoption name UCI_Variant value durg", "setoption name UCI_Variant value chaturanga",
		"setoption name UCI_Variant value chess", "setoption name UCI_Variant value shogi", "setoption name Hash value 1",
		"setoption name Hash value 2", "setoption name Threads value 2", "setoption name Threads value 1",
		"setoption name MultiPV value 2", "setoption name MultiPV value 1", "setoption name MoveRule value 0",
		"setoption name Clear Hash", "setoption name Bogus value x", "setoption", "setoption name Hash value",
		"go perft 1", "go perft 2", "go perft x", "frobnicate", "\x00\x00\x00", "\xff\xfe garbage", "position fen \u00efk",
		"position", "position startpos moves", strings.Repeat("\x00", 5000), "  ", "debug on", "register later",
	}
	switch r := rng.IntN(100); {
	case r < 30:
		return gos[rng.IntN(len(gos))], true
	case r < 31:
		return strings.Repeat("x", maxLine+rng.IntN(1000)) + " d", false // dropped whole
	default:
		return others[rng.IntN(len(others))], false
	}
}

// TestStressHostileInput drives the UCI loop through random and hostile
// command sequences and checks what a GUI relies on: no panic, readyok
// within a second of every isready, exactly one bestmove per go, and exit
// on quit. The bounds are in the process's CPU time (testload): a loop that
// does not answer while a search runs uses it up, and another job on the
// machine does not (it failed the wall-clock second). The budget of the
// whole run is on the wall clock: it decides only how many sessions run.
// go test -run TestStressHostileInput -stress 10m runs it longer.
func TestStressHostileInput(t *testing.T) {
	budget := 3 * time.Second
	if testing.Short() {
		budget = time.Second
	}
	if *stressFor > 0 {
		budget = *stressFor
	}
	var sessions, commands, gos int
	for seed, end := uint64(1), time.Now().Add(budget); time.Now().Before(end); seed++ {
		n, g := stressSession(t, seed, 300)
		commands, gos, sessions = commands+n, gos+g, sessions+1
	}
	t.Logf("%d sessions, %d commands, %d searches", sessions, commands, gos)
}

func stressSession(t *testing.T, seed uint64, count int) (commands, gos int) {
	rng := rand.New(rand.NewPCG(seed, 99))
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		newTestUCI(outW).Run(inR)
		outW.Close()
	}()
	lines := make(chan string, 4096)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<16), 1<<21)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(s string) {
		_, err := io.WriteString(inW, s+"\n")
		require.NoError(t, err, "seed %d", seed)
	}
	bestmoves := 0
	var log []string
	// drain reads output until a line with prefix, within so much CPU
	// time; without a prefix, what comes within so much wall-clock time (a
	// quiet spell to catch stray output, which load only lengthens).
	drain := func(prefix string, within time.Duration) {
		start, began := testload.Start(t), time.Now()
		for {
			select {
			case l, ok := <-lines:
				require.True(t, ok, "seed %d: output ended; last commands %q", seed, log)
				if strings.HasPrefix(l, "bestmove") {
					bestmoves++
				}
				if prefix != "" && strings.HasPrefix(l, prefix) {
					return
				}
			default:
				if prefix == "" && time.Since(began) >= within {
					return
				}
				if prefix != "" && start.Over(within) {
					t.Fatalf("seed %d: no %q within %v of CPU time; last commands %q", seed, prefix, within, log[max(0, len(log)-8):])
				}
				time.Sleep(100 * time.Microsecond)
			}
		}
	}
	for i := 0; i < count; i++ {
		cmd, isGo := hostileCommand(rng)
		if isGo {
			gos++
		}
		log = append(log, truncate(cmd, 60))
		send(cmd)
		commands++
		if cmd == "isready" {
			drain("readyok", time.Second)
		} else {
			drain("", 0)
		}
	}
	// End every search, then count: each go got exactly one bestmove.
	send("stop")
	send("isready")
	drain("readyok", time.Second)
	for bestmoves < gos {
		drain("bestmove", 2*time.Second)
	}
	drain("", 50*time.Millisecond)
	require.Equal(t, gos, bestmoves, "seed %d: bestmove count", seed)
	send("quit")
	quit := testload.NewTimer(t, 5*time.Second)
	defer quit.Stop()
	select {
	case <-done:
	case <-quit.C:
		t.Fatalf("seed %d: quit did not end the session", seed)
	}
	inW.Close()
	return commands, gos
}
