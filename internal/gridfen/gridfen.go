// Package gridfen spells a board drawn as a grid of FEN letters as the
// placement field of a FEN, for tools that set positions up square by
// square (tools/endgames, tools/durgsolve, the pairsolve test).
package gridfen

import (
	"fmt"
	"strings"
)

// Placement is the FEN placement of grid[rank][file] (0 for an empty
// square) on a board of files x ranks, the last rank first.
func Placement(grid [9][9]byte, files, ranks int) string {
	var b strings.Builder
	for r := ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < files; f++ {
			if grid[r][f] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(grid[r][f])
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}
