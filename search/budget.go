package search

import (
	"time"

	"senapati/board"
)

// Budget is the time the search would plan for one move of side under l:
// the soft target when a clock decides, else the movetime. A protocol that
// counts thinking in nodes instead of seconds (CECP's nps mode) turns it
// into a node limit.
func Budget(l Limits, side board.Color, overhead time.Duration) time.Duration {
	soft, hard := timeBudget(&l, int(side), overhead)
	if soft > 0 {
		return soft
	}
	return hard
}
