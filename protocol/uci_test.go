package protocol

import (
	"bufio"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/testio"
	"senapati/internal/testload"
	"senapati/internal/testlong"
	"senapati/internal/version"
)

// session drives a UCI loop through pipes, as a GUI would.
type session struct {
	t     testing.TB
	in    *io.PipeWriter
	lines chan string
	done  chan struct{}
}

func newSession(t testing.TB) *session {
	return startSession(t, func(in io.Reader, out io.Writer) { newTestUCI(out).Run(in) })
}

// startSession runs a protocol loop on pipes.
func startSession(t testing.TB, run func(in io.Reader, out io.Writer)) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 1000), done: make(chan struct{})}
	go func() {
		run(inR, outW)
		outW.Close()
		close(s.done)
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return s
}

func (s *session) send(cmds ...string) {
	for _, c := range cmds {
		_, err := io.WriteString(s.in, c+"\n")
		require.NoError(s.t, err)
	}
}

// expect reads lines until one starts with prefix; returns all lines read.
// The timeout is charged in the process's CPU time (testload), so that a
// busy machine does not decide it.
func (s *session) expect(prefix string, timeout time.Duration) []string {
	s.t.Helper()
	var got []string
	timer := testload.NewTimer(s.t, timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("output closed waiting for %q; got %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timer.C:
			s.t.Fatalf("no %q within %v of CPU time; got %q", prefix, timeout, got)
		}
	}
}

func TestHandshakeAnnouncesOptions(t *testing.T) {
	s := newSession(t)
	s.send("uci")
	out := strings.Join(s.expect("uciok", time.Second), "\n")
	for _, want := range []string{"id name Senapati " + version.String() + "\n", "option name UCI_Variant type combo default chess var chess var chaturanga var durg",
		"option name Hash type spin", "option name Threads", "option name MultiPV", "option name Ponder type check",
		"option name Move Overhead", "option name MoveRule", "option name Clear Hash type button"} {
		require.Contains(t, out, want)
	}
}

func TestVariantSwitchAnnouncesGeometry(t *testing.T) {
	s := newSession(t)
	s.send("setoption name UCI_Variant value durg")
	l := s.expect("info string variant", 5*time.Second)
	require.Equal(t, "info string variant durg files 9 ranks 9 startpos rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0", l[len(l)-1])
	s.send("position startpos moves e2e4", "d")
	out := strings.Join(s.expect("Side to move", time.Second), "\n")
	require.Contains(t, out, "Fen: rnh1k1hnr/ppppppppp/1d5d1/9/9/4P4/1D5D1/PPPP1PPPP/RNH1K1HNR[] b KQkq - 0 1 0/0")
}

