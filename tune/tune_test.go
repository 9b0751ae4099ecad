package tune

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/eval"
)

// positions from seeded random playouts: material of every kind.
func playouts(t *testing.T, v *board.Variant, n int) []board.Position {
	t.Helper()
	var out []board.Position
	var ml board.MoveList
	seed := uint64(1)
	for len(out) < n {
		p := v.StartPosition()
		for ply := 0; ply < 60; ply++ {
			p.GenerateMoves(&ml)
			if ml.N == 0 || p.Verdict(0).Over() {
				break
			}
			seed = seed*6364136223846793005 + 1442695040888963407
			p.DoMove(ml.Moves[int(seed>>33)%ml.N])
			if ply > 10 && isQuiet(&p) {
				out = append(out, p)
			}
		}
	}
	return out[:n]
}

// Results drawn from a known model are fitted back: with results equal to
// sigmoid(K0*s/400) of the evaluation's own scores, fitK finds K0 and the
// error there is zero.
func TestFitKRecoversTheModel(t *testing.T) {
	const k0 = 1.3
	var samples []sample
	for _, p := range playouts(t, board.Chess(), 300) {
		samples = append(samples, sample{pos: p, result: predict(k0, whiteScore(&p))})
	}
	k := fitK(samples, 2)
	assert.InDelta(t, k0, k, 0.01)
	assert.InDelta(t, 0, fitError(samples, k0, 1), 1e-12)
	assert.Greater(t, fitError(samples, 0.5, 1), 1e-4)
	assert.InDelta(t, fitError(samples, 0.8, 1), fitError(samples, 0.8, 3), 1e-12, "threads do not change the sum")
}

// A weight moved away from the value that generated the results is moved
// back by the local search.
func TestOptimizeRecoversAPerturbedWeight(t *testing.T) {
	v := board.DurgGame()
	const k0 = 1.0
	ps := eval.Params(v)
	orig := make([]int, len(ps))
	knight := -1
	for i, p := range ps {
		orig[i] = p.Value
		if p.Name == "Material[Knight].mg" {
			knight = i
		}
	}
	require.GreaterOrEqual(t, knight, 0)
	defer func() { require.NoError(t, eval.SetParams(v, orig)) }()

	var samples []sample
	for _, p := range playouts(t, v, 600) {
		if p.Pieces(board.White, board.Knight).Count() != p.Pieces(board.Black, board.Knight).Count() {
			samples = append(samples, sample{pos: p, result: predict(k0, whiteScore(&p))})
		}
	}
	require.Greater(t, len(samples), 30, "positions with unequal knights")
	bad := append([]int(nil), orig...)
	bad[knight] += 60
	require.NoError(t, eval.SetParams(v, bad))
	r, err := optimize(v, samples, options{k: k0, passes: 40, step: 16, threads: 1,
		tune: regexp.MustCompile(`^Material\[Knight\]\.mg$`), log: io.Discard})
	require.NoError(t, err)
	assert.InDelta(t, orig[knight], r.values[knight], 3)
	assert.Less(t, r.after, r.before)
	assert.Equal(t, r.values[knight], eval.Params(v)[knight].Value, "the best weights stay set")
}

// Reading games: results from White's side, the opening skipped, only
// quiet positions kept, other variants and unfinished games left out.
func TestLoadGames(t *testing.T) {
	pgn := `[Event "a"]
[Variant "chess"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "b"]
[Variant "chess"]
[Result "1/2-1/2"]
[FEN "4k3/8/8/8/8/8/3q4/R3K3 w - - 0 1"]

1. Kxd2 Kd7 2. Ra7+ Kc6 1/2-1/2

[Event "c"]
[Variant "durg"]
[Result "1-0"]

1. e3 1-0

[Event "d"]
[Variant "chess"]
[Result "*"]

1. e4 *
`
	var st loadStats
	s, err := loadGames(board.Chess(), strings.NewReader(pgn), 1, 1, 3000, &st)
	require.NoError(t, err)
	assert.Equal(t, 2, st.games)
	assert.Equal(t, 2, st.skippedGames)
	// Game a: f3, e5, g4 kept if quiet (Qh4# is mate: over). Game b: after
	// Kxd2 (quiet), Kd7, Ra7+ (check: out), Kc6.
	for _, x := range s {
		assert.False(t, x.pos.InCheck())
		assert.False(t, x.pos.Verdict(0).Over())
	}
	var results []float64
	for _, x := range s {
		results = append(results, x.result)
	}
	assert.Contains(t, results, 0.0)
	assert.Contains(t, results, 0.5)
	assert.NotContains(t, results, 1.0)
	assert.Equal(t, st.quiet, len(s))
	assert.Less(t, st.quiet, st.positions)

	_, err = loadGames(board.Chess(), strings.NewReader("[Result \"1-0\"]\n\n1. e4 Ke7?? 1-0\n"), 0, 1, 3000, &st)
	assert.ErrorContains(t, err, "game 1: move 1... Ke7")
}

