package board

// Chaturanga() as RULES.md section 1 has it.
var chaturangaRules = rules{
	name: "chaturanga", files: 8, ranks: 8, defaultMoveRule: 50,
	startFEN:     "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
	pieceLetters: "PNBRQK",
	// Gaja and Mantri are the alfil and the ferz; their letters are B and Q.
	pieceTypes: []PieceType{Pawn, Knight, Alfil, Rook, Ferz, King},
	promotion:  promoteStartSquare,
	rajaLeap:   true,
	stalemate:  stalemateWinsForStalemated,
	bareRaja:   bareRajaLoses,
	// No dead-position draw: a bare Raja loses instead.
	symmetry: halfTurn, // the Rajas stand on e1 and d8
}

// Chaturanga()'s own piece names, for rule code that reads better with them.
const (
	Padati = Pawn
	Ashva  = Knight
	Gaja   = Alfil
	Ratha  = Rook
	Mantri = Ferz
)

// bareRajaVerdict is the bare-Raja rule, judged before anything else: a
// lone Raja against more loses at once; both bare is a draw.
func (p *Position) bareRajaVerdict() Verdict {
	if p.v.bareRaja != bareRajaLoses {
		return Verdict{}
	}
	whiteBare, blackBare := !p.byColor[White].More(), !p.byColor[Black].More()
	switch {
	case whiteBare && blackBare:
		return Verdict{Termination: BareRaja}
	case whiteBare:
		return Verdict{Termination: BareRaja, Winner: BlackWon}
	case blackBare:
		return Verdict{Termination: BareRaja, Winner: WhiteWon}
	}
	return Verdict{}
}
