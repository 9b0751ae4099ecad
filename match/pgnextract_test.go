package match

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/pgn"
)

// findPgnExtract is pgn-extract's path, "" when it is not installed.
// Debian's package puts it in /usr/games, which root's PATH (CI's) lacks.
func findPgnExtract() string {
	if p, err := exec.LookPath("pgn-extract"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/pgn-extract"); err == nil {
		return "/usr/games/pgn-extract"
	}
	return ""
}

// TestPgnExtractReadsOurPGN: pgn-extract (David J. Barnes's PGN tool, a
// reader independent of ours and of chess.js) reads every game senapati
// match writes without a diagnostic and reaches, after every move, the
// position we reach: SAN from a SAN book and from random openings with the
// comments of timeleft=true, pv=true and nodes=true, notation=lan and
// notation=uci, and Chess960 and Double Chess960 games with castling.
//
// pgn-extract exits 0 whatever it finds (19.04 at least): it drops a game
// with an illegal move and prints its complaints on stderr. So the check is
// that the log is empty, that as many games come out as went in, and that
// the FEN it writes after each move (--fencomments) is ours. The same check
// on broken copies of a file (an illegal move, a tag without its closing
// quote, a bad FEN, a Result the mate contradicts) must complain, or it
// would prove nothing.
func TestPgnExtractReadsOurPGN(t *testing.T) {
	tool := findPgnExtract()
	if tool == "" {
		t.Skip("pgn-extract not found (in PATH or /usr/games): apt-get install pgn-extract")
	}
	dir := t.TempDir()
	book := filepath.Join(dir, "book.pgn")
	require.NoError(t, os.WriteFile(book, []byte(sanBook), 0o644))
	args := append(senapati("One"), senapati("Two")...)
	args = append(args, "-each", "depth=1", "-maxmoves", "150", "-concurrency", "2")
	play := func(name string, more ...string) string {
		file := filepath.Join(dir, name+".pgn")
		_, errOut, err := runMatch(t, context.Background(), append(append(args, "-pgnout", "file="+file), more...)...)
		require.NoError(t, err, errOut)
		return file
	}
	files := map[string]string{
		"san": play("san", "-openings", "file="+book, "format=pgn", "-games", "6"),
		"san-comments": play("san-comments", "timeleft=true", "pv=true", "nodes=true", "-each", "tc=600+1",
			"-openings", "random", "plies=24", "bound=0", "seed=11", "-games", "4"),
		"lan": play("lan", "notation=lan", "timeleft=true", "pv=true", "-each", "tc=600+1",
			"-openings", "file="+book, "format=pgn", "-games", "6"),
		"uci": play("uci", "notation=uci", "pv=true", "-openings", "file="+book, "format=pgn", "-games", "6"),
		"frc": play("frc", "-variant", "fischerandom", "-openings", "frc", "seed=5", "-games", "8", "-maxmoves", "80"),
		"dfrc": play("dfrc", "timeleft=true", "pv=true", "-each", "tc=600+1",
			"-variant", "fischerandom", "-openings", "dfrc", "seed=9", "-games", "8", "-maxmoves", "80"),
	}
	require.Contains(t, readFile(t, files["san-comments"]), "[%clk 0:")
	require.Contains(t, readFile(t, files["lan"]), ", pv=")
	for _, name := range []string{"frc", "dfrc"} {
		require.Contains(t, readFile(t, files[name]), "O-O", "%s: no game castled, so castling is not checked", name)
	}
	for name, file := range files {
		games := readGames(t, file)
		require.NotEmpty(t, games)
		problems := pgnExtractProblems(t, tool, file, games)
		require.Empty(t, problems, "pgn-extract on %s.pgn", name)
		t.Logf("pgn-extract read the %d games of %s.pgn to our positions", len(games), name)
	}

	// The check can fail: each broken copy of a file must be caught.
	san, lan := readFile(t, files["san"]), readFile(t, files["lan"])
	for _, b := range []struct{ what, from, text string }{
		{"illegal SAN move", "san", strings.Replace(san, " Nxb8 ", " Nxb7 ", 1)},
		{"illegal LAN move", "lan", strings.Replace(lan, " e2-e4 ", " e2-e5 ", 1)},
		{"unclosed tag", "san", strings.Replace(san, `[Site "?"]`, `[Site "?]`, 1)},
		{"bad FEN", "san", strings.Replace(san, `[FEN "4k3/2p5/`, `[FEN "4k3/2p6/`, 1)},
		{"wrong Result", "san", strings.Replace(san, "[Result \"1-0\"]\n", "[Result \"0-1\"]\n", 1)},
	} {
		what := b.what
		require.NotEqual(t, readFile(t, files[b.from]), b.text, "%s: the file was not changed", what)
		file := filepath.Join(dir, "broken.pgn")
		require.NoError(t, os.WriteFile(file, []byte(b.text), 0o644))
		problems := pgnExtractProblems(t, tool, file, readGames(t, files[b.from]))
		require.NotEmpty(t, problems, "pgn-extract found nothing wrong with a file with a %s", what)
		t.Logf("%s: %s", what, firstLine(problems[0]))
	}
}

