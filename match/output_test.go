package match

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// failingFile writes to a real file until it has taken writes writes,
// then fails every write without writing, as a full disk does.
type failingFile struct {
	mu     sync.Mutex
	w      io.WriteCloser
	writes int
}

func (f *failingFile) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.writes == 0 {
		return 0, errors.New("no space left on device (test)")
	}
	f.writes--
	return f.w.Write(p)
}

func (f *failingFile) Close() error { return f.w.Close() }

// failAfter makes the outputs named in writes fail after that many writes.
func failAfter(t *testing.T, writes map[string]int) {
	t.Helper()
	t.Cleanup(func() { openOutput = appendFile })
	openOutput = func(name string) (io.WriteCloser, error) {
		f, err := appendFile(name)
		if n, ok := writes[filepath.Base(name)]; ok && err == nil {
			return &failingFile{w: f, writes: n}, nil
		}
		return f, err
	}
}

// TestOutputErrorsStopTheRun: when -pgnout, -epdout or -log cannot be
// written the match stops with an error that says which file and why,
// starts no further game, and keeps what was written before.
func TestOutputErrorsStopTheRun(t *testing.T) {
	args := append(fake("A", "legal"), fake("B", "legal")...)
	args = append(args, "-each", "depth=1", "-games", "6", "-maxmoves", "2")
	cases := []struct {
		name, flag string
		flagArgs   []string
		writes     int    // before the failure
		kept       string // what the file holds afterwards, counted by
		want       int
	}{
		{"pgn", "-pgnout", nil, 2, "[Event ", 2},
		{"epd", "-epdout", nil, 3, "\n", 3},
		// Each game logs two lines at level info before it finishes
		// ("Started", "Finished"), and one more score line.
		{"log", "-log", []string{"level=info"}, 4, "\n", 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "out."+c.name)
			failAfter(t, map[string]int{"out." + c.name: c.writes})
			flag := append([]string{c.flag, "file=" + file}, c.flagArgs...)
			out, _, err := runMatch(t, context.Background(), append(args, flag...)...)
			require.EqualError(t, err, c.flag+": cannot write "+file+": no space left on device (test)")
			require.Regexp(t, `\nMatch stopped after \d of 6 games: `+c.flag+`: cannot write `, out)
			require.NotContains(t, out, "Started game 6 ")
			require.Equal(t, c.want, strings.Count(readFile(t, file), c.kept))
		})
	}
}
