package match

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// -output format=: the report lines of another tool, in its order, so that
// scripts written for it read ours. Without -output the runner prints
// cutechess-cli's lines and its own (pentanomial, the engines' faults,
// thinking time).
const (
	outputCutechess = "cutechess" // cutechess-cli's lines only
	outputFastchess = "fastchess" // fastchess's: Results of, Elo, LOS, Games, Ptnml, LLR
)

// fastchessRule is the line fastchess draws above and below a report.
const fastchessRule = "--------------------------------------------------"

// fcFloat is %.2f as fastchess's fmt writes it: inf, -inf, and nan or
// -nan by the NaN's sign bit (x86 sets it on the NaN of 0/0 or inf-inf,
// and fastchess prints -nan for those; the same operations here give the
// same bit).
func fcFloat(x float64) string {
	switch {
	case math.IsNaN(x) && math.Signbit(x):
		return "-nan"
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// fcElo is fastchess's Elo of an encounter: from the pair scores (pairs)
// or from the games' wins, draws and losses; its bounds are the score's
// 95% interval, turned into Elo with no clamping (a bound past 1 is nan,
// as there).
type fcElo struct{ elo, eloErr, nElo, nEloErr, los float64 }

func newFCElo(values, counts []float64, pairs bool) fcElo {
	var n, score float64
	for i, c := range counts {
		n += c
		score += values[i] * c
	}
	score /= n
	var variance float64
	for i, c := range counts {
		d := values[i] - score
		variance += c / n * d * d
	}
	perSample := variance / n
	hi, lo := score+z975*math.Sqrt(perSample), score-z975*math.Sqrt(perSample)
	toElo := func(s float64) float64 { return -400 * math.Log10(1/s-1) }
	k := 1.0
	if pairs {
		k = 2
	}
	toNElo := func(s float64) float64 { return (s - 0.5) / math.Sqrt(k*variance) * (800 / math.Ln10) }
	return fcElo{
		elo: toElo(score), eloErr: (toElo(hi) - toElo(lo)) / 2,
		nElo: toNElo(score), nEloErr: (toNElo(hi) - toNElo(lo)) / 2,
		los: (1 - math.Erf(-(score-0.5)/math.Sqrt(2*perSample))) / 2 * 100,
	}
}

// fcTime is an engine's time control as fastchess's report names it.
func fcTime(tc TimeControl) string {
	g := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'g', -1, 64) }
	switch {
	case tc.Base+tc.Inc > 0:
		s := g(tc.Base)
		if tc.Moves > 0 {
			s = strconv.Itoa(tc.Moves) + "/" + s
		}
		if tc.Inc > 0 {
			s += "+" + strconv.FormatFloat(tc.Inc.Seconds(), 'g', 2, 64)
		}
		return s
	case tc.MoveTime > 0:
		return g(tc.MoveTime) + "/move"
	case tc.Depth > 0:
		return fmt.Sprintf("%d plies", tc.Depth)
	case tc.Nodes > 0:
		return fmt.Sprintf("%d nodes", tc.Nodes)
	}
	return ""
}

// both is "x", or "x - y" when the two engines differ.
func both(x, y string) string {
	if x == y {
		return x
	}
	return x + " - " + y
}

