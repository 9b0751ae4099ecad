package protocol

import (
	"fmt"
	"io"
	"regexp"
	"senapati/internal/testio"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/testload"
	"senapati/internal/version"
	"senapati/search"
)

// A scripted XBoard: the CECP loop on pipes, started as a GUI starts it.
func newCECPSession(t *testing.T) *session {
	s := startSession(t, func(in io.Reader, out io.Writer) { newTestCECP(out).Run(in) })
	s.send("xboard", "protover 2")
	s.expect("feature done=1", 2*time.Second)
	return s
}

// sync sends ping n and returns every line up to its pong.
func (s *session) sync(n int) []string {
	s.t.Helper()
	s.send(fmt.Sprintf("ping %d", n))
	lines := s.expect(fmt.Sprintf("pong %d", n), 5*time.Second)
	return lines[:len(lines)-1]
}

// engineMove waits for the engine's move and returns it.
func (s *session) engineMove(timeout time.Duration) string {
	s.t.Helper()
	lines := s.expect("move ", timeout)
	return strings.TrimPrefix(lines[len(lines)-1], "move ")
}

func hasLine(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

func TestServeChoosesTheProtocolByTheFirstCommand(t *testing.T) {
	for _, tc := range []struct{ input, want string }{
		{"xboard\nprotover 2\n", "feature done=1"},
		{"\n  \r\nxboard\nprotover 2\n", "feature done=1"}, // blank lines first
		{"uci\n", "uciok"},
		{"isready\nuci\n", "readyok"},
		{"xboardx\nuci\n", "uciok"},
	} {
		var out testio.SyncBuffer
		Serve(strings.NewReader(tc.input+"quit\n"), &out, newTestEngine(), Tools{})
		require.Contains(t, out.String(), tc.want, "input %q", tc.input)
	}
}

func TestCECPHandshake(t *testing.T) {
	s := startSession(t, func(in io.Reader, out io.Writer) { newTestCECP(out).Run(in) })
	s.send("xboard", "protover 2")
	lines := s.expect("feature done=1", 2*time.Second)
	require.Equal(t, "feature done=0", lines[0], "done=0 first, so XBoard waits for the whole list")
	all := strings.Join(lines, "\n")
	for _, f := range []string{`myname="Senapati ` + version.String() + `"`, "setboard=1", "usermove=1", "ping=1", "sigint=0", "sigterm=0",
		"colors=0", "analyze=1", "memory=1", "smp=1", "highlight=1", "playother=1", "time=1"} {
		require.Contains(t, all, " "+f, f)
	}
	// Chess is XBoard's normal, Chess960 its fischerandom; durg is not
	// offered (XBoard cannot show it).
	require.Contains(t, all, `variants="normal,chaturanga,fischerandom"`)
	// Options come from the one option table with the engine's defaults.
	d := search.DefaultSettings()
	for _, want := range []string{
		fmt.Sprintf(`feature option="Hash -spin %d 1 %d"`, d.HashMB, search.MaxHashMB),
		fmt.Sprintf(`feature option="Threads -spin %d 1 %d"`, d.Threads, MaxThreads),
		`feature option="MultiPV -spin 1 1 500"`,
		fmt.Sprintf(`feature option="Move Overhead -spin %d 0 5000"`, d.MoveOverhead.Milliseconds()),
		fmt.Sprintf(`feature option="MoveRule -spin %d 0 1000"`, board.Chess().DefaultMoveRule()),
		`feature option="Clear Hash -button"`,
	} {
		require.Contains(t, lines, want)
	}
	// Set by variant and hard/easy, never as options.
	require.NotContains(t, all, "UCI_Variant")
	require.NotContains(t, all, "Ponder")
}

// CECP offers the strength options but not UCI_ShowWDL: XBoard's thinking
// output has nowhere to put the chances, so the option would do nothing.
func TestCECPStrengthOptionsAndNoWDL(t *testing.T) {
	s := startSession(t, func(in io.Reader, out io.Writer) { newTestCECP(out).Run(in) })
	s.send("xboard", "protover 2")
	lines := s.expect("feature done=1", 2*time.Second)
	for _, want := range []string{
		fmt.Sprintf(`feature option="Skill Level -spin %d 0 %d"`, search.MaxSkill, search.MaxSkill),
		`feature option="UCI_LimitStrength -check 0"`,
		fmt.Sprintf(`feature option="UCI_Elo -spin %d %d %d"`, search.DefaultElo, search.MinElo, search.MaxElo),
	} {
		require.Contains(t, lines, want)
	}
	require.NotContains(t, strings.Join(lines, "\n"), "WDL")
	s.send("option UCI_ShowWDL=1")
	got := s.sync(1)
	require.Len(t, got, 1)
	require.True(t, strings.HasPrefix(got[0], "Error (UCI_ShowWDL is for UCI only: "), got[0])
	for _, w := range xboardIgnores { // or XBoard would not show the error
		require.NotContains(t, strings.ToLower(got[0]), w)
	}

	var out testio.SyncBuffer
	c := newTestCECP(&out)
	c.Handle("option Skill Level=5")
	require.Equal(t, 5, c.engine.Settings().Strength.Skill())
	c.Handle("option UCI_LimitStrength=1")
	c.Handle("option UCI_Elo=1200")
	require.True(t, c.engine.Settings().Strength.Limited)
	require.Equal(t, 1200, c.engine.Settings().Strength.Elo)
	require.Empty(t, out.String())
}

// The chaturanga setup as XBoard needs it: its piece table lists, in
// XBoard's order Pawn, Knight, Bishop, Rook, Queen, Ferz, Alfil and the
// king last, our letters (Gaja B is an alfil, Mantri Q a ferz), and the
// start position of RULES.md section 1.
func TestCECPChaturangaSetup(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "variant chaturanga")
	lines := s.sync(1)
	require.Equal(t, "setup (PN.R.QBKpn.r.qbk) 8x8+0_fairy rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1", lines[0])
	require.ElementsMatch(t, []string{
		"piece P& fmWfcF", // one step, no double step
		"piece N& N",
		"piece B& A", // Gaja: two squares diagonally, jumping
		"piece R& R",
		"piece Q& F",   // Mantri: one square diagonally
		"piece K& KmN", // the leap: a move, no attack (RULES.md section 1)
	}, lines[1:])
	// Highlights are our legal targets: a Padati one step, the Raja his
	// leap to d3 and f3 (c2 and g2 hold his own Padatis).
	s.send("lift e2")
	require.Equal(t, []string{"highlight 8/8/8/8/8/4Y3/8/8"}, s.sync(2))
	s.send("lift e1")
	require.Equal(t, []string{"highlight 8/8/8/8/8/3Y1Y2/8/8"}, s.sync(3))
	s.send("lift e7") // Black's piece while White is to move: nothing
	require.Equal(t, []string{"highlight 8/8/8/8/8/8/8/8"}, s.sync(4))
	// The double step is refused with the board's reason.
	s.send("usermove e2e4")
	require.Equal(t, []string{
		"Illegal move (the Padati on e2: no double step in chaturanga): e2e4",
		"telluser Illegal move e2e4: the Padati on e2: no double step in chaturanga", // what XBoard shows
	}, s.sync(5))
	// A legal move is answered by a legal move.
	s.send("sd 2", "usermove e2e3")
	reply := s.engineMove(10 * time.Second)
	p := board.Chaturanga().StartPosition()
	m, err := p.ParseMove("e2e3")
	require.NoError(t, err)
	p.DoMove(m)
	_, err = p.ParseMove(reply)
	require.NoError(t, err, "engine move %s", reply)
}

// Promotion in chaturanga: only to the type that started on the square,
// while it is missing; the GUI is told the one piece it may offer.
func TestCECPChaturangaPromotion(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "variant chaturanga", "force", "setboard kr6/3PP3/8/8/8/8/8/4K3 w - - 0 1")
	s.sync(1)
	s.send("lift e7") // e8: the Mantri's square, White has no Mantri: blue, one choice
	require.Equal(t, []string{"highlight 4B3/8/8/8/8/8/8/8"}, s.sync(2))
	s.send("put e8")
	require.Equal(t, []string{"choice Q"}, s.sync(3))
	s.send("lift d7") // d8 started with a Raja: no promotion, no move
	require.Equal(t, []string{"highlight 8/8/8/8/8/8/8/8"}, s.sync(4))
	s.send("usermove d7d8q")
	require.Equal(t, "Illegal move (no promotion to that piece: on d8 a Padati becomes a Raja [k]): d7d8q", s.sync(5)[0])
	// Unnamed, the GUI would show a Padati on e8 while the engine has a Mantri.
	s.send("usermove e7e8")
	require.Equal(t, "Illegal move (say which piece the pawn becomes: e7e8q): e7e8", s.sync(6)[0])
	s.send("usermove e7e8r")
	require.True(t, strings.HasPrefix(s.sync(7)[0], "Illegal move"))
	s.send("usermove e7e8q")
	require.Empty(t, s.sync(8))
}

// The rest of a chaturanga session: a time control, undo, setboard and
// analysis, all by chaturanga's rules.
func TestCECPChaturangaSession(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "variant chaturanga", "st 1", "post", "time 6000", "otim 6000", "usermove e2e3")
	begin := testload.Start(t) // CPU time: the search's, which load does not stretch
	reply := s.engineMove(5 * time.Second)
	require.Less(t, begin.CPU(), 2500*time.Millisecond, "st 1")
	p := board.Chaturanga().StartPosition()
	for _, mv := range []string{"e2e3", reply} {
		m, err := p.ParseMove(mv)
		require.NoError(t, err, mv)
		p.DoMove(m)
	}
	// Back to the start: the Padati on e2 is offered e3 again.
	s.send("force", "undo", "undo", "lift e2")
	lines := s.sync(1)
	require.Contains(t, lines, "highlight 8/8/8/8/8/4Y3/8/8", "%q", lines)
	// A set-up position: White's Raja has lost his leap (no K), Black's not.
	s.send("setboard r2k4/8/8/8/8/8/8/3QK3 w k - 0 1", "lift e1")
	require.Equal(t, []string{"highlight 8/8/8/8/8/8/3YYY2/5Y2"}, s.sync(2))
	s.send("usermove e1g2") // a knight move without the right
	require.Equal(t, []string{
		"Illegal move (the Raja's leap is gone [used, or lost when he was in check]): e1g2",
		"telluser Illegal move e1g2: the Raja's leap is gone (used, or lost when he was in check)",
	}, s.sync(3))
	// Analysis sees chaturanga moves only: a PV never starts with a
	// Padati's double step.
	s.send("new", "variant chaturanga", "analyze")
	deadline := time.After(10 * time.Second)
	for depth := 0; depth < 3; {
		select {
		case l := <-s.lines:
			if m := thinkingLine.FindStringSubmatch(l); m != nil {
				depth, _ = strconv.Atoi(m[1])
				start := board.Chaturanga().StartPosition()
				_, err := start.ParseMove(strings.Fields(m[5])[0])
				require.NoError(t, err, l)
			}
		case <-deadline:
			t.Fatal("no analysis")
		}
	}
	s.send("exit")
	require.False(t, hasLine(s.sync(4), "move "))
}

func TestCECPChessGameBothWays(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "level 40 5 0", "post", "time 30000", "otim 30000", "usermove e2e4")
	lines := s.expect("move ", 30*time.Second)
	reply := strings.TrimPrefix(lines[len(lines)-1], "move ")
	require.True(t, hasThinking(lines), "post shows thinking: %q", lines)
	p := board.Chess().StartPosition()
	for _, mv := range []string{"e2e4", reply} {
		m, err := p.ParseMove(mv)
		require.NoError(t, err, mv)
		p.DoMove(m)
	}
	// A legal reply of ours, then the engine's again.
	mine := p.LegalMoveStrings()[0]
	s.send("time 29000", "otim 29000", "usermove "+mine)
	m, _ := p.ParseMove(mine)
	p.DoMove(m)
	reply = s.engineMove(30 * time.Second)
	_, err := p.ParseMove(reply)
	require.NoError(t, err)
	s.send("force", "quit")
	<-s.done
}

var thinkingLine = regexp.MustCompile(`^(\d+) (-?\d+) (\d+) (\d+) (\S.*)$`)

func hasThinking(lines []string) bool {
	for _, l := range lines {
		if thinkingLine.MatchString(l) {
			return true
		}
	}
	return false
}

// Game ends are claimed with the variant's own reason.
func TestCECPResultClaims(t *testing.T) {
	for _, tc := range []struct {
		name, variant, fen, move, want string
	}{
		{"mate", "normal", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", "1-0 {White mates}"},
		{"stalemate", "normal", "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1", "e7f7", "1/2-1/2 {Stalemate}"},
		{"50 moves", "normal", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2", "1/2-1/2 {Draw by 50-move rule}"},
		{"material", "normal", "4k3/8/8/8/8/8/4p3/4KN2 w - - 0 1", "e1e2", "1/2-1/2 {Insufficient mating material}"},
		{"bare Raja", "chaturanga", "kr6/8/8/8/8/8/8/1R2K3 w - - 0 1", "b1b8", "1-0 {Black is bared}"},
		// The stalemated side wins in chaturanga (RULES.md section 1).
		{"stalemate wins", "chaturanga", "k7/p7/P7/8/8/8/4K3/7R w - - 0 1", "h1b1", "0-1 {Black is stalemated and wins}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newCECPSession(t)
			s.send("new", "variant "+tc.variant, "setboard "+tc.fen, "usermove "+tc.move)
			lines := s.sync(1)
			require.Contains(t, lines, tc.want)
			require.False(t, hasLine(lines, "move "), "no move after the end: %q", lines)
		})
	}
}

func TestCECPRepetitionClaimAndEngineMate(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "force")
	for _, m := range strings.Fields("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8") {
		s.send("usermove " + m)
	}
	s.send("go") // the start position for the third time
	require.Contains(t, s.sync(1), "1/2-1/2 {Draw by repetition}")
	// The engine mates in one and claims it.
	s.send("new", "setboard 6k1/8/8/8/8/8/r4PPP/6K1 b - - 0 1", "sd 3", "go")
	lines := s.sync(2)
	require.Contains(t, lines, "move a2a1")
	require.Contains(t, lines, "0-1 {Black mates}")
}

