package board

// Chess(): the FIDE Laws (RULES.md section 3).
var chessRules = rules{
	name: "chess", files: 8, ranks: 8, defaultMoveRule: 50,
	startFEN:       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	pieceLetters:   "PNBRQK",
	pieceTypes:     []PieceType{Pawn, Knight, Bishop, Rook, Queen, King},
	pawnDoubleStep: true,
	enPassant:      true,
	promotion:      promoteChoice,
	promoChoice:    []PieceType{Queen, Rook, Bishop, Knight},
	castling:       castlingRule{kingFile: 4, rightRookFile: 7, leftRookFile: 0},
	chess960:       true,
	stalemate:      stalemateDraw,
	deadPosition:   chessDeadPosition,
	symmetry:       mirrorRanks,
}

// chessDeadPosition is the dead draw by material: no pawn, rook or queen,
// and either at most one minor piece in all or only bishops, all on one
// colour of squares.
func chessDeadPosition(p *Position) bool {
	t := &p.byType
	if t[Pawn].Or(t[Rook]).Or(t[Queen]).Any() {
		return false
	}
	minors := t[Knight].Or(t[Bishop])
	return !minors.More() || (t[Knight].Empty() && sameColour(t[Bishop]))
}
