package web

import (
	"math"
	"regexp"
	"strings"

	"senapati/board"
	"senapati/wdl"
)

// The review's judgement of each move (docs/web.md, "Game review"): the
// mover's expected score (win + draw/2, from the game's own win/draw/loss
// model, package wdl) before the move and after it, both from the
// review's scores; what the move lost marks it an inaccuracy, a mistake
// or a blunder, and gives its accuracy. The page only shows these.

// Marks by the expected score a move lost, in points of a game (0..1).
const (
	inaccuracyDrop = 0.10
	mistakeDrop    = 0.20
	blunderDrop    = 0.30
)

const (
	markInaccuracy = "inaccuracy"
	markMistake    = "mistake"
	markBlunder    = "blunder"
)

// markNAGs are the PGN's NAGs of the marks ($6 ?!, $2 ?, $4 ??).
var markNAGs = map[string]string{markInaccuracy: "$6", markMistake: "$2", markBlunder: "$4"}

// markWords begin a marked move's PGN comment.
var markWords = map[string]string{markInaccuracy: "Inaccuracy.", markMistake: "Mistake.", markBlunder: "Blunder."}

// accuracyScale is the drop at which a move's accuracy falls to 1/e of
// 100: a drop of 0.10 scores 61, 0.30 scores 22.
const accuracyScale = 0.2

// judgement is one reviewed move as the page shows it.
type judgement struct {
	Mark     string  `json:"mark,omitempty"` // inaccuracy, mistake or blunder; empty for a sound move
	Before   float64 `json:"before"`         // the mover's expected score before the move, 0..1
	After    float64 `json:"after"`          // and after it
	Drop     float64 `json:"drop"`           // Before − After, never below 0
	Accuracy float64 `json:"accuracy"`       // 0..100
	MateLost bool    `json:"mateLost,omitempty"`
	// The engine's better move in the position before (when the move
	// played was not it) and its line from there, in SAN.
	Best    string   `json:"best,omitempty"`
	BestUCI string   `json:"bestUci,omitempty"`
	Line    []string `json:"line,omitempty"`
}

// sideReview is one side's summary of a review.
type sideReview struct {
	Moves        int     `json:"moves"` // judged
	Accuracy     float64 `json:"accuracy"`
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
}

type reviewSummary struct {
	White sideReview `json:"white"`
	Black sideReview `json:"black"`
}

// expectedScore is the side to move's expected score for its search score.
func expectedScore(m wdl.Model, score int, material float64) float64 {
	win, draw, _ := m.Probabilities(score, material)
	return win + draw/2
}

// moverScore is a reviewed score from the mover's view; mates are the
// model's certain scores.
func moverScore(ev *evalView, mover board.Color) int {
	s := ev.White
	if mover == board.Black {
		s = -s
	}
	return s
}

// hasMate says whether the score is a forced mate for the mover.
func hasMate(ev *evalView, mover board.Color) bool {
	return ev.Mate != nil && moverScore(ev, mover) >= 100000
}

// classify marks a move by what it lost; a forced mate let go is at
// least an inaccuracy even when the win stays all but certain.
func classify(drop float64, mateLost bool) string {
	switch {
	case drop >= blunderDrop:
		return markBlunder
	case drop >= mistakeDrop:
		return markMistake
	case drop >= inaccuracyDrop || mateLost:
		return markInaccuracy
	}
	return ""
}

// moveAccuracy is 100 for a move that lost nothing, falling exponentially
// with the drop.
func moveAccuracy(drop float64) float64 {
	return 100 * math.Exp(-max(drop, 0)/accuracyScale)
}

// sideAccuracy is the mean of the arithmetic and the harmonic means of a
// side's move accuracies: the harmonic mean weighs a few bad moves more
// than the plain mean does, as one blunder spoils a game.
func sideAccuracy(accs []float64) float64 {
	if len(accs) == 0 {
		return 0
	}
	var sum, inv float64
	for _, a := range accs {
		sum += a
		inv += 1 / max(a, 1)
	}
	n := float64(len(accs))
	return (sum/n + n/inv) / 2
}

