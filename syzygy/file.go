package syzygy

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// A table file: a header byte, then for each file of the leading pawn (a-d;
// one for tables without pawns) and each side to move (one for a table
// whose two sides have the same pieces) the piece order and the encoding
// parameters, then the sparse indexes, the block lengths and the
// compressed blocks of those streams in the same order.

const (
	wdlMagic   = 0x5d23e871 // the first four bytes, little-endian
	flagSplit  = 1          // header: the two sides to move are stored apart
	flagPawns  = 2          // header: the table has pawns
	flagSingle = 0x80       // stream: every position has the same value
)

// material is what a table name says: the pieces of each side (index 0 is
// the side named first), with the kings.
type material struct {
	count  [2][7]int // [side][type 1..6: P N B R Q K]
	pieces int
}

const letters = " PNBRQK"

// key packs one side's counts after another's (4 bits a type, kings left
// out), so that a position finds its table without building its name.
func (m *material) key(first, second int) uint64 {
	var k uint64
	for _, side := range [2]int{first, second} {
		for t := 1; t <= 5; t++ {
			k = k<<4 | uint64(m.count[side][t])
		}
	}
	return k
}

// parseName reads a name such as "KRPvKB".
func parseName(name string) (material, bool) {
	var m material
	sides := strings.Split(name, "v")
	if len(sides) != 2 {
		return m, false
	}
	for i, s := range sides {
		if s == "" || s[0] != 'K' || strings.Count(s, "K") != 1 {
			return m, false
		}
		for j := 0; j < len(s); j++ {
			t := strings.IndexByte(letters, s[j])
			if t <= 0 {
				return m, false
			}
			m.count[i][t]++
			m.pieces++
		}
	}
	return m, m.pieces >= 3 && m.pieces <= maxTablePiece
}

// stream is one compressed sequence of values (one side to move, one file
// of the leading pawn) and how positions are numbered in it.
type stream struct {
	pieces   [maxTablePiece]uint8 // the order pieces are encoded in (colour bit 8, type 1..6)
	groupLen [maxTablePiece + 1]int
	groupMul [maxTablePiece + 1]uint64
	size     uint64 // positions numbered

	single      bool
	singleValue uint8

	blockSize  uint64
	span       uint64
	blocks     uint64
	lengths    uint64 // block lengths stored (blocks plus padding)
	minLen     int
	lowest     []uint16 // the lowest code of each length, from minLen
	base       []uint64 // the codes of each length, left-aligned in 64 bits
	symbols    int
	tree       int      // offset of the symbol pairs
	symLen     []uint32 // values a symbol stands for, minus one
	sparse     int      // offset of the sparse index
	sparseLen  uint64
	lengthsOff int
	data       int
}

// table is a parsed file.
type table struct {
	raw      []byte
	mat      material
	pawns    bool
	split    bool
	unique   bool // a side has a piece other than the king alone of its type
	both     bool // both sides have pawns
	sides    int
	files    int
	streams  [2][4]*stream
	leadCode uint8 // the leading pawns' piece code (pawn tables)
}

// cursor reads the file from the front, failing past its end.
type cursor struct {
	b   []byte
	off int
	bad bool
}

func (c *cursor) need(n int) bool {
	if c.bad || n < 0 || c.off+n > len(c.b) || c.off+n < c.off {
		c.bad = true
		return false
	}
	return true
}

func (c *cursor) u8() uint8 {
	if !c.need(1) {
		return 0
	}
	c.off++
	return c.b[c.off-1]
}

func (c *cursor) u16() uint16 {
	if !c.need(2) {
		return 0
	}
	c.off += 2
	return binary.LittleEndian.Uint16(c.b[c.off-2:])
}

func (c *cursor) u32() uint32 {
	if !c.need(4) {
		return 0
	}
	c.off += 4
	return binary.LittleEndian.Uint32(c.b[c.off-4:])
}

