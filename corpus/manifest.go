package corpus

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"senapati/board"
)

// ManifestName is the corpus's list of chunks, in the data directory.
const ManifestName = "MANIFEST"

// Entry is one chunk in the manifest.
type Entry struct {
	File      string // relative to the data directory, with slashes
	Variant   string
	Games     int
	Positions int
	Nodes     int    // nodes a move of the search that played and scored
	Seed      uint64 // datagen's -seed: with the game number, the opening
	Shards    string // datagen's -shard values that made it, e.g. "1/1"
	SHA256    string
	Source    string // what made it: the commit, a converted file
}

var manifestColumns = []string{"file", "variant", "games", "positions", "nodes", "seed", "shards", "sha256", "source"}

const manifestHead = "# Senapati's training corpus (docs/corpus.md): one chunk a line, tab-separated.\n"

// ReadManifest reads dir's manifest (none yet: no entries).
func ReadManifest(dir string) ([]Entry, error) {
	f, err := os.Open(filepath.Join(dir, ManifestName))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseManifest(f, filepath.Join(dir, ManifestName))
}

func parseManifest(r io.Reader, name string) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != len(manifestColumns) {
			return nil, fmt.Errorf("%s:%d: %d fields, want %d (%s)", name, line, len(f), len(manifestColumns), strings.Join(manifestColumns, ", "))
		}
		e := Entry{File: f[0], Variant: f[1], Shards: f[6], SHA256: f[7], Source: f[8]}
		var errs [4]error
		e.Games, errs[0] = strconv.Atoi(f[2])
		e.Positions, errs[1] = strconv.Atoi(f[3])
		e.Nodes, errs[2] = strconv.Atoi(f[4])
		e.Seed, errs[3] = strconv.ParseUint(f[5], 10, 64)
		if err := errors.Join(errs[:]...); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if len(e.SHA256) != 64 {
			return nil, fmt.Errorf("%s:%d: sha256 %q is not 64 hex digits", name, line, e.SHA256)
		}
		if strings.Contains(e.File, "..") || filepath.IsAbs(e.File) {
			return nil, fmt.Errorf("%s:%d: file %q is outside the data directory", name, line, e.File)
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

// AppendManifest adds entries to dir's manifest, writing its head first
// when it is new.
func AppendManifest(dir string, entries []Entry) error {
	path := filepath.Join(dir, ManifestName)
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if errors.Is(statErr, os.ErrNotExist) {
		w.WriteString(manifestHead)
		w.WriteString("# " + strings.Join(manifestColumns, "\t") + "\n")
	}
	for _, e := range entries {
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n", e.File, e.Variant, e.Games, e.Positions, e.Nodes, e.Seed, e.Shards, e.SHA256, e.Source)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// FileSHA256 is the hex SHA-256 of a file.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// ChunkWriter writes games into numbered chunk files PREFIX-NNN.snpc,
// starting a new file before one would pass MaxChunkBytes.
type ChunkWriter struct {
	bw       *BlockWriter
	prefix   string
	next     int // number of the next file
	maxBytes int
	f        *os.File
	path     string
	size     int
	games    int
	pos      int
	done     []WrittenChunk
}

// WrittenChunk is a finished chunk file.
type WrittenChunk struct {
	Path             string
	Games, Positions int
	SHA256           string
}

// NewChunkWriter writes v's games to PREFIX-NNN.snpc, NNN from first;
// existing files are never overwritten.
func NewChunkWriter(v *board.Variant, prefix string, first int) *ChunkWriter {
	return &ChunkWriter{bw: NewBlockWriter(v), prefix: prefix, next: first, maxBytes: MaxChunkBytes}
}

// Add writes g.
func (w *ChunkWriter) Add(g *Game) error {
	full, err := w.bw.Add(g)
	if err != nil || !full {
		return err
	}
	return w.writeBlock()
}

func (w *ChunkWriter) writeBlock() error {
	games, positions := w.bw.games, w.bw.positions
	blk := w.bw.Flush()
	if blk == nil {
		return nil
	}
	if w.f != nil && w.size+len(blk) > w.maxBytes {
		if err := w.closeFile(); err != nil {
			return err
		}
	}
	if w.f == nil {
		w.path = fmt.Sprintf("%s-%03d.snpc", w.prefix, w.next)
		w.next++
		f, err := os.OpenFile(w.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		w.f, w.size, w.games, w.pos = f, 0, 0, 0
		h := ChunkHeader(w.bw.v)
		if _, err := f.Write(h); err != nil {
			return err
		}
		w.size += len(h)
	}
	if _, err := w.f.Write(blk); err != nil {
		return err
	}
	w.size += len(blk)
	w.games += games
	w.pos += positions
	return nil
}

func (w *ChunkWriter) closeFile() error {
	if err := w.f.Sync(); err != nil {
		return err
	}
	if err := w.f.Close(); err != nil {
		return err
	}
	w.f = nil
	sum, err := FileSHA256(w.path)
	if err != nil {
		return err
	}
	w.done = append(w.done, WrittenChunk{Path: w.path, Games: w.games, Positions: w.pos, SHA256: sum})
	return nil
}

// Close writes the open block and closes the file; it returns every
// chunk written.
func (w *ChunkWriter) Close() ([]WrittenChunk, error) {
	if err := w.writeBlock(); err != nil {
		return w.done, err
	}
	if w.f != nil {
		if err := w.closeFile(); err != nil {
			return w.done, err
		}
	}
	return w.done, nil
}
