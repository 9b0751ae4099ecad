package corpus

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Totals is a corpus's size by variant.
type Totals struct {
	Variant                  string
	Chunks, Games, Positions int
	Bytes                    int64 // in the chunk files
	Raw                      int64 // the games uncompressed
}

// Verify checks a data directory against its manifest: every chunk is
// there, listed once, within MaxChunkBytes, of the SHA-256, variant and
// counts the manifest gives; every chunk file is listed; and games
// decode, all of them when full is set, else the first block of each
// chunk. It returns the totals by variant and every problem found.
func Verify(dir string, full bool) ([]Totals, error) {
	entries, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	var problems []error
	bad := func(format string, a ...any) { problems = append(problems, fmt.Errorf(format, a...)) }
	listed := map[string]bool{}
	byVariant := map[string]*Totals{}
	for _, e := range entries {
		if listed[e.File] {
			bad("%s is listed twice", e.File)
			continue
		}
		listed[e.File] = true
		path := filepath.Join(dir, filepath.FromSlash(e.File))
		st, err := os.Stat(path)
		if err != nil {
			bad("%s: %v", e.File, err)
			continue
		}
		if st.Size() > MaxChunkBytes {
			bad("%s: %d bytes, more than a chunk's %d", e.File, st.Size(), MaxChunkBytes)
		}
		sum, err := FileSHA256(path)
		if err != nil {
			bad("%s: %v", e.File, err)
			continue
		}
		if sum != e.SHA256 {
			bad("%s: SHA-256 %s, the manifest says %s", e.File, sum, e.SHA256)
			continue
		}
		raw, err := verifyChunk(path, e, full)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		t := byVariant[e.Variant]
		if t == nil {
			t = &Totals{Variant: e.Variant}
			byVariant[e.Variant] = t
		}
		t.Chunks++
		t.Games += e.Games
		t.Positions += e.Positions
		t.Bytes += st.Size()
		t.Raw += raw
	}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".snpc") {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if !listed[filepath.ToSlash(rel)] {
			bad("%s is not in %s", filepath.ToSlash(rel), ManifestName)
		}
		return nil
	})
	if err != nil {
		problems = append(problems, err)
	}
	var out []Totals
	for _, t := range byVariant {
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Variant < out[j].Variant })
	return out, errors.Join(problems...)
}

func verifyChunk(path string, e Entry, full bool) (raw int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	v, blocks, err := Blocks(f, e.File)
	if err != nil {
		return 0, err
	}
	if variantName(v) != e.Variant {
		return 0, fmt.Errorf("%s holds %s games, the manifest says %s", e.File, variantName(v), e.Variant)
	}
	games, positions := 0, 0
	for _, b := range blocks {
		raw += int64(b.Raw)
		games += b.Games
		positions += b.Positions
	}
	if games != e.Games || positions != e.Positions {
		return 0, fmt.Errorf("%s: %d games and %d positions, the manifest says %d and %d", e.File, games, positions, e.Games, e.Positions)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	rd, err := NewReader(f, e.File)
	if err != nil {
		return 0, err
	}
	want := len(blocks)
	if !full && want > 0 {
		want = 1
	}
	var g Game
	readGames, readPositions, need := 0, 0, 0
	for i := 0; i < want; i++ {
		need += blocks[i].Games
	}
	for readGames < need {
		if err := rd.Next(&g); err != nil {
			return 0, err
		}
		readGames++
		readPositions += len(g.Plies)
	}
	wantPositions := 0
	for i := 0; i < want; i++ {
		wantPositions += blocks[i].Positions
	}
	if readPositions != wantPositions {
		return 0, fmt.Errorf("%s: %d positions decoded, the block headers say %d", e.File, readPositions, wantPositions)
	}
	return raw, nil
}
