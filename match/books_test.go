package match

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

// TestBooksAsPeopleHaveThem: the format comes from the file name (.pgn,
// .epd, and the same gzipped), a UTF-8 byte order mark is skipped, and
// format= still decides when given.
func TestBooksAsPeopleHaveThem(t *testing.T) {
	dir := t.TempDir()
	const epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"d4\";\n"
	const pgnBook = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n"
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		_, err := w.Write([]byte(s))
		require.NoError(t, err)
		require.NoError(t, w.Close())
		return b.Bytes()
	}
	const bom = "\ufeff"
	files := map[string][]byte{
		"book.epd":        []byte(epd),
		"book.pgn":        []byte(pgnBook),
		"bom.epd":         []byte(bom + epd),
		"bom.pgn":         []byte(bom + pgnBook),
		"book.epd.gz":     gz(epd),
		"book.pgn.gz":     gz(pgnBook),
		"bom.pgn.gz":      gz(bom + pgnBook),
		"BOOK.PGN":        []byte(pgnBook),
		"gzipped.pgn.txt": gz(pgnBook), // not named .gz, but gzip all the same
	}
	for name, data := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	for name := range files {
		t.Run(name, func(t *testing.T) {
			o := &OpeningConfig{File: filepath.Join(dir, name), Start: 1}
			if name == "gzipped.pgn.txt" {
				o.Format = "pgn"
			}
			book, err := loadOpenings(board.Chess(), o)
			require.NoError(t, err)
			require.Len(t, book, 2)
			if strings.Contains(strings.ToLower(name), "pgn") {
				require.Equal(t, []string{"e2e4", "e7e5", "g1f3"}, book[0].Moves)
			} else {
				require.Equal(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", book[0].FEN)
			}
		})
	}
	// format= decides over the name.
	_, err := loadOpenings(board.Chess(), &OpeningConfig{File: filepath.Join(dir, "book.pgn"), Format: "epd", Start: 1})
	require.ErrorContains(t, err, "line 1:")
	// A .gz file that is not gzip.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.epd.gz"), []byte(epd), 0o644))
	_, err = loadOpenings(board.Chess(), &OpeningConfig{File: filepath.Join(dir, "bad.epd.gz"), Start: 1})
	require.ErrorContains(t, err, "gzip")
}

func TestVariantStandard(t *testing.T) {
	for _, name := range []string{"standard", "Standard", "chess"} {
		cfg, err := ParseArgs([]string{"-engine", "cmd=x", "-engine", "cmd=y", "-each", "depth=1", "-variant", name})
		require.NoError(t, err, name)
		require.Equal(t, board.Chess(), cfg.Variant)
	}
}

// TestUndeclaredOptionWarning: an option the engine did not declare in its
// uci answer is sent all the same, with one warning per engine.
func TestUndeclaredOptionWarning(t *testing.T) {
	args := append(fake("A", "legal"), "option.Hash=16", "option.UCI_Variant=chess")
	args = append(args, fake("B", "legal")...)
	_, errOut, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "option.Threads=1", "restart=on",
		"-games", "4", "-maxmoves", "1", "-concurrency", "2")...)
	require.NoError(t, err)
	require.Equal(t, "Warning: A does not declare option Hash in its uci answer (it declares UCI_Variant); sent all the same\n"+
		"Warning: A does not declare option Threads in its uci answer (it declares UCI_Variant); sent all the same\n"+
		"Warning: B does not declare option Threads in its uci answer (it declares UCI_Variant); sent all the same\n", sortLines(errOut))
}

func sortLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	slices.Sort(lines)
	return strings.Join(lines, "")
}

// TestBooksRefusedWithAMessage: a book that is not a regular file (a FIFO
// waited for a writer forever), one that unzips beyond what a book may
// hold (a small gzip file unzipped to gigabytes ran the runner out of
// memory), and a Polyglot book with no move for the start position (every
// game began without an opening) are refused, each with its reason.
func TestBooksRefusedWithAMessage(t *testing.T) {
	dir := t.TempDir()
	load := func(name string) error {
		done := make(chan error, 1)
		go func() {
			o := &OpeningConfig{File: filepath.Join(dir, name), Start: 1}
			var err error
			if bookFormat(o, nil) == "bin" {
				var book []polyglotEntry
				if book, err = readPolyglot(o.File); err == nil {
					_, err = polyglotOpenings(board.Chess(), book, 2, 8, 1, true, 1)
				}
			} else {
				_, err = loadOpenings(board.Chess(), o)
			}
			done <- err
		}()
		select {
		case err := <-done:
			return err
		case <-time.After(20 * time.Second):
			t.Fatalf("reading %s does not end", name)
			return nil
		}
	}
	for _, name := range []string{"fifo.bin", "fifo.epd"} {
		path := filepath.Join(dir, name)
		makeFIFO(t, path)
		defer unblockFIFO(path)
		require.ErrorContains(t, load(name), path+" is not a regular file", name)
	}

	// Gzip bombs: 64 gzip members of 1 MiB of line breaks each (a gzip
	// reader reads them as one stream), 64 MiB from a few kB; with the
	// limit set to 1 MiB for the test (1 GiB in a match).
	defer func(was int64) { maxBookBytes = was }(maxBookBytes)
	maxBookBytes = 1 << 20
	var member bytes.Buffer
	z := gzip.NewWriter(&member)
	_, err := z.Write(bytes.Repeat([]byte("\n"), 1<<20))
	require.NoError(t, err)
	require.NoError(t, z.Close())
	bomb := bytes.Repeat(member.Bytes(), 64)
	for _, name := range []string{"bomb.bin.gz", "bomb.epd.gz", "bomb.pgn.gz"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), bomb, 0o644))
		require.ErrorContains(t, load(name), "more than the 1 MiB a book may hold", name)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "big.bin"), make([]byte, 2<<20), 0o644))
	require.ErrorContains(t, load("big.bin"), "more than the 1 MiB a book may hold")

	// A Polyglot book of one entry, for a position after 1. e4 only.
	after := writeBook(t, board.Chess(), []bookEntry{{"e2e4", "e7e5", 1}})
	data, err := os.ReadFile(after)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "nostart.bin"), data, 0o644))
	require.ErrorContains(t, load("nostart.bin"), "no move for the start position")
	empty := filepath.Join(dir, "empty.epd")
	require.NoError(t, os.WriteFile(empty, []byte("# only a comment\n"), 0o644))
	require.ErrorContains(t, load("empty.epd"), "no opening")
}
