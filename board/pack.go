package board

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// PackedSize is the length of a packed position: a fixed-size binary form
// for training data (see docs/nnue.md for the byte layout), about a sixth
// of the FEN's length.
const PackedSize = 40

// maxPackedPieces: the nibbles of a packed position hold this many pieces,
// more than any game starts with (Durg 36), and no game adds pieces.
const maxPackedPieces = 40

// Pack writes p into b (at least PackedSize bytes):
//
//	[0:11)  occupancy, squares 0..80 (file*9+rank) as bits, little-endian
//	[11:31) one nibble a piece in square order, low nibble first:
//	        colour<<3 | the type's index in the variant's piece letters
//	[31]    side to move | castling rights<<1 (KQkq, 4 bits) | leap<<5 (2 bits)
//	[32]    en passant square + 1, 0 for none
//	[33]    waiting Mantris: White | Black<<3, then called<<6 (White), <<7 (Black)
//	[34:36) fallen counts, White then Black
//	[36:38) halfmove clock, [38:40) fullmove number (uint16, saturated)
//
// It fails for a set-up with more than 40 pieces and for a Chess960
// position with castling rights (their rook files do not fit).
func (p *Position) Pack(b []byte) error {
	b = b[:PackedSize]
	clear(b)
	occ := p.Occupied()
	if occ.Count() > maxPackedPieces {
		return fmt.Errorf("%d pieces: a packed position holds at most %d", occ.Count(), maxPackedPieces)
	}
	if p.v.frc && p.castling != 0 {
		return errors.New("a Chess960 position with castling rights is not packed")
	}
	binary.LittleEndian.PutUint64(b[0:8], occ.Lo|occ.Hi<<loSquares)
	hi := occ.Hi >> (64 - loSquares)
	b[8], b[9], b[10] = byte(hi), byte(hi>>8), byte(hi>>16)
	n := 0
	for s := Square(0); s < numSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		code := byte(pc.Color())<<3 | byte(slices.Index(p.v.pieceTypes, pc.Type()))
		b[11+n/2] |= code << (4 * (n % 2))
		n++
	}
	b[31] = byte(p.side) | p.castling<<1 | p.leap<<5
	if p.ep != NoSquare {
		b[32] = byte(p.ep) + 1
	}
	b[33] = p.waiting[White] | p.waiting[Black]<<3
	for c := White; c <= Black; c++ {
		if p.called[c] {
			b[33] |= 1 << (6 + c)
		}
	}
	b[34], b[35] = p.fallen[White], p.fallen[Black]
	binary.LittleEndian.PutUint16(b[36:38], uint16(min(p.halfmove, 0xFFFF)))
	binary.LittleEndian.PutUint16(b[38:40], uint16(min(p.fullmove, 0xFFFF)))
	return nil
}

// PackedPiece is one piece of a packed position.
type PackedPiece struct {
	Square Square
	Piece  Piece
}

// PackedState is what a packed position holds beside its pieces.
type PackedState struct {
	Side               Color
	Castling, Leap     uint8 // KQkq bits; bit c: c still has the Raja's leap
	EnPassant          Square
	Waiting, Fallen    [2]int
	Called             [2]bool
	Halfmove, Fullmove int
}

var errPackedShort = errors.New("packed position: too short")

// UnpackPieces reads the pieces of a packed position of v into dst (which
// it returns, grown) without building a Position: the fast path of a
// trainer, which needs only the pieces and the state.
func UnpackPieces(v *Variant, b []byte, dst []PackedPiece) ([]PackedPiece, PackedState, error) {
	var st PackedState
	if len(b) < PackedSize {
		return dst, st, errPackedShort
	}
	lo := binary.LittleEndian.Uint64(b[0:8])
	hi := lo>>loSquares | uint64(b[8])<<(64-loSquares) | uint64(b[9])<<(72-loSquares) | uint64(b[10])<<(80-loSquares)
	occ := Bitboard{Lo: lo & loMask, Hi: hi}
	if occ.Hi&^hiMask != 0 || occ.AndNot(v.boardMask).Any() {
		return dst, st, fmt.Errorf("packed position: pieces off the %s board", v.name)
	}
	if occ.Count() > maxPackedPieces {
		return dst, st, fmt.Errorf("packed position: %d pieces, at most %d", occ.Count(), maxPackedPieces)
	}
	n := 0
	for occ.Any() {
		s := occ.Pop()
		code := b[11+n/2] >> (4 * (n % 2)) & 15
		n++
		i := int(code & 7)
		if i >= len(v.pieceTypes) {
			return dst, st, fmt.Errorf("packed position: piece code %d on %v is not a %s piece", code, s, v.name)
		}
		dst = append(dst, PackedPiece{Square: s, Piece: MakePiece(Color(code>>3), v.pieceTypes[i])})
	}
	st.Side = Color(b[31] & 1)
	st.Castling, st.Leap = b[31]>>1&15, b[31]>>5&3
	if b[31]>>7 != 0 {
		return dst, st, errors.New("packed position: unused state bit set")
	}
	st.EnPassant = Square(int(b[32]) - 1)
	st.Waiting = [2]int{int(b[33] & 7), int(b[33] >> 3 & 7)}
	st.Called = [2]bool{b[33]>>6&1 != 0, b[33]>>7 != 0}
	st.Fallen = [2]int{int(b[34]), int(b[35])}
	st.Halfmove = int(binary.LittleEndian.Uint16(b[36:38]))
	st.Fullmove = int(binary.LittleEndian.Uint16(b[38:40]))
	return dst, st, nil
}

// Unpack reads a packed position of v. The result passes every check
// ParseFEN makes, and only a canonical packing is accepted: what Unpack
// returns packs back to exactly b's first PackedSize bytes.
func Unpack(v *Variant, b []byte) (Position, error) {
	var buf [maxPackedPieces]PackedPiece
	pieces, st, err := UnpackPieces(v, b, buf[:0])
	if err != nil {
		return Position{}, err
	}
	p := Position{v: v, side: st.Side, castling: st.Castling, leap: st.Leap, ep: st.EnPassant,
		halfmove: st.Halfmove, fullmove: st.Fullmove}
	for _, pp := range pieces {
		p.put(pp.Piece, pp.Square)
	}
	for c := White; c <= Black; c++ {
		p.waiting[c], p.fallen[c], p.called[c] = uint8(st.Waiting[c]), uint8(st.Fallen[c]), st.Called[c]
	}
	// The FEN reader makes every check of a set-up; a packing it reads
	// back differently was not written by Pack.
	q, err := ParseFEN(v, p.FEN())
	if err != nil {
		return Position{}, fmt.Errorf("packed position: %w", err)
	}
	var again [PackedSize]byte
	if err := q.Pack(again[:]); err != nil || string(again[:]) != string(b[:PackedSize]) {
		return Position{}, errors.New("packed position: not in the canonical form Pack writes")
	}
	return q, nil
}

// State is what p holds beside its pieces, as a packed position has it.
func (p *Position) State() PackedState {
	return PackedState{Side: p.side, Castling: p.castling, Leap: p.leap, EnPassant: p.ep,
		Waiting: [2]int{int(p.waiting[White]), int(p.waiting[Black])},
		Fallen:  [2]int{int(p.fallen[White]), int(p.fallen[Black])},
		Called:  p.called, Halfmove: p.halfmove, Fullmove: p.fullmove}
}
