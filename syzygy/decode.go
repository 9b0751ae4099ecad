package syzygy

import (
	"encoding/binary"
	"fmt"
)

// value decodes the value stored at position number idx of the stream.
//
// The values are cut into blocks of blockSize bytes, each holding a
// variable number of values. A symbol of a canonical Huffman code stands
// for one value or, through the pair tree, for a run of values. The sparse
// index gives, for every span-th position, a block and an offset inside
// it, from which the block holding idx is found by walking the block
// lengths.
func (st *stream) value(raw []byte, idx uint64) (int, error) {
	if idx >= st.size {
		return 0, errBadIndex
	}
	if st.single {
		return int(st.singleValue), nil
	}
	k := idx / st.span
	if k >= st.sparseLen {
		return 0, errBadIndex
	}
	e := raw[st.sparse+int(k)*6:]
	block := int64(binary.LittleEndian.Uint32(e))
	offset := int64(binary.LittleEndian.Uint16(e[4:]))
	offset += int64(idx%st.span) - int64(st.span/2)

	length := func(b int64) (int64, bool) {
		if b < 0 || uint64(b) >= st.lengths {
			return 0, false
		}
		return int64(binary.LittleEndian.Uint16(raw[st.lengthsOff+int(b)*2:])), true
	}
	for offset < 0 {
		block--
		n, ok := length(block)
		if !ok {
			return 0, fmt.Errorf("%w: the sparse index points before the first block", ErrCorrupt)
		}
		offset += n + 1
	}
	for {
		n, ok := length(block)
		if !ok {
			return 0, fmt.Errorf("%w: the sparse index points past the last block", ErrCorrupt)
		}
		if offset <= n {
			break
		}
		offset -= n + 1
		block++
	}
	if uint64(block) >= st.blocks {
		return 0, fmt.Errorf("%w: block %d of %d", ErrCorrupt, block, st.blocks)
	}

	start := st.data + int(uint64(block)*st.blockSize)
	end := st.data + int(st.blocks*st.blockSize)
	word := func(at int) uint64 { // four bytes big-endian, zeros past the data
		var v uint64
		for i := 0; i < 4; i++ {
			v <<= 8
			if at+i < end {
				v |= uint64(raw[at+i])
			}
		}
		return v
	}
	bits := word(start)<<32 | word(start+4)
	next := start + 8
	have := 64
	var sym int
	for {
		n := 0
		for n < len(st.base)-1 && bits < st.base[n] {
			n++
		}
		if bits < st.base[n] {
			return 0, fmt.Errorf("%w: no code matches", ErrCorrupt)
		}
		sym = int((bits-st.base[n])>>uint(64-n-st.minLen)) + int(st.lowest[n])
		if sym >= st.symbols {
			return 0, fmt.Errorf("%w: symbol %d of %d", ErrCorrupt, sym, st.symbols)
		}
		if offset <= int64(st.symLen[sym]) {
			break
		}
		offset -= int64(st.symLen[sym]) + 1
		used := n + st.minLen
		bits <<= uint(used)
		have -= used
		if have <= 32 {
			have += 32
			bits |= word(next) << uint(64-have)
			next += 4
		}
	}
	for st.symLen[sym] != 0 {
		left, right := st.pair(raw, sym)
		if offset <= int64(st.symLen[left]) {
			sym = left
		} else {
			offset -= int64(st.symLen[left]) + 1
			sym = right
		}
	}
	v, _ := st.pair(raw, sym)
	if v > 4 {
		return 0, fmt.Errorf("%w: value %d", ErrCorrupt, v)
	}
	return v, nil
}
