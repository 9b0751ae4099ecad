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

// MaxMoves bounds the legal turns of every position of every variant,
// set-ups included, so generation needs no bounds check. Proof, for one
// Durg arrival set (or a turn without arrivals), the Mantris placed:
//
// Every turn but castling and the call moves a piece to a target square
// not holding one of the mover's pieces. Into a target t, along each of
// the 8 line directions only the nearest piece can come (step, slide,
// Sipahi move; a double step passes only an empty square or its own Durg,
// which never moves), and from each of the 8 knight offsets one Ashva: at
// most 8 line moves and 8 leaps per target. By mover: a Rani reaches at
// most 32 squares (from e5), any other line mover fewer; an Ashva 8. With
// r line movers, n Ashvas and T targets, r+n+T <= 81, so
//
//	line moves <= min(8T, 32r), leaps <= min(8T, 8n), and their sum is
//	<= 7/9*8T + 2/9*32r + 1/9*8T + 8/9*8n = 64/9*(T+r+n) <= 576.
//
// With 2 castlings and 4 calls that is 582. Arrivals: k = min(waiting,
// free) Mantris on 4 squares make at most C(4,2) = 6 sets: 6*582 = 3492.
// The 8x8 games stay below 582: chess by the same count with 64 squares
// and a queen's 27 (445, plus 72 for promotions to 4 pieces on 8 squares
// from 3 directions, plus 2 castlings); chaturanga at most 20 movers per
// target (8 lines, 8 knight offsets with the leap, 4 Gaja jumps) and 16
// moves per mover, so min(20T, 16k) <= 569.
const MaxMoves = 6 * (576 + 2 + 4)

// MoveList is a caller-owned buffer; generation never allocates. N comes
// first so that it shares a cache line with the first moves.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

func (ml *MoveList) add(m Move) {
	ml.Moves[ml.N] = m
	ml.N++
}

// Slice is the generated moves.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }
