package protocol

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/version"
)

// XBoard 4.9 draws an engine-defined game from the first setup line after
// a reset and checks at the pong of the ping it sent then that one came.
// These are the command bursts it writes (debug logs of xboard -debug,
// scripts/xboard_gui.py loadposition), each in one write as XBoard does.

// xboardReset is what XBoard sends on a reset in chaturanga (New Game, or
// the reset that starts File > Load Position once the game has begun).
var xboardReset = []string{"new", "random", "variant chaturanga", "level 40 5 0", "post", "hard", "easy"}

// setupAndPong returns the lines up to the pong of ping n after cmds were
// written in one go, and the setup line among them ("" if none).
func setupAndPong(t *testing.T, s *session, n string, cmds ...string) (lines []string, setup string) {
	t.Helper()
	s.send(cmds...)
	lines = s.expect("pong "+n, 5*time.Second)
	for _, l := range lines {
		if strings.HasPrefix(l, "setup ") {
			require.Empty(t, setup, "two setup lines: %q", lines)
			setup = l
		}
	}
	return lines, setup
}

const chaturangaTable = "setup (PN.R.QBKpn.r.qbk) 8x8+0_fairy "

// File > Load Position after a move: reset, ping, then force and setboard.
// The setup must carry the loaded position and come before the pong;
// before the fix it carried the start and XBoard drew the start.
func TestCECPLoadPositionSetupCarriesTheLoadedPosition(t *testing.T) {
	s := newCECPSession(t)
	loaded := "r1bkqbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w Kk - 0 3"
	cmds := append(append([]string{}, xboardReset...), "ping 7", "force", "setboard "+loaded)
	lines, setup := setupAndPong(t, s, "7", cmds...)
	require.Equal(t, chaturangaTable+loaded, setup, "%q", lines)
	require.Equal(t, "pong 7", lines[len(lines)-1])
	require.True(t, hasLine(lines, "piece K& KmN"), "%q", lines)
	// The engine has the loaded position: the Padati on e4 goes to e5 only.
	s.send("lift e4")
	require.Equal(t, []string{"highlight 8/8/8/4Y3/8/8/8/8"}, s.sync(8))
}

// New Game: nothing follows the ping, so the setup has the start position
// (after the short wait for a setboard).
func TestCECPNewGameSetupHasTheStart(t *testing.T) {
	s := newCECPSession(t)
	lines, setup := setupAndPong(t, s, "3", append(append([]string{}, xboardReset...), "ping 3")...)
	require.Equal(t, chaturangaTable+board.Chaturanga().StartFEN(), setup, "%q", lines)
	require.Equal(t, []string{"pong 3"}, lines[len(lines)-1:])
	// No second setup later.
	require.Empty(t, s.sync(4))
}

// A setboard with Black to move: XBoard ignores any setup then (its game
// starts at move 1), but the setup still says the truth, and the engine
// has the position (Edit > Paste Position sends this after a New Game,
// where XBoard keeps the board it has).
func TestCECPSetupWithBlackToMove(t *testing.T) {
	s := newCECPSession(t)
	loaded := "rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Kk - 0 1"
	cmds := append(append([]string{}, xboardReset...), "ping 2", "force", "setboard "+loaded)
	_, setup := setupAndPong(t, s, "2", cmds...)
	require.Equal(t, chaturangaTable+loaded, setup)
	s.send("lift e7")
	require.Equal(t, []string{"highlight 8/8/4Y3/8/8/8/8/8"}, s.sync(3))
}

// Anything but force or setboard behind the ping keeps its order, and the
// setup (the start) comes before it; so does a command that needs the
// position, without a ping.
func TestCECPSetupBeforeOtherCommands(t *testing.T) {
	s := newCECPSession(t)
	lines, setup := setupAndPong(t, s, "1", "new", "variant chaturanga", "ping 1", "lift e2")
	require.Equal(t, chaturangaTable+board.Chaturanga().StartFEN(), setup)
	require.Equal(t, "pong 1", lines[len(lines)-1])
	require.Equal(t, []string{"highlight 8/8/8/8/8/4Y3/8/8"}, s.sync(2))

	s.send("new", "variant chaturanga", "force", "lift e2")
	lines = s.sync(3)
	require.True(t, strings.HasPrefix(lines[0], chaturangaTable+board.Chaturanga().StartFEN()), "%q", lines)
	require.Equal(t, "highlight 8/8/8/8/8/4Y3/8/8", lines[len(lines)-1])
	// Chess has no setup, and new forgets a pending one.
	s.send("new", "variant chaturanga", "new")
	require.Empty(t, s.sync(4))
}