func (c *cursor) skip(n uint64) {
	if n > uint64(len(c.b)) || !c.need(int(n)) {
		c.bad = true
		return
	}
	c.off += int(n)
}

func corrupt(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, a...))
}

// parseTable reads the layout of a WDL file whose name (without the
// extension) is name. It checks every offset against the file's size, so
// that probing it can never read outside it.
func parseTable(name string, raw []byte) (*table, error) {
	mat, ok := parseName(name)
	if !ok {
		return nil, fmt.Errorf("syzygy: %q is not a table name", name)
	}
	if len(raw)%64 != 16 || len(raw) < 80 {
		return nil, corrupt("%s: size %d is not 16 more than a multiple of 64 (a cut or damaged file)", name, len(raw))
	}
	if binary.LittleEndian.Uint32(raw) != wdlMagic {
		return nil, corrupt("%s: not a Syzygy WDL file (wrong magic number)", name)
	}
	t := &table{raw: raw, mat: mat}
	t.pawns = mat.count[0][1]+mat.count[1][1] > 0
	t.both = mat.count[0][1] > 0 && mat.count[1][1] > 0
	for side := 0; side < 2; side++ {
		for ty := 1; ty <= 5; ty++ {
			if mat.count[side][ty] == 1 {
				t.unique = true
			}
		}
	}
	symmetric := mat.count[0] == mat.count[1]
	c := &cursor{b: raw, off: 4}
	header := c.u8()
	t.split = header&flagSplit != 0
	if (header&flagPawns != 0) != t.pawns {
		return nil, corrupt("%s: the header says pawns %v, the name %v", name, header&flagPawns != 0, t.pawns)
	}
	if t.split == symmetric {
		return nil, corrupt("%s: the header's split flag does not fit the material", name)
	}
	t.sides, t.files = 1, 1
	if t.split {
		t.sides = 2
	}
	if t.pawns {
		t.files = 4
	}

	for f := 0; f < t.files; f++ {
		var order [2][2]int
		b := c.u8()
		order[0][0], order[1][0] = int(b&15), int(b>>4)
		order[0][1], order[1][1] = 15, 15
		if t.both {
			b = c.u8()
			order[0][1], order[1][1] = int(b&15), int(b>>4)
		}
		for s := 0; s < t.sides; s++ {
			t.streams[s][f] = &stream{}
		}
		for k := 0; k < mat.pieces; k++ {
			b := c.u8()
			t.streams[0][f].pieces[k] = b & 15
			if t.sides == 2 {
				t.streams[1][f].pieces[k] = b >> 4
			}
		}
		if c.bad {
			return nil, corrupt("%s: cut in the piece lists", name)
		}
		for s := 0; s < t.sides; s++ {
			if err := t.setGroups(t.streams[s][f], order[s], f); err != nil {
				return nil, corrupt("%s: %v", name, err)
			}
		}
	}
	if t.pawns {
		t.leadCode = t.streams[0][0].pieces[0]
		for s := 0; s < t.sides; s++ {
			for f := 0; f < t.files; f++ {
				if t.streams[s][f].pieces[0] != t.leadCode {
					return nil, corrupt("%s: the leading pawns differ between streams", name)
				}
			}
		}
	}
	c.off += c.off & 1

	for f := 0; f < t.files; f++ {
		for s := 0; s < t.sides; s++ {
			if err := t.streams[s][f].readSizes(c); err != nil {
				return nil, corrupt("%s: %v", name, err)
			}
		}
	}
	for f := 0; f < t.files; f++ {
		for s := 0; s < t.sides; s++ {
			st := t.streams[s][f]
			st.sparse = c.off
			c.skip(st.sparseLen * 6)
		}
	}
	for f := 0; f < t.files; f++ {
		for s := 0; s < t.sides; s++ {
			st := t.streams[s][f]
			st.lengthsOff = c.off
			c.skip(st.lengths * 2)
		}
	}
	for f := 0; f < t.files; f++ {
		for s := 0; s < t.sides; s++ {
			st := t.streams[s][f]
			c.off = (c.off + 63) &^ 63
			st.data = c.off
			if st.blocks > 0 && st.blockSize > uint64(len(raw)) {
				c.bad = true
			}
			c.skip(st.blocks * st.blockSize)
		}
	}
	if c.bad {
		return nil, corrupt("%s: the file ends before its data", name)
	}
	return t, nil
}

