package match

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/pgn"
	"senapati/uciclient"
)

// senapatiBin is our engine, built once by TestMain.
var senapatiBin string

// chessJSDir is where scripts/check-pgn-chessjs.sh installs chess.js from
// npm the first time a test asks and finds it after (CHESSJS_DIR): one
// install a run, removed by TestMain.
var chessJSDir string

// TestMain doubles as the fake engines and as a runner process: the test
// binary re-executes itself with "fake-engine MODE ..." or "match-runner
// ARGS..." as its first arguments.
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "fake-engine" {
		fakeEngine(os.Args[2], os.Args[3:])
		os.Exit(0)
	}
	if len(os.Args) > 1 && os.Args[1] == "match-runner" {
		os.Exit(Main(os.Args[2:], os.Stdout, os.Stderr))
	}
	dir, err := os.MkdirTemp("", "senapati-match-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	root, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err == nil {
		senapatiBin = filepath.Join(dir, "senapati")
		chessJSDir = filepath.Join(dir, "chessjs")
		var out []byte
		if out, err = exec.Command("go", "build", "-o", senapatiBin, strings.TrimSpace(string(root))).CombinedOutput(); err != nil {
			err = fmt.Errorf("%v\n%s", err, out)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "building the engine:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// fakeEngine is a minimal UCI engine that misbehaves on purpose:
//
//	legal    plays the first legal move (slow=MS: after a pause)
//	plain    the same, but announces no UCI_Variant (a chess-only engine)
//	illegal  answers go with e2e5 (illegal in every game we start)
//	crash    exits when asked to move
//	nostart  exits with status 5 at uci, saying why on stderr
//	hang     never answers go and ignores SIGTERM and SIGINT
//	script   plays the given moves in turn, one per go
//	hashed   plays a legal move picked by the position's hash and its
//	         first argument (a capture when there is one, with "greedy"):
//	         deterministic, but not the same in every game
//	echo     is named by its first argument and answers go with
//	         "bestmove " + the value of its option Move + "\x01\xff"
//	long     plays legal moves, each after a 50 MB line without a break
//	deaf     plays legal moves and ignores quit and the end of its input
//	spawn    plays legal moves; at uci it starts sleepers and appends their
//	         pids to the file named by its first argument: one in a
//	         session of its own (setsid), one that also has an empty
//	         environment; with "orphan" one more that its parent
//	         leaves behind (session of its own, empty environment), and
//	         with "plain" one in the engine's own process group
//
// With "stderr=TEXT" among its arguments an engine writes TEXT to its
// stderr at every go, before it answers (or crashes).
//
// Helper processes of the spawn engine: "sleeper" sleeps, ignoring SIGTERM
// and SIGINT; "orphaner FILE" starts a sleeper, writes its pid, and exits.
// Everything gives up by itself after a minute, should a test fail.
func fakeEngine(mode string, args []string) {
	signal.Ignore(syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	go func() {
		time.Sleep(time.Minute)
		os.Exit(4)
	}()
	if m, ok := strings.CutPrefix(mode, "cecp-"); ok {
		fakeCECP(m, args) // cecp_helper_test.go
		return
	}
	if mode == "ponder" {
		fakePonderer(args) // ponder_test.go
		return
	}
	switch mode {
	case "sleeper":
		select {}
	case "orphaner":
		appendPids(args[0], startSleeper(true, false))
		return
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, a ...any) {
		fmt.Fprintf(out, format+"\n", a...)
		out.Flush()
	}
	var delay time.Duration
	var script []string
	stderrText := ""
	for _, a := range args {
		if text, ok := strings.CutPrefix(a, "stderr="); ok {
			stderrText = text
		} else if ms, ok := strings.CutPrefix(a, "slow="); ok {
			var n int
			fmt.Sscan(ms, &n)
			delay = time.Duration(n) * time.Millisecond
		} else {
			script = append(script, a)
		}
	}
	echoMove := ""
	v := board.Chess()
	pos := v.StartPosition()
	next := 0
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			if mode == "nostart" {
				fmt.Fprintln(os.Stderr, "fatal: no net")
				os.Exit(5)
			}
			switch mode {
			case "echo":
				say("id name %s", script[0])
			case "spawn":
				say("id name Fake spawn")
				appendPids(script[0], startSleeper(true, false), startSleeper(true, true))
				if slices.Contains(script, "plain") {
					appendPids(script[0], startSleeper(false, false))
				}
				if slices.Contains(script, "orphan") {
					orphaner := exec.Command(os.Args[0], "fake-engine", "orphaner", script[0])
					newSession(orphaner)
					orphaner.Env = []string{}
					if orphaner.Run() != nil {
						say("info string orphaner failed")
					}
				}
			default:
				say("id name Fake %s", mode)
			}
			if mode != "plain" {
				say("option name UCI_Variant type combo default chess var chess var chaturanga var durg")
			}
			say("uciok")
		case "isready":
			say("readyok")
		case "setoption":
			if len(f) == 5 && f[2] == "UCI_Variant" {
				v, _ = board.VariantByName(f[4])
			}
			if len(f) >= 5 && f[2] == "Move" {
				echoMove = strings.Join(f[4:], " ")
			}
		case "ucinewgame":
			next = 0
		case "position":
			fen, moves, _ := strings.Cut(strings.Join(f[1:], " "), " moves ")
			if strings.HasPrefix(fen, "moves ") {
				fen, moves = "startpos", strings.TrimPrefix(fen, "moves ")
			}
			if fen == "startpos" {
				pos = v.StartPosition()
			} else {
				pos, _ = board.ParseFEN(v, strings.TrimPrefix(fen, "fen "))
			}
			for _, s := range strings.Fields(moves) {
				m, err := pos.ParseMove(s)
				if err != nil {
					say("info string bad move %s", s)
					break
				}
				pos.DoMove(m)
			}
		case "go":
			if stderrText != "" {
				fmt.Fprintln(os.Stderr, stderrText)
			}
			switch mode {
			case "legal", "plain", "long", "deaf", "spawn":
				time.Sleep(delay)
				if mode == "long" { // in pieces: the runner's peak memory is measured with its children's
					out.WriteString("info string ")
					piece := bytes.Repeat([]byte("x"), 64<<10)
					for range 50 << 4 {
						out.Write(piece)
					}
					say("")
				}
				var ml board.MoveList
				pos.GenerateMoves(&ml)
				// A pv of the move and a reply, then junk the PGN's pv= must cut.
				pv := pos.MoveString(ml.Moves[0])
				after := pos
				after.DoMove(ml.Moves[0])
				var replies board.MoveList
				if after.GenerateMoves(&replies); replies.N > 0 {
					pv += " " + after.MoveString(replies.Moves[0])
				}
				say("info depth 1 seldepth 2 score cp 0 nodes 123 nps 4567 time 1 pv %s }junk", pv)
				say("bestmove %s", pos.MoveString(ml.Moves[0]))
			case "echo":
				say("bestmove %s\x01\xff", echoMove)
			case "hashed":
				var ml board.MoveList
				pos.GenerateMoves(&ml)
				choice := ml.Slice()
				if len(script) > 1 && script[1] == "greedy" {
					var captures []board.Move
					for _, m := range choice {
						if pos.IsCapture(m) {
							captures = append(captures, m)
						}
					}
					if len(captures) > 0 {
						choice = captures
					}
				}
				salt, _ := strconv.ParseUint(script[0], 10, 64)
				say("info depth 1 score cp %d", int(pos.Hash()%201)-100)
				say("bestmove %s", pos.MoveString(choice[(pos.Hash()^salt*0x9e3779b97f4a7c15)%uint64(len(choice))]))
			case "illegal":
				say("info depth 1 score cp 5")
				say("bestmove e2e5")
			case "crash":
				os.Exit(3)
			case "hang":
				select {}
			case "script":
				if next < len(script) {
					say("bestmove %s", script[next])
					next++
				} else {
					say("bestmove 0000")
				}
			}
		case "quit":
			if mode != "deaf" {
				return
			}
		}
	}
	if mode == "deaf" {
		select {}
	}
}

// startSleeper starts a sleeper in a session of its own, with an empty
// environment if asked, and returns its pid.
func startSleeper(setsid, noEnv bool) int {
	cmd := exec.Command(os.Args[0], "fake-engine", "sleeper")
	if setsid {
		newSession(cmd)
	}
	if noEnv {
		cmd.Env = []string{}
	}
	if err := cmd.Start(); err != nil {
		return 0
	}
	return cmd.Process.Pid
}

func appendPids(file string, pids ...int) {
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	for _, pid := range pids {
		fmt.Fprintln(f, pid)
	}
}

// fake is the -engine argument list of a fake engine.
func fake(name, mode string, args ...string) []string {
	a := []string{"-engine", "cmd=" + os.Args[0], "name=" + name, "arg=fake-engine", "arg=" + mode}
	for _, s := range args {
		a = append(a, "arg="+s)
	}
	return a
}

// trackProcesses records every engine process the test starts.
func trackProcesses(t *testing.T) func() []int {
	var mu sync.Mutex
	var pids []int
	uciclient.StartHook = func(pid int) {
		mu.Lock()
		defer mu.Unlock()
		pids = append(pids, pid)
	}
	t.Cleanup(func() { uciclient.StartHook = nil })
	return func() []int {
		mu.Lock()
		defer mu.Unlock()
		return append([]int(nil), pids...)
	}
}

// requireGone checks that no process is left: not running, not a zombie
// (signal 0 reaches a zombie too).
func requireGone(t *testing.T, pids []int) {
	t.Helper()
	require.NotEmpty(t, pids)
	for _, pid := range pids {
		require.False(t, processExists(pid), "engine process %d is still there", pid)
	}
}

// lockedBuffer is an output the runner writes from several goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
	on func(line string) // called for each complete line written
}