// The same order when the session is driven line by line (Handle), as a
// setboard right after variant: one setup, with the set-up position.
func TestCECPSetboardSendsThePendingSetup(t *testing.T) {
	out := &strings.Builder{}
	c := newTestCECP(out)
	for _, l := range []string{"variant chaturanga", "force", "setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "ping 1"} {
		c.Handle(l)
	}
	require.Equal(t, chaturangaTable+"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", strings.Split(out.String(), "\n")[0])
	require.Equal(t, 1, strings.Count(out.String(), "setup "))
}

// fischerandom: XBoard's name for Chess960. Castling rights by rook file,
// castling read and written O-O / O-O-O (king takes rook is read too).
func TestCECPFischerandom(t *testing.T) {
	s := newCECPSession(t)
	// The handshake offers it.
	s.send("protover 2")
	lines := s.expect("feature done=1", 2*time.Second)
	require.True(t, hasLine(lines, `feature myname="Senapati `+version.String()+`" variants="normal,chaturanga,fischerandom"`), "%q", lines)

	// Kings on b1 and b8, rooks on a and g: both castlings legal for both.
	fen := "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1"
	s.send("new", "variant fischerandom", "force", "setboard "+fen)
	require.Empty(t, s.sync(1), "no setup: XBoard knows fischerandom")
	s.send("usermove O-O", "usermove O-O-O") // White: Kg1 Rf1; Black: Kc8 Rd8
	require.Empty(t, s.sync(2))
	p, err := board.ParseFEN(board.Chess960(), fen)
	require.NoError(t, err)
	for _, san := range []string{"O-O", "O-O-O"} {
		m, err := p.ParseSAN(san)
		require.NoError(t, err)
		p.DoMove(m)
	}
	s.send("lift g1") // the king is there now, with f2 blocked: h1 only
	require.Equal(t, []string{"highlight 8/8/8/8/8/8/8/7Y"}, s.sync(3))
	s.send("sd 1", "go")
	reply := s.engineMove(10 * time.Second)
	_, err = p.ParseMove(reply)
	require.NoError(t, err, "engine move %s", reply)
	// The engine's castling is written O-O.
	c := newTestCECP(&strings.Builder{})
	c.Handle("variant fischerandom")
	c.Handle("setboard 1r4k1/8/8/8/8/8/8/1R2K2R w HB - 0 1")
	var castles []string
	for _, m := range c.pos.LegalMoveStrings() {
		mv, err := c.parseMove(m)
		require.NoError(t, err)
		if mv.IsCastle() {
			castles = append(castles, c.moveText(&c.pos, mv))
		}
	}
	require.ElementsMatch(t, []string{"O-O", "O-O-O"}, castles)
	ooo, err := c.parseMove("O-O-O")
	require.NoError(t, err)
	kxr, err := c.parseMove("e1b1") // king takes rook
	require.NoError(t, err)
	require.Equal(t, ooo, kxr)
	// new is chess again: O-O is no move there in coordinate notation, and
	// castling is e1g1.
	c.Handle("new")
	require.False(t, c.frc())
}

// The whole exchange with a search: the engine plays fischerandom legally
// from a Chess960 set-up, and its move is read back by the board.
func TestCECPFischerandomGame(t *testing.T) {
	s := newCECPSession(t)
	fen := board.Chess960FEN(100)
	s.send("new", "variant fischerandom", "force", "setboard "+fen, "sd 2", "usermove e2e4", "go")
	reply := s.engineMove(10 * time.Second)
	p, err := board.ParseFEN(board.Chess960(), fen)
	require.NoError(t, err)
	m, err := p.ParseMove("e2e4")
	require.NoError(t, err)
	p.DoMove(m)
	_, err = p.ParseMove(reply)
	require.NoError(t, err, "engine move %s in %s", reply, fen)
}
