package datagen

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"senapati/board"
	"senapati/corpus"
)

// CorpusCommand is `senapati corpus`: add datagen files to the training
// corpus in data/, or verify it (docs/corpus.md).
func CorpusCommand(args []string, stdout, stderr io.Writer) int {
	usage := "usage: senapati corpus add -nodes N -seed S -source TEXT [-data DIR] [-shards I/N] FILE...\n       senapati corpus verify [-data DIR] [-full]"
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	switch args[0] {
	case "add":
		return corpusAdd(args[1:], stdout, stderr)
	case "verify":
		return corpusVerify(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "corpus: unknown command %q\n%s\n", args[0], usage)
	return 2
}

func corpusVerify(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("corpus verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("data", "data", "the corpus's directory")
	full := fs.Bool("full", false, "decode every game (else the first block of each chunk)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	totals, err := corpus.Verify(*dir, *full)
	PrintTotals(stdout, totals)
	if err != nil {
		fmt.Fprintln(stderr, "corpus verify:", err)
		return 1
	}
	return 0
}

// PrintTotals prints a corpus's size by variant.
func PrintTotals(w io.Writer, totals []corpus.Totals) {
	var all corpus.Totals
	for _, t := range totals {
		per := func(b int64) float64 { return float64(b) / float64(max(t.Positions, 1)) }
		fmt.Fprintf(w, "%-12s %3d chunks %8d games %10d positions %7.1f MB, a position %.2f bytes (%.2f uncompressed)\n",
			t.Variant, t.Chunks, t.Games, t.Positions, float64(t.Bytes)/1e6, per(t.Bytes), per(t.Raw))
		all.Chunks += t.Chunks
		all.Games += t.Games
		all.Positions += t.Positions
		all.Bytes += t.Bytes
	}
	fmt.Fprintf(w, "%-12s %3d chunks %8d games %10d positions %7.1f MB\n", "all", all.Chunks, all.Games, all.Positions, float64(all.Bytes)/1e6)
}

func corpusAdd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("corpus add", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("data", "data", "the corpus's directory")
	nodes := fs.Int("nodes", 0, "nodes a move the games were played at (datagen -nodes)")
	seed := fs.Uint64("seed", 0, "datagen -seed of the files")
	shards := fs.String("shards", "1/1", "datagen -shard values of the files")
	source := fs.String("source", "", "what made the games, e.g. \"main f732d61\"")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || *nodes <= 0 || *seed == 0 || *source == "" {
		fmt.Fprintln(stderr, "corpus add: -nodes, -seed, -source and at least one datagen file are needed")
		return 2
	}
	if strings.ContainsAny(*source+*shards, "\t\n") {
		fmt.Fprintln(stderr, "corpus add: -source and -shards may not hold tabs or newlines")
		return 2
	}
	added, err := AddToCorpus(*dir, fs.Args(), corpus.Entry{Nodes: *nodes, Seed: *seed, Shards: *shards, Source: *source}, stderr)
	for _, e := range added {
		fmt.Fprintf(stdout, "added %s: %d games, %d positions\n", e.File, e.Games, e.Positions)
	}
	if err != nil {
		fmt.Fprintln(stderr, "corpus add:", err)
		return 1
	}
	if len(added) == 0 {
		fmt.Fprintln(stdout, "corpus add: no new games (all already in the corpus)")
	}
	return 0
}

// AddToCorpus converts the games of datagen files (one variant, one run:
// meta's nodes, seed and shards) that the corpus lacks into new chunks in
// dir, checks that the chunks read back to the same records, and lists
// them in the manifest. A game is new when no chunk of the same variant
// and seed holds its number; a torn last game is left out.
func AddToCorpus(dir string, files []string, meta corpus.Entry, progress io.Writer) ([]corpus.Entry, error) {
	var v *board.Variant
	for _, path := range files {
		rd, f, err := Open(path)
		if err != nil {
			return nil, err
		}
		f.Close()
		if _, ok := rd.(*Reader); !ok {
			return nil, fmt.Errorf("%s is a corpus chunk already", path)
		}
		if v != nil && rd.Variant() != v {
			return nil, fmt.Errorf("%s holds %s games, %s %s", path, rd.Variant().Name(), files[0], v.Name())
		}
		v = rd.Variant()
	}
	entries, err := corpus.ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	name := v.Name()
	have := map[uint64]bool{}
	prefix := fmt.Sprintf("%s/%s-%dn-s%d", name, name, meta.Nodes, meta.Seed)
	first := 0
	for _, e := range entries {
		if strings.HasPrefix(e.File, prefix+"-") {
			first++
		}
		if e.Variant != name || e.Seed != meta.Seed {
			continue
		}
		if err := eachGame([]string{filepath.Join(dir, filepath.FromSlash(e.File))}, nil, func(g *Game) error {
			have[g.Number] = true
			return nil
		}, nil); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
		return nil, err
	}
	w := corpus.NewChunkWriter(v, filepath.Join(dir, filepath.FromSlash(prefix)), first)
	conv := NewConverter(v)
	var cg corpus.Game
	fresh := func(g *Game) bool { return !have[g.Number] }
	converted := 0
	err = eachGame(files, fresh, func(g *Game) error {
		if err := conv.Convert(g, &cg); err != nil {
			return err
		}
		converted++
		if converted%20000 == 0 && progress != nil {
			fmt.Fprintf(progress, "corpus add: %d games converted\n", converted)
		}
		return w.Add(&cg)
	}, func(err error) {
		if progress != nil {
			fmt.Fprintf(progress, "corpus add: skipped %v\n", err)
		}
	})
	written, closeErr := w.Close()
	if err = errors.Join(err, closeErr); err == nil {
		err = sameGames(files, fresh, written)
	}
	if err != nil {
		for _, c := range written {
			os.Remove(c.Path)
		}
		return nil, err
	}
	var added []corpus.Entry
	for _, c := range written {
		rel, _ := filepath.Rel(dir, c.Path)
		e := meta
		e.File, e.Variant, e.Games, e.Positions, e.SHA256 = filepath.ToSlash(rel), name, c.Games, c.Positions, c.SHA256
		added = append(added, e)
	}
	return added, corpus.AppendManifest(dir, added)
}

// eachGame hands every whole game of the files that keep accepts (nil:
// all) to fn; a torn last game is skipped, and so is a damaged block when
// skipped is set (it hears of it; else the damage is an error).
func eachGame(files []string, keep func(*Game) bool, fn func(*Game) error, skipped func(error)) error {
	var g Game
	for _, path := range files {
		rd, f, err := Open(path)
		if err != nil {
			return err
		}
		for {
			err = rd.Next(&g)
			if skipped != nil && errors.Is(err, corpus.ErrDamaged) {
				skipped(err)
				continue
			}
			if err != nil {
				break
			}
			if keep != nil && !keep(&g) {
				continue
			}
			if err = fn(&g); err != nil {
				break
			}
		}
		f.Close()
		if err != nil && err != io.EOF && !errors.Is(err, ErrTorn) {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return nil
}

// sameGames checks that the chunks give back the kept games of the files,
// record for record.
func sameGames(files []string, keep func(*Game) bool, chunks []corpus.WrittenChunk) error {
	var paths []string
	for _, c := range chunks {
		paths = append(paths, c.Path)
	}
	got := make(chan *Game, 64)
	readErr := make(chan error, 1)
	go func() {
		defer close(got)
		readErr <- eachGame(paths, nil, func(g *Game) error {
			c := *g
			c.Records = append([]Record(nil), g.Records...)
			got <- &c
			return nil
		}, nil)
	}()
	err := eachGame(files, keep, func(want *Game) error {
		g, ok := <-got
		if !ok {
			return fmt.Errorf("game %d is missing from the chunks", want.Number)
		}
		if g.Number != want.Number || g.Result != want.Result || g.Termination != want.Termination || len(g.Records) != len(want.Records) {
			return fmt.Errorf("game %d reads back as game %d (%d positions, result %d, ending %d; wrote %d, %d, %d)",
				want.Number, g.Number, len(g.Records), g.Result, g.Termination, len(want.Records), want.Result, want.Termination)
		}
		for i := range g.Records {
			if g.Records[i] != want.Records[i] {
				return fmt.Errorf("game %d, position %d reads back differently", want.Number, i)
			}
		}
		return nil
	}, func(error) {})
	for range got { // let the reader finish
	}
	return errors.Join(err, <-readErr)
}
