package board

// Rule facts for code above board (evaluation, protocols): what a game
// has, read from its rules instead of from its name.

// HasType reports whether the game uses piece type t.
func (v *Variant) HasType(t PieceType) bool { return t < NumTypes && v.letters[t] != 0 }

// BackSlots is the set of c's first-rank squares where successors arrive
// and the call places its piece (Durg: c, d, f, g).
func (v *Variant) BackSlots(c Color) Bitboard {
	var b Bitboard
	for i := range v.backSlotFiles {
		b = b.Or(SquareBB(v.backSlots[c][i]))
	}
	return b
}

// Promotes reports whether pawns promote at all.
func (v *Variant) Promotes() bool { return v.promotion != promoteNever }

// PromotesToStartType reports whether a pawn may become only the type that
// started on its promotion square, while the side has fewer than at the start.
func (v *Variant) PromotesToStartType() bool { return v.promotion == promoteStartSquare }

// PromotionType is what c's pawn on file f becomes under
// PromotesToStartType: the type that started on that last-rank square.
func (v *Variant) PromotionType(c Color, f int) PieceType { return v.promoType[c][f] }

// StartCount is how many pieces of type t one side starts with.
func (v *Variant) StartCount(t PieceType) int { return v.startCount[t] }

// ZoneCaptureKillsBoth reports whether Durgs cast zones where a capture
// kills the capturer too.
func (v *Variant) ZoneCaptureKillsBoth() bool { return v.zoneCaptureKillsBoth }

// HasRajaLeap reports whether the Raja has a once-per-game knight leap.
func (v *Variant) HasRajaLeap() bool { return v.rajaLeap }

// CallThreshold is the fallen count from which the call is available; 0
// when the game has no call.
func (v *Variant) CallThreshold() int { return v.callThreshold }

// Successor is the type that arrives after its predecessor is lost
// (NoType: no succession).
func (v *Variant) Successor() PieceType { return v.successor }

// Mirror maps a square to its counterpart for the other side under the
// game's symmetry (ranks reversed; a half-turn also reverses files).
// Squares off the board map to themselves.
func (v *Variant) Mirror(s Square) Square {
	if s == NoSquare || !v.boardMask.Has(s) {
		return s
	}
	f := s.File()
	if v.symmetry == halfTurn {
		f = v.files - 1 - f
	}
	return MakeSquare(f, v.ranks-1-s.Rank())
}

// PawnDoubleStep reports whether a pawn may step two squares from its
// start rank.
func (v *Variant) PawnDoubleStep() bool { return v.pawnDoubleStep }

// HasEnPassant reports whether the FEN's en passant field may name a square.
func (v *Variant) HasEnPassant() bool { return v.enPassant }

// PieceTypes is the game's piece types in the order of its FEN letters
// (a copy).
func (v *Variant) PieceTypes() []PieceType { return append([]PieceType(nil), v.pieceTypes...) }

// HasCastling reports whether the game has castling (KQkq rights).
func (v *Variant) HasCastling() bool { return v.hasCastling() }

// FilesMirrorable reports whether reversing the files (and swapping the
// king-side and queen-side castling rights) turns a position of the game
// with these castling rights into one the rules treat alike, so of equal
// value: Durg always (its set-up, castling, back slots and rules are
// symmetric about the e-file), chess without castling rights (the king's
// file is off centre), chaturanga never (a Padati promotes to the piece
// that started on its file, and the set-up is not symmetric).
func (v *Variant) FilesMirrorable(castling uint8) bool {
	if v.symmetry == halfTurn || v.promotion == promoteStartSquare {
		return false
	}
	for i, f := range v.backSlotFiles {
		if f+v.backSlotFiles[len(v.backSlotFiles)-1-i] != v.files-1 {
			return false
		}
	}
	c := v.castling
	return castling == 0 || 2*c.kingFile == v.files-1 && c.leftRookFile+c.rightRookFile == v.files-1
}

// MirrorFile is s with its file reversed (a<->h on 8 files, a<->i on 9).
func (v *Variant) MirrorFile(s Square) Square { return MakeSquare(v.files-1-s.File(), s.Rank()) }

// MirrorCastling swaps each side's king-side and queen-side rights.
func MirrorCastling(c uint8) uint8 { return c&0b0101<<1 | c&0b1010>>1 }
