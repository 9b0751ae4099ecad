package board

// Position is a complete game state. It is a plain value: search and perft
// copy it and play the move on the copy (copy-make). A Durg turn can place
// Mantris, kill two pieces, dissolve a zone and change four counters; undo
// records for that would be larger and slower than copying these ~400 bytes.
type Position struct {
	board    [numSquares]Piece
	byType   [NumTypes]Bitboard
	byColor  [2]Bitboard
	zones    [2]Bitboard // squares of each side's Durg zones
	checkers Bitboard    // enemy pieces attacking the side to move's king
	frozen   Bitboard    // Mantris that arrived this turn and may not move
	hash     uint64
	v        *Variant
	kingSq   [2]Square
	ep       Square // en passant target square, NoSquare if none
	side     Color
	castling uint8    // castleWhiteK | castleWhiteQ | ...
	leap     uint8    // bit c: side c still has the Raja's leap
	waiting  [2]uint8 // Durg: Mantris waiting to arrive
	fallen   [2]uint8 // Durg: Gaj/Ashva/Rath/Mantri removed so far
	called   [2]bool  // Durg: the Rani has been called (or was on the board at set-up)
	halfmove int
	fullmove int
}

// Variant is the game this position belongs to (chess for a Chess960
// position: Chess960() tells them apart).
func (p *Position) Variant() *Variant { return p.v.family }

// Chess960 reports whether the position is in Chess960 mode: castling
// rights by rook file, castling written king takes rook (e1h1).
func (p *Position) Chess960() bool { return p.v.frc }

// SideToMove is the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// Hash is the Zobrist key of everything that decides repetition.
func (p *Position) Hash() uint64 { return p.hash }

// InCheck reports whether the side to move's king is attacked.
func (p *Position) InCheck() bool { return p.checkers.Any() }

// Checkers is the set of pieces giving check.
func (p *Position) Checkers() Bitboard { return p.checkers }

// PieceAt is the piece on s, NoPiece if empty.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Pieces is the set of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byType[t].And(p.byColor[c]) }

// Occupied is the set of all pieces.
func (p *Position) Occupied() Bitboard { return p.byColor[White].Or(p.byColor[Black]) }

// ColorPieces is the set of c's pieces.
func (p *Position) ColorPieces(c Color) Bitboard { return p.byColor[c] }

// KingSquare is c's king.
func (p *Position) KingSquare(c Color) Square { return p.kingSq[c] }

// HalfmoveClock counts plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber starts at 1 and grows after Black's move.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Zone is the set of squares of c's Durg zones.
func (p *Position) Zone(c Color) Bitboard { return p.zones[c] }

// Waiting is how many of c's Mantris wait to arrive (Durg).
func (p *Position) Waiting(c Color) int { return int(p.waiting[c]) }

// Fallen is c's count of lost Gaj, Ashva, Rath and Mantri (Durg).
func (p *Position) Fallen(c Color) int { return int(p.fallen[c]) }

// CallAvailable reports whether c may still call the Rani now or later
// this game once its Raja is out of check (Durg).
func (p *Position) CallAvailable(c Color) bool {
	return p.v.callThreshold > 0 && !p.called[c] && int(p.fallen[c]) >= p.v.callThreshold
}

// HasLeap reports whether c's Raja still has the knight leap (chaturanga).
func (p *Position) HasLeap(c Color) bool { return p.leap>>c&1 != 0 }

func (p *Position) put(pc Piece, s Square) {
	b := SquareBB(s)
	p.board[s] = pc
	p.byType[pc.Type()] = p.byType[pc.Type()].Or(b)
	p.byColor[pc.Color()] = p.byColor[pc.Color()].Or(b)
	p.hash ^= zobristPiece[pc][s]
	if pc.Type() == King {
		p.kingSq[pc.Color()] = s
	}
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := SquareBB(s)
	p.board[s] = NoPiece
	p.byType[pc.Type()] = p.byType[pc.Type()].AndNot(b)
	p.byColor[pc.Color()] = p.byColor[pc.Color()].AndNot(b)
	p.hash ^= zobristPiece[pc][s]
}

// recomputeZones derives c's zones from its Durgs (set-up and a Durg capture).
func (p *Position) recomputeZones(c Color) {
	var z Bitboard
	for d := p.Pieces(c, Durg); d.Any(); {
		s := d.Pop()
		z = z.Or(kingAttacks[s]).Or(SquareBB(s))
	}
	p.zones[c] = z.And(p.v.boardMask)
}

// The Durg counters stop growing where more would change nothing: at most
// four squares ever take arriving Mantris (the rest are lost at once), and
// the fallen count only matters from 4 on. FEN input clamps them the same
// way, so every position the engine writes reads back.
const (
	maxWaiting = 4
	maxFallen  = 31 // a power of two less one: it masks the key index
)

