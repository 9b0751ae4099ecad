package perft

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/testlong"
)

// The Chess960 suites: every start position, and the Chess Programming
// Wiki's 960 positions from games (sources in the files' headers), at the
// depths chess960Depths gives; -chess960-depth N takes all of them to
// depth N (6, the most the files hold: hours).
var chess960Depth = flag.Int("chess960-depth", 0, "perft depth for all 960 positions of each Chess960 suite (0: the quick default)")

type epdCase struct {
	fen    string
	counts []uint64 // depth 1, 2, ...
}

func readEPD(t *testing.T, path string) []epdCase {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var cases []epdCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, ";")
		c := epdCase{fen: strings.TrimSpace(parts[0])}
		for d, p := range parts[1:] {
			var depth int
			var n uint64
			_, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &depth, &n)
			require.NoError(t, err, line)
			require.Equal(t, d+1, depth, line)
			c.counts = append(c.counts, n)
		}
		cases = append(cases, c)
	}
	require.NoError(t, sc.Err())
	return cases
}

// checkSuite runs perft on every case at the depth depthOf gives it (0:
// none), the cases shared out over the cores.
func checkSuite(t *testing.T, cases []epdCase, depthOf func(i int) int) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c := cases[i]
				p, err := board.ParseFEN(board.Chess960(), c.fen)
				d := min(depthOf(i), len(c.counts))
				var got uint64
				if err == nil {
					got = Count(&p, d)
				}
				if err != nil || got != c.counts[d-1] {
					mu.Lock()
					failures = append(failures, fmt.Sprintf("%s: depth %d: got %d, want %d (%v)", c.fen, d, got, c.counts[d-1], err))
					mu.Unlock()
				}
			}
		}()
	}
	for i := range cases {
		if depthOf(i) > 0 {
			next <- i
		}
	}
	close(next)
	wg.Wait()
	require.Empty(t, failures)
}

// chess960Depths is the depth of each line of a suite. With the long
// suites on (testlong), all of them at depth 5 (about 4 minutes of CPU
// for both suites), and the start positions' every 32nd line at depth 6
// instead (deep 6). By default a sample of a few seconds of CPU a suite:
// every line at depth all and every every-th at depth 5 (a fixed rule,
// so a failure reproduces); with -short all at depth 3.
func chess960Depths(t *testing.T, deep, all, every int) func(i int) int {
	switch {
	case *chess960Depth > 0:
		return func(int) int { return *chess960Depth }
	case testlong.Enabled():
		return func(i int) int {
			if deep > 5 && i%32 == 0 {
				return deep
			}
			return 5
		}
	case testing.Short():
		testlong.Sample(t, "all 960 at depth 3 (-short)")
		return func(int) int { return 3 }
	}
	testlong.Sample(t, fmt.Sprintf("all 960 at depth %d, every %dth line at depth 5", all, every))
	return func(i int) int {
		if i%every == 0 {
			return 5
		}
		return all
	}
}

func TestChess960StartPositions(t *testing.T) {
	cases := readEPD(t, "testdata/chess960-start.epd")
	require.Len(t, cases, 960)
	checkSuite(t, cases, chess960Depths(t, 6, 4, 48))
}

func TestChess960CPWPositions(t *testing.T) {
	cases := readEPD(t, "testdata/chess960-cpw.epd")
	require.Len(t, cases, 960)
	// Their trees are four times the start positions' at depth 5.
	checkSuite(t, cases, chess960Depths(t, 5, 3, 96))
}

// The start positions by the standard numbering are the 960 of the suite,
// each once, and number 518 is the usual set-up.
func TestChess960Numbering(t *testing.T) {
	suite := map[string]bool{}
	for _, c := range readEPD(t, "testdata/chess960-start.epd") {
		suite[strings.Fields(c.fen)[0]] = true
	}
	seen := map[string]int{}
	for n := range 960 {
		placement := strings.Fields(board.Chess960FEN(n))[0]
		require.True(t, suite[placement], "position %d %s is not in the suite", n, placement)
		if prev, ok := seen[placement]; ok {
			t.Fatalf("positions %d and %d are both %s", prev, n, placement)
		}
		seen[placement] = n
	}
	require.Equal(t, board.Chess().StartFEN(), board.Chess960FEN(518))
	// A few by their published numbers (Wikipedia's table of the numbering).
	for n, rank := range map[int]string{0: "BBQNNRKR", 1: "BQNBNRKR", 959: "RKRNNQBB"} {
		require.True(t, strings.HasSuffix(strings.Fields(board.Chess960FEN(n))[0], rank), strconv.Itoa(n))
	}
}
