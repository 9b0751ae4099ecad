package match

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/pgn"
)

// sanBook is an opening book in SAN with the moves a PGN reader is most
// likely to trip over: castling both ways, disambiguation, en passant,
// promotion (with capture, under-promotion), check. The first three are
// famous games (Opera, Immortal, Evergreen) one move before their mate.
const sanBook = `[Event "Opera"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 *

[Event "Immortal"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5
8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8
15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6
21. Nxg7+ Kd8 22. Qf6+ Nxf6 *

[Event "Evergreen"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3
8. Qb3 Qf6 9. e5 Qg6 10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2
Bb7 15. Ne4 Qf5 16. Bxd3 Qh5 17. Nf6+ gxf6 18. exf6 Rg8 19. Rad1 Qxf3
20. Rxe7+ Nxe7 21. Qxd7+ Kxd7 22. Bf5+ Ke8 23. Bd7+ Kf8 *

[Event "En passant"]
[SetUp "1"]
[FEN "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 2"]

2. exd6 cxd6 *

[Event "Promotion"]
[SetUp "1"]
[FEN "3r2k1/4P2p/8/8/8/8/P7/4K3 w - - 0 1"]

1. exd8=Q+ Kg7 2. a4 h5 3. a5 h4 4. a6 h3 5. a7 h2 6. a8=N h1=Q+ *

[Event "Castling"]
[SetUp "1"]
[FEN "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"]

1. O-O O-O-O 2. Rfe1 Rdg8 *
`

// TestChessJSReadsOurPGN: an independent strict PGN reader, chess.js in
// strict mode, accepts every chess game senapati match writes, replays it
// to the same final position and writes the same SAN, check marks
// included, for every move. The games start from a SAN book (so -openings
// reads SAN) and from random playouts, these with a clock and the comments
// of timeleft=true ([%clk]), pv=true and nodes=true. chess.js's permissive
// mode reads the notation=lan and notation=uci files of the book's games to
// the same moves.
func TestChessJSReadsOurPGN(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: installs chess.js from npm")
	}
	for _, tool := range []string{"bash", "node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: this check needs node and npm (by hand: scripts/check-pgn-chessjs.sh FILE.pgn)", tool)
		}
	}
	dir := t.TempDir()
	book := filepath.Join(dir, "book.pgn")
	require.NoError(t, os.WriteFile(book, []byte(sanBook), 0o644))
	pgn := filepath.Join(dir, "games.pgn")
	args := append(senapati("One"), senapati("Two")...)
	args = append(args, "-each", "depth=1", "-maxmoves", "150", "-concurrency", "2")
	_, _, err := runMatch(t, context.Background(), append(args, "-pgnout", pgn, "-openings", "file="+book, "format=pgn", "-games", "6")...)
	require.NoError(t, err)
	_, _, err = runMatch(t, context.Background(), append(args, "-each", "tc=600+1", "-pgnout", "file="+pgn, "timeleft=true", "pv=true", "nodes=true",
		"-openings", "random", "plies=24", "bound=0", "seed=11", "-games", "10")...)
	require.NoError(t, err)
	games := readGames(t, pgn)
	require.Len(t, games, 16)
	require.Contains(t, readFile(t, pgn), "[%clk 0:")
	require.Contains(t, readFile(t, pgn), ", pv=")
	checkWithChessJS(t, pgn, games, false)

	for _, notation := range []string{"lan", "uci"} {
		file := filepath.Join(dir, notation+".pgn")
		_, _, err := runMatch(t, context.Background(), append(args, "-pgnout", "file="+file, "notation="+notation, "pv=true",
			"-openings", "file="+book, "format=pgn", "-games", "6")...)
		require.NoError(t, err)
		games := readGames(t, file)
		require.Len(t, games, 6)
		checkWithChessJS(t, file, games, true)
	}
}

