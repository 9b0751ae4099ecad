package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/syzygy"
)

// syzygyDir is SENAPATI_SYZYGY, the directory of real Syzygy WDL tables
// the tests that probe need; they are skipped without it.
func syzygyDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SENAPATI_SYZYGY")
	if dir == "" {
		t.Skip("set SENAPATI_SYZYGY to a directory of Syzygy WDL tables (*.rtbw) to run this test; " +
			"docs/testing.md#syzygy-tables says how to get them")
	}
	return dir
}

func TestTbFlags(t *testing.T) {
	base := append(fake("A", "legal"), append(fake("B", "legal"), "-each", "depth=1")...)
	parse := func(args ...string) (*Config, error) {
		return ParseArgs(append(append([]string(nil), base...), args...))
	}

	cfg, err := parse()
	require.NoError(t, err)
	require.Equal(t, Tablebases{}, cfg.Tablebases)

	dirs := "/tb/wdl345" + string(os.PathListSeparator) + "/tb/wdl6"
	cfg, err = parse("-tb", dirs, "-tbpieces", "5", "-tbignore50")
	require.NoError(t, err)
	require.Equal(t, Tablebases{Paths: dirs, Pieces: 5, Ignore50: true}, cfg.Tablebases)
	cfg, err = parse("-tb", "/tb", "-variant", "fischerandom")
	require.NoError(t, err)
	require.Equal(t, Tablebases{Paths: "/tb"}, cfg.Tablebases)

	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"-tbpieces", "5"}, "-tbpieces needs -tb PATHS"},
		{[]string{"-tbignore50"}, "-tbignore50 needs -tb PATHS"},
		{[]string{"-tb"}, "-tb needs exactly one value"},
		{[]string{"-tb", "a", "b"}, "-tb needs exactly one value"},
		{[]string{"-tb", ""}, "-tb needs the directories"},
		{[]string{"-tb", "/tb", "-tbpieces", "2"}, "-tbpieces 2: needs a whole number of at least 3"},
		{[]string{"-tb", "/tb", "-tbpieces", "x"}, "needs a whole number"},
		{[]string{"-tb", "/tb", "-tbignore50", "yes"}, "-tbignore50 takes no value"},
		{[]string{"-tb", "/tb", "-variant", "durg"}, "-tb: Syzygy tables are chess tables; -variant durg has none"},
		{[]string{"-tb", "/tb", "-variant", "chaturanga"}, "-variant chaturanga has none"},
	} {
		_, err := parse(c.args...)
		require.ErrorContains(t, err, c.err, "%v", c.args)
	}
}

// TestTbSettingsDigest: -tb changes the settings shards must share, but a
// match without it keeps the digest it had before -tb existed.
func TestTbSettingsDigest(t *testing.T) {
	base := append(fake("A", "legal"), append(fake("B", "legal"), "-each", "depth=1")...)
	plain, err := ParseArgs(base)
	require.NoError(t, err)
	require.NotContains(t, settingsText(plain), "tablebases")
	with, err := ParseArgs(append(base, "-tb", "/a"))
	require.NoError(t, err)
	other, err := ParseArgs(append(base, "-tb", "/b"))
	require.NoError(t, err)
	ignore, err := ParseArgs(append(base, "-tb", "/a", "-tbignore50"))
	require.NoError(t, err)
	require.NotEqual(t, settingsDigest(plain), settingsDigest(with))
	require.Equal(t, settingsDigest(with), settingsDigest(other), "the tables' directories may differ between machines")
	require.NotEqual(t, settingsDigest(with), settingsDigest(ignore))
}

// TestTbDecide: how each value ends the game, with and without
// -tbignore50, at a fifty-move counter of zero and above.
func TestTbDecide(t *testing.T) {
	const win, draw = " wins by adjudication: SyzygyTB", "Draw by adjudication: SyzygyTB"
	for _, c := range []struct {
		v         syzygy.WDL
		side      board.Color
		halfmoves int
		ignore50  bool
		result    board.Result
		reason    string
	}{
		{syzygy.Win, board.White, 0, false, board.WhiteWins, "White" + win},
		{syzygy.Win, board.Black, 0, false, board.BlackWins, "Black" + win},
		{syzygy.Loss, board.White, 0, false, board.BlackWins, "Black" + win},
		{syzygy.Loss, board.Black, 0, false, board.WhiteWins, "White" + win},
		{syzygy.Win, board.White, 7, false, board.Ongoing, ""}, // how far the win is, a WDL table does not know
		{syzygy.Loss, board.Black, 99, false, board.Ongoing, ""},
		{syzygy.Win, board.White, 7, true, board.WhiteWins, "White" + win},
		{syzygy.Draw, board.White, 0, false, board.Draw, draw},
		{syzygy.Draw, board.Black, 60, false, board.Draw, draw},
		{syzygy.CursedWin, board.White, 0, false, board.Draw, draw},
		{syzygy.BlessedLoss, board.Black, 12, false, board.Draw, draw},
		{syzygy.CursedWin, board.White, 12, true, board.WhiteWins, "White" + win},
		{syzygy.BlessedLoss, board.White, 0, true, board.BlackWins, "Black" + win},
	} {
		a := &tablebases{ignore50: c.ignore50}
		r, reason := a.decide(c.v, c.side, c.halfmoves)
		require.Equal(t, c.result, r, "%+v", c)
		require.Equal(t, c.reason, reason, "%+v", c)
	}
	var none *tablebases
	p := board.Chess().StartPosition()
	r, _ := none.verdict(&p)
	require.Equal(t, board.Ongoing, r)
}

