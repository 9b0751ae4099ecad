package bench

import (
	"fmt"
	"io"

	"senapati/search"
)

// Command is `senapati bench [depth] [threads] [hash] [variant|all]
// [evalfile]` on engines made by newEngine.
func Command(newEngine search.Factory) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		cfg, err := ParseArgs(args)
		if err != nil {
			fmt.Fprintf(stderr, "bench: %v; usage: %s (depth 0 = default)\n", err, Usage)
			return 2
		}
		if _, _, err := Run(stdout, cfg, newEngine); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		return 0
	}
}
