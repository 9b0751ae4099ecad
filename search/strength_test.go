package search

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/eval"
	"senapati/internal/testload"
)

func newWeakEngine(level int, seed uint64) *Engine {
	s := Settings{HashMB: 1, Threads: 1, MultiPV: 1, Strength: Strength{Seed: seed}.WithSkill(level)}
	return NewEngine(s, Static(eval.Evaluate), eval.PieceValue)
}

func TestZeroStrengthIsFullStrength(t *testing.T) {
	require.Equal(t, float64(MaxSkill), Strength{}.Level())
	require.Equal(t, MaxSkill, Strength{}.Skill())
	require.Equal(t, float64(MaxSkill), DefaultSettings().Strength.Level())
	require.Equal(t, 7, Strength{}.WithSkill(7).Skill())
	// UCI_LimitStrength decides over the Skill Level.
	st := Strength{Limited: true, Elo: MinElo}.WithSkill(MaxSkill)
	require.Equal(t, EloLevel(MinElo), st.Level())
}

func TestLevelsAreOrdered(t *testing.T) {
	for l := EloLevel(MinElo); l < MaxSkill; l += 0.5 {
		require.Less(t, LevelNodes(l), LevelNodes(l+0.5), "more nodes at a higher level")
		require.Greater(t, LevelTemperature(l), LevelTemperature(l+0.5), "a sharper choice at a higher level")
	}
	require.Positive(t, LevelTemperature(MaxSkill))
	for elo := MinElo; elo < MaxElo; elo += 25 {
		require.LessOrEqual(t, EloLevel(elo), EloLevel(elo+25), "elo %d", elo)
	}
	require.Less(t, EloLevel(MinElo), EloLevel(MaxElo))
	require.Equal(t, float64(MaxSkill), EloLevel(MaxElo), "the top of the range is full strength")
	for i := 1; i < len(eloScale); i++ {
		require.Greater(t, eloScale[i].elo, eloScale[i-1].elo)
		require.Greater(t, eloScale[i].level, eloScale[i-1].level)
	}
}

// chooseLine plays each line as often as its weight exp(-gap/T) says, and
// never one lost by more than five temperatures.
func TestChooseLineFollowsTheWeights(t *testing.T) {
	lines := []weakLine{{score: 100}, {score: 90}, {score: 0}, {score: -500}}
	const temperature = 50.0
	weights := []float64{1, math.Exp(-10.0 / 50), math.Exp(-100.0 / 50), 0}
	total := weights[0] + weights[1] + weights[2]
	counts := make([]int, len(lines))
	const n = 100000
	for i := range n {
		counts[chooseLine(lines, temperature, (float64(i)+0.5)/n)]++
	}
	for i, w := range weights {
		require.InDelta(t, w/total, float64(counts[i])/n, 0.001, "line %d", i)
	}
	// One line, or a mate against ordinary scores: no choice.
	require.Equal(t, 0, chooseLine(lines[:1], temperature, 0.99))
	mate := []weakLine{{score: Mate - 3}, {score: 300}, {score: 250}}
	for _, u := range []float64{0, 0.5, 0.999999} {
		require.Equal(t, 0, chooseLine(mate, temperature, u))
	}
}

// What a weakened search answers: one of the lines its last info lines
// report, from the depth they report, after spending its node budget.
func TestWeakSearchPlaysOneOfItsReportedLines(t *testing.T) {
	for _, v := range board.Variants() {
		for _, level := range []int{0, 8, 16} {
			e := newWeakEngine(level, 12345)
			p := v.StartPosition()
			var infos []Info
			r := e.Search(context.Background(), p, nil, Limits{}, func(in Info) { infos = append(infos, in) })
			final := infos[len(infos)-weakLines:]
			var firsts []board.Move
			for i, in := range final {
				require.Equal(t, i+1, in.MultiPV)
				require.Equal(t, r.Depth, in.Depth, "the lines are from the depth searched")
				require.Equal(t, r.Nodes, in.Nodes)
				firsts = append(firsts, in.PV[0])
			}
			require.Contains(t, firsts, r.Best, "%s level %d", v.Name(), level)
			budget := LevelNodes(float64(level))
			require.True(t, r.Nodes == budget || (r.Depth == 1 && r.Nodes > budget),
				"%s level %d: %d nodes, budget %d, depth %d", v.Name(), level, r.Nodes, budget, r.Depth)
		}
	}
}

