package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"senapati/board"
)

// The network: the inputs of each perspective feed one shared layer of
// Hidden neurons (the accumulator), clipped to [0, 1]; the side to move's
// neurons then the other side's feed one output, the score in units of
// OutputScale centipawns. Quantized: the layer's weights and biases times
// QA in int16, the output weights times QB in int16, the output bias times
// QA*QB in int32.
const (
	QA          = 255
	QB          = 1024
	OutputScale = 400
	// MaxHidden bounds the layer a file may declare.
	MaxHidden = 4096
	// WeightClip bounds the layer's float weights in training, so that no
	// accumulator of 64 inputs can leave int16 (64*1.98*255 < 32767).
	WeightClip = 1.98
	// MaxScore bounds the scores a net file may give in any position: the
	// evaluation's range (search.MaxEval; engine's tests hold them equal).
	MaxScore = 20000
)

const (
	netMagic    = "SNPN"
	netVersion  = 1
	archClipped = 1 // inputs -> Hidden x 2 -> 1, clipped ReLU
	// archResidual: the same layers, the score a correction that the
	// engine adds to its base (hand-crafted) evaluation.
	archResidual  = 2
	netHeaderSize = 40
)

// Net is a quantized network for one game.
type Net struct {
	Variant        *board.Variant
	Inputs, Hidden int
	FT             []int16 // [input*Hidden + neuron]
	FTBias         []int16 // [neuron]
	Out            []int16 // [neuron] for the side to move, then [Hidden+neuron]
	OutBias        int32
	// Residual: the score corrects the engine's base evaluation, which
	// the assembler (package engine) adds; alone it is no evaluation.
	Residual bool
}

// Checksum is the CRC-32 a net file ends with: it names a net in logs.
func (n *Net) Checksum() uint32 {
	b, _ := n.MarshalBinary()
	return binary.LittleEndian.Uint32(b[len(b)-4:])
}

// MarshalBinary writes the net file: a 40-byte header (magic "SNPN",
// version, architecture, the game's name, inputs, hidden width, QA, QB,
// the output scale), the weights little-endian, then a CRC-32 of all that
// comes before it.
func (n *Net) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	h := make([]byte, netHeaderSize)
	copy(h, netMagic)
	name := n.Variant.Name()
	arch := byte(archClipped)
	if n.Residual {
		arch = archResidual
	}
	h[4], h[5], h[6] = netVersion, arch, byte(len(name))
	copy(h[7:23], name)
	binary.LittleEndian.PutUint32(h[24:28], uint32(n.Inputs))
	binary.LittleEndian.PutUint32(h[28:32], uint32(n.Hidden))
	binary.LittleEndian.PutUint16(h[32:34], QA)
	binary.LittleEndian.PutUint16(h[34:36], QB)
	binary.LittleEndian.PutUint16(h[36:38], OutputScale)
	b.Write(h)
	for _, part := range [][]int16{n.FT, n.FTBias, n.Out} {
		_ = binary.Write(&b, binary.LittleEndian, part)
	}
	_ = binary.Write(&b, binary.LittleEndian, n.OutBias)
	_ = binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(b.Bytes()))
	return b.Bytes(), nil
}

// ReadNet reads a net file, checking everything it can: a file for another
// game, another input layout, a cut or damaged file is refused with the
// reason.
func ReadNet(data []byte) (*Net, error) {
	if len(data) < netHeaderSize || string(data[:4]) != netMagic {
		return nil, errors.New("not a Senapati network file (no SNPN header)")
	}
	n, size, err := readHeader(data[:netHeaderSize])
	if err != nil {
		return nil, err
	}
	if len(data) != size {
		return nil, fmt.Errorf("network file is %d bytes, its header says %d: cut short or not one file", len(data), size)
	}
	if crc32.ChecksumIEEE(data[:size-4]) != binary.LittleEndian.Uint32(data[size-4:]) {
		return nil, errors.New("network file fails its checksum: damaged")
	}
	r := bytes.NewReader(data[netHeaderSize : size-4])
	n.FT = make([]int16, n.Inputs*n.Hidden)
	n.FTBias = make([]int16, n.Hidden)
	n.Out = make([]int16, 2*n.Hidden)
	for _, part := range []any{n.FT, n.FTBias, n.Out, &n.OutBias} {
		if err := binary.Read(r, binary.LittleEndian, part); err != nil {
			return nil, fmt.Errorf("network file: %w", err)
		}
	}
	if r.Len() != 0 {
		return nil, errors.New("network file: bytes left over")
	}
	if err := n.checkRange(); err != nil {
		return nil, fmt.Errorf("network file: %w", err)
	}
	return n, nil
}

