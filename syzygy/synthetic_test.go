package syzygy

import (
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// syntheticValue is the value the made-up table stores at a position:
// runs of losses (0) and wins (4) in a pattern the pair symbol meets often.
func syntheticValue(idx uint64) int {
	if idx%7 < 3 || idx%11 == 5 {
		return 0
	}
	return 4
}

// syntheticKQvK builds a WDL file for KQvK by the format's layout, from
// nothing fetched: White to move's stream is coded with three symbols
// (0 as "00", 4 as "01", the pair 0,4 as "1") in 32-byte blocks; Black to
// move's stream has one value for every position. It tests the reader's
// layout and decoder where no real tables are at hand.
func syntheticKQvK(blockLog, spanLog uint8) []byte {
	const size = 31332 // three unique pieces
	blockBytes := 1 << blockLog
	span := uint64(1) << spanLog

	// Code the values into blocks.
	type block struct {
		bits  []byte
		start uint64
		count uint64
	}
	var blocks []block
	cur := block{bits: make([]byte, blockBytes)}
	used := 0
	put := func(code string) {
		for _, c := range code {
			if c == '1' {
				cur.bits[used/8] |= 0x80 >> (used % 8)
			}
			used++
		}
	}
	for i := uint64(0); i < size; {
		code, n := "00", uint64(1)
		if syntheticValue(i) == 4 {
			code = "01"
		}
		if i+1 < size && syntheticValue(i) == 0 && syntheticValue(i+1) == 4 {
			code, n = "1", 2
		}
		if used+len(code) > blockBytes*8 {
			blocks = append(blocks, cur)
			cur = block{bits: make([]byte, blockBytes), start: i}
			used = 0
		}
		put(code)
		cur.count += n
		i += n
	}
	blocks = append(blocks, cur)

	var b []byte
	u16 := func(v int) { b = binary.LittleEndian.AppendUint16(b, uint16(v)) }
	b = binary.LittleEndian.AppendUint32(b, wdlMagic)
	b = append(b, flagSplit, 0x00, 0x66, 0x55, 0xee) // order; K, Q, k for both sides
	if len(b)%2 == 1 {
		b = append(b, 0)
	}
	// White to move: the coded stream.
	b = append(b, 0, blockLog, spanLog, 0)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(blocks)))
	b = append(b, 2, 1)                                           // code lengths 2 down to 1
	u16(2)                                                        // the lowest symbol of length 1
	u16(0)                                                        // of length 2
	u16(3)                                                        // symbols
	b = append(b, 0, 0xf0, 0xff, 4, 0xf0, 0xff, 0, 0x10, 0x00, 0) // 0; 4; the pair (0, 1); padding
	// Black to move: every position a draw.
	b = append(b, flagSingle, 2)
	// Sparse index: the block and offset of position k*span + span/2.
	for k := uint64(0); k < (size+span-1)/span; k++ {
		at := k*span + span/2
		n := len(blocks) - 1
		for j, bl := range blocks {
			if at < bl.start+bl.count {
				n = j
				break
			}
		}
		b = binary.LittleEndian.AppendUint32(b, uint32(n))
		u16(int(at - blocks[n].start))
	}
	for _, bl := range blocks {
		u16(int(bl.count - 1))
	}
	for len(b)%64 != 0 {
		b = append(b, 0)
	}
	for _, bl := range blocks {
		b = append(b, bl.bits...)
	}
	for len(b)%64 != 16 {
		b = append(b, 0)
	}
	return b
}