func TestCECPUndoRemoveAndSetboard(t *testing.T) {
	var out testio.SyncBuffer
	c := newTestCECP(&out)
	start := board.Chess().StartPosition()
	for _, l := range []string{"new", "force", "usermove e2e4", "usermove e7e5", "usermove g1f3"} {
		require.True(t, c.Handle(l))
	}
	afterE4, err := board.ParseFEN(board.Chess(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	require.NoError(t, err)
	c.Handle("remove") // two plies
	require.Equal(t, afterE4.Hash(), c.pos.Hash())
	c.Handle("undo")
	require.Equal(t, start.Hash(), c.pos.Hash())
	require.Empty(t, c.history)
	c.Handle("undo")
	require.Contains(t, out.String(), "Error (command not legal now: no move to take back): undo")

	// A broken FEN is refused; moves wait for a good one.
	out.Reset()
	c.Handle("setboard 8/8/8 w - - 0 1")
	require.Contains(t, out.String(), "tellusererror Illegal position")
	require.Contains(t, out.String(), "Error (")
	c.Handle("usermove e2e4")
	require.Contains(t, out.String(), "Illegal move (no valid position set up): e2e4")
	c.Handle("setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	require.Equal(t, afterE4.Hash(), c.pos.Hash())
	c.Handle("usermove e7e5")
	require.Len(t, c.game.Moves, 1)
}

// After a refused set-up the old game is stale: nothing is played,
// pondered, hinted or taken back on it until a good position arrives, and
// a ponder search running then ends (issue 33's script, and a guess that
// would have been a ponder hit).
func TestCECPNothingOnAStaleGameAfterARefusedSetboard(t *testing.T) {
	var out testio.SyncBuffer
	c := newTestCECP(&out)
	c.Handle("new")
	c.Handle("hard")
	c.Handle("sd 3")
	c.Handle("force")
	c.Handle("usermove e2e4")
	c.Handle("playother")
	require.NotNil(t, c.job)
	require.Equal(t, ponderJob, c.job.kind)
	guess := c.job.guessText
	out.Reset()
	c.Handle("setboard x")
	require.Nil(t, c.job, "the ponder search on the old game ends")
	require.Contains(t, out.String(), "tellusererror Illegal position")
	for _, l := range []string{"usermove " + guess, "usermove e2e4", "go", "playother", "hint", "usermove " + guess, guess, "undo", "remove", "analyze", "exit", "lift e2", "put e4"} {
		c.Handle(l)
		require.Nil(t, c.job, "after %q: no search on the stale game", l)
	}
	got := out.String()
	lines := strings.Split(got, "\n")
	require.False(t, hasLine(lines, "move "), "no move played: %q", got)
	require.False(t, hasLine(lines, "Hint:"), "%q", got)
	require.False(t, hasLine(lines, "choice"), "%q", got)
	for _, want := range []string{
		"Illegal move (no valid position set up): " + guess,
		"Illegal move (no valid position set up): e2e4",
		"Error (no valid position set up): go",
		"Error (no valid position set up): playother",
		"Error (no valid position set up): undo",
		"Error (no valid position set up): remove",
		"highlight ",
	} {
		require.Contains(t, got, want)
	}
	require.Len(t, c.game.Moves, 1, "the old game was not touched")

	// A good set-up ends the refusal, in the mode the engine was in.
	c.Handle("setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	c.Handle("usermove e7e5")
	require.NotNil(t, c.job, "the engine plays White again (playother)")
	require.Equal(t, thinkJob, c.job.kind)
	<-c.job.done
	c.jobEnded()
	require.True(t, hasLine(strings.Split(out.String(), "\n"), "move "))
}

// The same over the pipes, as the audit sent it: no move ever comes.
func TestCECPRefusedSetboardScript(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "hard", "st 0.5", "setboard x", "usermove e2e4", "go", "playother", "hint")
	lines := s.sync(1)
	s.send("usermove e2e4")
	time.Sleep(700 * time.Millisecond) // longer than st 0.5: a search started would have moved
	lines = append(lines, s.sync(2)...)
	require.False(t, hasLine(lines, "move "), "%q", lines)
	require.False(t, hasLine(lines, "Hint:"), "%q", lines)
	require.Contains(t, lines, "Error (no valid position set up): go")
}

// Bad input gets the protocol's answers and the session goes on.
func TestCECPBadInput(t *testing.T) {
	s := newCECPSession(t)
	for _, tc := range []struct{ cmd, want string }{
		{"frobnicate", "Error (unknown command): frobnicate"},
		{"usermove e2e5", "Illegal move (the pawn on e2: it cannot move to e5): e2e5\ntelluser Illegal move e2e5: the pawn on e2: it cannot move to e5"},
		{"usermove e3e4", "Illegal move (no piece on e3): e3e4\ntelluser Illegal move e3e4: no piece on e3"},
		{"usermove zz", "Illegal move (unparsable move \"zz\"): zz\ntelluser Illegal move zz: unparsable move \"zz\""},
		{"usermove", "Error (usermove needs one move)"},
		{"level 40 x 0", "Error (level needs MOVES MINUTES[:SECONDS] INCREMENT"},
		{"level 40 5", "Error (level needs"},
		{"level -1 5 0", "Error (level needs"},
		{"st abc", "Error (st needs"},
		{"st 0", "Error (st needs"},
		{"sd 0", "Error (sd needs"},
		{"nps 0", "Error (nps needs a node rate above 0"},
		{"time x", "Error (time needs centiseconds)"},
		{"memory lots", "Error (memory needs a whole number)"},
		{"option Bogus=1", "Error (unknown option 'Bogus')"},
		{"option Hash=abc", "Error (option Hash needs a whole number"},
		{"option Ponder=1", "Error (Ponder is set with the hard command)"},
		{"variant shogi", "Error (unsupported variant): variant shogi"},
		{"lift z9", "Error (lift needs a square)"},
		{"white", "Error (not supported, use setboard"},
		{"undo", "Error (command not legal now"},
	} {
		s.send(tc.cmd)
		got := strings.Join(s.sync(1), "\n")
		require.True(t, strings.HasPrefix(got, tc.want), "%q: got %q", tc.cmd, got)
	}
	// The game is still there: a legal move is taken.
	s.send("force", "usermove e2e4")
	require.Empty(t, s.sync(2))
}

// XBoard cannot show Durg (README.md has what it showed): the variant is
// refused with the reason and the web board's command, the game stays.
func TestCECPRefusesDurg(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "variant durg")
	lines := s.sync(1)
	require.Len(t, lines, 2)
	require.True(t, strings.HasPrefix(lines[0], "tellusererror XBoard cannot show durg truly"))
	require.True(t, strings.HasPrefix(lines[1], "Error (XBoard cannot show durg truly"))
	for _, want := range []string{"removes the capturer", "Mantri arrival", "senapati play"} {
		require.Contains(t, lines[1], want)
	}
	s.send("force", "usermove e2e4") // still chess
	require.Empty(t, s.sync(2))
}

func TestCECPAnalyze(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "post", "analyze")
	lines := s.expect("2 ", 10*time.Second) // depth 2 of the analysis
	require.True(t, hasThinking(lines))
	s.send(".")
	stat := s.expect("stat01: ", 5*time.Second)
	f := strings.Fields(stat[len(stat)-1])
	require.Len(t, f, 6)
	require.Equal(t, "20", f[5], "20 legal moves in the start position")
	// A move in analyze mode restarts the analysis on the new position,
	// whose PVs start with Black's moves.
	s.send("usermove e2e4")
	s.sync(1)
	deadline := time.After(10 * time.Second)
	for found := false; !found; {
		select {
		case l := <-s.lines:
			if m := thinkingLine.FindStringSubmatch(l); m != nil {
				p := board.Chess().StartPosition()
				e4, _ := p.ParseMove("e2e4")
				p.DoMove(e4)
				_, err := p.ParseMove(strings.Fields(m[5])[0])
				require.NoError(t, err, "pv %q after e2e4", m[5])
				found = true
			}
		case <-deadline:
			t.Fatal("no analysis after e2e4")
		}
	}
	s.send("undo", "exit")
	lines = s.sync(2)
	require.False(t, hasLine(lines, "move "), "analysis never moves: %q", lines)
	// After exit nothing is searched: two pings in a row show no thinking.
	time.Sleep(50 * time.Millisecond)
	s.sync(3)
	require.False(t, hasThinking(s.sync(4)))
}

func TestCECPTimeControls(t *testing.T) {
	var out testio.SyncBuffer
	c := newTestCECP(&out)
	c.Handle("new")
	c.Handle("level 40 5 0")
	l := c.limits(board.White)
	require.Equal(t, 5*time.Minute, l.Time[board.White])
	require.Equal(t, 40, l.MovesToGo)
	c.Handle("force")
	for _, m := range strings.Fields("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6") { // three moves each
		c.Handle("usermove " + m)
	}
	c.Handle("time 12345")
	c.Handle("otim 6789")
	l = c.limits(board.White)
	require.Equal(t, 37, l.MovesToGo, "40 moves per session, 3 played")
	require.Equal(t, 123450*time.Millisecond, l.Time[board.White], "time is the engine's clock")
	require.Equal(t, 67890*time.Millisecond, l.Time[board.Black], "otim the opponent's")
	// A level given mid-game counts its moves from there.
	c.Handle("level 20 22 0")
	require.Equal(t, 20, c.limits(board.White).MovesToGo)
	c.Handle("level 0 2 12") // incremental
	l = c.limits(board.White)
	require.Equal(t, [2]time.Duration{12 * time.Second, 12 * time.Second}, l.Inc)
	require.Equal(t, 2*time.Minute, l.Time[board.White])
	require.Zero(t, l.MovesToGo)
	c.Handle("level 0 0:30 1.5") // minutes:seconds, fractional increment
	l = c.limits(board.White)
	require.Equal(t, 30*time.Second, l.Time[board.White])
	require.Equal(t, 1500*time.Millisecond, l.Inc[board.White])
	c.Handle("level 40 25+5 0") // extra characters after BASE are ignored
	require.Equal(t, 25*time.Minute, c.limits(board.White).Time[board.White])
	c.Handle("st 2") // exactly this per move, the clock aside
	l = c.limits(board.White)
	require.Equal(t, 2*time.Second, l.MoveTime)
	require.Zero(t, l.Time[board.White])
	c.Handle("sd 7")
	require.Equal(t, 7, c.limits(board.White).Depth)
	c.Handle("nps 1000") // 2 s per move at 1000 nodes per second
	l = c.limits(board.White)
	require.Equal(t, uint64(2000), l.Nodes)
	require.Zero(t, l.MoveTime)
	c.Handle("new") // new clears sd and nps
	l = c.limits(board.White)
	require.Zero(t, l.Depth)
	require.Zero(t, l.Nodes)
	require.Empty(t, out.String(), "no errors")
}

// st and sd are honoured by a real search; nps counts thinking in nodes
// and reports time as nodes over the rate.
func TestCECPTimeLimitsInPlay(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "force", "st 1", "post", "go")
	begin := testload.Start(t) // CPU time: the search's, which load does not stretch
	s.engineMove(5 * time.Second)
	require.Less(t, begin.CPU(), 2500*time.Millisecond, "st 1: at most a second of CPU on one thread, plus slack")

	s.send("new", "force", "sd 2", "post", "go")
	for _, l := range s.expect("move ", 10*time.Second) {
		if m := thinkingLine.FindStringSubmatch(l); m != nil {
			d, _ := strconv.Atoi(m[1])
			require.LessOrEqual(t, d, 2, l)
		}
	}

	s.send("new", "force", "st 1", "nps 5000", "post", "go")
	lines := s.expect("move ", 10*time.Second)
	var nodes, cs int
	for _, l := range lines {
		if m := thinkingLine.FindStringSubmatch(l); m != nil {
			cs, _ = strconv.Atoi(m[3])
			nodes, _ = strconv.Atoi(m[4])
		}
	}
	require.LessOrEqual(t, nodes, 5000+search.MaxPly*64, "1 s at 5000 nodes per second, plus what the threads finish")
	require.Equal(t, nodes*100/5000, cs, "time in centiseconds of the node rate")
}