// fenComment is a FEN that pgn-extract --fencomments writes after a move.
var fenComment = regexp.MustCompile(`\{ ([^{}]*) \}`)

// pgnExtractProblems has pgn-extract read file and say everything that
// differs from games, the games we wrote there: its diagnostics, the
// number of games it could read, and any position after a move whose FEN
// is not ours. In Chess960 pgn-extract's castling field differs from
// our X-FEN (KQkq where we name a rook's file, or the other way round),
// so there it is left out of the comparison; the pieces are compared
// exactly, so a castling move read wrongly still shows.
func pgnExtractProblems(t *testing.T, tool, file string, games []*pgn.Game) []string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.pgn")
	// -s: no progress lines, only diagnostics on stderr; -Wuci -C -N -V:
	// bare moves, so that the only comments are the FENs (whose en passant
	// square follows every double step, as ours does); -w: a game on one
	// line.
	cmd := exec.Command(tool, "-s", "-Wuci", "-C", "-N", "-V", "--fencomments", "-w", "1000000", "-o", out, file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return []string{fmt.Sprintf("pgn-extract: %v\n%s", err, stderr.String())}
	}
	var problems []string
	if msg := strings.TrimSpace(stderr.String()); msg != "" {
		problems = append(problems, "pgn-extract says:\n"+msg)
	}
	var got []string // a game a line: its moves, the FEN after each
	for _, line := range strings.Split(readFile(t, out), "\n") {
		if line != "" && !strings.HasPrefix(line, "[") {
			got = append(got, line)
		}
	}
	if len(got) != len(games) {
		return append(problems, fmt.Sprintf("pgn-extract read %d games of the %d in %s", len(got), len(games), filepath.Base(file)))
	}
	for i, g := range games {
		start, moves, err := g.Replay()
		require.NoError(t, err)
		fens := fenComment.FindAllStringSubmatch(got[i], -1)
		if len(fens) != len(moves) {
			problems = append(problems, fmt.Sprintf("game %d: pgn-extract read %d moves, we wrote %d", i+1, len(fens), len(moves)))
			continue
		}
		frc := tagOf(g, "Variant") == "chess960"
		for j, m := range moves {
			start.DoMove(m)
			want, have := strings.Fields(start.FEN()), strings.Fields(fens[j][1])
			if frc && len(have) == 6 {
				want[2], have[2] = "", ""
			}
			if strings.Join(want, " ") != strings.Join(have, " ") {
				problems = append(problems, fmt.Sprintf("game %d, ply %d: pgn-extract has %s, we have %s", i+1, j+1, fens[j][1], start.FEN()))
				break
			}
		}
	}
	return problems
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	if rest := strings.TrimSpace(strings.TrimPrefix(s, first)); strings.HasPrefix(first, "pgn-extract says:") && rest != "" {
		first, _, _ = strings.Cut(rest, "\n")
	}
	return first
}
