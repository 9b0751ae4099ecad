package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"senapati/board"
)

// Playing strength below the full engine (UCI_LimitStrength, UCI_Elo,
// Skill Level). A weakened engine is still a real searcher, only a smaller
// one: it searches a node budget that halves every few levels, keeps the
// best few root lines (MultiPV), and then chooses among those lines at
// random, a line's chance falling off exponentially with how much worse
// its searched score is than the best one. Small inaccuracies are common
// and gross blunders rare, and the lower the level, the shallower the
// search and the larger the mistakes it allows: a weaker player rather than
// a strong one that throws games away. The choice is drawn from a seed
// fixed for the whole game, mixed with the position's key, so a game played
// again from ucinewgame with the same seed and limits is the same game.

const (
	MaxSkill   = 20 // the Skill Level of full strength
	MinElo     = 1000
	MaxElo     = 2400
	DefaultElo = 1500

	// weakLines is how many of the best root lines a weakened engine
	// searches and chooses from.
	weakLines = 4
)

// Strength weakens play. Its zero value is full strength, so settings
// written without it play as before.
type Strength struct {
	Limited bool // UCI_LimitStrength: play at Elo, whatever the Skill Level
	Elo     int  // UCI_Elo, MinElo..MaxElo
	// SkillDrop is MaxSkill minus the Skill Level (0, the zero value, is
	// full strength); read and set it through Skill and WithSkill.
	SkillDrop int
	// Seed fixes the randomness of the weakened choice (tests,
	// reproducible matches); 0 draws a new seed for every game.
	Seed uint64
}

// Skill is the Skill Level, 0 (weakest) to MaxSkill (full strength).
func (s Strength) Skill() int { return MaxSkill - s.SkillDrop }

// WithSkill is s with the Skill Level set to level.
func (s Strength) WithSkill(level int) Strength {
	s.SkillDrop = MaxSkill - level
	return s
}

// Level is the strength as a continuous skill level up to MaxSkill (full
// strength): the Elo's level when Limited (below 0 for the lowest Elos),
// else the Skill Level.
func (s Strength) Level() float64 {
	if s.Limited {
		return EloLevel(s.Elo)
	}
	return float64(min(max(s.Skill(), 0), MaxSkill))
}

// Label names a weakened strength as its options do ("Skill Level 5",
// "UCI_Elo 1500"); full strength has none.
func (s Strength) Label() string {
	switch s = s.normalize(); {
	case s.Limited:
		return fmt.Sprintf("UCI_Elo %d", s.Elo)
	case s.Skill() < MaxSkill:
		return fmt.Sprintf("Skill Level %d", s.Skill())
	}
	return ""
}

func (s Strength) normalize() Strength {
	s.SkillDrop = min(max(s.SkillDrop, 0), MaxSkill)
	if s.Limited {
		s.Elo = min(max(s.Elo, MinElo), MaxElo)
	}
	return s
}

// eloScale maps UCI_Elo to levels, joined by straight lines: the Elo that
// each level scored against Stockfish 15.1 at UCI_LimitStrength in chess
// (README, "Strength levels", has the matches). Below level 4, the
// weakest measured, the scale goes on at the measured 56 Elo a level, past
// level 0 to smaller budgets and wider choices than Skill Level 0 has.
// From the full engine's Elo up, the engine plays at full strength.
var eloScale = []struct{ elo, level float64 }{
	{MinElo, -3},
	{1160, 0},
	{1383, 4},
	{1583, 7},
	{1765, 10},
	{1879, 12},
	{1968, 14},
	{2053, 16},
	{2156, 18},
	{2293, MaxSkill},
}

// EloLevel is the level that plays at elo.
func EloLevel(elo int) float64 {
	x := float64(elo)
	if x <= eloScale[0].elo {
		return eloScale[0].level
	}
	for i := 1; i < len(eloScale); i++ {
		a, b := eloScale[i-1], eloScale[i]
		if x <= b.elo {
			return a.level + (x-a.elo)/(b.elo-a.elo)*(b.level-a.level)
		}
	}
	return eloScale[len(eloScale)-1].level
}

// The shape of the levels: the node budget doubles every
// levelsPerDoubling levels from level0Nodes, and the temperature of the
// choice (the score gap, in centipawns, that makes a line e times less
// likely) halves every levelsPerHalving levels from level0Temperature.
const (
	level0Nodes       = 300
	levelsPerDoubling = 2.0
	level0Temperature = 120.0
	levelsPerHalving  = 4.0
)

// LevelNodes is the node budget of a search at level (below MaxSkill).
// However small, a weakened search completes its first iteration.
func LevelNodes(level float64) uint64 {
	return uint64(level0Nodes * math.Exp2(level/levelsPerDoubling))
}

// LevelTemperature is how far apart in centipawns two lines' scores are
// when the worse one is e times less likely to be played, at level.
func LevelTemperature(level float64) float64 {
	return level0Temperature * math.Exp2(-level/levelsPerHalving)
}

// weakPlan is one weakened search: its budget, and the lines of the last
// iteration it completed, which it chooses from. The engine keeps one and
// reuses its buffers.
type weakPlan struct {
	nodes       uint64
	temperature float64
	draw        float64 // the uniform number in [0,1) this search chooses with
	depth       int     // the last completed iteration; 0: none yet
	lines       []weakLine
}

// weakLine is one root line as the last completed iteration found it.
type weakLine struct {
	move     board.Move
	score    int
	selDepth int
	pv       []board.Move
}

// start prepares the plan of a search at level from the game's seed and
// the root's key.
func (p *weakPlan) start(level float64, seed, rootKey uint64) {
	p.nodes = LevelNodes(level)
	p.temperature = LevelTemperature(level)
	p.draw = float64(splitmix(seed^splitmix(rootKey))>>11) / (1 << 53)
	p.depth = 0
	p.lines = p.lines[:0]
}

// record keeps the lines of a completed iteration.
func (p *weakPlan) record(roots []rootMove, depth int) {
	p.depth = depth
	p.lines = slices.Grow(p.lines[:0], len(roots))[:len(roots)]
	for i := range roots {
		l, rm := &p.lines[i], &roots[i]
		l.move, l.score, l.selDepth = rm.move, rm.score, rm.selDepth
		l.pv = append(l.pv[:0], rm.pv...)
		if len(l.pv) == 0 {
			l.pv = append(l.pv, rm.move)
		}
	}
}

// choose picks one of the recorded lines.
func (p *weakPlan) choose() int {
	return chooseLine(p.lines[:min(len(p.lines), weakLines)], p.temperature, p.draw)
}

// chooseLine picks line i with a weight exp(-(best-score_i)/temperature),
// by where u (uniform in [0,1)) falls in the weights' running sum. Lines
// lost by more than a few temperatures are never played.
func chooseLine(lines []weakLine, temperature, u float64) int {
	best := -Infinity
	for _, l := range lines {
		best = max(best, l.score)
	}
	var weights [weakLines]float64
	total := 0.0
	for i, l := range lines {
		if gap := float64(best - l.score); gap <= 5*temperature {
			weights[i] = math.Exp(-gap / temperature)
			total += weights[i]
		}
	}
	target := u * total
	for i := range lines {
		if target < weights[i] {
			return i
		}
		target -= weights[i]
	}
	for i := len(lines) - 1; i > 0; i-- { // rounding left target past the end
		if weights[i] > 0 {
			return i
		}
	}
	return 0
}

// splitmix is SplitMix64's output function: a bijection that spreads
// nearby inputs over all 64 bits.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// newGameSeed is the seed of a game whose settings fix none.
func newGameSeed() uint64 { return rand.Uint64() | 1 }
