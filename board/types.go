package board

// Color is the side: White moves first from ranks 1-2.
type Color uint8

const (
	White Color = iota
	Black
)

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a movement kind shared by all variants; each variant names
// the kinds it uses with its own letters (a chaturanga Mantri is a Ferz, a
// Durg Mantri a Bishop, a Durg Rath a Rath).
type PieceType uint8

const (
	NoType PieceType = iota
	Pawn             // chess pawn, Padati, Sipahi
	Knight           // knight, Ashva
	Bishop           // bishop, Durg Mantri
	Rook             // rook, Ratha, Gaj
	Queen            // queen, Rani
	King             // king, Raja
	Ferz             // one step diagonally: chaturanga Mantri
	Alfil            // two-square diagonal jump: chaturanga Gaja
	Rath             // king step or diagonal slide: Durg Rath
	Durg             // never moves, attacks nothing: Durg fortress
	NumTypes
)

// Piece is a coloured piece type; 0 is an empty square.
type Piece uint8

const NoPiece Piece = 0

func MakePiece(c Color, t PieceType) Piece { return Piece(t) | Piece(c)<<4 }
func (p Piece) Type() PieceType            { return PieceType(p & 15) }
func (p Piece) Color() Color               { return Color(p >> 4) }
