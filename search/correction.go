package search

// Correction history (Params.CorrHist): the static evaluation misjudges
// some pawn structures the same way again and again; a table learns, per
// side to move and pawn structure, how far searches found a node's value
// from its static evaluation, and the pruning that trusts the static
// evaluation uses it corrected by that much.

const (
	corrBits  = 14
	corrGrain = 256            // table units a centipawn
	corrLimit = 64 * corrGrain // no correction beyond 64 cp
	// corrWeightMax: a search of this depth or more moves the average
	// this many 256ths of the way to its own error.
	corrWeightMax = 16
)

type corrTable [2][1 << corrBits]int32

// corrected is the static evaluation raw of the node at ply as the search
// uses it.
func (w *worker) corrected(ply, raw int) int {
	return raw + int(*w.corrEntry(ply))*w.p.CorrHist/(100*corrGrain)
}

// corrEntry is the table's entry for the node at ply.
func (w *worker) corrEntry(ply int) *int32 {
	pos := &w.stack[ply].pos
	return &w.corr[pos.SideToMove()][pos.PawnKey()>>(64-corrBits)]
}

// learnCorrection moves the node's entry toward the error best - raw of a
// search of depth whose result says something about that error: exact, or
// a bound on the far side of the static evaluation (corrected, the value
// the node searched with).
func (w *worker) learnCorrection(ply, depth, best, raw, corrected int, bound Bound) {
	if abs(best) >= MateBound ||
		(bound == BoundLower && best <= corrected) || (bound == BoundUpper && best >= corrected) {
		return
	}
	e := w.corrEntry(ply)
	target := max(-corrLimit, min(corrLimit, (best-raw)*corrGrain))
	weight := min(depth+1, corrWeightMax)
	*e = int32((int(*e)*(256-weight) + target*weight) / 256)
}
