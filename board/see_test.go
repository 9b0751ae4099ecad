package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seeValues is a plain scale for the exchange tests.
var seeValues = [NumTypes]int{Pawn: 100, Knight: 300, Bishop: 300, Rook: 500, Queen: 900, King: 10000,
	Ferz: 150, Alfil: 150, Rath: 400, Durg: 200}

func TestSEE(t *testing.T) {
	cases := []struct {
		name, variant, fen, move string
		want                     int
	}{
		{"free pawn", "chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},
		{"pawn for pawn", "chess", "4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},
		{"knight for a defended pawn", "chess", "4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5", -200},
		{"a rook behind the rook wins the pawn", "chess", "4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},
		{"the king recaptures a lone queen", "chess", "8/8/4k3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", -800},
		{"the king may not take into the queen behind", "chess", "8/8/4k3/3p4/8/8/3R4/3QK3 w - - 0 1", "d2d5", 100},
		{"a quiet move onto a guarded square", "chess", "4k3/8/2p5/8/8/4N3/8/4K3 w - - 0 1", "e3d5", -300},
		{"zone kill: the Ashva dies with the Sipahi", "durg", "4k4/9/1d7/2p6/9/3N5/9/9/4K4[] w - - 0 1 0/0", "d4c6", -200},
		{"no recapture into the capturer's own zone", "durg", "2r1k4/9/9/9/9/2n6/1D7/3N5/4K4[] w - - 0 1 0/0", "d2c4", 300},
		{"a Durg capture dissolves the zone for the next captures", "durg", "1r2k4/9/1d7/9/2N6/9/9/9/1R2K4[] w - - 0 1 0/0", "c5b7", 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := VariantByName(c.variant)
			require.NoError(t, err)
			p, err := ParseFEN(v, c.fen)
			require.NoError(t, err)
			m, err := p.ParseMove(c.move)
			require.NoError(t, err)
			assert.Equal(t, c.want, p.SEE(m, &seeValues))
		})
	}
}

func TestIsLegal(t *testing.T) {
	p := Chess().StartPosition()
	e4, err := p.ParseMove("e2e4")
	require.NoError(t, err)
	assert.True(t, p.IsLegal(e4))
	q := p
	q.DoMove(e4)
	e5, err := q.ParseMove("e7e5")
	require.NoError(t, err)
	assert.False(t, p.IsLegal(e5), "a Black move is no White turn")
	assert.False(t, p.IsLegal(NoMove))
}
