package bench

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/eval"
	"senapati/perft"
	"senapati/search"
)

func TestPositionsParseAndHaveMoves(t *testing.T) {
	for _, v := range board.Variants() {
		fens := Positions(v)
		require.GreaterOrEqual(t, len(fens), 12, v.Name())
		seen := map[string]bool{}
		for _, fen := range fens {
			p, err := board.ParseFEN(v, fen)
			require.NoError(t, err, "%s %s", v.Name(), fen)
			assert.Equal(t, fen, p.FEN(), "%s: FEN is not written back the same", v.Name())
			var ml board.MoveList
			p.GenerateMoves(&ml)
			assert.Positive(t, ml.N, "%s %s has no legal moves", v.Name(), fen)
			assert.Equal(t, board.Ongoing, p.Verdict(v.DefaultMoveRule()).Result(), "%s %s is finished", v.Name(), fen)
			assert.False(t, seen[fen], "%s %s listed twice", v.Name(), fen)
			seen[fen] = true
		}
	}
}

// The Durg set must exercise the rules the other games lack.
func TestDurgPositionsCoverTheRules(t *testing.T) {
	var waitingW, waitingB, call, dissolved int
	for _, fen := range Positions(board.DurgGame()) {
		p, err := board.ParseFEN(board.DurgGame(), fen)
		require.NoError(t, err)
		if p.Waiting(board.White) > 0 {
			waitingW++
		}
		if p.Waiting(board.Black) > 0 {
			waitingB++
		}
		if p.CallAvailable(p.SideToMove()) {
			call++
		}
		if p.Pieces(board.White, board.Durg).Count()+p.Pieces(board.Black, board.Durg).Count() < 4 {
			dissolved++
		}
	}
	assert.GreaterOrEqual(t, waitingW, 2, "positions with a white Mantri waiting")
	assert.GreaterOrEqual(t, waitingB, 2, "positions with a black Mantri waiting")
	assert.GreaterOrEqual(t, call, 3, "positions where the side to move may call the Rani")
	assert.GreaterOrEqual(t, dissolved, 6, "positions with a dissolved zone")
}

func TestChaturangaPositionsHaveRacesAndPromotions(t *testing.T) {
	var pawnsOnly, promotions int
	for _, fen := range Positions(board.Chaturanga()) {
		p, err := board.ParseFEN(board.Chaturanga(), fen)
		require.NoError(t, err)
		for _, c := range []board.Color{board.White, board.Black} {
			if p.PieceCount(c) == 1+p.Pieces(c, board.Pawn).Count() {
				pawnsOnly++ // one side close to a bare Raja
			}
		}
		var ml board.MoveList
		p.GenerateMoves(&ml)
		for _, m := range ml.Slice() {
			if m.Promotion() != board.NoType {
				promotions++
				break
			}
		}
	}
	assert.GreaterOrEqual(t, pawnsOnly, 3, "sides down to Raja and Padatis")
	assert.GreaterOrEqual(t, promotions, 2, "positions with a promotion to play")
}

func TestRunIsDeterministicAndOrderFree(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 3
	}
	cfg := Config{Depth: depth, Threads: 1, HashMB: 4}
	n1, _, err := Run(io.Discard, cfg, newTestEngine)
	require.NoError(t, err)
	n2, _, err := Run(io.Discard, cfg, newTestEngine)
	require.NoError(t, err)
	assert.Equal(t, n1, n2, "node count differs between two runs")

	// Every position starts from a new game, so each variant's own run
	// sums to the same total as the full run, in any order.
	var sum uint64
	for i := len(board.Variants()) - 1; i >= 0; i-- {
		n, _, err := Run(io.Discard, Config{Depth: depth, Threads: 1, HashMB: 4, Variants: []*board.Variant{board.Variants()[i]}}, newTestEngine)
		require.NoError(t, err)
		sum += n
	}
	assert.Equal(t, n1, sum)
}

// More threads: the count varies, but every position is searched.
func TestRunTwoThreads(t *testing.T) {
	var out bytes.Buffer
	nodes, _, err := Run(&out, Config{Depth: 4, Threads: 2, Variants: []*board.Variant{board.DurgGame()}}, newTestEngine)
	require.NoError(t, err)
	assert.Positive(t, nodes)
	assert.Contains(t, out.String(), "threads 2")
	assert.NotContains(t, out.String(), "bestmove (none)")
}

var (
	positionLine = regexp.MustCompile(`^ ?\d+/\d+ (chess|chaturanga|durg) +\S.* nodes \d+ bestmove \S+$`)
	subtotalLine = regexp.MustCompile(`^(chess|chaturanga|durg): \d+ positions at depth \d+, nodes \d+, time \d+ ms, nodes/second \d+$`)
)

func TestOutputFormat(t *testing.T) {
	var out bytes.Buffer
	nodes, _, err := Run(&out, Config{Depth: 2}, newTestEngine)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	total := 0
	for _, v := range board.Variants() {
		total += len(Positions(v))
	}
	require.Len(t, lines, 1+total+len(board.Variants())+3)
	assert.True(t, strings.HasPrefix(lines[0], "bench: "), lines[0])
	var positions, subtotals int
	for _, l := range lines[1 : len(lines)-3] {
		switch {
		case positionLine.MatchString(l):
			positions++
		case subtotalLine.MatchString(l):
			subtotals++
		default:
			t.Errorf("unexpected line %q", l)
		}
	}
	assert.Equal(t, total, positions)
	assert.Equal(t, len(board.Variants()), subtotals)
	assert.Regexp(t, `^Total time \(ms\): \d+$`, lines[len(lines)-3])
	assert.Equal(t, fmt.Sprintf("Nodes searched: %d", nodes), lines[len(lines)-2])
	assert.Regexp(t, `^Nodes/second: \d+$`, lines[len(lines)-1])
}