// A position with a piece hanging is not quiet; after the capture is.
func TestQuietFilter(t *testing.T) {
	hanging, err := board.ParseFEN(board.Chess(), "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1")
	require.NoError(t, err)
	assert.False(t, isQuiet(&hanging))
	calm, err := board.ParseFEN(board.Chess(), "4k3/8/8/8/8/8/8/3RK3 b - - 0 1")
	require.NoError(t, err)
	assert.True(t, isQuiet(&calm))
}

func TestMainErrors(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, 2, Main([]string{"-variant", "xiangqi", "a.pgn"}, &out, &errb))
	assert.Contains(t, errb.String(), "unknown variant")
	errb.Reset()
	assert.Equal(t, 2, Main([]string{"-variant", "durg"}, &out, &errb))
	assert.Contains(t, errb.String(), "usage")
	errb.Reset()
	assert.Equal(t, 2, Main([]string{"-variant", "durg", "/nonexistent.pgn"}, &out, &errb))
	assert.Contains(t, errb.String(), "nonexistent")
	errb.Reset()
	assert.Equal(t, 2, Main([]string{"-params", "(", "x.pgn"}, &out, &errb))
	out.Reset()
	assert.Equal(t, 0, Main([]string{"-variant", "chaturanga", "-list"}, &out, &errb))
	assert.Contains(t, out.String(), fmt.Sprintf("Material[Ferz].mg %d\n", eval.PieceValue(board.Chaturanga(), board.Ferz)))
	assert.False(t, math.IsNaN(fitError(nil, 1, 1)))
}

// The whole command: games in, fitted weights out as Go source that
// compiles into the eval package's file format.
func TestMainWritesWeights(t *testing.T) {
	v := board.Chess()
	orig := eval.Params(v)
	defer func() {
		values := make([]int, len(orig))
		for i, p := range orig {
			values[i] = p.Value
		}
		require.NoError(t, eval.SetParams(v, values))
	}()
	dir := t.TempDir()
	pgn := dir + "/games.pgn"
	var games strings.Builder
	for i := 0; i < 20; i++ { // a white rook up wins, a black knight up wins
		games.WriteString("[Variant \"chess\"]\n[FEN \"4k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Kd2 Kd7 2. Kc3 Kc7 1-0\n\n")
		games.WriteString("[Variant \"chess\"]\n[FEN \"1n2k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1\"]\n[Result \"0-1\"]\n\n1. Kd2 Kd7 2. Kc3 Kc7 0-1\n\n")
	}
	require.NoError(t, writeFile(pgn, games.String()))
	var out, errb bytes.Buffer
	code := Main([]string{"-variant", "chess", "-skip", "0", "-passes", "2", "-params", `^Material`, "-validate", "4",
		"-write", dir + "/weights.go", pgn}, &out, &errb)
	require.Equal(t, 0, code, errb.String())
	assert.Contains(t, out.String(), "40 games (0 skipped)")
	assert.Regexp(t, `error before [0-9.]+, after [0-9.]+`, out.String())
	assert.Contains(t, out.String(), "positions held out (every 4th game)")
	assert.Regexp(t, `held-out error before [0-9.]+, after [0-9.]+`, out.String())
	src, err := readFile(dir + "/weights.go")
	require.NoError(t, err)
	assert.Contains(t, src, "var weightsChess = weights{")
	assert.Contains(t, src, "var weightsDurg = weights{")
}

