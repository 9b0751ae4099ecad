package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

func TestReadEPD(t *testing.T) {
	book := `# a comment line
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e7e5; id "after e4";
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2

4k3/8/8/8/8/8/8/4K2R w K -
`
	ops, err := readEPD(board.Chess(), strings.NewReader(book))
	require.NoError(t, err)
	require.Len(t, ops, 3)
	require.Equal(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", ops[0].FEN)
	require.Equal(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", ops[1].FEN)
	require.Equal(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", ops[2].FEN)

	durg := "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0\n" +
		"rnh1k1hnr/ppppppppp/1d5d1/9/9/4P4/1D5D1/PPPP1PPPP/RNH1K1HNR b KQkq -\n"
	ops, err = readEPD(board.DurgGame(), strings.NewReader(durg))
	require.NoError(t, err)
	require.Len(t, ops, 2)
	require.Equal(t, board.DurgGame().StartFEN(), ops[0].FEN)

	_, err = readEPD(board.Chess(), strings.NewReader("8/8/8/8/8/8/8/8 w - -\n"))
	require.ErrorContains(t, err, "line 1")
	_, err = readEPD(board.Chess(), strings.NewReader("\nxyz\n"))
	require.ErrorContains(t, err, "line 2")
	_, err = readEPD(board.Chess(), strings.NewReader("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n"))
	require.ErrorContains(t, err, "already over (Draw by stalemate)")
}

func TestReadPGNOpenings(t *testing.T) {
	text := `[Event "x"]
[Variant "durg"]

1. e2e4 {book} e8e6 2. b1c3 (2. d2d4 d8d6) $1 b9c7 ; rest of line
3. h1g3 1/2-1/2

[Variant "durg"]
[FEN "r3k4/9/9/9/9/9/9/9/R3K4[] w - - 10 40 0/0"]

40. a1b1 a9b9 *
`
	ops, err := readPGN(board.DurgGame(), strings.NewReader(text), 0)
	require.NoError(t, err)
	require.Len(t, ops, 2)
	require.Equal(t, []string{"e2e4", "e8e6", "b1c3", "b9c7", "h1g3"}, ops[0].Moves)
	require.Equal(t, "r3k4/9/9/9/9/9/9/9/R3K4[] w - - 10 40 0/0", ops[1].FEN)
	require.Equal(t, []string{"a1b1", "a9b9"}, ops[1].Moves)
	ops, err = readPGN(board.DurgGame(), strings.NewReader(text), 3)
	require.NoError(t, err)
	require.Equal(t, []string{"e2e4", "e8e6", "b1c3"}, ops[0].Moves)

	_, err = readPGN(board.Chess(), strings.NewReader(text), 0)
	require.ErrorContains(t, err, "game 1 (line 1) is variant durg, the match plays chess")
	// SAN and UCI, mixed, as other tools and -pgnout write them.
	ops, err = readPGN(board.Chess(), strings.NewReader("1. e4 e7e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n"), 0)
	require.NoError(t, err)
	require.Equal(t, []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"}, ops[0].Moves)
	ops, err = readPGN(board.DurgGame(), strings.NewReader("1. e4 e6 2. Nc3 Nc7 3. Ng3 *\n"), 0)
	require.NoError(t, err)
	require.Equal(t, []string{"e2e4", "e8e6", "b1c3", "b9c7", "h1g3"}, ops[0].Moves)
	_, err = readPGN(board.Chess(), strings.NewReader("1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n"), 0)
	require.ErrorContains(t, err, `game 2 (line 3): move 2. Ke3: illegal move`)
	_, err = readPGN(board.Chess(), strings.NewReader("[Variant \"xiangqi\"]\n\n1. e4 *\n"), 0)
	require.ErrorContains(t, err, "game 1 (line 1) is variant xiangqi, the match plays chess")
	_, err = readPGN(board.Chess(), strings.NewReader("1. e4 {open\n"), 0)
	require.ErrorContains(t, err, "line 1: comment '{' is not closed")
	_, err = readPGN(board.Chess(), strings.NewReader("1. f2f3 e7e5 2. g2g4 d8h4 0-1\n"), 0)
	require.ErrorContains(t, err, "already over (Black mates)")
}

func TestLoadAndPickOpenings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "book.epd")
	var lines []string
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
	}
	lines = append(lines, fens...)
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644))
	book, err := loadOpenings(board.Chess(), &OpeningConfig{File: path, Format: "epd", Start: 2})
	require.NoError(t, err)
	require.Len(t, book, 3)
	require.Equal(t, fens[1], book[0].FEN)
	seq := pickOpenings(book, 5, false, 0)
	require.Equal(t, []string{fens[1], fens[2], fens[3], fens[1], fens[2]},
		[]string{seq[0].FEN, seq[1].FEN, seq[2].FEN, seq[3].FEN, seq[4].FEN})
	r1, r2 := pickOpenings(book, 3, true, 9), pickOpenings(book, 3, true, 9)
	require.Equal(t, r1, r2)
	require.ElementsMatch(t, book, r1, "a shuffle uses every opening once before repeating")
	_, err = loadOpenings(board.Chess(), &OpeningConfig{File: path, Format: "epd", Start: 5})
	require.ErrorContains(t, err, "start=5 but the file holds 4 openings")
	_, err = loadOpenings(board.Chess(), &OpeningConfig{File: path + ".missing", Format: "epd", Start: 1})
	require.Error(t, err)
}

func TestRandomOpeningsBound(t *testing.T) {
	v := board.Chaturanga()
	calls := 0
	// A checker that calls every other position lopsided.
	check := func(_ context.Context, position string) (int, error) {
		require.True(t, strings.HasPrefix(position, "position startpos moves "))
		calls++
		if calls%2 == 0 {
			return -151, nil
		}
		return 150, nil
	}
	ops, discarded, err := randomOpenings(context.Background(), v, 5, 6, 150, 3, check)
	require.NoError(t, err)
	require.Len(t, ops, 5)
	require.Equal(t, 4, discarded)
	require.Equal(t, 9, calls)
	seen := map[string]bool{}
	for _, o := range ops {
		require.NoError(t, checkOpening(v, &o))
		require.Len(t, o.Moves, 6)
		key := strings.Join(o.Moves, " ")
		require.False(t, seen[key], "openings are distinct")
		seen[key] = true
	}
	// bound=0 keeps everything and asks nobody.
	_, discarded, err = randomOpenings(context.Background(), v, 3, 6, 0, 3, nil)
	require.NoError(t, err)
	require.Zero(t, discarded)
	// Nothing within the bound: a clear error instead of a loop.
	_, _, err = randomOpenings(context.Background(), v, 2, 2, 10, 3, func(context.Context, string) (int, error) { return 500, nil })
	require.ErrorContains(t, err, "raise bound=")
}