// setGroups splits a stream's pieces into the groups encoded together and
// works out each group's multiplier from the order the file gives.
func (t *table) setGroups(st *stream, order [2]int, f int) error {
	// The piece list must hold exactly the table's material.
	var seen [2][7]int
	for k := 0; k < t.mat.pieces; k++ {
		p := st.pieces[k]
		ty, side := int(p&7), int(p>>3)
		if p&^15 != 0 || ty < 1 || ty > 6 || p&7 == 7 {
			return fmt.Errorf("piece code %d", p)
		}
		seen[side][ty]++
	}
	if seen != t.mat.count {
		return fmt.Errorf("piece list does not match the name")
	}
	first := 2
	if t.pawns {
		first = 0
		if st.pieces[0]&7 != 1 {
			return fmt.Errorf("a pawn table's first piece is not a pawn")
		}
	} else if t.unique {
		first = 3
	}
	n := 0
	st.groupLen[0] = 1
	for i := 1; i < t.mat.pieces; i++ {
		first--
		if first > 0 || st.pieces[i] == st.pieces[i-1] {
			st.groupLen[n]++
		} else {
			n++
			st.groupLen[n] = 1
		}
	}
	n++
	st.groupLen[n] = 0

	nextGroup := 1
	free := 64 - st.groupLen[0]
	if t.both {
		nextGroup = 2
		free -= st.groupLen[1]
	}
	if order[0] > 7 || (order[1] != 15 && order[1] > 7) {
		return fmt.Errorf("group order %v", order)
	}
	mul := uint64(1)
	for k := 0; nextGroup < n || k == order[0] || k == order[1]; k++ {
		if k > maxTablePiece+1 {
			return fmt.Errorf("group order %v does not fit %d groups", order, n)
		}
		var size uint64
		switch {
		case k == order[0]:
			st.groupMul[0] = mul
			switch {
			case t.pawns:
				if st.groupLen[0] > 6 {
					return fmt.Errorf("too many leading pawns")
				}
				size = leadCount[st.groupLen[0]][f]
			case t.unique:
				size = 31332
			default:
				size = 462
			}
		case k == order[1]:
			st.groupMul[1] = mul
			if 48-st.groupLen[0] < 0 {
				return fmt.Errorf("too many pawns")
			}
			size = choose[st.groupLen[1]][48-st.groupLen[0]]
		default:
			if free < 0 {
				return fmt.Errorf("too many pieces")
			}
			st.groupMul[nextGroup] = mul
			size = choose[st.groupLen[nextGroup]][free]
			free -= st.groupLen[nextGroup]
			nextGroup++
		}
		mul *= size
	}
	if st.groupMul[0] == 0 || (t.both && st.groupMul[1] == 0) {
		return fmt.Errorf("group order %v leaves out a group", order)
	}
	if t.pawns {
		lead := st.pieces[0]
		if st.groupLen[0] != t.mat.count[lead>>3][1] {
			return fmt.Errorf("the leading group is not all of one side's pawns")
		}
		if t.both && (st.pieces[st.groupLen[0]] != lead^8 || st.groupLen[1] != t.mat.count[1-lead>>3][1]) {
			return fmt.Errorf("the second group is not the other side's pawns")
		}
	}
	st.groupMul[n] = mul
	st.size = mul
	return nil
}