// ping during the engine's thinking is answered after its move; ? makes it
// move at once.
func TestCECPPingWaitsForTheMoveAndMoveNow(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "force", "level 0 100 0", "time 600000", "otim 600000", "go", "ping 7")
	time.Sleep(300 * time.Millisecond)
	begin := testload.Start(t) // CPU time: a search that went on would use it
	s.send("?")
	lines := s.expect("pong 7", 5*time.Second)
	require.Less(t, begin.CPU(), 2*time.Second, "? moves at once")
	require.True(t, hasLine(lines, "move "), "the move comes before pong: %q", lines)
}

func TestCECPPonderHit(t *testing.T) {
	var out testio.SyncBuffer
	c := newTestCECP(&out)
	finish := func() { <-c.job.done; c.jobEnded() }
	c.Handle("new")
	c.Handle("hard")
	c.Handle("sd 4")
	c.Handle("usermove e2e4")
	finish() // the engine's reply, then it ponders
	require.NotNil(t, c.job)
	require.Equal(t, ponderJob, c.job.kind)
	out.Reset()
	c.Handle("hint")
	hint := strings.TrimSpace(strings.TrimPrefix(out.String(), "Hint: "))
	playGuess(t, c, hint)
	finish()
	require.Contains(t, out.String(), "move ")
	// A move other than the guess starts a new search.
	require.NotNil(t, c.job)
	guess := c.job.guess
	var other string
	for _, m := range c.pos.LegalMoveStrings() {
		if m != c.pos.MoveString(guess) {
			other = m
			break
		}
	}
	ponder := c.job
	c.Handle("usermove " + other)
	require.NotSame(t, ponder, c.job)
	finish()
	c.Handle("easy")
	require.Nil(t, c.job, "easy ends pondering")
}