// The piece-square fit finds a table that generated the results: knights
// on the central sixteen squares were worth 40 more, and the fit, started
// from nothing, gives them about that (mirror files share one entry, which
// this table allows) while leaving the other knight squares near zero.
func TestPieceSquareFitRecoversAKnownTable(t *testing.T) {
	v := board.Chess()
	const k0 = 1.0
	orig := eval.PieceSquares(v)
	defer func() { require.NoError(t, eval.SetPieceSquares(v, orig)) }()
	central := func(s board.Square) bool { return s.File() >= 2 && s.File() <= 5 && s.Rank() >= 2 && s.Rank() <= 5 }
	truth := append([][2]int(nil), orig...)
	for s := board.Square(0); s < 81; s++ {
		if s.File() < 8 && s.Rank() < 8 && central(s) {
			truth[int(board.Knight)*81+int(s)] = [2]int{40, 40}
		}
	}
	require.NoError(t, eval.SetPieceSquares(v, truth))
	var samples []sample
	for _, p := range playouts(t, v, 3000) {
		samples = append(samples, sample{pos: p, result: predict(k0, whiteScore(&p))})
	}
	require.NoError(t, eval.SetPieceSquares(v, orig))

	before, after, changed, err := fitPieceSquares(v, samples, psqOptions{k: k0, epochs: 400, rate: 0.5, log: io.Discard})
	require.NoError(t, err)
	assert.Greater(t, changed, 0)
	assert.Less(t, after, before/4, "most of the error is explained")
	got := eval.PieceSquares(v)
	var centre, edge []int
	for s := board.Square(0); s < 81; s++ {
		if s.File() >= 8 || s.Rank() >= 8 {
			continue
		}
		e := got[int(board.Knight)*81+int(s)]
		if central(s) {
			centre = append(centre, e[0]+e[1])
		} else {
			edge = append(edge, e[0]+e[1])
		}
	}
	assert.InDelta(t, 80, mean(centre), 20, "central knights: mg+eg near 40+40")
	assert.InDelta(t, 0, mean(edge), 20, "other knight squares near 0")
}

func mean(xs []int) float64 {
	sum := 0
	for _, x := range xs {
		sum += x
	}
	return float64(sum) / float64(len(xs))
}

// Labelled positions written by -epdout read back with the same labels;
// a broken line is an error naming it.
func TestPositionsRoundTrip(t *testing.T) {
	calm, err := board.ParseFEN(board.Chess(), "4k3/8/8/8/8/8/8/3RK3 b - - 0 1")
	require.NoError(t, err)
	other, err := board.ParseFEN(board.Chess(), "4k3/pp6/8/8/8/8/6PP/4K3 w - - 0 1")
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, writePositions(&b, []sample{{pos: calm, result: 0.25}, {pos: other, result: 1}}))
	text := "# a comment\n\n" + b.String() + other.FEN() + " [1/2-1/2]\n"
	var st loadStats
	s, err := loadPositions(board.Chess(), strings.NewReader(text), 1, 3000, &st)
	require.NoError(t, err)
	require.Len(t, s, 3)
	assert.Equal(t, calm.FEN(), s[0].pos.FEN())
	assert.Equal(t, []float64{0.25, 1, 0.5}, []float64{s[0].result, s[1].result, s[2].result})
	assert.Equal(t, 3, st.games)
	assert.NotEqual(t, s[0].game, s[1].game, "each line is a game of its own for -validate")

	for text, want := range map[string]string{
		calm.FEN() + "\n":                     "line 1: no [label]",
		calm.FEN() + " [1.5]\n":               `line 1: label "1.5"`,
		"\n4k3/8/8/8/8/8/8/3RK w - - 0 1 [0]": "line 2:",
	} {
		_, err := loadPositions(board.Chess(), strings.NewReader(text), 1, 3000, &st)
		assert.ErrorContains(t, err, want, text)
	}
}

// No input makes the positions reader panic, and what it accepts writes
// back to what it reads again.
func FuzzReadPositions(f *testing.F) {
	f.Add("4k3/8/8/8/8/8/8/3RK3 b - - 0 1 [0.25]\n")
	f.Add("# c\n\n4k3/8/8/8/8/8/8/3RK3 w - - 0 1 [1/2-1/2]\n")
	f.Add("9/9/1dk6/3RK4/9/9/9/9/9[] b - - 60 190 7/8 [1-0]")
	f.Add("[0.5]")
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range board.Variants() {
			s, err := readPositions(v, strings.NewReader(text))
			if err != nil {
				continue
			}
			var b strings.Builder
			require.NoError(t, writePositions(&b, s))
			again, err := readPositions(v, strings.NewReader(b.String()))
			require.NoError(t, err, b.String())
			require.Len(t, again, len(s))
			for i := range s {
				require.Equal(t, s[i].pos.FEN(), again[i].pos.FEN())
				require.Equal(t, s[i].result, again[i].result)
			}
		}
	})
}
