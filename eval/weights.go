// Code written by `senapati tune -write eval/weights.go` (see README,
// "Tuning the evaluation"); the reasons behind the first values are in
// params.go. Edit by hand in this layout (go test ./eval compares it with
// what the writer makes) or regenerate; review either way.

package eval

import "senapati/board"

var weightsChess = weights{
	Material: [board.NumTypes]score{
		board.Pawn:   {100, 125},
		board.Knight: {320, 310},
		board.Bishop: {335, 345},
		board.Rook:   {500, 550},
		board.Queen:  {980, 1030},
	},
	Mobility: [board.NumTypes]score{
		board.Knight: {4, 4},
		board.Bishop: {5, 5},
		board.Rook:   {2, 4},
		board.Queen:  {1, 2},
	},
	KingDanger:    64,
	ShieldNear:    12,
	ShieldFar:     6,
	ShieldNone:    -10,
	PassedMax:     score{110, 210},
	PawnStructure: 64,
	DoubledPawn:   score{-10, -20},
	IsolatedPawn:  score{-10, -14},
	RookOpen:      score{20, 8},
	RookSemiOpen:  score{10, 4},
	BishopPair:    score{30, 45},
	PawnThreat:    score{40, 30},
	HangingPiece:  score{30, 25},
	HangingPawn:   score{8, 12},
	Tempo:         score{20, 10},
}

var weightsChaturanga = weights{
	Material: [board.NumTypes]score{
		board.Pawn:   {100, 100},
		board.Knight: {320, 300},
		board.Rook:   {500, 560},
		board.Ferz:   {170, 200},
		board.Alfil:  {130, 110},
	},
	Mobility: [board.NumTypes]score{
		board.Knight: {4, 4},
		board.Rook:   {3, 5},
		board.Ferz:   {4, 5},
		board.Alfil:  {4, 3},
	},
	KingDanger: 44,
	ShieldNear: 12,
	ShieldFar:  6,
	ShieldNone: -10,
	PassedMax:  score{80, 180},
	PassedFactor: [board.NumTypes]int{
		board.Knight: 190,
		board.Rook:   256,
		board.Ferz:   110,
		board.Alfil:  70,
	},
	PawnStructure: 64,
	DoubledPawn:   score{-10, -20},
	IsolatedPawn:  score{-10, -14},
	RookOpen:      score{20, 8},
	RookSemiOpen:  score{10, 4},
	BishopPair:    score{30, 45},
	PawnThreat:    score{40, 30},
	HangingPiece:  score{30, 25},
	HangingPawn:   score{8, 12},
	Tempo:         score{20, 10},
	Leap:          score{12, 4},
	FewPieces1:    score{-120, -220},
	FewPieces2:    score{-40, -90},
}

var weightsDurg = weights{
	Material: [board.NumTypes]score{
		board.Pawn:   {85, 79},
		board.Knight: {316, 296},
		board.Bishop: {361, 381},
		board.Rook:   {546, 602},
		board.Queen:  {1034, 1134},
		board.Rath:   {586, 616},
		board.Durg:   {214, 184},
	},
	Mobility: [board.NumTypes]score{
		board.Knight: {12, -4},
		board.Bishop: {12, 1},
		board.Rook:   {10, -4},
		board.Queen:  {7, -6},
		board.Rath:   {3, -4},
	},
	KingDanger:     72,
	ShieldNear:     20,
	ShieldFar:      6,
	ShieldNone:     -14,
	PassedMax:      score{10, 27},
	PawnStructure:  48,
	DoubledPawn:    score{-2, -12},
	IsolatedPawn:   score{-4, -22},
	RookOpen:       score{28, 16},
	RookSemiOpen:   score{18, 12},
	BishopPair:     score{38, 53},
	PawnThreat:     score{32, 22},
	HangingPiece:   score{22, 29},
	HangingPawn:    score{16, 20},
	Tempo:          score{12, 2},
	ZoneGuard:      score{1, -5},
	ZoneKingShield: score{-3, -6},
	ZoneKingFence:  score{12, 12},
	ZoneIntruder:   score{20, 20},
	ForfeitCastle:  -33,
}
