package board

// Durg, the 9x9 fortress game, as RULES.md section 2 has it.
var durgRules = rules{
	name: "durg", files: 9, ranks: 9, defaultMoveRule: 30,
	startFEN:                  "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0",
	pieceLetters:              "PNBRQKHD",
	pieceTypes:                []PieceType{Pawn, Knight, Bishop, Rook, Queen, King, Rath, Durg},
	pawnDoubleStep:            true,
	promotion:                 promoteNever,
	castling:                  castlingRule{kingFile: 4, rightRookFile: 8, leftRookFile: 0},
	zoneCaptureKillsBoth:      true,
	successorOf:               Rath,
	successor:                 DurgMantri,
	successorForfeitsCastling: true,
	countsAsFallen:            [NumTypes]bool{Rook: true, Knight: true, Bishop: true, Rath: true},
	callThreshold:             4,
	callPiece:                 Queen,
	backSlotFiles:             []int{2, 3, 5, 6}, // c, d, f, g
	stalemate:                 stalemateDraw,
	deadPosition:              durgDeadPosition,
	symmetry:                  mirrorRanks,
}

// Durg's own piece names, for rule code that reads better with them.
const (
	Sipahi     = Pawn
	Gaj        = Rook
	Rani       = Queen
	DurgMantri = Bishop
)

// durgDeadPosition is the ruling after chess: no Rani, Rath, Gaj, Sipahi,
// waiting Mantri or available call, and at most one Ashva or Mantri in all,
// or exactly one Mantri each on squares of one colour. Durgs do not count.
func durgDeadPosition(p *Position) bool {
	t := &p.byType
	if t[Rani].Or(t[Rath]).Or(t[Gaj]).Or(t[Sipahi]).Any() {
		return false
	}
	for c := White; c <= Black; c++ {
		if p.waiting[c] > 0 || p.CallAvailable(c) {
			return false
		}
	}
	minors := t[Knight].Or(t[DurgMantri])
	if !minors.More() {
		return true
	}
	return t[Knight].Empty() && minors.Count() == 2 && p.Pieces(White, DurgMantri).Count() == 1 && sameColour(t[DurgMantri])
}