// readHeader reads a net file's header (magic already checked): the net's
// game and shape, and the size of the whole file.
func readHeader(h []byte) (*Net, int, error) {
	if h[4] != netVersion || h[5] != archClipped && h[5] != archResidual {
		return nil, 0, fmt.Errorf("network format version %d, architecture %d: this build reads version %d, architectures %d and %d", h[4], h[5], netVersion, archClipped, archResidual)
	}
	if h[6] == 0 || h[6] > 16 {
		return nil, 0, errors.New("network file: bad game name")
	}
	v, err := board.VariantByName(string(h[7 : 7+h[6]]))
	if err != nil {
		return nil, 0, fmt.Errorf("network file: %w", err)
	}
	n := &Net{Variant: v, Inputs: int(binary.LittleEndian.Uint32(h[24:28])), Hidden: int(binary.LittleEndian.Uint32(h[28:32])), Residual: h[5] == archResidual}
	if want := NewFeatures(v).Inputs; n.Inputs != want {
		return nil, 0, fmt.Errorf("network for %s has %d inputs; this build's %s inputs are %d", v.Name(), n.Inputs, v.Name(), want)
	}
	if n.Hidden < 1 || n.Hidden > MaxHidden {
		return nil, 0, fmt.Errorf("network hidden width %d out of range 1..%d", n.Hidden, MaxHidden)
	}
	if qa, qb, sc := binary.LittleEndian.Uint16(h[32:34]), binary.LittleEndian.Uint16(h[34:36]), binary.LittleEndian.Uint16(h[36:38]); qa != QA || qb != QB || sc != OutputScale {
		return nil, 0, fmt.Errorf("network quantized with QA %d, QB %d, scale %d; this build uses %d, %d, %d", qa, qb, sc, QA, QB, OutputScale)
	}
	return n, netHeaderSize + 2*(n.Inputs*n.Hidden+n.Hidden+2*n.Hidden) + 4 + 4, nil
}

// checkRange proves that no position can overflow an accumulator or give
// a score beyond MaxScore: a checksum says only that the file is the one
// written, and a trainer gone wrong writes any numbers. A position has at
// most one piece on each square, so a neuron's accumulator lies between
// its bias plus, for each square, the least (greatest) weight of any piece
// there or none, plus every negative (positive) state input; FEN sets up
// any number of pieces, so every square counts. The wrapping int16 sums
// are exact when the true sum fits, whatever the order of the moves.
func (n *Net) checkRange() error {
	f := NewFeatures(n.Variant)
	kinds := 2 * len(f.types)
	var lowest, highest int64 // the output's sum, before scaling
	for j := 0; j < n.Hidden; j++ {
		lo, hi := int64(n.FTBias[j]), int64(n.FTBias[j])
		for s := 0; s < f.squares; s++ {
			var least, most int64
			for k := 0; k < kinds; k++ {
				w := int64(n.FT[(k*f.squares+s)*n.Hidden+j])
				least, most = min(least, w), max(most, w)
			}
			lo, hi = lo+least, hi+most
		}
		for x := f.pieceCount; x < n.Inputs; x++ {
			w := int64(n.FT[x*n.Hidden+j])
			lo, hi = lo+min(w, 0), hi+max(w, 0)
		}
		if lo < math.MinInt16 || hi > math.MaxInt16 {
			return fmt.Errorf("neuron %d's accumulator can reach %d..%d, beyond int16: weights too large", j, lo, hi)
		}
		// Clipped to [0, QA], the neuron feeds both halves of the output.
		lo, hi = min(max(lo, 0), QA), min(max(hi, 0), QA)
		for _, w := range []int64{int64(n.Out[j]), int64(n.Out[n.Hidden+j])} {
			lowest += min(w*lo, w*hi)
			highest += max(w*lo, w*hi)
		}
	}
	low, high := centipawns(lowest+int64(n.OutBias)), centipawns(highest+int64(n.OutBias))
	if low < -MaxScore || high > MaxScore {
		return fmt.Errorf("scores can reach %d..%d centipawns, beyond the evaluation's +-%d: weights too large", low, high, MaxScore)
	}
	return nil
}

