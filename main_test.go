package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBenchCLI(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, 0, run([]string{"bench", "2", "1", "1", "durg"}, nil, &out, &errOut))
	assert.Empty(t, errOut.String())
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	assert.Regexp(t, `^Nodes searched: \d+$`, lines[len(lines)-2])
	assert.Regexp(t, `^Nodes/second: \d+$`, lines[len(lines)-1])

	for _, bad := range [][]string{{"bench", "deep"}, {"bench", "3", "1", "0"}, {"bench", "3", "1", "16", "go"}} {
		out.Reset()
		errOut.Reset()
		assert.Equal(t, 2, run(bad, nil, &out, &errOut), "%q", bad)
		assert.Empty(t, out.String())
		assert.Contains(t, errOut.String(), "bench:")
	}
}
