package perft

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"time"

	"senapati/board"
)

// MaxDepth bounds what the perft commands accept.
const MaxDepth = 20

// Report writes a divide of p to depth: one `move: count` line per legal
// root move (sorted), a blank line, `Nodes searched: N`, the time and the
// speed. The command line and UCI's `go perft` both print this.
func Report(w io.Writer, p *board.Position, depth int) {
	start := time.Now()
	var total uint64
	for _, l := range Divide(p, depth) {
		fmt.Fprintf(w, "%s: %d\n", l.Move, l.Nodes)
		total += l.Nodes
	}
	elapsed := time.Since(start)
	fmt.Fprintf(w, "\nNodes searched: %d\n", total)
	fmt.Fprintf(w, "Time: %d ms\n", elapsed.Milliseconds())
	fmt.Fprintf(w, "Nodes/second: %d\n", uint64(float64(total)/max(elapsed.Seconds(), 1e-9)))
}

// Main is `senapati perft [-variant V] [-fen FEN] DEPTH`.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variantName := fs.String("variant", "chess", "variant: chess, chaturanga, durg, or chess960 (fischerandom)")
	fen := fs.String("fen", "", "start FEN (default: the variant's start position)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: senapati perft [-variant V] [-fen FEN] DEPTH")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 1 || depth > MaxDepth {
		fmt.Fprintf(stderr, "perft: depth %q must be a number from 1 to %d\n", fs.Arg(0), MaxDepth)
		return 2
	}
	v, err := board.LookupVariant(*variantName)
	if err != nil {
		fmt.Fprintln(stderr, "perft:", err)
		return 2
	}
	if *fen == "" {
		*fen = v.StartFEN()
	}
	pos, err := board.ParseFEN(v, *fen)
	if err != nil {
		fmt.Fprintln(stderr, "perft: invalid FEN:", err)
		return 2
	}
	Report(stdout, &pos, depth)
	return 0
}