// loadNet reads a net file from r, of fileSize bytes where that is known
// (else -1): the header first, then only the bytes it declares, so that
// neither a huge file nor an endless stream is read whole.
func loadNet(r io.Reader, fileSize int64) (*Net, error) {
	h := make([]byte, netHeaderSize)
	if _, err := io.ReadFull(r, h); err != nil || string(h[:4]) != netMagic {
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, err
		}
		return nil, errors.New("not a Senapati network file (no SNPN header)")
	}
	_, size, err := readHeader(h)
	if err != nil {
		return nil, err
	}
	if fileSize >= 0 && fileSize != int64(size) {
		return nil, fmt.Errorf("network file is %d bytes, its header says %d: cut short or not one file", fileSize, size)
	}
	// One byte more than declared: a longer stream shows.
	data := make([]byte, size+1)
	copy(data, h)
	got, err := io.ReadFull(r, data[netHeaderSize:])
	switch {
	case err == nil:
		return nil, fmt.Errorf("network file is longer than the %d bytes its header says: not one file", size)
	case !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF):
		return nil, err
	}
	return ReadNet(data[:netHeaderSize+got])
}

// output is the score in centipawns from both accumulators, the side to
// move's first. Each half's sum fits int32 for up to 256 neurons
// (255*32767*256 < 2^31); wider layers sum in int64.
func (n *Net) output(us, them []int16) int {
	var sum int64
	if len(us) <= 256 {
		sum = int64(dot32(us, n.Out[:len(us)])) + int64(dot32(them, n.Out[len(us):2*len(us)]))
	} else {
		sum = dot64(us, n.Out[:len(us)]) + dot64(them, n.Out[len(us):2*len(us)])
	}
	return centipawns(sum + int64(n.OutBias))
}

// centipawns scales the output's sum, rounded rather than truncated
// toward zero.
func centipawns(sum int64) int {
	sum *= OutputScale
	if sum < 0 {
		return int((sum - QA*QB/2) / (QA * QB))
	}
	return int((sum + QA*QB/2) / (QA * QB))
}

// row is input f's weights.
func (n *Net) row(f int) []int16 { return n.FT[f*n.Hidden : (f+1)*n.Hidden : (f+1)*n.Hidden] }

// refresh computes an accumulator from its active inputs.
func (n *Net) refresh(acc []int16, inputs []int) {
	addRows(acc, n.FTBias, n.FT, inputs, nil)
}

// apply sets dst to src with the inputs added and removed, in one pass for
// the common moves (one piece moved, with or without a capture). The loops
// are in kernels.go, and kernels_simd.go with GOEXPERIMENT=simd.
func (n *Net) apply(dst, src []int16, added, removed []int) {
	switch {
	case len(added) == 1 && len(removed) == 1:
		addSub1(dst, src, n.row(added[0]), n.row(removed[0]))
	case len(added) == 1 && len(removed) == 2:
		addSub2(dst, src, n.row(added[0]), n.row(removed[0]), n.row(removed[1]))
	default:
		addRows(dst, src, n.FT, added, removed)
	}
}

// Evaluate scores p from scratch, centipawns for the side to move (the
// reference the incremental path is tested against).
func (n *Net) Evaluate(p *board.Position) int {
	f := NewFeatures(n.Variant)
	us, them := make([]int16, n.Hidden), make([]int16, n.Hidden)
	n.refresh(us, f.Active(p, p.SideToMove()))
	n.refresh(them, f.Active(p, p.SideToMove()^1))
	return n.output(us, them)
}
