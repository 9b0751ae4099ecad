package corpus

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"senapati/board"
)

// A chunk file is a header, then blocks of whole games, each compressed
// on its own so damage costs one block:
//
//	chunk header, 32 bytes:
//	  [0:4)   "SNPC"
//	  [4]     format version (1)
//	  [5]     length of the variant's name, then the name, zero-padded
//	          ("chess960" for Chess960 games)
//	  [28:32) CRC-32 (IEEE) of bytes 0-27, so a damaged name is not
//	          read as another game
//	block, a 24-byte header and its DEFLATE stream (compress/flate):
//	  [0:4)   "SNPB"
//	  [4:8)   bytes of the compressed stream that follows
//	  [8:12)  bytes of the games uncompressed
//	  [12:16) CRC-32 (IEEE) of the uncompressed games
//	  [16:20) games in the block
//	  [20:24) positions in the block
const (
	chunkMagic     = "SNPC"
	blockMagic     = "SNPB"
	chunkVersion   = 1
	ChunkHeaderLen = 32
	headerCRCAt    = 28
	blockHeaderLen = 24
	// blockTarget is the uncompressed size at which a block is closed:
	// large enough for DEFLATE's window to pay, small enough that damage
	// costs little.
	blockTarget = 1 << 20
	// maxBlockRaw bounds a block a reader accepts (a game of 600 plies is
	// under 4 KB, so only damage comes near it).
	maxBlockRaw = 8 << 20
	// MaxChunkBytes is the most a chunk file may hold.
	MaxChunkBytes = 16_000_000
)

// ErrDamaged marks a block that fails its checks: the reader names the
// file and offset and goes on with the next block where it can.
var ErrDamaged = errors.New("damaged block")

// variantName is the name a chunk header gives v.
func variantName(v *board.Variant) string {
	if v.IsChess960() {
		return "chess960"
	}
	return v.Name()
}

// ChunkHeader is the header of a chunk of v's games.
func ChunkHeader(v *board.Variant) []byte {
	h := make([]byte, ChunkHeaderLen)
	name := variantName(v)
	copy(h, chunkMagic)
	h[4], h[5] = chunkVersion, byte(len(name))
	copy(h[6:], name)
	binary.LittleEndian.PutUint32(h[headerCRCAt:], crc32.ChecksumIEEE(h[:headerCRCAt]))
	return h
}

// IsChunk reports whether the first bytes of a file are a chunk's.
func IsChunk(head []byte) bool { return len(head) >= 4 && string(head[:4]) == chunkMagic }

func parseChunkHeader(h []byte) (*board.Variant, error) {
	if len(h) < ChunkHeaderLen || !IsChunk(h) {
		return nil, errors.New("not a corpus chunk (no SNPC header)")
	}
	if crc32.ChecksumIEEE(h[:headerCRCAt]) != binary.LittleEndian.Uint32(h[headerCRCAt:]) {
		return nil, errors.New("chunk header fails its checksum")
	}
	if h[4] != chunkVersion {
		return nil, fmt.Errorf("chunk format version %d; this build reads version %d", h[4], chunkVersion)
	}
	n := int(h[5])
	if n == 0 || 6+n > headerCRCAt {
		return nil, errors.New("chunk header: bad variant name length")
	}
	v, err := board.LookupVariant(string(h[6 : 6+n]))
	if err != nil {
		return nil, fmt.Errorf("chunk header: %w", err)
	}
	return v, nil
}

// BlockWriter collects games into compressed blocks.
type BlockWriter struct {
	scratch
	v         *board.Variant
	raw       []byte
	games     int
	positions int
	comp      bytes.Buffer
	fw        *flate.Writer
}

// NewBlockWriter encodes games of v.
func NewBlockWriter(v *board.Variant) *BlockWriter {
	fw, _ := flate.NewWriter(nil, flate.BestCompression) // the level is valid
	return &BlockWriter{v: v, fw: fw}
}