// fastchessBlock is fastchess's report of a match of two engines, between
// its rules: Results of, Elo, LOS, Games, Ptnml (when the games are
// paired) and LLR (with -sprt).
func (t *tournament) fastchessBlock(e *encounter) []string {
	names, cfg := t.settings.names, t.cfg
	s := e.score
	book := ""
	if cfg.Openings.Kind == openingsFile {
		book = ", " + filepath.Base(cfg.Openings.File)
	}
	lines := []string{fastchessRule,
		fmt.Sprintf("Results of %s vs %s (%s, %s, %s%s):", names[e.a], names[e.b],
			both(fcTime(cfg.Engines[e.a].TC), fcTime(cfg.Engines[e.b].TC)),
			both(t.engineThreads[e.a], t.engineThreads[e.b]), both(t.engineHash[e.a], t.engineHash[e.b]), book)}
	var el fcElo
	drawRatio := 100 * float64(s.D) / float64(s.N())
	if t.paired {
		p := e.ptnml
		el = newFCElo(pentanomialValues, floats(p[:]...), true)
		drawRatio = 100 * float64(p[2]) / float64(p.Pairs())
	} else {
		el = newFCElo(trinomialValues, floats(s.L, s.D, s.W), false)
	}
	lines = append(lines, fmt.Sprintf("Elo: %s +/- %s, nElo: %s +/- %s", fcFloat(el.elo), fcFloat(el.eloErr), fcFloat(el.nElo), fcFloat(el.nEloErr)))
	los := fmt.Sprintf("LOS: %s %%, DrawRatio: %s %%", fcFloat(el.los), fcFloat(drawRatio))
	if t.paired {
		p := e.ptnml
		los += ", PairsRatio: " + fcFloat(float64(p[3]+p[4])/float64(p[0]+p[1]))
	}
	lines = append(lines, los, fmt.Sprintf("Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%s %%)",
		s.N(), s.W, s.L, s.D, s.Points(), fcFloat(100*s.Points()/float64(s.N()))))
	if t.paired {
		p := e.ptnml
		lines = append(lines, fmt.Sprintf("Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: %s", p[0], p[1], p[2], p[3], p[4],
			fcFloat(float64(e.pairWL)/float64(e.pairDD))))
	}
	if sp := cfg.SPRT; sp != nil && cfg.Shards == 0 {
		llr := t.llr(e)
		lower, upper := sp.Bounds()
		frac := llr / upper
		if llr < 0 {
			frac = -llr / lower
		}
		lines = append(lines, fmt.Sprintf("LLR: %s (%.1f%%) (%s, %s) [%s, %s]", fcFloat(llr), 100*frac, fcFloat(lower), fcFloat(upper),
			fcFloat(sp.Elo0), fcFloat(sp.Elo1)))
	}
	return append(lines, fastchessRule)
}

// fastchessEnd is what fastchess prints when the match ends: the report
// (unless the last game's interval printed it), the SPRT's decision,
// Finished match and the total time.
func (t *tournament) fastchessEnd(blockPrinted bool) []string {
	var lines []string
	e := t.enc[0]
	if !blockPrinted && e.score.N() > 0 {
		lines = append(lines, t.fastchessBlock(e)...)
	}
	if t.decision != "" {
		lines = append(lines, fmt.Sprintf("SPRT ([%s, %s]) completed - %s was accepted", fcFloat(t.cfg.SPRT.Elo0), fcFloat(t.cfg.SPRT.Elo1), t.decision))
	}
	d := time.Since(t.start)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	// fastchess ends the Total Time line with a line break of its own too.
	return append(lines, "Finished match", fmt.Sprintf("Total Time: %02d:%02d:%02d (hours:minutes:seconds)", h, m, s), "")
}

// fastchessInterval reports whether the game just finished ends a rating
// interval as fastchess counts it: every RatingEvery completed pairs of
// the pairing (games when they are not paired).
func (t *tournament) fastchessInterval(e *encounter, pairDone bool) bool {
	n := t.cfg.RatingEvery
	if n <= 0 {
		return false
	}
	if t.paired {
		return pairDone && e.ptnml.Pairs()%n == 0
	}
	return e.score.N()%n == 0
}

// optionValue is the value an engine plays with for option name, as
// fastchess's report reads it: the one given (option.NAME=), else the
// default the engine declared; "" when neither.
func optionValue(cfg *EngineConfig, p player, name string) string {
	for _, o := range cfg.Options {
		if strings.EqualFold(o.Name, name) {
			return o.Value
		}
	}
	if u, ok := p.(*uciPlayer); ok {
		if v, ok := u.OptionDefault(name); ok {
			return v
		}
	}
	return ""
}

// engineLabels fills the Threads and Hash texts of fastchess's Results
// line ("1t", "16MB", or NULL when the engine has no such option).
func (t *tournament) engineLabels(first pool) {
	for i := range t.cfg.Engines {
		th, hash := "NULL", "NULL"
		if v := optionValue(&t.cfg.Engines[i], first[i], "Threads"); v != "" {
			th = v + "t"
		}
		if v := optionValue(&t.cfg.Engines[i], first[i], "Hash"); v != "" {
			hash = v + "MB"
		}
		t.engineThreads = append(t.engineThreads, th)
		t.engineHash = append(t.engineHash, hash)
	}
}
