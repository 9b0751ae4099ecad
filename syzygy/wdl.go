// Package syzygy reads Syzygy endgame tablebases: the win/draw/loss files
// (*.rtbw) of chess positions with few pieces and no castling rights. It
// answers the five-valued WDL of a position for the side to move; the
// distance-to-zero files (*.rtbz) are not read.
//
// The code is written from the format's description (the Chess Programming
// Wiki, and reading how the published probers lay the file out); see
// docs/ARCHITECTURE.md.
package syzygy

import "errors"

// WDL is a tablebase value from the side to move's view.
type WDL int8

const (
	Loss        WDL = -2 // lost, also under the fifty-move rule
	BlessedLoss WDL = -1 // lost, but the fifty-move rule saves it
	Draw        WDL = 0
	CursedWin   WDL = 1 // won, but only by ignoring the fifty-move rule
	Win         WDL = 2 // won within the fifty-move rule
)

func (w WDL) String() string {
	switch w {
	case Loss:
		return "loss"
	case BlessedLoss:
		return "blessed loss"
	case Draw:
		return "draw"
	case CursedWin:
		return "cursed win"
	case Win:
		return "win"
	}
	return "invalid"
}

// Errors a probe answers with (wrapped with details; test with errors.Is).
var (
	ErrNotChess = errors.New("syzygy: only chess positions can be probed")
	ErrCastling = errors.New("syzygy: the position has castling rights")
	ErrTooMany  = errors.New("syzygy: more pieces than the tables hold")
	ErrMissing  = errors.New("syzygy: table not found")
	ErrCorrupt  = errors.New("syzygy: corrupt table file")
	errBadIndex = errors.New("index beyond the table")
)

// maxTablePiece is the most pieces a Syzygy table holds.
const maxTablePiece = 7
