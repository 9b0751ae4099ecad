package board

import (
	"fmt"
	"strings"
)

// promotionRule says what a pawn on its last rank becomes.
type promotionRule uint8

const (
	promoteNever       promotionRule = iota // Durg: a Sipahi on the last rank just stops
	promoteChoice                           // chess: one of promoChoices
	promoteStartSquare                      // chaturanga: the type that started there, while below its start count
)

// castleRule is one castling move of one side, all in data so 8 and 9 files
// share the code.
type castleRule struct {
	right                              uint8
	kingFrom, kingTo, rookFrom, rookTo Square
	mustBeEmpty                        Bitboard // squares between king and rook
	mustBeSafe                         Bitboard // squares the king crosses and lands on
}

// Variant is a game as data plus switches for the few rules that are not
// expressible as data. The move generator reads these; there is no second
// generator per game.
type Variant struct {
	Name            string
	Files, Ranks    int
	StartFEN        string
	DefaultMoveRule int // moves per side without capture or pawn move; 0 off

	boardMask   Bitboard
	letters     [NumTypes]byte // upper-case FEN letter per type; 0 unused
	pawnDouble  bool           // pawns may double-step from their start rank
	enPassant   bool
	promotion   promotionRule
	promoChoice []PieceType
	promoType   [2][gridFiles]PieceType // promoteStartSquare: by file of the last rank
	startCount  [NumTypes]int           // pieces of each type one side starts with
	castles     [2][2]castleRule        // by colour, then king side / queen side
	castleKeep  [numSquares]uint8       // rights kept when a piece leaves or enters the square

	kingLeap      bool // chaturanga: the Raja's once-per-game knight leap
	fortresses    bool // Durg zones, kill-both captures, Sipahi over own Durg
	succession    bool // Durg: lost Rath brings a Mantri
	rajaCall      bool // Durg: the Rani is called once four pieces have fallen
	stalemateWins bool // chaturanga: the stalemated side wins
	bareKingLoses bool // chaturanga
	insufficient  insufficientRule

	firstRank [2]Bitboard
	lastRank  [2]Bitboard
	pawnStart [2]Bitboard
	backSlots [2][4]Square // Durg: c, d, f, g of each first rank (arrivals, the call)
}

type insufficientRule uint8

const (
	insufficientNone insufficientRule = iota
	insufficientChess
	insufficientDurg
)

const (
	castleWhiteK uint8 = 1 << iota
	castleWhiteQ
	castleBlackK
	castleBlackQ
	castleAll = castleWhiteK | castleWhiteQ | castleBlackK | castleBlackQ
)

var (
	Chess, Chaturanga, DurgGame *Variant
	// Variants lists every game, the default first.
	Variants []*Variant
)

