package datagen

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/corpus"
	"senapati/eval"
	"senapati/search"
)

func testEngine(s search.Settings) (*search.Engine, error) {
	return search.NewEngine(s, search.Static(eval.Evaluate), eval.PieceValue), nil
}

// The settings carry the EvalFile to the factory, and a factory's refusal
// ends the run before the data file is made.
func TestRunRefusesWhatTheFactoryRefuses(t *testing.T) {
	cfg := quickConfig(board.Chess(), filepath.Join(t.TempDir(), "refused.dat"), 2)
	cfg.EvalFile = "bad.nnue"
	var got []string
	refuse := func(s search.Settings) (*search.Engine, error) {
		got = append(got, s.EvalFile)
		return nil, errors.New("EvalFile: bad.nnue: cut short")
	}
	sum, err := Run(context.Background(), cfg, refuse, nil)
	require.EqualError(t, err, "EvalFile: bad.nnue: cut short")
	require.Equal(t, []string{"bad.nnue"}, got)
	require.Equal(t, Summary{}, sum)
	require.NoFileExists(t, cfg.Out)
}

func quickConfig(v *board.Variant, out string, games int) Config {
	cfg := DefaultConfig()
	cfg.Variant, cfg.Out, cfg.Games = v, out, games
	cfg.Nodes, cfg.HashMB, cfg.Progress = 300, 1, 0
	cfg.MaxPlies = 120
	return cfg
}

// readGames reads a data file's games by number, each as its encoded block.
func readGames(t *testing.T, path string) map[uint64][]byte {
	rd, f, err := Open(path)
	require.NoError(t, err)
	defer f.Close()
	out := map[uint64][]byte{}
	for {
		var g Game
		err := rd.Next(&g)
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		b, err := AppendGame(nil, &g)
		require.NoError(t, err)
		require.NotContains(t, out, g.Number, "game number twice")
		out[g.Number] = b
	}
}

func TestGamesAreWholeAndTrue(t *testing.T) {
	for _, v := range board.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "d.dat")
			cfg := quickConfig(v, path, 4)
			cfg.Threads = 2
			sum, err := Run(context.Background(), cfg, testEngine, nil)
			require.NoError(t, err)
			require.Equal(t, 4, sum.Games)
			rd, f, err := Open(path)
			require.NoError(t, err)
			defer f.Close()
			require.Equal(t, v, rd.Variant())
			var g Game
			positions := 0
			for rd.Next(&g) == nil {
				require.NotEmpty(t, g.Records)
				positions += len(g.Records)
				for i := range g.Records {
					r := &g.Records[i]
					p, err := board.Unpack(v, r.Pos[:])
					require.NoError(t, err)
					require.Equal(t, p.InCheck(), r.Flags&FlagInCheck != 0)
				}
				// A game the rules ended: the position after the last
				// record's move is decided as the block says.
				if g.Termination < AdjudicatedWin {
					require.NotEqual(t, uint8(board.NotOver), g.Termination)
				}
			}
			require.Equal(t, sum.Positions, positions)
		})
	}
}

func TestResumeAndShardsGiveTheSameGames(t *testing.T) {
	v := board.Chaturanga()
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.dat")
	_, err := Run(context.Background(), quickConfig(v, whole, 6), testEngine, nil)
	require.NoError(t, err)
	want := readGames(t, whole)
	require.Len(t, want, 6)
	for n := uint64(0); n < 6; n++ {
		require.Contains(t, want, n)
	}

	// Shards: the same games by number, none twice.
	got := map[uint64][]byte{}
	for i := 1; i <= 2; i++ {
		cfg := quickConfig(v, filepath.Join(dir, "shard.dat"), 3)
		cfg.ShardIndex, cfg.ShardCount, cfg.Threads = i, 2, 2
		cfg.Out = filepath.Join(dir, "shard"+string(rune('0'+i))+".dat")
		_, err := Run(context.Background(), cfg, testEngine, nil)
		require.NoError(t, err)
		for n, b := range readGames(t, cfg.Out) {
			require.Equal(t, uint64(i-1), n%2, "shard %d played game %d", i, n)
			require.NotContains(t, got, n)
			got[n] = b
		}
	}
	require.Equal(t, want, got)

	// An interrupted run: the file ends in the middle of a game. The
	// resumed run cuts it off and plays exactly the missing games.
	data, err := os.ReadFile(whole)
	require.NoError(t, err)
	cut := filepath.Join(dir, "cut.dat")
	require.NoError(t, os.WriteFile(cut, data[:len(data)-100], 0o644))
	sum, err := Run(context.Background(), quickConfig(v, cut, 6), testEngine, nil)
	require.NoError(t, err)
	require.Equal(t, 1, sum.Games)
	require.Equal(t, 5, sum.Before)
	require.Positive(t, sum.Dropped)
	require.Equal(t, want, readGames(t, cut))

	// A finished file: nothing to add.
	sum, err = Run(context.Background(), quickConfig(v, whole, 6), testEngine, nil)
	require.NoError(t, err)
	require.Zero(t, sum.Games)

	// Another variant's file is refused, not appended to.
	_, err = Run(context.Background(), quickConfig(board.Chess(), whole, 6), testEngine, nil)
	require.ErrorContains(t, err, "holds chaturanga games")
}

func TestCancelKeepsFinishedGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.dat")
	ctx, cancel := context.WithCancel(context.Background())
	cfg := quickConfig(board.Chess(), path, 0)
	done := make(chan Summary)
	go func() {
		sum, err := Run(ctx, cfg, testEngine, nil)
		require.NoError(t, err)
		done <- sum
	}()
	// Stop once a game is on disk.
	for {
		if st, err := os.Stat(path); err == nil && st.Size() > HeaderSize+GameHeadSize {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	sum := <-done
	require.Positive(t, sum.Games)
	require.Len(t, readGames(t, path), sum.Games)
}

func TestReaderSeesTornAndDamagedGames(t *testing.T) {
	g := Game{Number: 7, Result: Drawn, Termination: AdjudicatedDraw}
	p := board.DurgGame().StartPosition()
	var r Record
	require.NoError(t, p.Pack(r.Pos[:]))
	r.Score = -12
	g.Records = []Record{r, r}
	b, err := AppendGame(Header(board.DurgGame()), &g)
	require.NoError(t, err)

	rd, err := NewReader(bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	var back Game
	require.NoError(t, rd.Next(&back))
	require.Equal(t, g, back)
	require.Equal(t, io.EOF, rd.Next(&back))

	for _, bad := range [][]byte{b[:len(b)-1], b[:HeaderSize+5], flip(b, len(b)-3)} {
		rd, err := NewReader(bytes.NewReader(bad), int64(len(bad)))
		require.NoError(t, err)
		require.True(t, errors.Is(rd.Next(&back), ErrTorn))
	}
	_, err = NewReader(bytes.NewReader([]byte("PGN? no")), 7)
	require.Error(t, err)
}

func flip(b []byte, i int) []byte {
	c := bytes.Clone(b)
	c[i] ^= 0x40
	return c
}

// FuzzReader: no input panics, and every game read encodes back to the
// bytes it was read from.
func FuzzReader(f *testing.F) {
	g := Game{Number: 3, Result: WhiteWon, Termination: uint8(board.Checkmate)}
	for _, v := range board.Variants() {
		var r Record
		p := v.StartPosition()
		_ = p.Pack(r.Pos[:])
		g.Records = []Record{r}
		b, _ := AppendGame(Header(v), &g)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		rd, err := NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			return
		}
		var g Game
		at := int64(HeaderSize)
		for {
			err := rd.Next(&g)
			if errors.Is(err, corpus.ErrDamaged) {
				at = rd.Offset()
				continue
			}
			if err != nil {
				break
			}
			enc, err := AppendGame(nil, &g)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(enc, b[at:rd.Offset()]) {
				t.Fatalf("game at %d reads back as other bytes", at)
			}
			at = rd.Offset()
		}
	})
}

func TestStats(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.dat")
	_, err := Run(context.Background(), quickConfig(board.Chess(), path, 3), testEngine, nil)
	require.NoError(t, err)
	st, err := ReadStats([]string{path})
	require.NoError(t, err)
	require.Equal(t, 3, st.Games)
	sum := 0
	for _, n := range st.Scores {
		sum += n
	}
	require.Equal(t, st.Positions, sum)
	require.Equal(t, 3, st.Results[0]+st.Results[1]+st.Results[2])
	var out bytes.Buffer
	st.Print(&out)
	require.Contains(t, out.String(), "games 3")
	keys := []string{}
	for k := range st.Variants {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	require.Equal(t, []string{"chess"}, keys)
}
