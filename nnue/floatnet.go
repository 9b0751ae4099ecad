package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"

	"senapati/board"
)

// FloatNet is the network in training: the same shape as Net in float32,
// the output y in units of OutputScale centipawns, plus the rows of the
// virtual inputs (Features.Factors) after the real ones.
type FloatNet struct {
	Variant        *board.Variant
	Inputs, Hidden int
	Factors        int
	FT             []float32
	FTBias         []float32
	Out            []float32
	OutBias        [1]float32 // a slice of one, so every parameter is a slice
	// Residual: the output corrects a base evaluation (Net.Residual).
	Residual bool
}

// NewFloatNet is a randomly started net for v (seeded: reproducible).
func NewFloatNet(v *board.Variant, hidden int, seed uint64) *FloatNet {
	f := NewFeatures(v)
	n := &FloatNet{Variant: v, Inputs: f.Inputs, Hidden: hidden, Factors: f.Factors(),
		FT: make([]float32, (f.Inputs+f.Factors())*hidden), FTBias: make([]float32, hidden), Out: make([]float32, 2*hidden)}
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	// About 30 inputs are active: accumulators start near 0.3 in size.
	for i := range n.FT[:f.Inputs*hidden] { // the virtual inputs start at 0
		n.FT[i] = float32((rng.Float64()*2 - 1) * 0.1)
	}
	for i := range n.FTBias {
		n.FTBias[i] = 0.1
	}
	a := 1 / math.Sqrt(float64(2*hidden))
	for i := range n.Out {
		n.Out[i] = float32((rng.Float64()*2 - 1) * a)
	}
	return n
}

// Params lists the net's parameters as one slice each, in a fixed order
// (the optimiser and the checkpoint walk them alike).
func (n *FloatNet) Params() [][]float32 {
	return [][]float32{n.FT, n.FTBias, n.Out, n.OutBias[:]}
}

// accumulate computes one perspective's clipped layer into h (and the
// unclipped sums into pre when not nil).
func (n *FloatNet) accumulate(inputs []uint16, pre, h []float32) {
	copy(pre, n.FTBias)
	H := n.Hidden
	for _, f := range inputs {
		w := n.FT[int(f)*H : int(f)*H+H]
		for i := range pre {
			pre[i] += w[i]
		}
	}
	for i, a := range pre {
		h[i] = min(max(a, 0), 1)
	}
}

// Forward is the net's output y for the side to move's inputs us and the
// other side's them; the score is y*OutputScale centipawns. work holds
// 4*Hidden floats.
func (n *FloatNet) Forward(us, them []uint16, work []float32) float32 {
	H := n.Hidden
	preUs, preThem, hUs, hThem := work[:H], work[H:2*H], work[2*H:3*H], work[3*H:4*H]
	n.accumulate(us, preUs, hUs)
	n.accumulate(them, preThem, hThem)
	y := n.OutBias[0]
	for i := 0; i < H; i++ {
		y += hUs[i]*n.Out[i] + hThem[i]*n.Out[H+i]
	}
	return y
}

// Quantize is the integer net the engine runs, the virtual inputs'
// weights folded into the real ones'.
func (n *FloatNet) Quantize() *Net {
	H := n.Hidden
	q := &Net{Variant: n.Variant, Inputs: n.Inputs, Hidden: H, Residual: n.Residual,
		FT: make([]int16, n.Inputs*H), FTBias: make([]int16, len(n.FTBias)), Out: make([]int16, len(n.Out))}
	round := func(x float64) int16 { return int16(max(min(math.Round(x), 32767), -32767)) }
	f := NewFeatures(n.Variant)
	for x := 0; x < n.Inputs; x++ {
		factor, ok := f.Factor(x)
		for i := 0; i < H; i++ {
			w := n.FT[x*H+i]
			if ok && n.Factors > 0 {
				w += n.FT[factor*H+i]
			}
			q.FT[x*H+i] = round(float64(w) * QA)
		}
	}
	for i, w := range n.FTBias {
		q.FTBias[i] = round(float64(w) * QA)
	}
	for i, w := range n.Out {
		q.Out[i] = round(float64(w) * QB)
	}
	q.OutBias = int32(math.Round(float64(n.OutBias[0]) * QA * QB))
	return q
}

// The checkpoint's magic: a whole evaluation's, a residual net's.
const floatMagic, floatResidualMagic = "SNPF", "SNPR"

// WriteTo writes a checkpoint: magic "SNPF" ("SNPR" for a residual
// net), the game's name, inputs, hidden width and virtual inputs, then
// every float32 little-endian.
func (n *FloatNet) WriteTo(w io.Writer) (int64, error) {
	name := n.Variant.Name()
	h := []byte(floatMagic)
	if n.Residual {
		h = []byte(floatResidualMagic)
	}
	h = append(h, byte(len(name)))
	h = append(h, name...)
	h = binary.LittleEndian.AppendUint32(h, uint32(n.Inputs))
	h = binary.LittleEndian.AppendUint32(h, uint32(n.Hidden))
	h = binary.LittleEndian.AppendUint32(h, uint32(n.Factors))
	if _, err := w.Write(h); err != nil {
		return 0, err
	}
	total := int64(len(h))
	for _, p := range n.Params() {
		if err := binary.Write(w, binary.LittleEndian, p); err != nil {
			return total, err
		}
		total += int64(4 * len(p))
	}
	return total, nil
}

// ReadFloatNet reads a checkpoint WriteTo wrote.
func ReadFloatNet(r io.Reader) (*FloatNet, error) {
	var h [5]byte
	if _, err := io.ReadFull(r, h[:]); err != nil || string(h[:4]) != floatMagic && string(h[:4]) != floatResidualMagic {
		return nil, errors.New("not a Senapati training checkpoint (no SNPF or SNPR header)")
	}
	name := make([]byte, h[4])
	var dims [3]uint32
	if _, err := io.ReadFull(r, name); err != nil {
		return nil, errors.New("checkpoint cut short")
	}
	if err := binary.Read(r, binary.LittleEndian, &dims); err != nil {
		return nil, errors.New("checkpoint cut short")
	}
	v, err := board.VariantByName(string(name))
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	if f := NewFeatures(v); int(dims[0]) != f.Inputs || dims[1] < 1 || dims[1] > MaxHidden || int(dims[2]) != f.Factors() {
		return nil, fmt.Errorf("checkpoint of %d+%d inputs x %d: this build's %s has %d+%d", dims[0], dims[2], dims[1], v.Name(), f.Inputs, f.Factors())
	}
	n := NewFloatNet(v, int(dims[1]), 0)
	n.Residual = string(h[:4]) == floatResidualMagic
	for _, p := range n.Params() {
		if err := binary.Read(r, binary.LittleEndian, p); err != nil {
			return nil, errors.New("checkpoint cut short")
		}
	}
	return n, nil
}

// Clone is a copy of n sharing nothing with it.
func (n *FloatNet) Clone() *FloatNet {
	c := *n
	c.FT, c.FTBias, c.Out = slices.Clone(n.FT), slices.Clone(n.FTBias), slices.Clone(n.Out)
	return &c
}