// Add encodes g into the open block. It reports whether the block has
// reached its target size (Flush it then).
func (w *BlockWriter) Add(g *Game) (full bool, err error) {
	if g.Start.Variant().Game() != w.v.Game() || g.Start.Chess960() != w.v.IsChess960() {
		return false, fmt.Errorf("game %d is %s, the chunk %s", g.Number, variantName(g.Start.Variant()), variantName(w.v))
	}
	n := len(w.raw)
	raw, err := w.appendGame(w.raw, g)
	if err != nil {
		w.raw = raw[:n]
		return false, err
	}
	w.raw = raw
	w.games++
	w.positions += len(g.Plies)
	return len(w.raw) >= blockTarget, nil
}

// Pending is the number of games in the open block.
func (w *BlockWriter) Pending() int { return w.games }

// Flush compresses the open block and returns it with its header (nil
// when it holds no game); the writer starts a new block.
func (w *BlockWriter) Flush() []byte {
	if w.games == 0 {
		return nil
	}
	w.comp.Reset()
	w.fw.Reset(&w.comp)
	w.fw.Write(w.raw) // a bytes.Buffer does not fail
	w.fw.Close()
	out := make([]byte, blockHeaderLen, blockHeaderLen+w.comp.Len())
	copy(out, blockMagic)
	binary.LittleEndian.PutUint32(out[4:], uint32(w.comp.Len()))
	binary.LittleEndian.PutUint32(out[8:], uint32(len(w.raw)))
	binary.LittleEndian.PutUint32(out[12:], crc32.ChecksumIEEE(w.raw))
	binary.LittleEndian.PutUint32(out[16:], uint32(w.games))
	binary.LittleEndian.PutUint32(out[20:], uint32(w.positions))
	out = append(out, w.comp.Bytes()...)
	w.raw, w.games, w.positions = w.raw[:0], 0, 0
	return out
}

// Reader reads a chunk game by game.
type Reader struct {
	name   string // for messages
	r      *bufio.Reader
	v      *board.Variant
	offset int64 // of the next block header
	dec    decoder
	left   int // games left in the current block
	stop   bool
	comp   []byte
}

// NewReader reads the header of a chunk; name is how messages call it.
func NewReader(r io.Reader, name string) (*Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	h := make([]byte, ChunkHeaderLen)
	if _, err := io.ReadFull(br, h); err != nil {
		return nil, fmt.Errorf("%s: not a corpus chunk (shorter than its header)", name)
	}
	v, err := parseChunkHeader(h)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &Reader{name: name, r: br, v: v, offset: ChunkHeaderLen, dec: decoder{v: v}}, nil
}

// Variant is the game the chunk holds.
func (rd *Reader) Variant() *board.Variant { return rd.v }

func (rd *Reader) damaged(off int64, format string, a ...any) error {
	return fmt.Errorf("%s: %w at offset %d: %s", rd.name, ErrDamaged, off, fmt.Sprintf(format, a...))
}

// BlockInfo is what a block's header says.
type BlockInfo struct {
	Offset           int64
	Compressed, Raw  int
	CRC              uint32
	Games, Positions int
}

// readBlockHeader reads the next block header; io.EOF at a clean end.
// A header that cannot be trusted ends the chunk (its lengths cannot be).
func (rd *Reader) readBlockHeader() (BlockInfo, error) {
	var h [blockHeaderLen]byte
	bi := BlockInfo{Offset: rd.offset}
	n, err := io.ReadFull(rd.r, h[:])
	if err == io.EOF {
		return bi, io.EOF
	}
	if err != nil {
		rd.stop = true
		return bi, rd.damaged(rd.offset, "cut: %d bytes of a block header", n)
	}
	bi.Compressed = int(binary.LittleEndian.Uint32(h[4:]))
	bi.Raw = int(binary.LittleEndian.Uint32(h[8:]))
	bi.CRC = binary.LittleEndian.Uint32(h[12:])
	bi.Games = int(binary.LittleEndian.Uint32(h[16:]))
	bi.Positions = int(binary.LittleEndian.Uint32(h[20:]))
	if string(h[:4]) != blockMagic || bi.Raw > maxBlockRaw || bi.Compressed > maxBlockRaw+maxBlockRaw/8 || bi.Games == 0 || bi.Games > bi.Raw {
		rd.stop = true
		return bi, rd.damaged(rd.offset, "not a block header; the rest of the chunk is not read")
	}
	rd.offset += blockHeaderLen
	return bi, nil
}

