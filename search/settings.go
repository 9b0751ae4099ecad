package search

import (
	"time"

	"senapati/board"
)

// Settings are the engine's options. Each default lives here and nowhere
// else; the protocols announce them from DefaultSettings.
type Settings struct {
	HashMB       int
	Threads      int
	MultiPV      int
	MoveOverhead time.Duration // kept back per move for GUI and OS latency
	MoveRule     MoveRule
	Strength     Strength
	// The evaluation, chosen by whoever assembles the engine (the search
	// only runs what it is handed): UseNNUE lets a game be scored by a
	// network where one is available, EvalFile names a network file that
	// replaces the built-in one of its game ("": the built-in nets).
	UseNNUE  bool
	EvalFile string
	// Params are the search's tunable constants (SearchParams).
	Params Params
}

// DefaultSettings is what an engine starts with.
func DefaultSettings() Settings {
	return Settings{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond,
		Strength: Strength{Elo: DefaultElo}, UseNNUE: true, Params: DefaultParams()}
}

// MoveRule is the move-rule setting: the variant's own number of moves
// until someone sets one (0 turns the rule off).
type MoveRule struct {
	Set   bool
	Moves int
}

// VariantMoveRule follows whatever game is played.
var VariantMoveRule = MoveRule{}

// Fixed is a move rule of n moves per side in every variant.
func Fixed(n int) MoveRule { return MoveRule{Set: true, Moves: n} }

// For is the number of moves per side the rule means in variant v.
func (m MoveRule) For(v *board.Variant) int {
	if m.Set {
		return m.Moves
	}
	return v.DefaultMoveRule()
}

// MaxThreads bounds the search threads every front end accepts (UCI
// Threads, CECP cores, bench, suite).
const MaxThreads = 256
