// Package protocol speaks UCI or CECP (XBoard) on a pair of streams and
// drives the engine it is handed; main assembles that engine (search plus
// evaluation).
package protocol

import (
	"context"
	"io"

	"senapati/board"
	"senapati/search"
)

// Engine is what a protocol session drives.
type Engine interface {
	// Search runs one search; report is called from one goroutine. A
	// ponder search (limits.Ponder) becomes a timed one when the session
	// hits its Ponder.
	Search(ctx context.Context, root board.Position, history []uint64, limits search.Limits, report func(search.Info)) search.Result
	Stop()    // end the running search as soon as possible
	NewGame() // forget what was learnt
	ClearHash()
	Settings() search.Settings
	Configure(search.Settings) // between searches only
	// Explain lists the static evaluation's terms as text lines.
	Explain(p *board.Position) []string
	// WDL is the chance of a win, a draw and a loss in thousandths
	// (summing to 1000) for the side to move in p, whose search score is
	// score.
	WDL(p *board.Position, score int) (win, draw, loss int)
	// CheckEvalFile reads a network file without using it: what it holds,
	// or why it cannot be used (EvalFile is set only when it can).
	CheckEvalFile(path string) (string, error)
}

// Tools are the extra commands a session offers besides playing.
type Tools struct {
	// Bench runs `bench ARGS` as the command line does (exit status 0 on
	// success); nil: the command is unavailable.
	Bench func(args []string, stdout, stderr io.Writer) int
}