// Zobrist keys from a fixed-seed generator, so hashes are the same in every
// run (bench signatures and stored games rely on that).
var (
	zobristPiece    [32][numSquares]uint64
	zobristSide     uint64
	zobristCastling [16]uint64
	zobristEPFile   [gridFiles]uint64
	zobristLeap     [4]uint64
	zobristWaiting  [2][8]uint64 // up to maxWaiting; 8 so a mask replaces the bounds check
	zobristFallen   [2][maxFallen + 1]uint64
	zobristCalled   [2]uint64
)

func initZobrist() {
	seed := uint64(0x5E4A9A71C0FFEE)
	next := func() uint64 { // splitmix64
		seed += 0x9E3779B97F4A7C15
		z := seed
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for pc := range zobristPiece {
		for s := range zobristPiece[pc] {
			zobristPiece[pc][s] = next()
		}
	}
	zobristSide = next()
	for i := range zobristCastling {
		zobristCastling[i] = next()
	}
	for i := range zobristEPFile {
		zobristEPFile[i] = next()
	}
	for i := 1; i < 4; i++ {
		zobristLeap[i] = next()
	}
	for c := 0; c < 2; c++ {
		for i := 1; i < 4; i++ {
			zobristWaiting[c][i] = next()
		}
		for i := 1; i < 32; i++ {
			zobristFallen[c][i] = next()
		}
		zobristCalled[c] = next()
	}
	// Keys added later come last, so the earlier ones (and with them the
	// bench signature) stay as they were.
	for c := 0; c < 2; c++ {
		zobristWaiting[c][4] = next()
	}
}

// epHashKey counts the en passant square only while an en passant capture
// is legal (FIDE 9.2.3: positions are the same when the same moves are
// possible), so a dead or pinned ep square does not hide a repetition.
func (p *Position) epHashKey() uint64 {
	if p.ep == NoSquare || !p.epCaptureLegal() {
		return 0
	}
	return zobristEPFile[p.ep.File()]
}

// epCaptureLegal reports whether a pawn of the side to move may take en
// passant: one attacks the ep square, and with it moved there and the
// passed pawn gone no enemy piece attacks the king.
func (p *Position) epCaptureLegal() bool {
	us, them := p.side, p.side^1
	takers := pawnAttacks[them][p.ep].And(p.Pieces(us, Pawn))
	if takers.Empty() {
		return false
	}
	passed := p.ep - 1 // the pawn that double-stepped, one rank nearer its side
	if us == Black {
		passed = p.ep + 1
	}
	enemies := p.byColor[them].AndNot(SquareBB(passed))
	for takers.Any() {
		occ := p.Occupied().Xor(SquareBB(takers.Pop())).Xor(SquareBB(passed)).Or(SquareBB(p.ep))
		if p.attackersOf(them, p.kingSq[us], occ).And(enemies).Empty() {
			return true
		}
	}
	return false
}

// stateHash is the part of the key beside the pieces: side to move, en
// passant, and the rights and counts.
func (p *Position) stateHash() uint64 {
	h := p.rights().hash() ^ p.epHashKey()
	if p.side == Black {
		h ^= zobristSide
	}
	return h
}

// rights are the rights and counts of a position that most moves leave as
// they are: a move compares them before and after, and rehashes them only
// when they changed.
type rights struct {
	castling, leap  uint8
	waiting, fallen [2]uint8
	called          [2]bool
}

func (p *Position) rights() rights {
	return rights{p.castling, p.leap, p.waiting, p.fallen, p.called}
}

func (r rights) hash() uint64 {
	h := zobristCastling[r.castling] ^ zobristLeap[r.leap]
	for c := 0; c < 2; c++ {
		h ^= zobristWaiting[c][r.waiting[c]&7] ^ zobristFallen[c][r.fallen[c]&maxFallen]
		if r.called[c] {
			h ^= zobristCalled[c]
		}
	}
	return h
}

// rehashState updates the key for a turn that changed the side to move,
// the en passant key from oldEP and perhaps the rights from old.
func (p *Position) rehashState(old rights, oldEP uint64) {
	p.hash ^= zobristSide ^ oldEP ^ p.epHashKey()
	if r := p.rights(); r != old {
		p.hash ^= old.hash() ^ r.hash()
	}
}

// computeHash builds the key from scratch; make keeps it incrementally and
// tests compare the two.
func (p *Position) computeHash() uint64 {
	var h uint64
	for s := Square(0); s < numSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			h ^= zobristPiece[pc][s]
		}
	}
	return h ^ p.stateHash()
}
