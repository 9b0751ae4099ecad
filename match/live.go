package match

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"senapati/board"
)

// livePGN is -livepgnout: a file that shows the games in progress, each
// worker's game as it stands after its latest move, rewritten after every
// move. A finished game stays, with its result, until its worker starts
// the next one. The file is replaced whole (a temporary file renamed over
// it), so that a viewer polling it never reads half a game; it is not
// synced, being a view and not the record (-pgnout is).
type livePGN struct {
	mu      sync.Mutex
	path    string
	minimal bool
	event   string
	site    string
	worker  map[int]int    // game number -> its worker
	games   map[int]string // worker -> its game's PGN
	workers int
	out     *printer
	failed  bool
}

func parseLivePGN(vals []string, cfg *Config) error {
	file, err := fileArg("livepgnout", vals, func(key, value string, bare bool) error {
		switch {
		case bare && key == "min":
			cfg.LivePGNMin = true
		case !bare && key == "min":
			var err error
			cfg.LivePGNMin, err = boolArg("livepgnout", key, value)
			return err
		default:
			return fmt.Errorf("-livepgnout: unknown option %q (known: file, min)", key)
		}
		return nil
	})
	cfg.LivePGN = file
	return err
}

func newLivePGN(cfg *Config, out *printer) *livePGN {
	if cfg.LivePGN == "" {
		return nil
	}
	return &livePGN{path: cfg.LivePGN, minimal: cfg.LivePGNMin, event: cfg.Event, site: cfg.Site,
		worker: map[int]int{}, games: map[int]string{}, out: out}
}

// begin says that worker w starts game number n.
func (l *livePGN) begin(w, n int) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.worker[n] = w
	l.workers = max(l.workers, w+1)
}

// update shows the game as it stands (ongoing or finished).
func (l *livePGN) update(r *gameResult) {
	if l == nil {
		return
	}
	view := *r
	if view.result == board.Ongoing { // the tag the standard has for it
		view.termination = "unterminated"
	}
	text := view.pgn(l.event, l.site, l.minimal)
	l.mu.Lock()
	defer l.mu.Unlock()
	w := l.worker[r.spec.number]
	l.games[w] = text
	var b strings.Builder
	for i := range l.workers {
		b.WriteString(l.games[i])
	}
	if err := replaceFile(l.path, b.String()); err != nil && !l.failed {
		l.failed = true // a view: the match goes on without it
		l.out.warn("Warning: -livepgnout: cannot write %s: %v; the match goes on without it", l.path, err)
	}
}

// replaceFile writes path anew through a temporary file renamed over it.
func replaceFile(path, text string) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