// The guess played at once, before the ponder search has begun, still
// makes it the engine's own search: it ends at its depth with a move.
func TestCECPPonderHitBeforeTheSearchBegins(t *testing.T) {
	var out testio.SyncBuffer
	c := newTestCECP(&out)
	finish := func() {
		t.Helper()
		select {
		case <-c.job.done:
		case <-time.After(10 * time.Second):
			t.Fatal("the ponder hit was lost: the search waits for stop")
		}
		c.jobEnded()
	}
	c.Handle("new")
	c.Handle("hard")
	c.Handle("sd 2")
	c.Handle("usermove e2e4")
	finish() // the engine's reply, then it ponders
	hits := 0
	for ; hits < 30 && c.job != nil; hits++ {
		require.Equal(t, ponderJob, c.job.kind)
		p := c.job.ponder
		require.True(t, p.Pondering())
		playGuess(t, c, c.job.guessText)
		require.False(t, p.Pondering())
		out.Reset()
		finish()
		require.Contains(t, out.String(), "move ")
	}
	require.Greater(t, hits, 5)
}

// playGuess plays the move the ponder search assumed: a ponder hit, so
// the same search goes on as the engine's own.
func playGuess(t *testing.T, c *CECP, move string) {
	t.Helper()
	ponder := c.job
	c.Handle("usermove " + move)
	require.Same(t, ponder, c.job, "the guess came true: the same search goes on")
	require.Equal(t, thinkJob, c.job.kind)
}