func TestParseArgs(t *testing.T) {
	cfg, err := ParseArgs(nil)
	require.NoError(t, err)
	assert.Equal(t, Config{Threads: 1, HashMB: 16}, cfg)

	cfg, err = ParseArgs([]string{"7", "2", "64", "durg"})
	require.NoError(t, err)
	assert.Equal(t, Config{Depth: 7, Threads: 2, HashMB: 64, Variants: []*board.Variant{board.DurgGame()}}, cfg)

	cfg, err = ParseArgs([]string{"0", "1", "16", "all"})
	require.NoError(t, err)
	assert.Nil(t, cfg.Variants)

	cfg, err = ParseArgs([]string{"0", "1", "16", "durg", "my.nnue"})
	require.NoError(t, err)
	assert.Equal(t, "my.nnue", cfg.EvalFile)

	for _, bad := range [][]string{
		{"x"}, {"-1"}, {"1000"}, {"5", "0"}, {"5", "1", "0"}, {"5", "1", "16", "shogi"}, {"5", "1", "16", "all", "my.nnue", "extra"},
	} {
		_, err := ParseArgs(bad)
		assert.Error(t, err, "%q", bad)
	}
	_, _, err = Run(io.Discard, Config{Depth: -1}, newTestEngine)
	assert.Error(t, err)
}

// Go benchmarks of the board and evaluation on the bench positions, per
// variant. Compare two builds with benchstat:
//
//	go test -run '^$' -bench . -count 10 ./bench > old.txt
//	... change ...
//	go test -run '^$' -bench . -count 10 ./bench > new.txt
//	benchstat old.txt new.txt

func benchPositions(b *testing.B, v *board.Variant) []board.Position {
	b.Helper()
	var ps []board.Position
	for _, fen := range Positions(v) {
		p, err := board.ParseFEN(v, fen)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

var sink int

// BenchmarkGenerateMoves: one op generates every legal turn of one position
// (the positions taken in turn).
func BenchmarkGenerateMoves(b *testing.B) {
	for _, v := range board.Variants() {
		b.Run(v.Name(), func(b *testing.B) {
			ps := benchPositions(b, v)
			var ml board.MoveList
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				ps[i%len(ps)].GenerateMoves(&ml)
				sink += ml.N
			}
		})
	}
}

// BenchmarkDoMove: one op copies one position and plays one legal move on
// the copy (copy-make), going through every legal move of every position.
func BenchmarkDoMove(b *testing.B) {
	for _, v := range board.Variants() {
		b.Run(v.Name(), func(b *testing.B) {
			type pair struct {
				p *board.Position
				m board.Move
			}
			ps := benchPositions(b, v)
			var pairs []pair
			for i := range ps {
				var ml board.MoveList
				ps[i].GenerateMoves(&ml)
				for _, m := range ml.Slice() {
					pairs = append(pairs, pair{&ps[i], m})
				}
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				pr := pairs[i%len(pairs)]
				child := *pr.p
				child.DoMove(pr.m)
				sink += child.HalfmoveClock()
			}
		})
	}
}

// perftDepth keeps one BenchmarkPerft op (all positions of a variant)
// between a few and about 25 milliseconds.
var perftDepth = map[string]int{"chess": 3, "chaturanga": 3, "durg": 3}

// BenchmarkPerft: one op is a bulk-counting perft of every position of the
// variant; nodes/op and Mnps are reported alongside.
func BenchmarkPerft(b *testing.B) {
	for _, v := range board.Variants() {
		b.Run(v.Name(), func(b *testing.B) {
			ps := benchPositions(b, v)
			depth := perftDepth[v.Name()]
			var nodes uint64
			b.ReportAllocs()
			for b.Loop() {
				nodes = 0
				for i := range ps {
					nodes += perft.Count(&ps[i], depth)
				}
			}
			b.ReportMetric(float64(nodes), "nodes/op")
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnps")
		})
	}
}

// BenchmarkEvaluate: one op is the static evaluation of one position.
func BenchmarkEvaluate(b *testing.B) {
	for _, v := range board.Variants() {
		b.Run(v.Name(), func(b *testing.B) {
			ps := benchPositions(b, v)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sink += eval.Evaluate(&ps[i%len(ps)])
			}
		})
	}
}

// newTestEngine is a factory with the hand-crafted evaluation alone:
// what bench does with an engine needs no nets (main's factory, package
// engine, is tested in main_test.go).
func newTestEngine(s search.Settings) (*search.Engine, error) {
	return search.NewEngine(s, search.Static(eval.Evaluate), eval.PieceValue), nil
}

// The settings carry the EvalFile to the factory, and a factory's refusal
// ends the bench before it searches, with the reason.
func TestRunRefusesWhatTheFactoryRefuses(t *testing.T) {
	var got string
	refuse := func(s search.Settings) (*search.Engine, error) {
		got = s.EvalFile
		return nil, fmt.Errorf("EvalFile: %s: cut short", s.EvalFile)
	}
	var out bytes.Buffer
	nodes, _, err := Run(&out, Config{Depth: 1, EvalFile: "bad.nnue"}, refuse)
	require.Error(t, err)
	assert.Equal(t, "bad.nnue", got)
	assert.Equal(t, "bench: EvalFile: bad.nnue: cut short", err.Error())
	assert.Zero(t, nodes)
	assert.Empty(t, out.String())
}