// judge is the judgement of a move by mover, with before and after the
// reviewed scores of the positions around it and matBefore, matAfter
// their material (wdl.Material).
func judge(m wdl.Model, before, after *evalView, mover board.Color, matBefore, matAfter float64) judgement {
	// After the move the opponent is to move: the mover's share is the rest.
	b := expectedScore(m, moverScore(before, mover), matBefore)
	a := 1 - expectedScore(m, -moverScore(after, mover), matAfter)
	drop := max(b-a, 0)
	j := judgement{Before: round3(b), After: round3(a), Drop: round3(drop), MateLost: hasMate(before, mover) && !hasMate(after, mover)}
	j.Mark = classify(drop, j.MateLost)
	j.Accuracy = math.Round(10*moveAccuracy(drop)) / 10
	return j
}

func round3(x float64) float64 { return math.Round(1000*x) / 1000 }

// reviewed says whether a score is a review's. A loaded PGN's [%eval]
// (depth 0) is shown but judges nothing: its engine and depth are unknown,
// and the PGN's own marks, if any, stand on its moves already.
func reviewed(ev *evalView) bool { return ev != nil && ev.Depth > 0 }

// judgeLine judges each move of line, a line from the root, whose scores
// the review knows before and after it; nil where one is missing.
func (g *game) judgeLine(line []*node) []*judgement {
	out := make([]*judgement, len(line))
	scored := false
	for _, n := range line {
		scored = scored || reviewed(n.eval)
	}
	if !scored { // no review: nothing to replay the line for
		return out
	}
	model := wdl.For(g.start.Variant())
	p := g.start
	prev := g.root
	matBefore := wdl.Material(&p)
	for i, n := range line {
		mover := p.SideToMove()
		next := p
		next.DoMove(n.pl.move)
		matAfter := wdl.Material(&next)
		if reviewed(prev.eval) && reviewed(n.eval) {
			j := judge(model, prev.eval, n.eval, mover, matBefore, matAfter)
			if prev.eval.Best == n.pl.uci {
				// The engine's own choice loses nothing: a drop there is
				// the two searches' horizons disagreeing, not the move.
				j.Drop, j.Mark, j.Accuracy, j.MateLost = 0, "", 100, false
			} else if best := prev.eval.Best; best != "" {
				j.BestUCI, j.Line = best, prev.eval.PV
				if len(j.Line) > 0 {
					j.Best = j.Line[0]
				}
			}
			out[i] = &j
		}
		p, prev, matBefore = next, n, matAfter
	}
	return out
}

// summarise counts the marks and averages the accuracy of each side over
// the judged moves; nil when none is judged.
func summarise(start board.Color, js []*judgement) *reviewSummary {
	var sum reviewSummary
	var accs [2][]float64
	for i, j := range js {
		if j == nil {
			continue
		}
		side := &sum.White
		c := 0
		if (i%2 == 0) != (start == board.White) {
			side, c = &sum.Black, 1
		}
		side.Moves++
		accs[c] = append(accs[c], j.Accuracy)
		switch j.Mark {
		case markInaccuracy:
			side.Inaccuracies++
		case markMistake:
			side.Mistakes++
		case markBlunder:
			side.Blunders++
		}
	}
	if sum.White.Moves+sum.Black.Moves == 0 {
		return nil
	}
	sum.White.Accuracy = math.Round(10*sideAccuracy(accs[0])) / 10
	sum.Black.Accuracy = math.Round(10*sideAccuracy(accs[1])) / 10
	return &sum
}

// markComment is a marked move's PGN comment: the mark and the better
// move ("Mistake. Nf3 was best."), before the comment the move has (after
// an engine's score). A
// comment that has a mark already (a loaded review's) is kept as it is.
func markComment(j *judgement, comment string) string {
	words := markWords[j.Mark]
	if words == "" {
		return comment
	}
	for _, w := range markWords {
		if strings.Contains(withoutCommands(comment), w) {
			return comment
		}
	}
	if j.Best != "" {
		words += " " + j.Best + " was best."
	}
	if engineComment.MatchString(comment) {
		// The engine's own "+0.35/6 0.01s" stays first, where readers
		// (and the page) look for it.
		return comment + " " + words
	}
	return strings.TrimSpace(words + " " + comment)
}

// engineComment is the start of an engine move's score comment.
var engineComment = regexp.MustCompile(`^[+-]M?\d+(\.\d+)?/\d+ `)
