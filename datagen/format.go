// Package datagen makes training data for a learned evaluation: games the
// engine plays against itself at a fixed number of nodes a move, each
// position stored with the search's score and the game's result. The file
// format is documented here and in docs/nnue.md.
//
// A data file is a header, then whole games, each one block:
//
//	file header, 32 bytes:
//	  [0:4)   "SNPD"
//	  [4]     format version (2; 1 had no header checksum and is read too)
//	  [5]     record size (44)
//	  [6]     length of the variant's name, then the name, zero-padded
//	  [28:32) CRC-32 (IEEE) of bytes 0-27 (version 2)
//	game block header, 16 bytes:
//	  [0:8)   game number (uint64, little-endian): unique across shards
//	  [8:10)  number of position records that follow (uint16)
//	  [10]    result, White's view: 0 Black won, 1 draw, 2 White won
//	  [11]    how it ended: a board.Termination, or 100+ for adjudication
//	  [12:16) CRC-32 (IEEE) of the records, so a torn write is seen
//	position record, 44 bytes:
//	  [0:40)  the position (board.Position.Pack)
//	  [40:42) the search's score in centipawns for the side to move (int16)
//	  [42]    flags: 1 the side to move is in check, 2 the best move found
//	          is a capture or promotion (not quiet)
//	  [43]    reserved, 0
//
// Games are appended whole, one write each, so an interrupted run leaves
// at most a torn last block, which the reader reports and Resume cuts off.
// A damaged block with whole games after it is not a torn end: the reader
// finds the next game block whose checksum holds, reports the damage
// (corpus.ErrDamaged) and goes on from there.
package datagen

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"senapati/board"
	"senapati/corpus"
)

const (
	magic         = "SNPD"
	formatVersion = 2
	headerCRCAt   = 28
	HeaderSize    = 32
	GameHeadSize  = 16
	RecordSize    = 44
	// maxGamePositions bounds one game's records (a uint16 count).
	maxGamePositions = 0xFFFF
)

// Flags of a record: the corpus's.
const (
	FlagInCheck  = corpus.FlagInCheck
	FlagNotQuiet = corpus.FlagNotQuiet
)

// Result codes, White's view: the corpus's.
const (
	BlackWon = corpus.BlackWon
	Drawn    = corpus.Drawn
	WhiteWon = corpus.WhiteWon
)

// Terminations beyond board.Termination's: adjudications.
const (
	AdjudicatedWin  = 100 // both sides' scores agreed on a winner for long enough
	AdjudicatedDraw = 101 // scores near zero for long enough
	MaxLength       = 102 // the game reached the length limit
)

// Record is one stored position.
type Record struct {
	Pos   [board.PackedSize]byte
	Score int16 // centipawns for the side to move
	Flags uint8
}

// Game is one game's block.
type Game struct {
	Number      uint64
	Result      uint8 // BlackWon, Drawn or WhiteWon
	Termination uint8
	Records     []Record
}

// TerminationName names a game block's termination code.
func TerminationName(t uint8) string {
	switch t {
	case AdjudicatedWin:
		return "adjudicated win"
	case AdjudicatedDraw:
		return "adjudicated draw"
	case MaxLength:
		return "length limit"
	}
	names := [...]string{"not over", "checkmate", "stalemate", "bare raja", "repetition", "move rule", "insufficient material"}
	if int(t) < len(names) {
		return names[t]
	}
	return fmt.Sprintf("code %d", t)
}

// Header is the file header for variant v: a file is this, then game
// blocks (AppendGame).
func Header(v *board.Variant) []byte {
	h := make([]byte, HeaderSize)
	copy(h, magic)
	h[4], h[5], h[6] = formatVersion, RecordSize, byte(len(v.Name()))
	copy(h[7:], v.Name())
	binary.LittleEndian.PutUint32(h[headerCRCAt:], crc32.ChecksumIEEE(h[:headerCRCAt]))
	return h
}

// parseHeader reads a file header.
func parseHeader(h []byte) (*board.Variant, error) {
	if len(h) < HeaderSize || string(h[:4]) != magic {
		return nil, errors.New("not a Senapati data file (no SNPD header)")
	}
	if h[4] < 1 || h[4] > formatVersion || h[5] != RecordSize {
		return nil, fmt.Errorf("data format version %d with %d-byte records; this build reads versions 1-%d, %d bytes", h[4], h[5], formatVersion, RecordSize)
	}
	nameEnd := HeaderSize
	if h[4] >= 2 {
		if crc32.ChecksumIEEE(h[:headerCRCAt]) != binary.LittleEndian.Uint32(h[headerCRCAt:]) {
			return nil, errors.New("data file header fails its checksum")
		}
		nameEnd = headerCRCAt
	}
	n := int(h[6])
	if n == 0 || 7+n > nameEnd {
		return nil, errors.New("data file header: bad variant name length")
	}
	v, err := board.VariantByName(string(h[7 : 7+n]))
	if err != nil {
		return nil, fmt.Errorf("data file header: %w", err)
	}
	return v, nil
}

// AppendGame encodes g as a game block onto b.
func AppendGame(b []byte, g *Game) ([]byte, error) {
	if len(g.Records) > maxGamePositions {
		return b, fmt.Errorf("game %d has %d positions, a block holds %d", g.Number, len(g.Records), maxGamePositions)
	}
	start := len(b)
	b = append(b, make([]byte, GameHeadSize)...)
	for i := range g.Records {
		r := &g.Records[i]
		b = append(b, r.Pos[:]...)
		b = binary.LittleEndian.AppendUint16(b, uint16(r.Score))
		b = append(b, r.Flags, 0)
	}
	h := b[start : start+GameHeadSize]
	binary.LittleEndian.PutUint64(h[0:8], g.Number)
	binary.LittleEndian.PutUint16(h[8:10], uint16(len(g.Records)))
	h[10], h[11] = g.Result, g.Termination
	binary.LittleEndian.PutUint32(h[12:16], crc32.ChecksumIEEE(b[start+GameHeadSize:]))
	return b, nil
}

