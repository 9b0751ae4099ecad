package nnue

import (
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

// filledNet is a net of v whose every weight and bias is w, the output
// bias outBias: a valid file of any numbers.
func filledNet(v *board.Variant, hidden int, w int16, outBias int32) *Net {
	n := &Net{Variant: v, Inputs: NewFeatures(v).Inputs, Hidden: hidden, OutBias: outBias}
	n.FT = make([]int16, n.Inputs*hidden)
	n.FTBias = make([]int16, hidden)
	n.Out = make([]int16, 2*hidden)
	for _, part := range [][]int16{n.FT, n.FTBias, n.Out} {
		for i := range part {
			part[i] = w
		}
	}
	return n
}

// TestNetsThatOverflowAreRefused: a net whose accumulator can leave int16
// or whose scores can leave the evaluation's range is refused at load with
// the reason, though its checksum is good. Before, a net of all +32767
// weights loaded, and its scores past mate made a search never end.
func TestNetsThatOverflowAreRefused(t *testing.T) {
	for _, v := range board.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			read := func(n *Net) error {
				b, err := n.MarshalBinary()
				require.NoError(t, err)
				_, err = ReadNet(b)
				return err
			}
			require.ErrorContains(t, read(filledNet(v, 8, 32767, 0)), "accumulator can reach")
			require.ErrorContains(t, read(filledNet(v, 8, -32768, 0)), "accumulator can reach")
			// No input weighs anything, so no overflow; but every neuron
			// at QA times 32767 is far beyond any score.
			n := filledNet(v, 8, 0, 0)
			for i := range n.FTBias {
				n.FTBias[i] = QA
			}
			for _, w := range []int16{32767, -32768} {
				for i := range n.Out {
					n.Out[i] = w
				}
				require.ErrorContains(t, read(n), "scores can reach")
			}
			// The output bias alone.
			require.ErrorContains(t, read(filledNet(v, 8, 0, 1<<30)), "scores can reach")
			// The largest that each check lets through: every square's
			// input at the weight that sums, with the state inputs and the
			// bias, to 32767; an output bias giving MaxScore.
			f := NewFeatures(v)
			most := int16(32767 / (f.squares + f.Inputs - f.pieceCount + 1))
			require.NoError(t, read(filledNet(v, 8, most, 0)))
			require.NoError(t, read(filledNet(v, 8, -most, 0)))
			require.NoError(t, read(filledNet(v, 8, 0, MaxScore*QA*QB/OutputScale)))
			require.ErrorContains(t, read(filledNet(v, 8, 0, (MaxScore+1)*QA*QB/OutputScale)), "scores can reach")
		})
	}
}
