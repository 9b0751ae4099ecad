package suite

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/engine"
	"senapati/search"
)

func TestParseLineReadsOperations(t *testing.T) {
	e, err := ParseLine(board.Chess(), `2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`)
	require.NoError(t, err)
	assert.Equal(t, "WAC.001", e.ID)
	require.Len(t, e.Best, 1)
	assert.Equal(t, "Qg6", e.Pos.SAN(e.Best[0]))
	assert.Equal(t, "bm Qg6", e.Expected())

	// counters, several best moves, a quoted id with a semicolon and
	// spaces, an operation that is skipped, an avoid move
	e, err = ParseLine(board.Chess(), `r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - 0 9 bm Ba2 Nxf7; am Bd3; c0 "a; b"; id "x y;z";`)
	require.NoError(t, err)
	assert.Equal(t, "x y;z", e.ID)
	assert.True(t, strings.HasSuffix(e.FEN, " 0 9"), e.FEN)
	assert.Equal(t, "bm Ba2 Nxf7, am Bd3", e.Expected())
	assert.True(t, e.Solved(e.Best[1]))
	assert.False(t, e.Solved(e.Avoid[0]))

	// an am alone: anything else is right
	e, err = ParseLine(board.Chess(), `4k3/8/8/8/8/8/8/4K2R w K - am Kd1;`)
	require.NoError(t, err)
	castle, err := e.Pos.ParseSAN("O-O")
	require.NoError(t, err)
	assert.True(t, e.Solved(castle))
	assert.False(t, e.Solved(e.Avoid[0]))
	assert.False(t, e.Solved(board.NoMove))

	// other games read their own notation
	e, err = ParseLine(board.Chaturanga(), board.Chaturanga().StartFEN()+` bm e3;`)
	require.NoError(t, err)
	assert.Len(t, e.Best, 1)
}

func TestParseLineRefusesWithAReason(t *testing.T) {
	for line, want := range map[string]string{
		`8/8/8 w`: "four position fields",
		`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - id "x";`:          "no bm or am",
		`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qh8;`:          "illegal",
		`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm;`:              "names no move",
		`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "open`: "not closed",
		`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 x - - bm Qg6;`:          "",
	} {
		_, err := ParseLine(board.Chess(), line)
		require.Error(t, err, line)
		assert.Contains(t, err.Error(), want, line)
	}
	_, err := Read(board.Chess(), strings.NewReader("# only a comment\n\n"))
	assert.ErrorContains(t, err, "no positions")
	_, err = Read(board.Chess(), strings.NewReader("4k3/8/8/8/8/8/8/4K2R w K - am Kd1;\nbad line\n"))
	assert.ErrorContains(t, err, "line 2")
}

func FuzzParseLine(f *testing.F) {
	f.Add(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`)
	f.Add(`r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - 0 9 bm Ba2 Nxf7; am Bd3; id "x;";`)
	f.Add(`4k3/8/8/8/8/8/8/4K2R w K - am Kd1; c0 "`)
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseLine(board.Chess(), line)
		if err != nil {
			return
		}
		if len(e.Best)+len(e.Avoid) == 0 {
			t.Fatalf("%q: read without a move to judge by", line)
		}
		_ = e.Expected()
	})
}

// mini is a suite the search must get right at a small depth: a back-rank
// mate, a fork of king and queen, a rook taken with check; the last line
// expects a move that misses the mate, so exactly one fails.
const mini = `6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id "mate";
q3k3/8/8/1N6/8/8/8/4K3 w - - bm Nc7+; id "fork";
r3k3/8/8/8/8/8/8/R3K3 w - - bm Rxa8+; id "trade";
6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra2; id "wrong";
`

func TestRunCountsRightAndWrongAnswers(t *testing.T) {
	entries, err := Read(board.Chess(), strings.NewReader(mini))
	require.NoError(t, err)
	e, err := engine.Search(search.DefaultSettings())
	require.NoError(t, err)
	var out bytes.Buffer
	s := Run(context.Background(), &out, entries, e, search.Limits{Depth: 6})
	t.Log(out.String())
	assert.Equal(t, 4, s.Total)
	assert.Equal(t, []string{"wrong"}, s.Failed)
	assert.Equal(t, 3, s.Solved)
	assert.Contains(t, out.String(), "solved 3 of 4")
	assert.Regexp(t, `ok   mate       Ra8#     \(bm Ra8#\), found at depth 1, [1-9][0-9]* nodes, `, out.String())
	assert.Contains(t, out.String(), "failed: wrong")
}

func TestRunStopsWithASummaryWhenCancelled(t *testing.T) {
	entries, err := Read(board.Chess(), strings.NewReader(mini))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e, err := engine.Search(search.DefaultSettings())
	require.NoError(t, err)
	var out bytes.Buffer
	s := Run(ctx, &out, entries, e, search.Limits{Depth: 6})
	assert.Equal(t, 0, s.Total)
	assert.Contains(t, out.String(), "solved 0 of 0 (stopped after 0 of the suite's 4)")
}

func TestCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mini.epd")
	require.NoError(t, os.WriteFile(file, []byte(mini), 0o644))
	notANet := filepath.Join(dir, "mini.nnue")
	require.NoError(t, os.WriteFile(notANet, []byte(mini), 0o644))
	cmd := func(args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		rc := run(context.Background(), args, &out, &errOut, engine.Search)
		return rc, out.String(), errOut.String()
	}
	rc, out, _ := cmd("-nodes", "20000", file)
	assert.Equal(t, 0, rc)
	assert.Contains(t, out, "of 4")

	rc, out, _ = cmd("-movetime", "50ms", "-threads", "2", file)
	assert.Equal(t, 0, rc)
	assert.Contains(t, out, "of 4")

	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "no suite file"},
		{[]string{filepath.Join(dir, "missing.epd")}, "no such file"},
		{[]string{"-nodes", "5", "-depth", "3", file}, "one of"},
		{[]string{"-movetime", "1s", "-depth", "3", file}, "one of"},
		{[]string{"-depth", "0", file}, "out of range"},
		{[]string{"-nodes", "0", file}, "at least 1"},
		{[]string{"-movetime", "0s", file}, "positive"},
		{[]string{"-threads", "0", file}, "out of range"},
		{[]string{"-hash", "0", file}, "out of range"},
		{[]string{"-variant", "go", file}, "variant"},
		{[]string{"-params", "Nope=1", file}, "-params"},
		{[]string{"-variant", "durg", file}, "line 1"},
		{[]string{"-evalfile", filepath.Join(dir, "missing.nnue"), file}, "suite: EvalFile: stat " + filepath.Join(dir, "missing.nnue") + ": no such file"},
		{[]string{"-evalfile", notANet, file}, "suite: EvalFile: " + notANet + ": not a Senapati network file"},
	} {
		rc, _, errOut := cmd(c.args...)
		assert.Equal(t, 2, rc, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}
	rc, _, errOut := cmd("-help")
	assert.Equal(t, 0, rc)
	assert.Contains(t, errOut, "usage: senapati suite")
}
