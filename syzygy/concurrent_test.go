package syzygy

import (
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	"senapati/board"
)

// TestSyzygyConcurrentProbes probes from several goroutines at once on a
// fresh Tablebase, so tables are opened while others probe (run it with
// -race), and compares with the answers of one goroutine.
func TestSyzygyConcurrentProbes(t *testing.T) {
	openTables(t).Close() // skips without tables
	tb, err := Open(os.Getenv("SENAPATI_SYZYGY"))
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	rng := rand.New(rand.NewPCG(5, 5))
	var positions []board.Position
	names := tb.Tables()
	for len(positions) < 400 {
		if p, ok := randomPosition(rng, names[rng.IntN(len(names))], rng.IntN(2) == 0); ok {
			positions = append(positions, p)
		}
	}
	const workers = 8
	got := make([][]WDL, workers)
	errs := make([][]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range positions {
				p := positions[(i+w*50)%len(positions)]
				v, err := tb.Probe(&p)
				got[w] = append(got[w], v)
				errs[w] = append(errs[w], err)
			}
		})
	}
	wg.Wait()
	probed := 0
	for i := range positions {
		want, wantErr := tb.Probe(&positions[i])
		if wantErr == nil {
			probed++
		}
		for w := range workers {
			j := (i - w*50 + 100*len(positions)) % len(positions)
			if got[w][j] != want || (errs[w][j] == nil) != (wantErr == nil) {
				t.Fatalf("%s: goroutine %d got %v, %v; alone %v, %v", positions[i].FEN(), w, got[w][j], errs[w][j], want, wantErr)
			}
		}
	}
	if probed == 0 {
		t.Fatal("no position could be probed: the goroutines agreed on errors only")
	}
}
