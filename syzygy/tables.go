package syzygy

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Tablebase is a set of WDL tables found in some directories. A table's
// file is opened and mapped on its first probe. It is safe for concurrent
// use.
type Tablebase struct {
	files      map[string]*lazyTable // by name, e.g. "KRvKP"
	byMaterial map[uint64]string     // names by material.key(0, 1)
	maxPieces  int
}

type lazyTable struct {
	path  string
	once  sync.Once
	t     *table
	close func() error
	err   error
}

// Open finds the WDL tables (*.rtbw) in paths, directories separated as
// in PATH (os.PathListSeparator). Every directory must exist and be
// readable, and at least one table must be found. When a name is in two
// directories, the first is used.
func Open(paths string) (*Tablebase, error) {
	tb := &Tablebase{files: map[string]*lazyTable{}, byMaterial: map[uint64]string{}}
	var dirs []string
	for _, d := range filepath.SplitList(paths) {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		return nil, errors.New("syzygy: no tablebase directory given")
	}
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			return nil, fmt.Errorf("syzygy: tablebase directory: %w", err)
		}
		for _, e := range entries {
			name, ok := strings.CutSuffix(e.Name(), ".rtbw")
			if !ok || e.IsDir() {
				continue
			}
			mat, ok := parseName(name)
			if !ok || tb.files[name] != nil {
				continue
			}
			path := filepath.Join(d, e.Name())
			if err := regular(path); err != nil {
				return nil, err
			}
			tb.files[name] = &lazyTable{path: path}
			tb.byMaterial[mat.key(0, 1)] = name
			tb.maxPieces = max(tb.maxPieces, mat.pieces)
		}
	}
	if len(tb.files) == 0 {
		return nil, fmt.Errorf("syzygy: no WDL tables (*.rtbw) in %s", strings.Join(dirs, ", "))
	}
	return tb, nil
}

// MaxPieces is the most pieces (kings included) of a table found.
func (tb *Tablebase) MaxPieces() int { return tb.maxPieces }

// Tables lists the names of the tables found, sorted.
func (tb *Tablebase) Tables() []string {
	var names []string
	for n := range tb.files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Close unmaps the tables opened. The Tablebase must not be used after.
func (tb *Tablebase) Close() error {
	var first error
	for _, l := range tb.files {
		l.once.Do(func() { l.err = errors.New("syzygy: closed") })
		if l.close != nil {
			if err := l.close(); err != nil && first == nil {
				first = err
			}
			l.close = nil
		}
	}
	return first
}

// table returns the parsed table of a name, opening it on first use; nil
// and no error when there is no such table.
func (tb *Tablebase) table(name string) (*table, error) {
	l := tb.files[name]
	if l == nil {
		return nil, nil
	}
	l.once.Do(func() { l.t, l.close, l.err = load(name, l.path) })
	return l.t, l.err
}

// regular refuses a table's name that leads (also through a link) to
// something other than a regular file: opening a FIFO waits for a writer
// forever, and a device has no end.
func regular(path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("syzygy: %w", err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("syzygy: %s is not a regular file (%v)", path, info.Mode().Type())
	}
	return nil
}

func load(name, path string) (*table, func() error, error) {
	if err := regular(path); err != nil { // before opening: a FIFO blocks the open
		return nil, nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("syzygy: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, fmt.Errorf("syzygy: %w", err)
	}
	if !info.Mode().IsRegular() { // replaced since regular looked
		return nil, nil, fmt.Errorf("syzygy: %s is not a regular file (%v)", path, info.Mode().Type())
	}
	if info.Size()%64 != 16 {
		return nil, nil, corrupt("%s: size %d is not 16 more than a multiple of 64 (a cut or damaged file)", path, info.Size())
	}
	raw, unmap, err := mapFile(f, info.Size())
	if err != nil {
		return nil, nil, fmt.Errorf("syzygy: %s: %w", path, err)
	}
	t, err := parseTable(name, raw)
	if err != nil {
		if unmap != nil {
			unmap()
		}
		return nil, nil, fmt.Errorf("%w (%s)", err, path)
	}
	return t, unmap, nil
}

func readAll(f *os.File, size int64) ([]byte, func() error, error) {
	b := make([]byte, size)
	if _, err := io.ReadFull(io.NewSectionReader(f, 0, size), b); err != nil {
		return nil, nil, err
	}
	return b, nil, nil
}

// Load opens and checks every table found now, instead of at its first
// probe: an unreadable or damaged file is an error here.
func (tb *Tablebase) Load() error {
	for _, name := range tb.Tables() {
		if _, err := tb.table(name); err != nil {
			return err
		}
	}
	return nil
}