// The package's tables depend on each other, so one init orders them.
func init() {
	initSquares()
	initAttacks()
	initZobrist()
	initColours()
	Chess = newVariant("chess", 8, 8, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "PNBRQK", 50)
	Chaturanga = newVariant("chaturanga", 8, 8, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1", "PNBRQK", 50)
	DurgGame = newVariant("durg", 9, 9, "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0", "PNBRQKHD", 30)
	Variants = []*Variant{Chess, Chaturanga, DurgGame}
}

// VariantByName finds a variant by its UCI_Variant name.
func VariantByName(name string) (*Variant, error) {
	for _, v := range Variants {
		if strings.EqualFold(v.Name, name) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(VariantNames(), ", "))
}

// VariantNames lists the variant names in the order of Variants.
func VariantNames() []string {
	names := make([]string, len(Variants))
	for i, v := range Variants {
		names[i] = v.Name
	}
	return names
}

func newVariant(name string, files, ranks int, startFEN, letters string, moveRule int) *Variant {
	v := &Variant{Name: name, Files: files, Ranks: ranks, StartFEN: startFEN, DefaultMoveRule: moveRule}
	for f := 0; f < files; f++ {
		for r := 0; r < ranks; r++ {
			v.boardMask = v.boardMask.Or(SquareBB(MakeSquare(f, r)))
		}
	}
	types := []PieceType{Pawn, Knight, Bishop, Rook, Queen, King, Rath, Durg}
	if name == "chaturanga" {
		types = []PieceType{Pawn, Knight, Alfil, Rook, Ferz, King}
	}
	for i, t := range types[:len(letters)] {
		v.letters[t] = letters[i]
	}
	v.firstRank = [2]Bitboard{rankBB[0].And(v.boardMask), rankBB[ranks-1].And(v.boardMask)}
	v.lastRank = [2]Bitboard{v.firstRank[Black], v.firstRank[White]}
	v.pawnStart = [2]Bitboard{rankBB[1].And(v.boardMask), rankBB[ranks-2].And(v.boardMask)}
	for s := range v.castleKeep {
		v.castleKeep[s] = castleAll
	}
	switch name {
	case "chess":
		v.pawnDouble, v.enPassant = true, true
		v.promotion, v.promoChoice = promoteChoice, []PieceType{Queen, Rook, Bishop, Knight}
		v.addCastling(4, 7, 0)
		v.insufficient = insufficientChess
	case "chaturanga":
		v.promotion = promoteStartSquare
		v.kingLeap, v.stalemateWins, v.bareKingLoses = true, true, true
	case "durg":
		v.pawnDouble, v.fortresses, v.succession, v.rajaCall = true, true, true, true
		v.addCastling(4, 8, 0)
		v.insufficient = insufficientDurg
		for c := White; c <= Black; c++ {
			for i, f := range []int{2, 3, 5, 6} {
				v.backSlots[c][i] = MakeSquare(f, c.homeRank(ranks))
			}
		}
	}
	// Promotion targets and start counts come from the start position itself.
	start, err := parseBoardOnly(v, startFEN)
	if err != nil {
		panic(fmt.Sprintf("variant %s: bad start FEN: %v", name, err))
	}
	for s := Square(0); s < numSquares; s++ {
		if pc := start[s]; pc != NoPiece && pc.Color() == White {
			v.startCount[pc.Type()]++
		}
	}
	for f := 0; f < files; f++ {
		v.promoType[White][f] = start[MakeSquare(f, ranks-1)].Type()
		v.promoType[Black][f] = start[MakeSquare(f, 0)].Type()
	}
	return v
}

func (c Color) homeRank(ranks int) int {
	if c == White {
		return 0
	}
	return ranks - 1
}

// addCastling sets up both castlings of both sides: the king from its file
// two files towards each rook, the rook to the square the king crossed.
func (v *Variant) addCastling(kingFile, rightRookFile, leftRookFile int) {
	for c := White; c <= Black; c++ {
		r := c.homeRank(v.Ranks)
		k := MakeSquare(kingFile, r)
		for side, rookFile := range []int{rightRookFile, leftRookFile} {
			step := 1
			if rookFile < kingFile {
				step = -1
			}
			cr := castleRule{
				right:    castleWhiteK << (2*uint(c) + uint(side)),
				kingFrom: k, kingTo: MakeSquare(kingFile+2*step, r),
				rookFrom: MakeSquare(rookFile, r), rookTo: MakeSquare(kingFile+step, r),
			}
			for f := kingFile + step; f != rookFile; f += step {
				cr.mustBeEmpty = cr.mustBeEmpty.Or(SquareBB(MakeSquare(f, r)))
			}
			cr.mustBeSafe = SquareBB(cr.rookTo).Or(SquareBB(cr.kingTo))
			v.castles[c][side] = cr
			v.castleKeep[cr.rookFrom] &^= cr.right
			v.castleKeep[k] &^= cr.right
		}
	}
}

// PieceLetter is the FEN letter of a piece in this variant.
func (v *Variant) PieceLetter(pc Piece) byte {
	l := v.letters[pc.Type()]
	if pc.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// pieceFromLetter parses a FEN piece letter of this variant.
func (v *Variant) pieceFromLetter(l byte) (Piece, bool) {
	c := White
	if l >= 'a' && l <= 'z' {
		c, l = Black, l-('a'-'A')
	}
	for t := Pawn; t < NumTypes; t++ {
		if v.letters[t] == l && l != 0 { // 0 marks a type the variant does not use
			return MakePiece(c, t), true
		}
	}
	return NoPiece, false
}

// Letters lists the piece letters the variant uses, for error messages.
func (v *Variant) Letters() string {
	var b []byte
	for t := Pawn; t < NumTypes; t++ {
		if v.letters[t] != 0 {
			b = append(b, v.letters[t])
		}
	}
	return string(b)
}

// BoardSquares is the set of squares on the variant's board.
func (v *Variant) BoardSquares() Bitboard { return v.boardMask }
