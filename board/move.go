package board

// Move packs one whole turn into 32 bits: from (7), to (7), promotion type
// (4), kind (3) and, for Durg, the arriving Mantris as a 4-bit set over the
// c, d, f, g squares of the mover's first rank. Zero is "no move".
type Move uint32

type moveKind uint8

const (
	kindNormal moveKind = iota
	kindPromotion
	kindCastle
	kindEnPassant
	kindLeap // chaturanga Raja's knight leap
	kindCall // Durg: the Rani placed on `to`
)

// NoMove is the zero move; it is never generated.
const NoMove Move = 0

func newMove(from, to Square, kind moveKind) Move {
	return Move(from) | Move(to)<<7 | Move(kind)<<18
}

func (m Move) From() Square         { return Square(m & 127) }
func (m Move) To() Square           { return Square(m >> 7 & 127) }
func (m Move) Promotion() PieceType { return PieceType(m >> 14 & 15) }
func (m Move) kind() moveKind       { return moveKind(m >> 18 & 7) }
func (m Move) arrivals() uint8      { return uint8(m >> 21 & 15) }

// withArrivals tags a move with the Mantris that arrive before it.
func (m Move) withArrivals(set uint8) Move { return m | Move(set)<<21 }

// IsCastle, IsCall etc. describe the move's kind for callers above board.
func (m Move) IsCastle() bool    { return m.kind() == kindCastle }
func (m Move) IsCall() bool      { return m.kind() == kindCall }
func (m Move) IsEnPassant() bool { return m.kind() == kindEnPassant }
func (m Move) HasArrivals() bool { return m.arrivals() != 0 }

// MaxMoves bounds the legal turns of any position of any variant. A Durg
// turn with two arriving Mantris multiplies the ordinary moves by up to six
// placements, so this is well above chess's 218.
const MaxMoves = 1024

// MoveList is a caller-owned buffer; generation never allocates.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

func (ml *MoveList) add(m Move) {
	ml.Moves[ml.N] = m
	ml.N++
}

// Slice is the generated moves.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }
