package board

import (
	"fmt"
	"strings"
)

// A Variant is one game as rule-named data. The move generator, make, FEN
// and the verdict read these fields; each game's literal and its own rule
// hooks are in its file (chess.go, chaturanga.go, durg.go). Variants() are
// built once at start-up and never change afterwards.
type Variant struct {
	rules
	// family is the game a position of this variant belongs to: the
	// variant itself, or chess for a Chess960 set-up (chess960.go), which
	// differs only in where castling starts.
	family *Variant
	// frc: castling rights name rook files, castling is written king takes
	// rook (e1h1) and FEN shows the rights as X-FEN (Chess960 mode).
	frc        bool
	frcFiles   castleFiles // where a Chess960 set-up's castling starts
	boardMask  Bitboard
	letters    [NumTypes]byte // upper-case FEN letter per type; 0 unused
	promoType  [2][gridFiles]PieceType
	startCount [NumTypes]int     // pieces of each type one side starts with
	castles    [2][2]castleRule  // by colour, then king side / queen side
	castleKeep [numSquares]uint8 // rights kept when a piece leaves or enters the square
	firstRank  [2]Bitboard
	lastRank   [2]Bitboard
	pawnStart  [2]Bitboard
	backSlots  [2][4]Square // c, d, f, g of each first rank: arrivals and the call
}

// rules is what a game's literal states; everything else in Variant is
// derived from it.
type rules struct {
	name            string
	files, ranks    int
	startFEN        string
	defaultMoveRule int
	pieceLetters    string      // FEN letters in the order of pieceTypes
	pieceTypes      []PieceType // the movement kinds the game uses

	pawnDoubleStep bool
	enPassant      bool
	promotion      promotionRule
	promoChoice    []PieceType // promoteChoice: what a pawn may become

	castling castlingRule
	// chess960: the game has a Chess960 mode, where king and rooks start
	// on any files of the first rank (chess).
	chess960 bool

	// rajaLeap: once per game the Raja may make a knight move, lost for
	// good when used or when he is first in check (chaturanga).
	rajaLeap bool
	// zoneCaptureKillsBoth: Durgs cast zones; a capture on an enemy zone
	// square removes the capturer too, a captured Durg takes its zone
	// with it, and a Sipahi's double step may pass its own Durg.
	zoneCaptureKillsBoth bool
	// Losing a piece of type successorOf sends a successor of type
	// successor to wait for a free back slot (Durg: a lost Rath sends a
	// Mantri); successor NoType: no succession.
	successorOf, successor PieceType
	// successorForfeitsCastling: the successor entering the square its
	// side's castling rook would go to ends that castling for good.
	successorForfeitsCastling bool
	// countsAsFallen[t]: losing type t brings the Raja's call nearer.
	countsAsFallen [NumTypes]bool
	// callThreshold: with this many fallen the side may once place a
	// callPiece on a free back slot as its whole turn; 0: no call.
	callThreshold int
	callPiece     PieceType
	backSlotFiles []int // files of the first rank where arrivals and the call land

	stalemate stalemateRule
	bareRaja  bareRajaRule
	// deadPosition reports a draw by insufficient material; nil: never.
	deadPosition func(*Position) bool
	symmetry     symmetry // how Mirrored maps White's half onto Black's
}

// promotionRule says what a pawn on its last rank becomes.
type promotionRule uint8

const (
	promoteNever       promotionRule = iota // a pawn on the last rank just stops
	promoteChoice                           // one of promoChoice
	promoteStartSquare                      // the type that started there, while the side has fewer than at the start
)

// castlingRule places castling: the king's file and the two rooks'. The
// king goes two files towards the rook and the rook to the square he crossed.
type castlingRule struct {
	kingFile, rightRookFile, leftRookFile int
}

type stalemateRule uint8

const (
	stalemateDraw              stalemateRule = iota
	stalemateWinsForStalemated               // chaturanga: the player who stalemates loses
)

type bareRajaRule uint8

const (
	bareRajaPlaysOn bareRajaRule = iota
	bareRajaLoses                // a lone Raja against more loses at once; both bare is a draw
)

type symmetry uint8

const (
	mirrorRanks symmetry = iota // Black's set-up is White's with ranks reversed
	halfTurn                    // Black's set-up is White's turned by 180 degrees
)

// castleRule is one castling move of one side, all in data so 8 and 9 files
// share the code.
type castleRule struct {
	right                              uint8
	kingFrom, kingTo, rookFrom, rookTo Square
	mustBeEmpty                        Bitboard // squares both cross and land on, but their own
	mustBeSafe                         Bitboard // squares the king crosses and lands on
}

const (
	castleWhiteK uint8 = 1 << iota
	castleWhiteQ
	castleBlackK
	castleBlackQ
	castleAll = castleWhiteK | castleWhiteQ | castleBlackK | castleBlackQ
)

var (
	chess, chaturanga, durg *Variant
	chess960Mode            *Variant // chess in Chess960 mode (chess960.go)
	variants                []*Variant
)

// The games. They are built once at start-up and cannot be changed from
// outside the package.
func Chess() *Variant      { return chess }
func Chaturanga() *Variant { return chaturanga }
func DurgGame() *Variant   { return durg }

// Variants() lists every game, the default first (a fresh slice each call).
func Variants() []*Variant { return append([]*Variant(nil), variants...) }

// Name is the game's UCI_Variant name.
func (v *Variant) Name() string { return v.name }

// Files and Ranks are the board's size.
func (v *Variant) Files() int { return v.files }
func (v *Variant) Ranks() int { return v.ranks }

// StartFEN is the game's initial position.
func (v *Variant) StartFEN() string { return v.startFEN }

// DefaultMoveRule is the game's own number of moves per side without a
// capture or pawn move before a draw.
func (v *Variant) DefaultMoveRule() int { return v.defaultMoveRule }

// The package's tables depend on each other, so one init orders them.
func init() {
	initSquares()
	initAttacks()
	initZobrist()
	initColours()
	chess = newVariant(chessRules)
	chaturanga = newVariant(chaturangaRules)
	durg = newVariant(durgRules)
	variants = []*Variant{chess, chaturanga, durg}
	chess960Mode = frcVariant(chess, noCastleFiles)
}

// VariantByName finds a variant by its UCI_Variant name.
func VariantByName(name string) (*Variant, error) {
	for _, v := range Variants() {
		if strings.EqualFold(v.name, name) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(VariantNames(), ", "))
}

// VariantNames lists the variant names in the order of Variants().
func VariantNames() []string {
	names := make([]string, len(Variants()))
	for i, v := range Variants() {
		names[i] = v.name
	}
	return names
}

func newVariant(r rules) *Variant {
	v := &Variant{rules: r}
	v.family = v
	files, ranks := r.files, r.ranks
	for f := 0; f < files; f++ {
		for rk := 0; rk < ranks; rk++ {
			v.boardMask = v.boardMask.Or(SquareBB(MakeSquare(f, rk)))
		}
	}
	for i, t := range r.pieceTypes {
		v.letters[t] = r.pieceLetters[i]
	}
	v.firstRank = [2]Bitboard{rankBB[0].And(v.boardMask), rankBB[ranks-1].And(v.boardMask)}
	v.lastRank = [2]Bitboard{v.firstRank[Black], v.firstRank[White]}
	v.pawnStart = [2]Bitboard{rankBB[1].And(v.boardMask), rankBB[ranks-2].And(v.boardMask)}
	for s := range v.castleKeep {
		v.castleKeep[s] = castleAll
	}
	if c := r.castling; c != (castlingRule{}) {
		for col := White; col <= Black; col++ {
			for side, rookFile := range []int{c.rightRookFile, c.leftRookFile} {
				step := 1
				if rookFile < c.kingFile {
					step = -1
				}
				v.setCastle(col, side, c.kingFile, rookFile, c.kingFile+2*step, c.kingFile+step)
			}
		}
	}
	for c := White; c <= Black; c++ {
		for i, f := range r.backSlotFiles {
			v.backSlots[c][i] = MakeSquare(f, c.homeRank(ranks))
		}
	}
	// Promotion targets and start counts come from the start position itself.
	start, err := parseBoardOnly(v, r.startFEN)
	if err != nil {
		panic(fmt.Sprintf("variant %s: bad start FEN: %v", r.name, err))
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

// setCastle sets up one castling of colour c (side 0 towards the higher
// files, 1 towards the lower): the king from kingFile to kingTo, the rook
// from rookFile to rookTo. Every square either crosses or lands on must be
// empty but for the two themselves, and the king may not cross or land on
// an attacked square. With the king two files towards the rook and the rook
// beside him this is the usual rule; Chess960 set-ups use the same one.
func (v *Variant) setCastle(c Color, side, kingFile, rookFile, kingTo, rookTo int) {
	r := c.homeRank(v.ranks)
	k, rook := MakeSquare(kingFile, r), MakeSquare(rookFile, r)
	cr := castleRule{
		right:    castleWhiteK << (2*uint(c) + uint(side)),
		kingFrom: k, kingTo: MakeSquare(kingTo, r),
		rookFrom: rook, rookTo: MakeSquare(rookTo, r),
	}
	span := func(from, to int) Bitboard { // the squares from..to of rank r, both included
		var b Bitboard
		for f := min(from, to); f <= max(from, to); f++ {
			b = b.Or(SquareBB(MakeSquare(f, r)))
		}
		return b
	}
	cr.mustBeEmpty = span(kingFile, kingTo).Or(span(rookFile, rookTo)).AndNot(SquareBB(k)).AndNot(SquareBB(rook))
	// His own square is safe (castling is never out of check) unless he
	// stays on it: then the rook leaving may open a line to it (Chess960).
	cr.mustBeSafe = span(kingFile, kingTo).AndNot(SquareBB(k)).Or(SquareBB(cr.kingTo))
	v.castles[c][side] = cr
	v.castleKeep[rook] &^= cr.right
	v.castleKeep[k] &^= cr.right
}

// hasCastling reports whether the game castles at all.
func (v *Variant) hasCastling() bool { return v.castling != castlingRule{} }

// hasHoldings reports whether FEN carries the [...] group and fallen
// counts: pieces off the board that may still enter (successors, the call).
func (v *Variant) hasHoldings() bool { return v.callThreshold > 0 || v.hasSuccession() }

// hasSuccession reports whether losing some piece sends a successor.
func (v *Variant) hasSuccession() bool { return v.successor != NoType }

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