func TestBadInputIsReportedAndSurvived(t *testing.T) {
	cases := []struct{ cmd, want string }{
		{"frobnicate", "info string unknown command 'frobnicate'"},
		{"position fen 8/8/8 w - - 0 1", "info string invalid FEN for chess"},
		{"position startpos moves e2e4 e7e5 e1e3", "info string move 3 (e1e3): illegal move e1e3"},
		{"position startpos moves e2e4 xx", "info string move 2 (xx): unparsable move"},
		{"setoption name Hash value 0", "info string option Hash value 0 is out of range 1..16384"},
		{"setoption name Hash value lots", "info string option Hash needs a whole number"},
		{"setoption name Bogus value 1", "info string unknown option 'Bogus'"},
		{"setoption name UCI_Variant value shogi", "info string option UCI_Variant: \"shogi\" is not one of"},
		{"setoption", "info string setoption needs"},
		{"go depth x", "info string go depth needs a non-negative number"},
		{"position", "info string position needs startpos or fen"},
		{"\x00\xff garbage \t", "info string unknown command"},
	}
	s := newSession(t)
	for _, tc := range cases {
		s.send(tc.cmd)
		l := s.expect("info string", 5*time.Second)
		require.True(t, strings.HasPrefix(l[len(l)-1], tc.want), "%q gave %q", tc.cmd, l[len(l)-1])
		s.send("isready")
		s.expect("readyok", time.Second)
	}
	// The illegal move left the position after the last legal move.
	s.send("position startpos moves e2e4 e7e5 e1e3", "d")
	out := strings.Join(s.expect("Side to move", time.Second), "\n")
	require.Contains(t, out, "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
}

func TestGoDepthGivesLegalBestMove(t *testing.T) {
	for _, v := range []string{"chess", "chaturanga", "durg"} {
		s := newSession(t)
		s.send("setoption name UCI_Variant value "+v, "position startpos", "go depth 4")
		out := s.expect("bestmove", 20*time.Second)
		require.Contains(t, strings.Join(out, "\n"), "info depth 4 ")
		best := strings.Fields(out[len(out)-1])[1]
		s.send("position startpos moves "+best, "isready")
		l := s.expect("readyok", time.Second)
		require.Len(t, l, 1, "the best move %s was refused: %q", best, l)
	}
}

func TestStopAndQuitAnswerQuickly(t *testing.T) {
	for _, v := range []string{"chess", "durg"} {
		s := newSession(t)
		s.send("setoption name UCI_Variant value "+v, "position startpos", "go infinite")
		s.expect("info depth 3 ", 10*time.Second) // the search is running
		// The bounds are in CPU time (testload): a search that went on after
		// stop would use it; a busy machine only stretches the wall clock.
		// tools/latency measures the real figure.
		start := testload.Start(t)
		s.send("stop")
		s.expect("bestmove", time.Second)
		require.Less(t, start.CPU(), 500*time.Millisecond, "stop latency")

		s.send("go infinite")
		s.expect("info depth 3 ", 10*time.Second)
		start = testload.Start(t)
		s.send("quit")
		quit := testload.NewTimer(t, time.Second)
		select {
		case <-s.done:
		case <-quit.C:
			t.Fatal("quit did not end the session")
		}
		quit.Stop()
		require.Less(t, start.CPU(), 500*time.Millisecond, "quit latency")
	}
}

func TestFinishedPositionsAnswerNone(t *testing.T) {
	cases := []struct{ variant, fen, score string }{
		{"chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "score mate 0"},
		{"chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "score cp 0"},
		// A stalemated side in chaturanga has won.
		{"chaturanga", "7k/5Q2/6K1/p7/P7/8/8/8 b - - 0 1", "score cp 32000"},
	}
	for _, tc := range cases {
		s := newSession(t)
		s.send("setoption name UCI_Variant value "+tc.variant, "position fen "+tc.fen, "go depth 5")
		out := s.expect("bestmove", 5*time.Second)
		require.Equal(t, "bestmove (none)", out[len(out)-1])
		require.Contains(t, out[len(out)-2], tc.score)
	}
}

func TestOddClocksStillGetAMove(t *testing.T) {
	s := newSession(t)
	for _, g := range []string{"go wtime -50 btime 1000", "go wtime 0 btime 0", "go movetime 99999999999999 depth 2", "go wtime 1000 winc -5 btime 1000"} {
		s.send("position startpos", g)
		out := s.expect("bestmove", 5*time.Second)
		require.NotEqual(t, "bestmove (none)", out[len(out)-1], g)
	}
}

func TestMultiPVSearchMovesMateAndPonder(t *testing.T) {
	s := newSession(t)
	s.send("setoption name MultiPV value 3", "position startpos", "go depth 5")
	out := s.expect("bestmove", 20*time.Second)
	joined := strings.Join(out, "\n")
	for _, k := range []string{"info depth 5 seldepth", "multipv 1 ", "multipv 2 ", "multipv 3 "} {
		require.Contains(t, joined, k)
	}

	s.send("setoption name MultiPV value 1", "position startpos", "go depth 4 searchmoves a2a3 h2h3")
	out = s.expect("bestmove", 20*time.Second)
	best := strings.Fields(out[len(out)-1])[1]
	require.Contains(t, []string{"a2a3", "h2h3"}, best)

	s.send("position fen kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "go mate 2")
	out = s.expect("bestmove", 20*time.Second)
	require.Contains(t, out[len(out)-2], "score mate 2")
	require.Equal(t, "bestmove a1a6", strings.Join(strings.Fields(out[len(out)-1])[:2], " "))

	// A ponder search runs until ponderhit turns it into a timed one.
	s.send("position startpos", "go ponder wtime 500 btime 500")
	s.expect("info depth 2 ", 10*time.Second)
	for quiet := time.After(300 * time.Millisecond); ; {
		select {
		case l := <-s.lines:
			require.False(t, strings.HasPrefix(l, "bestmove"), "ponder search answered before ponderhit: %q", l)
			continue
		case <-quiet:
		}
		break
	}
	s.send("ponderhit")
	s.expect("bestmove", 5*time.Second)
}

// playClockGame lets two sessions play one game at base+inc from the start
// position, charging each side what the clock now (wall or CPU time)
// advanced from `go` to `bestmove`; it fails if a clock runs out. It
// returns the least time a side had left after a move.
func playClockGame(t testing.TB, variant string, base, inc time.Duration, maxPlies int, now func() time.Duration) (least time.Duration) {
	engines := [2]*session{newSession(t), newSession(t)}
	for _, e := range engines {
		e.send("setoption name UCI_Variant value "+variant, "ucinewgame", "isready")
		e.expect("readyok", 5*time.Second)
	}
	clock := [2]time.Duration{base, base}
	least = base
	var moves []string
	for ply := 0; ply < maxPlies; ply++ {
		side := ply % 2
		e := engines[side]
		e.send("position startpos moves " + strings.Join(moves, " "))
		start := now()
		e.send("go wtime " + ms(clock[0]) + " btime " + ms(clock[1]) + " winc " + ms(inc) + " binc " + ms(inc))
		out := e.expect("bestmove", clock[side]+10*time.Second) // a hang, not a time loss
		clock[side] -= now() - start
		require.Positive(t, clock[side], "%s lost on time at ply %d", variant, ply)
		least = min(least, clock[side])
		clock[side] += inc
		f := strings.Fields(out[len(out)-1])
		if f[1] == "(none)" {
			return least
		}
		moves = append(moves, f[1])
	}
	return least
}

// No time loss at fast controls, each move charged the process's CPU time
// from go to bestmove: the work the engine did, which a busy machine does
// not make longer (its wall clock runs on while the engine waits for a
// CPU). BenchmarkFastControls charges the wall clock, as a GUI does.
func TestNoTimeLossAtFastControls(t *testing.T) {
	cpu := func() time.Duration { return testload.CPU(t) }
	for _, v := range []string{"chess", "chaturanga", "durg"} {
		playClockGame(t, v, time.Second, 10*time.Millisecond, 80, cpu)
	}
	// A longer control, 40 plies of about a quarter second each: one of
	// the long suites (testlong).
	if testlong.Enabled() {
		playClockGame(t, "durg", 10*time.Second, 100*time.Millisecond, 40, cpu)
	} else if !testing.Short() {
		testlong.Sample(t, "1+0.01 only, not Durg at 10+0.1")
	}
}

// BenchmarkFastControls plays the games of TestNoTimeLossAtFastControls
// on the wall clock, as a GUI charges them, and fails on a time loss; it
// reports the least time left on a clock after a move (best measured on an
// idle machine).
func BenchmarkFastControls(b *testing.B) {
	began := time.Now()
	wall := func() time.Duration { return time.Since(began) }
	least := time.Second
	for b.Loop() {
		for _, v := range []string{"chess", "chaturanga", "durg"} {
			least = min(least, playClockGame(b, v, time.Second, 10*time.Millisecond, 80, wall))
		}
	}
	b.ReportMetric(float64(least.Microseconds())/1000, "ms-left-least")
}

func TestCommandsDuringEndlessSearchDoNotHang(t *testing.T) {
	s := newSession(t)
	s.send("position startpos", "go infinite")
	s.expect("info depth 2 ", 10*time.Second)
	// No stop from this GUI: position applies for the next go and leaves
	// the running search alone; d is served at once.
	s.send("position startpos moves e2e4", "d")
	shown := strings.Join(s.expect("Side to move", 5*time.Second), "\n")
	require.NotContains(t, shown, "bestmove ")
	require.Contains(t, shown, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	s.send("stop")
	out := s.expect("bestmove", 5*time.Second)
	best := strings.Fields(out[len(out)-1])[1]
	start := board.Chess().StartPosition()
	_, err := start.ParseMove(best)
	require.NoError(t, err, "the search kept its own root: %s is a move of the start position", best)
	// The next go searches the new position.
	s.send("go depth 1")
	out = s.expect("bestmove", 5*time.Second)
	after := rulesAfter(t, "e2e4")
	_, err = after.ParseMove(strings.Fields(out[len(out)-1])[1])
	require.NoError(t, err)
}

func rulesAfter(t *testing.T, moves ...string) board.Position {
	p := board.Chess().StartPosition()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		require.NoError(t, err)
		p.DoMove(m)
	}
	return p
}

func TestPerftRunsBesideTheInputLoop(t *testing.T) {
	s := newSession(t)
	s.send("go perft 6") // a second or more
	start := testload.Start(t)
	s.send("isready")
	out := s.expect("readyok", time.Second)
	// perft 6 takes seconds of CPU; readyok must not wait for it (in CPU
	// time, which load does not stretch).
	require.Less(t, start.CPU(), 500*time.Millisecond)
	require.NotContains(t, strings.Join(out, "\n"), "Nodes searched")
	// quit lets perft finish, so a piped script gets all of its output.
	s.send("quit")
	out = s.expect("Nodes searched", 60*time.Second)
	require.Equal(t, "Nodes searched: 119060324", out[len(out)-1])
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the session did not end after perft")
	}
}

func TestGoWithoutAnEndWaitsForStopAndNeverWedges(t *testing.T) {
	for _, g := range []string{"go depth 0", "go nodes 0", "go movetime 0", "go mate 0", "go btime 1000", "go depth 200"} {
		s := newSession(t)
		s.send("position startpos", g, "position startpos moves e2e4")
		s.send("isready")
		out := s.expect("readyok", time.Second)
		require.NotContains(t, strings.Join(out, "\n"), "bestmove", g)
		s.send("stop", "isready")
		out = append(out, s.expect("readyok", time.Second)...)
		require.Equal(t, 1, strings.Count(strings.Join(out, "\n"), "bestmove"), "%s: one bestmove; got %q", g, out)
		s.send("quit")
		quit := testload.NewTimer(t, 2*time.Second)
		select {
		case <-s.done:
		case <-quit.C:
			t.Fatalf("%s: quit not read", g)
		}
		quit.Stop()
	}
}

func TestGoWithBadValuesStillAnswersBestmove(t *testing.T) {
	s := newSession(t)
	for _, g := range []string{"go wtime abc btime 1000 depth 2", "go wtime 1.5 btime 10 depth 2", "go wtime 99999999999999999999 depth 2",
		"go depth -3 nodes 1000", "go depth nodes 1000"} {
		s.send("position startpos", g)
		out := s.expect("bestmove", 5*time.Second)
		require.NotEqual(t, "bestmove (none)", out[len(out)-1], g)
		require.Contains(t, strings.Join(out, "\n"), "info string go", "%s: the bad value is reported", g)
	}
}

func TestHugeMateLimitIsCappedNotOverflowed(t *testing.T) {
	s := newSession(t)
	s.send("position fen kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "go mate 9223372036854775807")
	out := s.expect("bestmove", 10*time.Second)
	require.Equal(t, "bestmove a1a6", strings.Join(strings.Fields(out[len(out)-1])[:2], " "))
	require.Contains(t, out[len(out)-2], "score mate 2")
}

func TestOverlongLinesAreDroppedWhole(t *testing.T) {
	s := newSession(t)
	long := "position startpos moves " + strings.Repeat("e2e4 ", maxLine/5) + " d"
	s.send(long, "isready")
	out := s.expect("readyok", 2*time.Second)
	joined := strings.Join(out, "\n")
	require.Contains(t, joined, "input line longer than")
	require.NotContains(t, joined, "Fen:", "the tail of the long line ran as a command")
	// A long blank line ending in quit must not end the session.
	s.send(strings.Repeat(" ", maxLine+10)+"quit", "isready")
	s.expect("readyok", 2*time.Second)
	// NUL and control bytes cost no more than a blank line.
	start := testload.Start(t)
	s.send(strings.Repeat("\x00", maxLine-1), "isready")
	s.expect("readyok", time.Second)
	require.Less(t, start.CPU(), 500*time.Millisecond)
}

func TestPonderhitRightAfterGoPonderIsNeverLost(t *testing.T) {
	// The session owns the search's ponder state (search.Ponder): a
	// ponderhit that comes before the search has begun is not lost, and a
	// search that lost it would wait for stop.
	s := newSession(t)
	for i := 0; i < 100; i++ {
		s.send("position startpos moves e2e4", "go ponder wtime 60 btime 60", "ponderhit")
		s.expect("bestmove", 5*time.Second)
	}
}

// The same, one command after the other in the command loop (the reader's
// early ponderhit left out): go ponder with a depth, then ponderhit at once;
// the search ends at its depth without stop.
func TestPonderhitBeforeTheSearchBeginsEndsItAtItsDepth(t *testing.T) {
	var out testio.SyncBuffer
	u := newTestUCI(&out)
	for i := 0; i < 50; i++ {
		u.Handle("position startpos moves e2e4")
		u.Handle("go ponder depth 2")
		p := u.job.ponder
		require.True(t, p.Pondering())
		u.Handle("ponderhit")
		require.False(t, p.Pondering())
		select {
		case <-u.job.done:
		case <-time.After(10 * time.Second):
			t.Fatal("ponderhit was lost: the search waits for stop")
		}
		require.Contains(t, out.String(), "bestmove ")
		out.Reset()
	}
	u.Handle("go depth 1")
	require.Nil(t, u.job.ponder, "no ponder state without go ponder")
	u.wait()
}

// A search, however few CPUs Go was given, leaves the input reader spare
// processors: with one spare only, `stop` on one CPU at 2 threads waited a
// scheduler tick for a processor in 1-2 % of cases (p99 7-8 ms).
func TestSearchLeavesTheInputReaderSpareProcessors(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	s := newSession(t)
	s.send("setoption name Threads value 2", "position startpos", "go infinite")
	s.expect("info depth", 5*time.Second)
	require.GreaterOrEqual(t, runtime.GOMAXPROCS(0), 5, "2 search threads and 3 spare processors")
	s.send("stop")
	s.expect("bestmove", 5*time.Second)
}
