package web

import "senapati/board"

// How the page draws each game: the board's colouring and each piece's
// name and picture. Names follow the game (a Durg Gaj moves like a rook
// but is an elephant, so it gets the elephant); the rules stay in board.

type pieceInfo struct {
	Letter string `json:"letter"` // White's FEN letter
	Name   string `json:"name"`
	Icon   string `json:"icon"` // id of the picture in the page's set
}

type variantInfo struct {
	Name     string      `json:"name"`
	Files    int         `json:"files"`
	Ranks    int         `json:"ranks"`
	StartFEN string      `json:"startFen"`
	Squares  string      `json:"squares"` // "a1-dark", "a1-light" (checkered) or "plain"
	Pieces   []pieceInfo `json:"pieces"`
	Call     int         `json:"callThreshold,omitempty"` // fallen count from which the Rani may be called
	Default  bool        `json:"default,omitempty"`
	// What the FEN carries besides the board, for the board editor
	// (editor.go): its castling field's letters and the en passant square.
	Rights    []rightInfo `json:"rights,omitempty"`
	EnPassant bool        `json:"enPassant,omitempty"`
	// PromotesToLost: a pawn promotes only to a type its side has lost
	// (chaturanga), so the editor shows what each side has lost.
	PromotesToLost bool `json:"promotesToLost,omitempty"`
}

type look struct {
	squares string
	pieces  map[board.PieceType][2]string // name, icon
}

var looks = map[*board.Variant]look{
	board.Chess(): {"a1-dark", map[board.PieceType][2]string{
		board.King: {"King", "king"}, board.Queen: {"Queen", "queen"}, board.Rook: {"Rook", "rook"},
		board.Bishop: {"Bishop", "bishop"}, board.Knight: {"Knight", "knight"}, board.Pawn: {"Pawn", "pawn"},
	}},
	// The rulebook's board is not checkered.
	board.Chaturanga(): {"plain", map[board.PieceType][2]string{
		board.King: {"Raja", "raja"}, board.Ferz: {"Mantri", "mantri"}, board.Alfil: {"Gaja", "elephant"},
		board.Knight: {"Ashva", "horse"}, board.Rook: {"Ratha", "chariot"}, board.Pawn: {"Padati", "soldier"},
	}},
	// Durg's a1 is a light square (RULES.md).
	board.DurgGame(): {"a1-light", map[board.PieceType][2]string{
		board.King: {"Raja", "raja"}, board.Queen: {"Rani", "rani"}, board.Bishop: {"Mantri", "mantri"},
		board.Rath: {"Rath", "chariot"}, board.Knight: {"Ashva", "horse"}, board.Rook: {"Gaj", "elephant"},
		board.Pawn: {"Sipahi", "soldier"}, board.Durg: {"Durg", "fort"},
	}},
}

// pieceOrder lists types from the Raja down, for the legend.
var pieceOrder = []board.PieceType{board.King, board.Queen, board.Ferz, board.Bishop, board.Rath, board.Rook,
	board.Alfil, board.Knight, board.Pawn, board.Durg}

func variantInfos(def *board.Variant) []variantInfo {
	var out []variantInfo
	for _, v := range board.Variants() {
		l := looks[v]
		info := variantInfo{Name: v.Name(), Files: v.Files(), Ranks: v.Ranks(), StartFEN: v.StartFEN(),
			Squares: l.squares, Call: v.CallThreshold(), Default: v == def,
			Rights: fenRights(v), EnPassant: v.HasEnPassant(), PromotesToLost: v.PromotesToStartType()}
		for _, t := range pieceOrder {
			if !v.HasType(t) {
				continue
			}
			names := l.pieces[t]
			info.Pieces = append(info.Pieces, pieceInfo{Letter: string(v.PieceLetter(board.MakePiece(board.White, t))), Name: names[0], Icon: names[1]})
		}
		out = append(out, info)
	}
	return out
}
