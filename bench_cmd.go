package main

import (
	"fmt"
	"io"

	"senapati/bench"
)

// runBench is `senapati bench [depth] [threads] [hash] [variant|all]`.
func runBench(args []string, stdout, stderr io.Writer) int {
	cfg, err := bench.ParseArgs(args)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		fmt.Fprintln(stderr, "usage: senapati bench [depth] [threads] [hash] [variant|all]  (depth 0 = default)")
		return 2
	}
	if _, _, err := bench.Run(stdout, cfg); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	return 0
}
