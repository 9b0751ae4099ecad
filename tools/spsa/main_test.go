package main

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/search"
)

// On a noisy game whose best RFPMargin is 150, the tuner walks from the
// default (90) most of the way there, and LMRBase (no effect) stays near.
func TestTunerFindsTheOptimum(t *testing.T) {
	specs, err := chooseSpecs("RFPMargin,LMRBase")
	require.NoError(t, err)
	const iterations, games = 400, 16
	tr := newTuner(specs, search.DefaultParams(), iterations, 0.05)
	rng := rand.New(rand.NewPCG(7, 7))
	for k := range iterations {
		plus, minus, delta := tr.perturb(k, rng)
		pp, err := search.ParseParams(plus)
		require.NoError(t, err)
		mp, err := search.ParseParams(minus)
		require.NoError(t, err)
		// The nearer 150, the more often a side wins.
		edge := 0.004 * (math.Abs(float64(mp.RFPMargin-150)) - math.Abs(float64(pp.RFPMargin-150)))
		net := 0
		for range games {
			switch x := rng.Float64(); {
			case x < 0.3+edge:
				net++
			case x > 0.7+edge:
				net--
			}
		}
		tr.update(k, delta, net)
	}
	got := tr.current()
	require.InDelta(t, 150, got.RFPMargin, 25, "RFPMargin moved toward its optimum: %s", tr.params())
	require.InDelta(t, search.DefaultParams().LMRBase, got.LMRBase, 30, tr.params())
}

// An iteration's games are one `senapati match` with the two values as
// SearchParams options; its last score line is the result.
func TestMatchPlayer(t *testing.T) {
	dir := t.TempDir()
	argsFile := filepath.Join(dir, "args")
	engine := filepath.Join(dir, "senapati")
	script := "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + argsFile + "\n" +
		"echo 'Score of plus vs minus: 1 - 0 - 0  [1.000] 1'\necho 'Score of plus vs minus: 5 - 2 - 9  [0.594] 16'\n"
	require.NoError(t, os.WriteFile(engine, []byte(script), 0o755))
	m := matchPlayer{engine: engine, nodes: 5000, variant: "durg", concurrency: 2, pairs: 8}
	w, l, d, err := m.play("RFPMargin=100", "", 42)
	require.NoError(t, err)
	require.Equal(t, []int{5, 2, 9}, []int{w, l, d})
	args, err := os.ReadFile(argsFile)
	require.NoError(t, err)
	for _, want := range []string{"match", "option.SearchParams=RFPMargin=100", "option.SearchParams=<empty>",
		"nodes=5000", "durg", "-srand\n42", "-rounds\n8"} {
		require.Contains(t, string(args), want)
	}

	require.NoError(t, os.WriteFile(engine, []byte("#!/bin/sh\necho 'engine crashed' >&2\nexit 3\n"), 0o755))
	_, _, _, err = m.play("", "", 1)
	require.ErrorContains(t, err, "engine crashed")
}

func TestBadArguments(t *testing.T) {
	for args, want := range map[string]string{
		"-params Foo":                     `unknown parameter "Foo"`,
		"-start RFPMargin=1":              "-start: RFPMargin: 1 is outside",
		"-engine /nonexistent/senapati":   "-engine:",
		"-iterations 0 -engine /bin/true": "must be at least 1",
		"extra":                           `unexpected argument "extra"`,
	} {
		var out, errOut bytes.Buffer
		err := run(strings.Fields(args), &out, &errOut)
		require.ErrorContains(t, err, want, args)
	}
}