// readBlockBody reads the block's compressed stream and checks it; it
// leaves the games in the decoder.
func (rd *Reader) readBlockBody(bi BlockInfo) error {
	if cap(rd.comp) < bi.Compressed {
		rd.comp = make([]byte, bi.Compressed)
	}
	comp := rd.comp[:bi.Compressed]
	n, err := io.ReadFull(rd.r, comp)
	rd.offset += int64(n)
	if err != nil {
		rd.stop = true
		return rd.damaged(bi.Offset, "cut: %d of the block's %d bytes", n, bi.Compressed)
	}
	if cap(rd.dec.buf) < bi.Raw {
		rd.dec.buf = make([]byte, bi.Raw)
	}
	raw := rd.dec.buf[:bi.Raw]
	fr := flate.NewReader(bytes.NewReader(comp))
	got, err := io.ReadFull(fr, raw)
	if err != nil {
		return rd.damaged(bi.Offset, "the compressed games break off after %d of %d bytes: %v", got, bi.Raw, err)
	}
	if crc32.ChecksumIEEE(raw) != bi.CRC {
		return rd.damaged(bi.Offset, "the games fail their checksum")
	}
	rd.dec.buf, rd.dec.off = raw, 0
	return nil
}

// Next reads the next game into g (reusing its slices). It returns io.EOF
// at the end; an error wrapping ErrDamaged for a damaged block, after
// which Next goes on with the following block where the damage allows
// (else it returns io.EOF); other errors for a block whose checksum holds
// but whose games do not decode (a bug, not damage: reading stops).
func (rd *Reader) Next(g *Game) error {
	if rd.stop {
		return io.EOF
	}
	for rd.left == 0 {
		bi, err := rd.readBlockHeader()
		if err != nil {
			return err
		}
		if err := rd.readBlockBody(bi); err != nil {
			return err
		}
		rd.left = bi.Games
	}
	if err := rd.dec.next(g); err != nil {
		rd.stop = true
		return fmt.Errorf("%s: block before offset %d: %w", rd.name, rd.offset, err)
	}
	rd.left--
	if rd.left == 0 && rd.dec.off != len(rd.dec.buf) {
		rd.stop = true
		return fmt.Errorf("%s: block before offset %d: %d bytes after its last game", rd.name, rd.offset, len(rd.dec.buf)-rd.dec.off)
	}
	return nil
}

// Blocks reads every block header of a chunk, skipping the games: its
// counts, cheaply. It stops at the first damaged header.
func Blocks(r io.Reader, name string) (*board.Variant, []BlockInfo, error) {
	rd, err := NewReader(r, name)
	if err != nil {
		return nil, nil, err
	}
	var out []BlockInfo
	for {
		bi, err := rd.readBlockHeader()
		if err == io.EOF {
			return rd.v, out, nil
		}
		if err != nil {
			return rd.v, out, err
		}
		if _, err := rd.r.Discard(bi.Compressed); err != nil {
			return rd.v, out, rd.damaged(bi.Offset, "cut: the block's %d bytes are not all there", bi.Compressed)
		}
		rd.offset += int64(bi.Compressed)
		out = append(out, bi)
	}
}

// OpenChunk opens a chunk file for reading; Close the file when done.
func OpenChunk(path string) (*Reader, *os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	rd, err := NewReader(f, path)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return rd, f, nil
}
