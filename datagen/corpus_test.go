package datagen

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/corpus"
)

// allGames reads a data file of either format, in order.
func allGames(t *testing.T, path string) []Game {
	rd, f, err := Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []Game
	for {
		var g Game
		err := rd.Next(&g)
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		out = append(out, g)
	}
}

// TestCorpusAddKeepsEveryRecord converts self-play files of each game into
// corpus chunks and reads back every record, score, flag and result; a
// second add of the same files adds nothing, and a torn last game is left
// out.
func TestCorpusAddKeepsEveryRecord(t *testing.T) {
	for _, v := range board.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			dir := t.TempDir()
			raw := filepath.Join(dir, "run.dat")
			cfg := quickConfig(v, raw, 4)
			cfg.Seed = 77
			_, err := Run(context.Background(), cfg, testEngine, nil)
			require.NoError(t, err)
			want := allGames(t, raw)
			require.Len(t, want, 4)

			// A torn last game, as an interrupted run leaves.
			b, err := os.ReadFile(raw)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(raw, append(b, bytes.Repeat([]byte{0xFF}, 30)...), 0o644))

			data := filepath.Join(dir, "data")
			meta := corpus.Entry{Nodes: 300, Seed: 77, Shards: "1/1", Source: "test"}
			added, err := AddToCorpus(data, []string{raw}, meta, nil)
			require.NoError(t, err)
			require.Len(t, added, 1)
			require.Equal(t, v.Name()+"/"+v.Name()+"-300n-s77-000.snpc", added[0].File)
			got := allGames(t, filepath.Join(data, added[0].File))
			require.Equal(t, len(want), len(got))
			positions := 0
			for i := range want {
				require.Equal(t, want[i].Number, got[i].Number)
				require.Equal(t, want[i].Result, got[i].Result)
				require.Equal(t, want[i].Termination, got[i].Termination)
				require.Equal(t, want[i].Records, got[i].Records, "game %d", want[i].Number)
				positions += len(want[i].Records)
			}
			require.Equal(t, positions, added[0].Positions)

			again, err := AddToCorpus(data, []string{raw}, meta, nil)
			require.NoError(t, err)
			require.Empty(t, again)

			totals, err := corpus.Verify(data, true)
			require.NoError(t, err)
			require.Equal(t, []corpus.Totals{{Variant: v.Name(), Chunks: 1, Games: 4, Positions: positions, Bytes: totals[0].Bytes, Raw: totals[0].Raw}}, totals)
			st, err := ReadStats([]string{filepath.Join(data, added[0].File)})
			require.NoError(t, err)
			require.Equal(t, positions, st.Positions)
		})
	}
}

func TestCorpusCommandRefusesBadUse(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		nil,
		{"frob"},
		{"add", "-data", dir, "x.dat"},
		{"add", "-data", dir, "-nodes", "5", "-seed", "3", "-source", "t", filepath.Join(dir, "missing.dat")},
		{"verify", "-data", dir, "-bogus"},
	} {
		var out, errb strings.Builder
		code := CorpusCommand(args, &out, &errb)
		require.NotZero(t, code, "%v", args)
		require.NotEmpty(t, errb.String(), "%v", args)
	}
}
