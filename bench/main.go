package bench

import (
	"fmt"
	"io"
)

// Command is `senapati bench [depth] [threads] [hash] [variant|all]` on
// engines made by newEngine.
func Command(newEngine NewEngine) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		cfg, err := ParseArgs(args)
		if err != nil {
			fmt.Fprintf(stderr, "bench: %v; usage: bench [depth] [threads] [hash] [variant|all] (depth 0 = default)\n", err)
			return 2
		}
		if _, _, err := Run(stdout, cfg, newEngine); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		return 0
	}
}
