package board

// Helpers for search and evaluation: cheap questions about moves and
// positions that the engine asks at every node.

// DoNullMove passes the turn (null-move pruning). The caller never uses it
// in check or with Mantris waiting, where a pass would break the rules.
func (p *Position) DoNullMove() {
	oldRights, oldEP := p.rights(), p.epHashKey()
	p.ep = NoSquare
	p.side ^= 1
	p.halfmove++
	p.frozen = Bitboard{}
	p.checkers = Bitboard{}
	p.rehashState(oldRights, oldEP)
}

// IsCapture reports whether m takes a piece (zone kills and Durg captures
// included).
func (p *Position) IsCapture(m Move) bool {
	k := m.kind()
	return k == kindEnPassant || (k != kindCall && k != kindCastle && p.board[m.To()] != NoPiece)
}

// IsQuiet reports whether m neither captures nor promotes nor calls the
// Rani (arrivals before it do not count: every move of that turn has them).
func (p *Position) IsQuiet(m Move) bool {
	return !p.IsCapture(m) && m.kind() != kindPromotion && m.kind() != kindCall
}

// Captured is the type taken by m (Pawn for en passant), NoType if none.
func (p *Position) Captured(m Move) PieceType {
	switch m.kind() {
	case kindEnPassant:
		return Pawn
	case kindCall, kindCastle:
		return NoType
	}
	return p.board[m.To()].Type()
}

// Moving is the type of the piece m moves (Queen for the call).
func (p *Position) Moving(m Move) PieceType {
	if m.kind() == kindCall {
		return Queen
	}
	return p.board[m.From()].Type()
}

// KillsBoth reports whether m is a capture in an enemy zone that removes
// the capturer too (Durg).
func (p *Position) KillsBoth(m Move) bool {
	return p.IsCapture(m) && p.zones[p.side^1].Has(m.To()) && p.board[m.To()].Type() != Durg
}

// nonPawnPieces are c's pieces besides king and pawns (and Durgs).
func (p *Position) nonPawnPieces(c Color) Bitboard {
	return p.byColor[c].AndNot(p.byType[King]).AndNot(p.byType[Pawn]).AndNot(p.byType[Durg])
}

// HasPieces reports whether c has anything besides king and pawns (and
// Durgs): search prunes only then, where zugzwang is rarer.
func (p *Position) HasPieces(c Color) bool { return p.nonPawnPieces(c).Any() }

// NonPawnPieces is how many pieces c has besides king and pawns (and
// Durgs): search's null move wants two, one can be in zugzwang.
func (p *Position) NonPawnPieces(c Color) int { return p.nonPawnPieces(c).Count() }

// PieceCount is how many pieces c has, king included.
func (p *Position) PieceCount(c Color) int { return p.byColor[c].Count() }

// IsBare reports whether c has only its king.
func (p *Position) IsBare(c Color) bool { return !p.byColor[c].More() }

// StalemateWins reports whether a stalemated side wins (chaturanga).
func (v *Variant) StalemateWins() bool { return v.stalemate == stalemateWinsForStalemated }

// BareKingLoses reports whether a lone king loses at once (chaturanga).
func (v *Variant) BareKingLoses() bool { return v.bareRaja == bareRajaLoses }

// HasWaiting reports whether the side to move has Mantris to place.
func (p *Position) HasWaiting() bool { return p.waiting[p.side] != 0 }

// MoveKey is a compact stable number of a move for history tables:
// from*81 + to, below 81*81.
func MoveKey(m Move) int { return int(m.From())*numSquares + int(m.To()) }

// NumSquares is the size of the square index space (81).
const NumSquares = numSquares

// CanCastle reports whether c still holds any castling right.
func (p *Position) CanCastle(c Color) bool {
	return p.castling&((castleWhiteK|castleWhiteQ)<<(2*c)) != 0
}

// IsLegal reports whether m is one of the position's legal turns (a move
// kept from elsewhere: a ponder guess, a stored line).
func (p *Position) IsLegal(m Move) bool {
	var ml MoveList
	p.GenerateFrom(&ml, m.From())
	for _, x := range ml.Slice() {
		if x == m {
			return true
		}
	}
	return false
}

// PawnKey is a hash of both sides' pawn sets (not kept incrementally: a
// few multiplications), for tables indexed by the pawn structure.
func (p *Position) PawnKey() uint64 {
	w, b := p.Pieces(White, Pawn), p.Pieces(Black, Pawn)
	return w.Lo*0x9E3779B97F4A7C15 ^ w.Hi*0xC2B2AE3D27D4EB4F ^ b.Lo*0x165667B19E3779F9 ^ b.Hi*0xD6E8FEB86659FD93
}