// The same seed and position give the same move; the seed matters.
func TestWeakChoiceIsSeeded(t *testing.T) {
	p := board.Chess().StartPosition()
	play := func(seed uint64) board.Move {
		return newWeakEngine(0, seed).Search(context.Background(), p, nil, Limits{}, nil).Best
	}
	seen := map[board.Move]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		m := play(seed)
		require.Equal(t, m, play(seed), "seed %d", seed)
		seen[m] = true
	}
	require.Greater(t, len(seen), 1, "20 seeds, one move: the choice is not random")
	// Without a fixed seed each game draws its own.
	e := newWeakEngine(0, 0)
	first := e.seed()
	e.NewGame()
	require.NotEqual(t, first, e.seed())
}

// A weakened go infinite spends its budget, then waits for stop, and
// answers at once when it comes; so does ponder until ponderhit.
func TestWeakSearchWaitsForStopAndPonderHit(t *testing.T) {
	for _, l := range []Limits{{Infinite: true}, {Ponder: &Ponder{}, Time: [2]time.Duration{time.Minute, time.Minute}}} {
		e := newWeakEngine(0, 1)
		done := make(chan Result)
		p := board.Chess().StartPosition()
		go func() { done <- e.Search(context.Background(), p, nil, l, nil) }()
		select {
		case <-done:
			t.Fatalf("%+v: answered before stop", l)
		case <-time.After(300 * time.Millisecond): // far beyond a level-0 budget
		}
		// In CPU time (testload), which load does not stretch.
		start := testload.Start(t)
		timer := testload.NewTimer(t, 2*time.Second)
		if l.Ponder != nil {
			l.Ponder.Hit()
		} else {
			e.Stop()
		}
		select {
		case r := <-done:
			require.NotEqual(t, board.NoMove, r.Best)
			require.Less(t, start.CPU(), 500*time.Millisecond)
		case <-timer.C:
			t.Fatalf("%+v: no answer", l)
		}
		timer.Stop()
	}
}

// A weakened engine on a clock stops at the soft target at the latest: no
// time extensions, far inside the clock.
func TestWeakSearchKeepsToTheClock(t *testing.T) {
	for _, left := range []time.Duration{50 * time.Millisecond, time.Second, time.Minute} {
		l := Limits{Time: [2]time.Duration{left, left}, Inc: [2]time.Duration{left / 100, left / 100}}
		soft, hard := moveTime(&l, 0, 30*time.Millisecond, true)
		fullSoft, fullHard := moveTime(&l, 0, 30*time.Millisecond, false)
		require.Equal(t, fullSoft, soft)
		require.Equal(t, soft, hard, "%v", left)
		require.LessOrEqual(t, hard, fullHard)
		require.Less(t, hard, left/4, "%v", left)
	}
	// go movetime is used as asked.
	_, hard := moveTime(&Limits{MoveTime: time.Second}, 0, 10*time.Millisecond, true)
	require.Equal(t, 990*time.Millisecond, hard)

	e := newWeakEngine(MaxSkill-1, 1)
	p := board.DurgGame().StartPosition()
	start := testload.Start(t)
	r := e.Search(context.Background(), p, nil, Limits{Time: [2]time.Duration{time.Second, time.Second}}, nil)
	require.NotEqual(t, board.NoMove, r.Best)
	// The soft target is about 25 ms, charged in CPU time, which another
	// job on the machine does not stretch (tools/latency measures the
	// real overshoot).
	require.Less(t, start.CPU(), 600*time.Millisecond)
	require.Less(t, r.Nodes, LevelNodes(MaxSkill-1), "the clock, not the budget, ended it")
}

// Weakening uses one thread whatever Threads says, so the budget is what
// one searcher spends and a game can be replayed.
func TestWeakSearchIsReproducibleWithThreads(t *testing.T) {
	s := Settings{HashMB: 1, Threads: 4, MultiPV: 1, Strength: Strength{Seed: 9}.WithSkill(12)}
	var results []Result
	for range 2 {
		e := NewEngine(s, Static(eval.Evaluate), eval.PieceValue)
		results = append(results, e.Search(context.Background(), board.Chaturanga().StartPosition(), nil, Limits{}, nil))
	}
	require.Equal(t, results[0], results[1])
	require.Equal(t, LevelNodes(12), results[0].Nodes)
}

// A weakened search checks its budget at every node, still without
// allocating.
func TestWeakSearchInnerLoopDoesNotAllocate(t *testing.T) {
	for _, v := range board.Variants() {
		e := newWeakEngine(10, 1)
		e.Search(context.Background(), v.StartPosition(), nil, Limits{}, nil)
		w := e.workers[0]
		require.NotNil(t, w.run.weak)
		e.stop.Store(false)
		w.run.weak.nodes = 1 << 62 // the budget must not end the measured search
		allocs := testing.AllocsPerRun(3, func() {
			w.search(0, 4, -Infinity, Infinity, true)
		})
		require.Zero(t, allocs, v.Name())
	}
}
