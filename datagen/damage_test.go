package datagen

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/corpus"
)

// thirtyGames is a data file of 30 games of two to four positions, and
// the offset of each game's block.
func thirtyGames(t *testing.T) ([]byte, []int) {
	v := board.Chess()
	p := v.StartPosition()
	var r Record
	require.NoError(t, p.Pack(r.Pos[:]))
	b := Header(v)
	var at []int
	for n := 0; n < 30; n++ {
		at = append(at, len(b))
		g := Game{Number: uint64(n), Result: Drawn, Termination: AdjudicatedDraw}
		for i := 0; i < 2+n%3; i++ {
			r.Score = int16(n*10 + i)
			g.Records = append(g.Records, r)
		}
		var err error
		b, err = AppendGame(b, &g)
		require.NoError(t, err)
	}
	return b, at
}

// readAll reads every game it can, listing the game numbers read and the
// damage met; it fails on a torn end or any other error.
func readAll(t *testing.T, b []byte) (numbers []uint64, damage []error) {
	rd, err := NewReader(bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	var g Game
	for {
		err := rd.Next(&g)
		if err == io.EOF {
			return
		}
		if errors.Is(err, corpus.ErrDamaged) {
			damage = append(damage, err)
			continue
		}
		require.NoError(t, err)
		numbers = append(numbers, g.Number)
	}
}

func allBut(skip int) []uint64 {
	var out []uint64
	for n := 0; n < 30; n++ {
		if n != skip {
			out = append(out, uint64(n))
		}
	}
	return out
}

// TestDamageInTheMiddleIsNotATornEnd: a flipped bit inside game 16's
// records, or a record count of 65535 in game 3's header, costs that game
// only: the reader names it and its offset and reads the rest, and a
// resumed run keeps every intact game.
func TestDamageInTheMiddleIsNotATornEnd(t *testing.T) {
	b, at := thirtyGames(t)

	flipped := bytes.Clone(b)
	flipped[at[15]+GameHeadSize+7] ^= 0x10
	numbers, damage := readAll(t, flipped)
	require.Equal(t, allBut(15), numbers)
	require.Len(t, damage, 1)
	require.Contains(t, damage[0].Error(), "game 16 at offset")
	require.Contains(t, damage[0].Error(), "fails its checksum")

	counted := bytes.Clone(b)
	binary.LittleEndian.PutUint16(counted[at[2]+8:], 0xFFFF)
	numbers, damage = readAll(t, counted)
	require.Equal(t, allBut(2), numbers)
	require.Len(t, damage, 1)
	require.Contains(t, damage[0].Error(), "game 3 at offset")

	// Resume keeps the 29 intact games and plays the lost one again.
	path := filepath.Join(t.TempDir(), "d.dat")
	require.NoError(t, os.WriteFile(path, flipped, 0o644))
	f, done, dropped, err := openForAppend(path, board.Chess())
	require.NoError(t, err)
	f.Close()
	require.Zero(t, dropped)
	require.Len(t, done, 29)
	require.False(t, done[15])
	st, err := ReadStats([]string{path})
	require.NoError(t, err)
	require.Equal(t, 29, st.Games)
	require.Len(t, st.Damaged, 1)

	// A torn last game is still a torn end, cut on resume.
	torn := b[:len(b)-10]
	numbers, damage = func() ([]uint64, []error) {
		rd, err := NewReader(bytes.NewReader(torn), int64(len(torn)))
		require.NoError(t, err)
		var g Game
		var got []uint64
		for {
			err := rd.Next(&g)
			if err != nil {
				require.ErrorIs(t, err, ErrTorn)
				require.Equal(t, int64(at[29]), rd.Offset())
				return got, nil
			}
			got = append(got, g.Number)
		}
	}()
	require.Len(t, numbers, 29)
	require.Empty(t, damage)
}

func TestHeaderChecksum(t *testing.T) {
	b, _ := thirtyGames(t)
	renamed := bytes.Clone(b)
	copy(renamed[7:], "durg\x00")
	_, err := NewReader(bytes.NewReader(renamed), int64(len(renamed)))
	require.ErrorContains(t, err, "header fails its checksum")

	// Version 1 had no checksum: still read.
	v1 := bytes.Clone(b)
	v1[4] = 1
	clear(v1[headerCRCAt:HeaderSize])
	numbers, damage := readAll(t, v1)
	require.Len(t, numbers, 30)
	require.Empty(t, damage)
}
