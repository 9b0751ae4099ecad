package search

// evaluate is the static evaluation through a small per-thread cache: the
// same position is met again and again through transpositions and
// re-searches, and evaluation is the largest single cost of a node.
// The key includes the halfmove clock: the evaluation scales toward a
// draw as the move rule nears, so the same position may score differently.
func (w *worker) evaluate(ply int) int {
	pos := &w.stack[ply].pos
	key := pos.Hash() ^ uint64(pos.HalfmoveClock())*0x9E3779B97F4A7C15
	e := &w.evalCache[key&(evalCacheSize-1)]
	if e.key == key && e.valid {
		return int(e.score)
	}
	s := min(max(w.eval.Evaluate(ply, pos), -MaxEval), MaxEval)
	*e = evalEntry{key: key, score: int32(s), valid: true}
	return s
}

const evalCacheSize = 1 << 15 // 512 KB per thread

type evalEntry struct {
	key   uint64
	score int32
	valid bool
}
