// Command senapati is a chess-variant engine for chess, chaturanga and durg.
// With no arguments it speaks UCI on stdin/stdout; subcommands run tools.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"senapati/board"
	"senapati/match"
	"senapati/perft"
	"senapati/protocol"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		protocol.New(stdout).Run(os.Stdin)
		return 0
	}
	switch args[0] {
	case "perft":
		return runPerft(args[1:], stdout, stderr)
	case "bench":
		return runBench(args[1:], stdout, stderr)
	case "match":
		return match.Main(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "unknown command %q\n%s\n", args[0], usage)
		return 2
	}
}

const usage = `usage:
  senapati                                          UCI engine on stdin/stdout
  senapati perft [-variant V] [-fen FEN] DEPTH      count legal move paths
  senapati match -engine cmd=PATH ... -engine ...   engine-vs-engine games (match -help)
  senapati bench [depth] [threads] [hash] [variant|all]   fixed-depth search benchmark`

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variantName := fs.String("variant", "chess", "variant: chess, chaturanga or durg")
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
	if err != nil || depth < 1 || depth > 20 {
		fmt.Fprintf(stderr, "perft: depth %q must be a number from 1 to 20\n", fs.Arg(0))
		return 2
	}
	v, err := board.VariantByName(*variantName)
	if err != nil {
		fmt.Fprintln(stderr, "perft:", err)
		return 2
	}
	if *fen == "" {
		*fen = v.StartFEN
	}
	pos, err := board.ParseFEN(v, *fen)
	if err != nil {
		fmt.Fprintln(stderr, "perft: invalid FEN:", err)
		return 2
	}
	start := time.Now()
	var total uint64
	for _, l := range perft.Divide(&pos, depth) {
		fmt.Fprintf(stdout, "%s: %d\n", l.Move, l.Nodes)
		total += l.Nodes
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "\nNodes searched: %d\n", total)
	fmt.Fprintf(stdout, "Time: %d ms\n", elapsed.Milliseconds())
	fmt.Fprintf(stdout, "Nodes/second: %d\n", uint64(float64(total)/max(elapsed.Seconds(), 1e-9)))
	return 0
}
