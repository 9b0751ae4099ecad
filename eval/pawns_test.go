package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
)

// The cached evaluation is the evaluation: over random games of every
// variant, evaluated in order (hits) and again in reverse (hits and
// entries overwritten by other structures), under two move rules.
func TestPawnCacheEqualsEvaluate(t *testing.T) {
	c := NewPawnCache()
	for _, v := range board.Variants() {
		ps := positions(t, v, 30, 120)
		hits := 0
		for pass := 0; pass < 2; pass++ {
			for k := range ps {
				i := k
				if pass == 1 {
					i = len(ps) - 1 - k
				}
				p := &ps[i]
				if _, hit := c.cached(p, paramsFor(v)); hit {
					hits++
				}
				for _, rule := range []int{0, 50} {
					require.Equal(t, EvaluateRule(p, rule), c.EvaluateRule(p, rule), "%s %s rule %d", v.Name(), p.FEN(), rule)
				}
			}
		}
		assert.Greater(t, hits, len(ps)/2, "%s: the cache was used", v.Name())
	}
}

// A cache entry made under old weights is not used once the tuner has
// rebuilt the tables: the new weights count at once.
func TestPawnCacheFollowsNewWeights(t *testing.T) {
	v := board.Chess()
	p := mustFEN(t, v, "4k3/pp6/8/8/8/8/PP1P4/4K3 w - - 0 1") // only d2 isolated
	c := NewPawnCache()
	before := c.EvaluateRule(&p, 0)
	require.Equal(t, EvaluateRule(&p, 0), before)

	orig := make([]int, 0)
	for _, q := range Params(v) {
		orig = append(orig, q.Value)
	}
	defer func() { require.NoError(t, SetParams(v, orig)) }()
	changed := append([]int(nil), orig...)
	for i, q := range Params(v) {
		if q.Name == "IsolatedPawn.eg" {
			changed[i] -= 100
		}
	}
	require.NoError(t, SetParams(v, changed))
	after := c.EvaluateRule(&p, 0)
	assert.Equal(t, EvaluateRule(&p, 0), after)
	assert.NotEqual(t, before, after, "the isolated pawn's new weight counts")
}

// BenchmarkEvaluateCached runs over the positions of BenchmarkEvaluate,
// so the two compare directly.
func BenchmarkEvaluateCached(b *testing.B) {
	for _, v := range board.Variants() {
		b.Run(v.Name(), func(b *testing.B) {
			ps := positions(b, v, 2, 60)
			c := NewPawnCache()
			b.ResetTimer()
			sink := 0
			for i := 0; b.Loop(); i++ {
				sink += c.EvaluateRule(&ps[i%len(ps)], 0)
			}
			_ = sink
		})
	}
}
