// Command frcbook writes Chess960 start positions as an EPD opening book,
// for tournament managers that need a file for fischerandom (fastchess,
// cutechess-cli): all 960 by the standard numbering, or with -dfrc N
// Double Chess960 positions (White's and Black's set-ups apart) drawn by
// -seed, each at most once.
//
//	go run ./tools/frcbook > frc.epd
//	go run ./tools/frcbook -dfrc 1000 -seed 1 > dfrc.epd
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"senapati/board"
)

func main() {
	dfrc := flag.Int("dfrc", 0, "write N Double Chess960 positions instead of the 960 Chess960 ones")
	seed := flag.Uint64("seed", 1, "seed of the -dfrc draw")
	flag.Parse()
	const all = 960 * 960
	if *dfrc < 0 || *dfrc > all {
		fmt.Fprintf(os.Stderr, "frcbook: -dfrc %d: from 0 to %d\n", *dfrc, all)
		os.Exit(2)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	if *dfrc == 0 {
		for n := range 960 {
			fmt.Fprintln(w, board.Chess960FEN(n))
		}
		return
	}
	rng := rand.New(rand.NewPCG(*seed, 0x64667263))
	seen := map[int]bool{}
	for len(seen) < *dfrc {
		n := rng.IntN(all)
		if !seen[n] {
			seen[n] = true
			fmt.Fprintln(w, board.DoubleChess960FEN(n/960, n%960))
		}
	}
}
