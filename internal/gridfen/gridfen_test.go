package gridfen

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPlacement(t *testing.T) {
	var grid [9][9]byte
	grid[0][4], grid[7][4], grid[1][0] = 'K', 'k', 'P'
	assert.Equal(t, "4k3/8/8/8/8/8/P7/4K3", Placement(grid, 8, 8))
	grid[8][8] = 'd'
	assert.Equal(t, "8d/4k4/9/9/9/9/9/P8/4K4", Placement(grid, 9, 9))
}
