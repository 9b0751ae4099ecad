package tune

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
)

// fakeAnalyst writes a UCI engine (a shell script) that scores every
// position +200 for White, from the side to move's view, and a mate for
// the side to move when the FEN has a white king on a8.
func fakeAnalyst(t *testing.T) string {
	script := `#!/bin/sh
while read -r line; do
	case "$line" in
	uci) echo "id name fake"; echo uciok ;;
	isready) echo readyok ;;
	"position fen K"*) mate=1 ;;
	"position fen "*" w "*) cp=200; mate= ;;
	"position fen "*) cp=-200; mate= ;;
	go*) if [ -n "$mate" ]; then echo "info depth 1 score mate 2 pv a8a7"; else echo "info depth 1 score cp $cp pv a2a3"; fi
	     echo "bestmove a2a3" ;;
	quit) exit 0 ;;
	esac
done
`
	name := filepath.Join(t.TempDir(), "fake.sh")
	require.NoError(t, os.WriteFile(name, []byte(script), 0o755))
	return name
}

// The engine's view becomes White's expected score whoever is to move,
// blended with the old label as asked, in input order with several
// engines at once.
func TestLabelPositions(t *testing.T) {
	var in []sample
	for i, fen := range []string{
		"4k3/8/8/8/8/8/8/3RK3 w - - 0 1",
		"4k3/8/8/8/8/8/8/3RK3 b - - 0 1",
		"K3k3/8/8/8/8/8/8/3R4 b - - 0 1",
		"4k3/pp6/8/8/8/8/6PP/4K3 w - - 0 1",
	} {
		p, err := board.ParseFEN(board.Chess(), fen)
		require.NoError(t, err)
		in = append(in, sample{pos: p, result: float64(i % 2)})
	}
	var out, progress bytes.Buffer
	n, err := labelPositions(context.Background(), board.Chess(), in, &out, labelOptions{engine: []string{"cmd=" + fakeAnalyst(t)},
		goCmd: "go depth 1", limit: 5 * time.Second, blend: 0.5, scale: 400, concurrency: 3, progress: &progress})
	require.NoError(t, err)
	assert.Equal(t, 4, n)
	got, err := readPositions(board.Chess(), strings.NewReader(out.String()))
	require.NoError(t, err)
	require.Len(t, got, 4)
	plus200 := 1 / (1 + 1/3.1622776601683795) // 1/(1+10^(-200/400))
	want := []float64{0.5 * plus200, 0.5 + 0.5*plus200, 0, 0.5 + 0.5*plus200}
	for i := range got {
		assert.Equal(t, in[i].pos.FEN(), got[i].pos.FEN())
		assert.InDelta(t, want[i], got[i].result, 1e-4, "position %d", i+1)
	}
	assert.Contains(t, progress.String(), "labelled 4 of 4 positions")
}

func TestLabelMainErrors(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "in.epd")
	require.NoError(t, os.WriteFile(epd, []byte("4k3/8/8/8/8/8/8/3RK3 w - - 0 1 [0.5]\n"), 0o644))
	out := filepath.Join(dir, "out.epd")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-engine", "cmd=/nonexistent/engine", "-out", out, epd}, "cannot start /nonexistent/engine"},
		{[]string{"-engine", "cmd=" + fakeAnalyst(t), "-blend", "2", "-out", out, epd}, "-blend needs 0 to 1"},
		{[]string{"-engine", "cmd=" + fakeAnalyst(t), "-variant", "durg", "-out", out, epd}, "durg needs 9"},
		{[]string{"-engine", "bogus", "-out", out, epd}, "not key=value"},
		{[]string{"-engine", "cmd=" + fakeAnalyst(t), "-out", out}, "usage: senapati label"},
	} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, LabelMain(c.args, &stdout, &stderr), c.args)
		assert.Contains(t, stderr.String(), c.want, c.args)
	}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, LabelMain([]string{"-engine", "cmd=" + fakeAnalyst(t), "-out", out, epd}, &stdout, &stderr), stderr.String())
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "4k3/8/8/8/8/8/8/3RK3 w - - 0 1 [0.7597]\n", string(b))
}
