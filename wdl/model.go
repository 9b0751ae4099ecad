// Package wdl turns a search score into the chances of a win, a draw and a
// loss (UCI_ShowWDL), with a model fitted per variant to self-play games,
// and holds the fitting itself (the wdlfit command).
//
// The model: for a score x (centipawns, the side to move's view) and the
// material m left on the board (a share of the start position's, see
// Material),
//
//	win  = (1 − h) σ((x − a(m)) / b(m))
//	loss = (1 − h) σ((−x − a(m)) / b(m))
//	draw = 1 − win − loss
//
// with σ the logistic function, a and b quadratics in m, and h the share
// of games drawn whatever the score (Model.Held). a is the score at which
// a win becomes as likely as not; b how quickly the chances turn with the
// score. a ≥ 0 keeps win + loss ≤ 1. Every variant has a model
// of its own, fitted to its own games, because its rules (chaturanga's
// stalemate win and bare Raja, Durg's 30-move rule) decide how often a
// given score is won, drawn or lost.
package wdl

import (
	"math"

	"senapati/board"
)

// Model is the fitted model of one variant: a(m) = A[0] + A[1]m + A[2]m²
// and likewise b. Held is the share of decided-looking games that end
// drawn anyway, whatever the score (Durg: a big lead is often drawn by the
// 30-move rule); win and loss are scaled by 1 − Held, so that a large lead
// need not flatten the whole curve. Zero, the default, is no such share.
type Model struct {
	A, B [3]float64
	Held float64
}

// Score limits: from them on a score is won or lost for certain (mates,
// the rules' verdicts).
const scoreCap = 4000

// minB keeps the slope finite for any coefficients.
const minB = 1.0

func poly(c [3]float64, m float64) float64 { return c[0] + c[1]*m + c[2]*m*m }

// shape is a(m) and b(m), kept within their meaningful range.
func (md Model) shape(material float64) (a, b float64) {
	return max(poly(md.A, material), 0), max(poly(md.B, material), minB)
}

// held is Held within its meaningful range.
func (md Model) held() float64 { return min(max(md.Held, 0), 1) }

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Probabilities are the chances of a win, a draw and a loss for the side
// to move; they sum to 1.
func (md Model) Probabilities(score int, material float64) (win, draw, loss float64) {
	switch {
	case score >= scoreCap: // a mate or the rules' verdict: no draw is held
		return 1, 0, 0
	case score <= -scoreCap:
		return 0, 0, 1
	}
	x := float64(score)
	a, b := md.shape(material)
	keep := 1 - md.held()
	win, loss = keep*sigmoid((x-a)/b), keep*sigmoid((-x-a)/b)
	return win, max(1-win-loss, 0), loss
}

// PerMille is the chances in thousandths, summing to exactly 1000.
func (md Model) PerMille(score int, material float64) (w, d, l int) {
	win, _, loss := md.Probabilities(score, material)
	w, l = int(math.Round(1000*win)), int(math.Round(1000*loss))
	if w+l > 1000 { // both rounded up from a draw chance under 1/1000
		l = 1000 - w
	}
	return w, 1000 - w - l, l
}

// Of is the win/draw/loss in thousandths for the side to move in p, whose
// search score is score.
func Of(p *board.Position, score int) (w, d, l int) {
	return For(p.Variant()).PerMille(score, Material(p))
}

// For is the fitted model of a variant.
func For(v *board.Variant) Model { return fitted[v.Name()] }