// checkWithChessJS has chess.js read file (strict, or permissive for the
// long algebraic and UCI notations) and compares its SAN of every move,
// final position and mate with ours.
func checkWithChessJS(t *testing.T, file string, games []*pgn.Game, permissive bool) {
	t.Helper()
	args := []string{filepath.Join("..", "scripts", "check-pgn-chessjs.sh"), "--json"}
	if permissive {
		args = append(args, "--permissive")
	}
	cmd := exec.Command("bash", append(args, file)...)
	cmd.Env = append(os.Environ(), "CHESSJS_DIR="+chessJSDir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 3 {
		t.Skipf("chess.js could not be installed from npm (it needs the network):\n%s", stderr.String())
	}
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) { // 1: a game was rejected, reported below
		t.Fatalf("scripts/check-pgn-chessjs.sh: %v\n%s", err, stderr.String())
	}
	type report struct {
		OK        bool
		Error     string
		SAN       []string
		FEN       string
		Checkmate bool
	}
	var reports []report
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r report
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), sc.Text())
		reports = append(reports, r)
	}
	require.Len(t, reports, len(games), stderr.String())
	for i, g := range games {
		r := reports[i]
		require.True(t, r.OK, "chess.js rejects game %d of %s: %s", i+1, file, r.Error)
		start, moves, err := g.Replay()
		require.NoError(t, err)
		var san []string
		for _, m := range moves {
			san = append(san, start.SAN(m))
			start.DoMove(m)
		}
		require.Equal(t, san, r.SAN, "game %d of %s", i+1, file)
		require.Equal(t, start.FEN(), r.FEN, "game %d of %s", i+1, file)
		require.Equal(t, strings.HasSuffix(san[len(san)-1], "#"), r.Checkmate, "game %d of %s", i+1, file)
	}
	t.Logf("chess.js accepted the %d games of %s, %s", len(games), filepath.Base(file), strings.TrimSpace(stderr.String()))
}

// chessJSTag is a tag line as chess.js reads it: its grammar takes a tag
// value as any characters but '"', with no escapes at all (chess.js 1.4.0).
var chessJSTag = regexp.MustCompile(`^\[[A-Za-z0-9_]+ "[^"]*"\]$`)

// TestQuotesInTagsForChessJS: a quote in an engine's name or in -event
// (which the PGN standard would escape as \", a form chess.js refuses)
// becomes an apostrophe, so that strict chess.js reads the file; a
// backslash stays escaped as \\, which chess.js accepts.
func TestQuotesInTagsForChessJS(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	args := append(fake(`Say "hi" \ bye`, "legal"), fake(`"Q"`, "legal")...)
	out, _, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-games", "2", "-maxmoves", "3",
		"-event", `The "big" one`, "-site", `C:\games "home"`, "-pgnout", pgn)...)
	require.NoError(t, err)
	require.Contains(t, out, `Started game 1 of 2 (Say 'hi' \ bye vs 'Q')`, "the terminal shows the names the PGN has")
	text := readFile(t, pgn)
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "[") {
			require.Regexp(t, chessJSTag, line)
		}
	}
	require.Contains(t, text, "[Event \"The 'big' one\"]\n[Site \"C:\\\\games 'home'\"]\n")
	require.Contains(t, text, "[White \"Say 'hi' \\\\ bye\"]\n[Black \"'Q'\"]\n")
	games := readGames(t, pgn)
	require.Len(t, games, 2)
	require.Equal(t, `Say 'hi' \ bye`, tagOf(games[0], "White"))
	require.Equal(t, `C:\games 'home'`, tagOf(games[0], "Site"))

	if testing.Short() {
		t.Skip("-short: installs chess.js from npm")
	}
	for _, tool := range []string{"bash", "node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: chess.js itself is not asked", tool)
		}
	}
	cmd := exec.Command("bash", filepath.Join("..", "scripts", "check-pgn-chessjs.sh"), pgn)
	cmd.Env = append(os.Environ(), "CHESSJS_DIR="+chessJSDir)
	msg, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 3 {
		t.Skipf("chess.js could not be installed from npm (it needs the network):\n%s", msg)
	}
	require.NoError(t, err, "%s", msg)
	require.Contains(t, string(msg), "chess.js strict: 2 of 2 games accepted")
}