func TestTbMissingDirectory(t *testing.T) {
	args := append(fake("A", "legal"), fake("B", "legal")...)
	missing := filepath.Join(t.TempDir(), "nothing-here")
	_, _, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-tb", missing)...)
	require.ErrorContains(t, err, "-tb "+missing+": syzygy: tablebase directory: open "+missing+": no such file or directory")

	empty := t.TempDir()
	_, _, err = runMatch(t, context.Background(), append(args, "-each", "depth=1", "-tb", empty)...)
	require.ErrorContains(t, err, "no WDL tables (*.rtbw) in "+empty)

	cut := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(cut, "KQvK.rtbw"), make([]byte, 100), 0o644))
	_, _, err = runMatch(t, context.Background(), append(args, "-each", "depth=1", "-tb", cut)...)
	require.ErrorContains(t, err, "corrupt table file")
}

// TestTbVerdict probes real tables: the limit of pieces, castling rights,
// the fifty-move counter.
func TestTbVerdict(t *testing.T) {
	tb, err := syzygy.Open(syzygyDir(t))
	require.NoError(t, err)
	defer tb.Close()
	a := &tablebases{tb: tb, pieces: tb.MaxPieces()}
	for _, c := range []struct {
		fen    string
		pieces int
		result board.Result
	}{
		{"4k3/8/8/8/8/8/8/3QK3 b - - 0 1", 0, board.WhiteWins},
		{"4k3/8/8/8/8/8/8/3QK3 b - - 3 2", 0, board.Ongoing}, // the counter is not zero
		{"4k3/8/8/8/8/8/8/3QK3 b - - 0 1", 2, board.Ongoing}, // more pieces than -tbpieces
		{"4k3/8/8/8/8/8/8/R3K3 b Q - 0 1", 0, board.Ongoing}, // castling rights
		{"8/8/8/8/8/8/1Qk5/7K b - - 5 10", 0, board.Draw},    // Kxb2
		{"4k3/8/8/8/8/8/8/r3K2Q w - - 0 1", 0, board.BlackWins},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 0, board.Ongoing}, // more pieces than the tables
	} {
		p, err := board.ParseFEN(board.Chess(), c.fen)
		require.NoError(t, err)
		a.pieces = tb.MaxPieces()
		if c.pieces > 0 {
			a.pieces = c.pieces
		}
		r, reason := a.verdict(&p)
		require.Equal(t, c.result, r, c.fen)
		if r != board.Ongoing {
			require.True(t, strings.HasSuffix(reason, "by adjudication: SyzygyTB"), reason)
		}
	}
}

// TestTbMatch plays our engine from endings the tables hold: a drawn one
// is adjudicated after the first move, and a won one too with
// -tbignore50; the PGN says so as cutechess-cli does.
func TestTbMatch(t *testing.T) {
	dir := syzygyDir(t)
	tmp := t.TempDir()
	book := filepath.Join(tmp, "endings.epd")
	require.NoError(t, os.WriteFile(book, []byte("8/8/3k4/8/8/3K4/r7/7R w - - 0 1\n4k3/8/8/8/8/8/8/3QK3 w - - 0 1\n"), 0o644))
	games := filepath.Join(tmp, "games.pgn")
	args := []string{"-engine", "cmd=" + senapatiBin, "name=A", "-engine", "cmd=" + senapatiBin, "name=B",
		"-each", "depth=2", "-openings", "file=" + book, "order=sequential", "-games", "2", "-noswap",
		"-tb", dir, "-tbignore50", "-pgnout", games}
	out, _, err := runMatch(t, context.Background(), args...)
	require.NoError(t, err)
	require.Regexp(t, `Syzygy adjudication: \d+ tables of up to \d pieces, positions of at most \d pieces; cursed wins and blessed losses count as wins and losses \(-tbignore50\)`, out)
	require.Contains(t, out, "Finished game 1 (A vs B): 1/2-1/2 {Draw by adjudication: SyzygyTB}")
	require.Contains(t, out, "Finished game 2 (A vs B): 1-0 {White wins by adjudication: SyzygyTB}")
	pgnGames := readGames(t, games)
	require.Len(t, pgnGames, 2)
	for _, g := range pgnGames {
		replay(t, g)
		require.Equal(t, termAdjudicated, tagOf(g, "Termination"))
		require.Equal(t, "1", tagOf(g, "PlyCount"))
		require.True(t, strings.HasSuffix(g.LastComment(), "by adjudication: SyzygyTB"), g.LastComment())
	}
}

// TestTbNotARegularFile: a FIFO named as a table in a -tb directory is
// refused with its name (opening it waited for a writer forever, and the
// runner then ignored SIGTERM and SIGINT).
func TestTbNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "KQvK.rtbw")
	makeFIFO(t, fifo)
	defer unblockFIFO(fifo)
	args := append(fake("A", "legal"), fake("B", "legal")...)
	done := make(chan error, 1)
	go func() {
		_, _, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-tb", dir)...)
		done <- err
	}()
	select {
	case err := <-done:
		require.ErrorContains(t, err, "-tb "+dir+": syzygy: "+fifo+" is not a regular file")
	case <-time.After(20 * time.Second):
		t.Fatal("the runner waits on a FIFO named as a table")
	}
}
