package search

import "senapati/board"

// profile is what a search does in one game beyond what it does in all
// three: each technique here is on only in the games where a match
// accepted it (10,000 nodes a move unless said). It is the one place
// that says what is on where.
//
//   - singular: singular extensions (Params.SingularDepth,
//     SingularMargin), chess: +13.3 ± 10.4; Durg -3.9 ± 14.2, where they
//     also left two Mantris against a bare Raja unconverted; chaturanga
//     +1.9 ± 10.3 in 2425 games.
//   - pruneAtLMRDepth: quiet futility and exchange pruning judge a move
//     by its reduced depth, chess: +12.7 ± 10.0; not measured elsewhere.
//   - spareChecks: quiet checks escape move-count and futility pruning,
//     chess: +33.3 ± 19.1; chaturanga +24.2 ± 20.9 after 604 games,
//     undecided.
//   - priorAndResearch: rewarding the quiet move before a fail-low node
//     (Params.PriorBonus), searching a reduced move again deeper or
//     shallower (LMRDeeper, LMRShallower) and reducing more where the
//     hash move is noisy (TTCaptureLMR), accepted together in chess:
//     +8.6 ± 6.4; not measured elsewhere.
//   - qsearchTT: the capture search's own table entries, chess +24.4 ±
//     15.7 and Durg +57.7 ± 22.1; chaturanga +0.6 ± 20.3 in 630 games.
//
// On in all three games, so plain code without a switch: correction
// history, the table keeping much deeper entries, late losing captures
// reduced, capture futility, only safe checks extended and the
// continuation row four plies back (accepted together: chess +18.6 ±
// 11.2, chaturanga +13.4 ± 9.6, Durg +11.6 ± 8.4), and Durg pruned as
// the other games by the zone-aware exchange estimate (+118.1 ± 29.0).
// Techniques rejected or never accepted are not in the tree: their result
// lines are in docs/results.md.
type profile struct {
	singular, pruneAtLMRDepth, spareChecks, priorAndResearch, qsearchTT bool
}

// profileOf is the profile of variant v's game, decided as each search
// starts.
func profileOf(v *board.Variant) profile {
	switch v.Game() {
	case board.Chess():
		return profile{singular: true, pruneAtLMRDepth: true, spareChecks: true, priorAndResearch: true, qsearchTT: true}
	case board.DurgGame():
		return profile{qsearchTT: true}
	}
	return profile{}
}