// playother hands the engine the side not to move: with hard it ponders
// on a guess of its own, and the guessed move played is a ponder hit.
func TestCECPPlayotherPonders(t *testing.T) {
	var out testio.SyncBuffer
	c := newTestCECP(&out)
	c.Handle("new")
	c.Handle("force")
	c.Handle("usermove e2e4")
	c.Handle("sd 4")
	c.Handle("hard")
	c.Handle("playother")
	require.NotNil(t, c.job, "pondering on Black's move")
	require.Equal(t, ponderJob, c.job.kind)
	playGuess(t, c, c.job.guessText)
	<-c.job.done
	c.jobEnded()
	require.Contains(t, out.String(), "move ")
	c.Handle("force")
	c.Handle("easy")
	c.Handle("playother")
	require.Nil(t, c.job, "no pondering when easy")
}

func TestCECPSettingsAndDraw(t *testing.T) {
	var out testio.SyncBuffer
	c := newTestCECP(&out)
	c.Handle("memory 32")
	c.Handle("cores 2")
	c.Handle("option MultiPV=2")
	c.Handle("option MoveRule=30")
	c.Handle("option Clear Hash")
	got := c.engine.Settings()
	require.Equal(t, 32, got.HashMB)
	require.Equal(t, 2, got.Threads)
	require.Equal(t, 2, got.MultiPV)
	require.Equal(t, search.Fixed(30), got.MoveRule)
	require.Empty(t, out.String())
	c.Handle("memory 1")
	c.Handle("cores 1")
	c.Handle("option MultiPV=1")

	// A draw offer is taken when the engine stands worse, not when it wins.
	finish := func() { <-c.job.done; c.jobEnded() }
	c.Handle("new")
	c.Handle("setboard 4k3/8/8/8/8/8/8/3QK3 b - - 0 1") // Black, the engine, has a bare king
	c.Handle("sd 3")
	c.Handle("go")
	finish()
	out.Reset()
	c.Handle("draw")
	require.Equal(t, "offer draw\n", out.String())
	c.Handle("new")
	c.Handle("setboard 3qk3/8/8/8/8/8/8/4K3 b - - 0 1") // now Black has the queen
	c.Handle("sd 3")
	c.Handle("go")
	finish()
	out.Reset()
	c.Handle("draw")
	require.Empty(t, out.String())
}

// result ends thinking without a move.
func TestCECPResultStopsThinking(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "force", "level 0 100 0", "time 600000", "otim 600000", "go")
	time.Sleep(200 * time.Millisecond)
	s.send("result 1-0 {White resigns}")
	require.False(t, hasLine(s.sync(1), "move "))
}

// The illegal-move reason never holds a word that makes XBoard ignore the
// line (it would then keep showing the move).
func TestIllegalMoveLineAvoidsWordsXBoardIgnores(t *testing.T) {
	got := illegalMove("a9a1", fmt.Errorf("unparsable move %q: squares must be on the 8x8 board", "a9a1"))
	require.Equal(t, "Illegal move: a9a1", got)
	got = illegalMove("B@c1", fmt.Errorf("illegal move B@c1: a waiting Mantri must arrive first (B@square,move)"))
	require.Equal(t, "Illegal move (a waiting Mantri must arrive first [B@square,move]): B@c1", got)
}