// TestSyzygySyntheticTable decodes every position of the made-up table.
func TestSyzygySyntheticTable(t *testing.T) {
	for _, sizes := range [][2]uint8{{5, 10}, {6, 6}, {5, 3}} {
		raw := syntheticKQvK(sizes[0], sizes[1])
		tab, err := parseTable("KQvK", raw)
		if err != nil {
			t.Fatal(err)
		}
		white, black := tab.streams[0][0], tab.streams[1][0]
		if white.size != 31332 || black.size != 31332 {
			t.Fatalf("sizes %d and %d, want 31332", white.size, black.size)
		}
		for idx := uint64(0); idx < white.size; idx++ {
			v, err := white.value(raw, idx)
			if err != nil || v != syntheticValue(idx) {
				t.Fatalf("blocks 2^%d, span 2^%d: position %d: %d, %v; want %d", sizes[0], sizes[1], idx, v, err, syntheticValue(idx))
			}
			if v, err := black.value(raw, idx); err != nil || v != 2 {
				t.Fatalf("black to move, position %d: %d, %v", idx, v, err)
			}
		}
		if _, err := white.value(raw, white.size); err == nil {
			t.Errorf("a position past the end was decoded")
		}
	}
}

// TestSyzygyDamagedFiles cuts and spoils the made-up table: every damage
// is an error, never a panic or a wrong size.
func TestSyzygyDamagedFiles(t *testing.T) {
	raw := syntheticKQvK(5, 10)
	for n := 0; n < len(raw); n += 7 {
		cut := append([]byte(nil), raw[:n]...)
		if _, err := parseTable("KQvK", cut); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("cut to %d bytes: %v", n, err)
		}
	}
	bad := append([]byte(nil), raw...)
	bad[0] ^= 1
	if _, err := parseTable("KQvK", bad); !errors.Is(err, ErrCorrupt) {
		t.Errorf("wrong magic: %v", err)
	}
	if _, err := parseTable("KRvK", raw); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a KQvK file read as KRvK: %v", err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		spoilt := append([]byte(nil), raw...)
		for k := 0; k < 1+rng.IntN(4); k++ {
			spoilt[rng.IntN(len(spoilt))] = byte(rng.Uint32())
		}
		probeAll(spoilt, "KQvK", rng)
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "KQvK.rtbw"), raw[:len(raw)-64], 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	p := mustFEN(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	if _, err := tb.Probe(&p); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a cut file on disk: %v", err)
	}
	tb.Close()
}

// probeAll parses raw as the table name and decodes positions spread over
// every stream; it must not panic whatever raw holds.
func probeAll(raw []byte, name string, rng *rand.Rand) {
	tab, err := parseTable(name, raw)
	if err != nil {
		return
	}
	for s := 0; s < tab.sides; s++ {
		for f := 0; f < tab.files; f++ {
			st := tab.streams[s][f]
			for _, idx := range []uint64{0, 1, st.size / 2, st.size - 1, st.size, rng.Uint64N(st.size + 1)} {
				st.value(raw, idx)
			}
		}
	}
	// Random placements of the table's pieces, legal or not.
	var pcs []placed
	for side := 0; side < 2; side++ {
		for ty := 1; ty <= 6; ty++ {
			for range tab.mat.count[side][ty] {
				sq := rng.IntN(64)
				if ty == 1 {
					sq = 8 + rng.IntN(48)
				}
				pcs = append(pcs, placed{uint8(ty | side<<3), sq})
			}
		}
	}
	st, idx, err := tab.index(pcs, rng.IntN(tab.sides))
	if err == nil {
		st.value(raw, idx)
	}
}

// FuzzSyzygyTable feeds the reader any bytes as a table file (padded to a
// size the format allows); it must answer errors, never panic.
func FuzzSyzygyTable(f *testing.F) {
	names := []string{"KQvK", "KRvKP", "KPvKP", "KBNvK", "KPPvK", "KQvKQ", "KNNvK", "KRPvKB"}
	f.Add(syntheticKQvK(5, 10), uint8(0), uint64(1))
	f.Add(syntheticKQvK(6, 4), uint8(0), uint64(2))
	if dir := os.Getenv("SENAPATI_SYZYGY"); dir != "" {
		for i, n := range names {
			if raw, err := os.ReadFile(filepath.Join(dir, n+".rtbw")); err == nil && len(raw) < 1<<16 {
				f.Add(raw, uint8(i), uint64(i))
			}
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte, which uint8, seed uint64) {
		for len(raw)%64 != 16 {
			raw = append(raw, 0)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		probeAll(raw, names[int(which)%len(names)], rng)
	})
}