// readSizes reads a stream's coding parameters: block and span sizes, the
// block count, the canonical code's lowest symbols and the pair tree.
func (st *stream) readSizes(c *cursor) error {
	flags := c.u8()
	if flags&flagSingle != 0 {
		st.single = true
		st.singleValue = c.u8()
		if st.singleValue > 4 {
			return fmt.Errorf("single value %d", st.singleValue)
		}
		return nil
	}
	blockLog, spanLog := c.u8(), c.u8()
	padding := c.u8()
	st.blocks = uint64(c.u32())
	maxLen, minLen := int(c.u8()), int(c.u8())
	if c.bad {
		return fmt.Errorf("cut in a stream's header")
	}
	if blockLog > 16 || spanLog > 31 || spanLog < 1 {
		return fmt.Errorf("block size 2^%d or span 2^%d", blockLog, spanLog)
	}
	if minLen < 1 || maxLen < minLen || maxLen > 32 {
		return fmt.Errorf("code lengths %d..%d", minLen, maxLen)
	}
	st.blockSize = 1 << blockLog
	st.span = 1 << spanLog
	st.sparseLen = (st.size + st.span - 1) / st.span
	st.lengths = st.blocks + uint64(padding)
	st.minLen = minLen
	nLen := maxLen - minLen + 1
	st.lowest = make([]uint16, nLen)
	for i := range st.lowest {
		st.lowest[i] = c.u16()
	}
	st.base = make([]uint64, nLen)
	for i := nLen - 2; i >= 0; i-- {
		st.base[i] = (st.base[i+1] + uint64(st.lowest[i]) - uint64(st.lowest[i+1])) / 2
	}
	for i := range st.base {
		st.base[i] <<= uint(64 - i - minLen)
	}
	st.symbols = int(c.u16())
	st.tree = c.off
	c.skip(uint64(st.symbols)*3 + uint64(st.symbols&1))
	if c.bad {
		return fmt.Errorf("cut in a stream's symbol table")
	}
	if st.symbols == 0 {
		return fmt.Errorf("no symbols")
	}
	return st.setSymbolLengths(c.b)
}

// pair returns the two halves of symbol s's tree entry.
func (st *stream) pair(raw []byte, s int) (left, right int) {
	e := raw[st.tree+3*s:]
	return int(e[0]) | int(e[1]&15)<<8, int(e[1]>>4) | int(e[2])<<4
}

// setSymbolLengths works out how many values each symbol expands to. A
// symbol whose right half is 0xfff is a value; any other is a pair of
// symbols. A pair that refers to itself, directly or not, is an error.
func (st *stream) setSymbolLengths(raw []byte) error {
	const (
		unseen = iota
		open
		done
	)
	state := make([]uint8, st.symbols)
	st.symLen = make([]uint32, st.symbols)
	var stack []int
	for s0 := 0; s0 < st.symbols; s0++ {
		if state[s0] == done {
			continue
		}
		stack = append(stack[:0], s0)
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			l, r := st.pair(raw, s)
			if r == 0xfff {
				state[s] = done
				stack = stack[:len(stack)-1]
				continue
			}
			if l >= st.symbols || r >= st.symbols {
				return fmt.Errorf("symbol %d refers to %d and %d of %d", s, l, r, st.symbols)
			}
			state[s] = open
			pushed := false
			for _, ch := range [2]int{l, r} {
				switch state[ch] {
				case open:
					return fmt.Errorf("symbol %d is part of itself", ch)
				case unseen:
					stack = append(stack, ch)
					pushed = true
				}
				if pushed {
					break
				}
			}
			if pushed {
				continue
			}
			n := uint64(st.symLen[l]) + uint64(st.symLen[r]) + 1
			if n > 1<<16 {
				return fmt.Errorf("symbol %d stands for %d values", s, n+1)
			}
			st.symLen[s] = uint32(n)
			state[s] = done
			stack = stack[:len(stack)-1]
		}
	}
	return nil
}