// Reader reads a data file game by game.
type Reader struct {
	ra      io.ReaderAt
	size    int64
	r       *bufio.Reader // sequential reads from offset
	variant *board.Variant
	offset  int64 // bytes read: the end of the last whole game
	buf     []byte
	scan    []byte // nextWhole's
	index   int    // games read, damaged ones included
}

// ErrTorn reports a game block cut short or damaged with no whole game
// after it: the end of a run that was interrupted while writing (Resume
// cuts it off).
var ErrTorn = errors.New("torn game block")

// NewReader reads the header of a data file of size bytes.
func NewReader(r io.ReaderAt, size int64) (*Reader, error) {
	h := make([]byte, HeaderSize)
	if n, _ := r.ReadAt(h, 0); n < HeaderSize {
		return nil, errors.New("not a Senapati data file (shorter than its header)")
	}
	v, err := parseHeader(h)
	if err != nil {
		return nil, err
	}
	rd := &Reader{ra: r, size: size, variant: v}
	rd.seek(HeaderSize)
	return rd, nil
}

func (rd *Reader) seek(off int64) {
	rd.offset = off
	rd.r = bufio.NewReaderSize(io.NewSectionReader(rd.ra, off, rd.size-off), 1<<16)
}

// Variant is the game the file holds.
func (rd *Reader) Variant() *board.Variant { return rd.variant }

// Offset is the file offset just past the last whole game read.
func (rd *Reader) Offset() int64 { return rd.offset }

// Next reads the next game into g (reusing its records). It returns
// io.EOF at a clean end; an error wrapping ErrTorn for a torn last block;
// one wrapping corpus.ErrDamaged for a damaged block with whole games
// after it, which it skips (the next call reads on); other errors for a
// block whose checksum holds but whose records are not positions.
func (rd *Reader) Next(g *Game) error {
	at := rd.offset
	var h [GameHeadSize]byte
	n, err := io.ReadFull(rd.r, h[:])
	if err == io.EOF {
		return io.EOF
	}
	rd.index++
	if err != nil {
		return fmt.Errorf("%w: %d bytes of a game header at offset %d", ErrTorn, n, at)
	}
	size := rd.blockSize(h[:])
	if cap(rd.buf) < size {
		rd.buf = make([]byte, size)
	}
	body := rd.buf[:max(size, 0)]
	var why string
	if size < 0 {
		why = "its header is not a game's"
	} else if n, err := io.ReadFull(rd.r, body); err != nil {
		why = fmt.Sprintf("%d of its %d bytes are there", n, size)
	} else if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(h[12:16]) {
		why = "it fails its checksum"
	}
	if why != "" {
		next, ok := rd.nextWhole(at + 1)
		if !ok {
			rd.seek(at)
			return fmt.Errorf("%w: game %d at offset %d: %s", ErrTorn, rd.index, at, why)
		}
		rd.seek(next)
		return fmt.Errorf("%w: game %d at offset %d: %s; %d bytes skipped to the next whole game", corpus.ErrDamaged, rd.index, at, why, next-at)
	}
	g.Number = binary.LittleEndian.Uint64(h[0:8])
	g.Result, g.Termination = h[10], h[11]
	count := size / RecordSize
	g.Records = g.Records[:0]
	for i := 0; i < count; i++ {
		b := body[i*RecordSize : (i+1)*RecordSize]
		var r Record
		copy(r.Pos[:], b[:board.PackedSize])
		r.Score = int16(binary.LittleEndian.Uint16(b[40:42]))
		r.Flags = b[42]
		if _, _, err := board.UnpackPieces(rd.variant, r.Pos[:], nil); err != nil {
			return fmt.Errorf("game %d at offset %d, position %d: %w", g.Number, at, i, err)
		}
		g.Records = append(g.Records, r)
	}
	rd.offset = at + int64(GameHeadSize+size)
	return nil
}

// blockSize is the size of the records a game header announces, or -1
// when the header cannot be a game's.
func (rd *Reader) blockSize(h []byte) int {
	count := int(binary.LittleEndian.Uint16(h[8:10]))
	if h[10] > WhiteWon || count == 0 { // datagen writes no empty game
		return -1
	}
	return count * RecordSize
}

// nextWhole finds the first offset from `from` on where a whole game
// block with a true checksum starts.
func (rd *Reader) nextWhole(from int64) (int64, bool) {
	var h [GameHeadSize]byte
	for at := from; at+GameHeadSize <= rd.size; at++ {
		if _, err := rd.ra.ReadAt(h[:], at); err != nil {
			return 0, false
		}
		size := rd.blockSize(h[:])
		if size <= 0 || at+GameHeadSize+int64(size) > rd.size {
			continue
		}
		if cap(rd.scan) < size {
			rd.scan = make([]byte, size)
		}
		body := rd.scan[:size]
		if _, err := rd.ra.ReadAt(body, at+GameHeadSize); err != nil {
			continue
		}
		if crc32.ChecksumIEEE(body) == binary.LittleEndian.Uint32(h[12:16]) {
			return at, true
		}
	}
	return 0, false
}