func (w *lockedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	n, err := w.b.Write(p)
	on := w.on
	w.mu.Unlock()
	if on != nil {
		for _, l := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
			on(l)
		}
	}
	return n, err
}

func (w *lockedBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// runMatch runs a match in this process and returns its output.
func runMatch(t *testing.T, ctx context.Context, args ...string) (string, string, error) {
	t.Helper()
	cfg, err := ParseArgs(append(args, "-progress", "off"))
	require.NoError(t, err)
	var out, errOut lockedBuffer
	err = Run(ctx, cfg, &out, &errOut)
	return out.String(), errOut.String(), err
}

// readGames parses a PGN file the runner wrote.
func readGames(t *testing.T, path string) []*pgn.Game {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	games, err := pgn.Parse(f)
	require.NoError(t, err)
	return games
}

// tagOf is the value of a game's tag, "" when it has none.
func tagOf(g *pgn.Game, name string) string {
	value, _ := g.Tag(name)
	return value
}

// moveTexts are a game's moves as written.
func moveTexts(g *pgn.Game) []string {
	var out []string
	for _, m := range g.Moves {
		out = append(out, m.Text)
	}
	return out
}

// replay checks a game of the PGN against the rules: every move legal from
// the FEN tag and in SAN, the PlyCount right, and a game that ended by the
// rules ends there with the stated result and reason.
func replay(t *testing.T, g *pgn.Game) *board.Game {
	t.Helper()
	return replayIn(t, g, pgn.SAN)
}

// replayIn is replay for a PGN whose moves are in notation n.
func replayIn(t *testing.T, g *pgn.Game, n pgn.Notation) *board.Game {
	t.Helper()
	require.Equal(t, "1", tagOf(g, "SetUp"))
	require.NotEmpty(t, tagOf(g, "Variant"))
	start, moves, err := g.Replay()
	require.NoError(t, err)
	game := board.NewGame(start)
	for i, m := range moves {
		r, _ := judge(game)
		require.Equal(t, board.Ongoing, r, "game over before ply %d", i+1)
		require.Equal(t, g.Moves[i].Text, n.Move(game.Position(), m), "PGN moves are in %s", n)
		game.Play(m)
	}
	require.Equal(t, fmt.Sprint(len(moves)), tagOf(g, "PlyCount"))
	require.Equal(t, g.Result.String(), tagOf(g, "Result"))
	r, reason := judge(game)
	if tagOf(g, "Termination") == termNormal {
		require.Equal(t, g.Result, r)
		last := g.LastComment()
		require.True(t, last == reason || strings.HasSuffix(last, ", "+reason), "reason %q, comment %q", reason, last)
	} else {
		require.Equal(t, board.Ongoing, r, "a game the rules ended must end normally")
	}
	return game
}
