package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/cecpclient"
	"senapati/uciclient"
)

// fakeXB is the -engine argument list of a fake CECP engine.
func fakeXB(name, mode string, args ...string) []string {
	return append(fake(name, "cecp-"+mode, args...), "proto=xboard")
}

// warnLog is a uciclient.Log that keeps the warnings.
type warnLog struct {
	mu    sync.Mutex
	warns []string
}

func (l *warnLog) Warn(format string, a ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.warns = append(l.warns, strings.TrimSpace(fmt.Sprintf(format, a...)))
}
func (l *warnLog) WarnOnce(_, format string, a ...any) { l.Warn(format, a...) }
func (l *warnLog) Traffic(string, ...any)              {}
func (l *warnLog) EngineNote(string, ...any)           {}

func fakeConfig(mode string, args ...string) *uciclient.Config {
	c := &uciclient.Config{Name: "Fake", Cmd: os.Args[0], Args: append([]string{"fake-engine", "cecp-" + mode}, args...), Proto: uciclient.ProtoXboard}
	return c
}

// TestCECPHandshake: an engine that sends done=0 and never done=1 fails
// to start when the time is up; one that sends no feature at all is a
// protocol 1 engine (with a warning) once the time is up; a good one's
// features are read, the unknown one rejected.
func TestCECPHandshake(t *testing.T) {
	ctx := context.Background()
	log := &warnLog{}
	_, err := cecpclient.Start(ctx, fakeConfig("nodone"), board.Chess(), 300*time.Millisecond, log)
	require.ErrorContains(t, err, "no feature done=1 within 0.3 s (it sent done=0)")

	e, err := cecpclient.Start(ctx, fakeConfig("silent"), board.Chess(), 300*time.Millisecond, log)
	require.NoError(t, err)
	require.False(t, e.Features.Ping)
	e.Retire(false, "")
	require.Len(t, log.warns, 1)
	require.Contains(t, log.warns[0], "sent no feature done=1 within 0.3 s of protover 2; taken as a protocol 1 engine")

	e, err = cecpclient.Start(ctx, fakeConfig("legal", "variants=normal,chaturanga"), board.Chaturanga(), 10*time.Second, log)
	require.NoError(t, err)
	require.Equal(t, "Fake legal", e.IDName)
	require.True(t, e.Features.Ping && e.Features.Setboard && e.Features.Usermove && e.Features.Time)
	require.Equal(t, []string{"normal", "chaturanga"}, e.Features.Variants)
	e.Retire(false, "")
}

// TestCECPVariantRefused: an engine whose feature variants lacks the game
// is refused with the reason, before any game; so is Senapati's own CECP
// mode in Durg, which it does not announce (XBoard cannot show Durg).
func TestCECPVariantRefused(t *testing.T) {
	args := append(append(fakeXB("NoVariant", "legal"), fake("Good", "legal")...), "-variant", "chaturanga", "-each", "depth=1")
	_, _, err := runMatch(t, context.Background(), args...)
	require.ErrorContains(t, err, "does not announce variant chaturanga in feature variants (it announces normal)")

	args = []string{"-engine", "cmd=" + senapatiBin, "proto=xboard", "name=xb", "-engine", "cmd=" + senapatiBin, "name=uci", "-variant", "durg", "-each", "depth=1"}
	_, _, err = runMatch(t, context.Background(), args...)
	require.ErrorContains(t, err, "does not announce variant durg in feature variants (it announces normal,chaturanga,fischerandom)")
}

// cecpGame plays one game of a CECP fake (White) against a UCI fake and
// returns its PGN game and the runner's output.
func cecpGame(t *testing.T, xb []string, extra ...string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "g.pgn")
	args := append(append(append(xb, fake("Good", "legal")...), "-each", "depth=1", "-pgnout", out), extra...)
	stdout, stderr, err := runMatch(t, context.Background(), args...)
	require.NoError(t, err, stderr)
	games := readGames(t, out)
	require.Len(t, games, 1)
	g := games[0]
	return tagOf(g, "Termination") + " " + g.Result.String() + " {" + g.LastComment() + "}", stdout
}

// TestCECPEnds: an illegal move loses and is recorded; resign and a win
// claimed in a game that goes on lose; a draw offer is ignored, as
// cutechess ignores it.
func TestCECPEnds(t *testing.T) {
	got, out := cecpGame(t, fakeXB("Bad", "illegal"))
	require.Contains(t, got, "rules infraction 0-1")
	require.Contains(t, got, "White makes an illegal move: e2e5")
	require.Contains(t, out, "Illegal moves")

	got, _ = cecpGame(t, fakeXB("Quitter", "resign"))
	require.Contains(t, got, "normal 0-1")
	require.Contains(t, got, "White resigns")

	got, _ = cecpGame(t, fakeXB("Claimer", "claim"))
	require.Contains(t, got, "adjudication 0-1")
	require.Contains(t, got, "Black wins by adjudication: invalid result claim (White claims 1-0)")

	got, _ = cecpGame(t, fakeXB("Offerer", "offer"), "-maxmoves", "4")
	require.Contains(t, got, "adjudication 1/2-1/2")
	require.Contains(t, got, "Draw by adjudication: 4 moves played")
}

// TestCECPEdit: an engine without setboard gets the opening by edit mode,
// and plays from it.
func TestCECPEdit(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.epd")
	require.NoError(t, os.WriteFile(book, []byte("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1\n"), 0o644))
	transcript := filepath.Join(dir, "lines.txt")
	got, _ := cecpGame(t, fakeXB("NoSet", "legal", "noset", "log="+transcript), "-openings", "file="+book, "-maxmoves", "3")
	require.Contains(t, got, "Draw by adjudication: 3 moves played")
	lines, err := os.ReadFile(transcript)
	require.NoError(t, err)
	text := string(lines)
	require.Contains(t, text, "new\nforce\nedit\n#\nPd2\nKe1\nPe2\nc\nKe8\n.\n")
	require.NotContains(t, text, "\nsetboard ")
	require.Contains(t, text, "ping 2\n")
	require.Contains(t, text, "result 1/2-1/2 {Draw by adjudication: 3 moves played}\n")
}

// TestCECPSenapati: Senapati in CECP mode against Senapati in UCI, both
// colours, in chess and chaturanga: every game is played to a result by
// the rules, with no warning, and every move is legal on replay.
func TestCECPSenapati(t *testing.T) {
	for _, variant := range []string{"chess", "chaturanga"} {
		t.Run(variant, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "g.pgn")
			args := []string{"-engine", "cmd=" + senapatiBin, "proto=xboard", "name=xb", "-engine", "cmd=" + senapatiBin, "name=uci",
				"-variant", variant, "-games", "2", "-each", "depth=2", "-openings", "random", "plies=4", "bound=0", "-srand", "3", "-pgnout", out}
			stdout, stderr, err := runMatch(t, context.Background(), args...)
			require.NoError(t, err, stderr)
			require.NotContains(t, stdout+stderr, "Warning")
			games := readGames(t, out)
			require.Len(t, games, 2)
			for _, g := range games {
				require.NotEqual(t, board.Ongoing, g.Result)
				require.Contains(t, []string{"normal", "adjudication"}, tagOf(g, "Termination"), g.LastComment())
				require.Greater(t, len(g.Moves), 4, "the engines played past the opening")
				replay(t, g)
			}
		})
	}
}
