package wdl

import (
	"errors"
	"math"
)

// logLikelihood is the mean log-probability the model gives the results
// of samples, and its gradient by the coefficients (A, then B, then the
// logit of Held).
func logLikelihood(md Model, samples []Sample) (ll float64, grad [7]float64) {
	held := md.held()
	keep, heldSlope := 1-held, held*(1-held) // d held / d logit(held)
	for _, s := range samples {
		if s.Score >= scoreCap || s.Score <= -scoreCap { // certain: nothing to fit
			ll += math.Log(max(resultChance(md, s), 1e-12))
			continue
		}
		x := float64(s.Score)
		m := s.Material
		a, b := md.shape(m)
		u, v := (x-a)/b, (-x-a)/b
		sw, sl := sigmoid(u), sigmoid(v)
		pw, pl := keep*sw, keep*sl
		dw, dl := keep*sw*(1-sw), keep*sl*(1-sl)
		// Derivatives of pw and pl by a, by b and by logit(held).
		pwA, pwB, pwH := -dw/b, -dw*u/b, -sw*heldSlope
		plA, plB, plH := -dl/b, -dl*v/b, -sl*heldSlope
		var p, pA, pB, pH float64
		switch s.Result {
		case 1:
			p, pA, pB, pH = pw, pwA, pwB, pwH
		case 0:
			p, pA, pB, pH = pl, plA, plB, plH
		default:
			p, pA, pB, pH = 1-pw-pl, -pwA-plA, -pwB-plB, -pwH-plH
		}
		p = max(p, 1e-12)
		ll += math.Log(p)
		// The clamps of shape have no slope where they hold.
		if poly(md.A, m) < 0 {
			pA = 0
		}
		if poly(md.B, m) < minB {
			pB = 0
		}
		pow := [3]float64{1, m, m * m}
		for k := range 3 {
			grad[k] += pA / p * pow[k]
			grad[3+k] += pB / p * pow[k]
		}
		grad[6] += pH / p
	}
	n := float64(len(samples))
	for k := range grad {
		grad[k] /= n
	}
	return ll / n, grad
}

// resultChance is the chance md gives the result of s.
func resultChance(md Model, s Sample) float64 {
	w, d, l := md.Probabilities(s.Score, s.Material)
	switch s.Result {
	case 1:
		return w
	case 0:
		return l
	}
	return d
}

// LogLikelihood is the mean log-probability md gives the samples' results
// (0 is perfect; higher is better).
func LogLikelihood(md Model, samples []Sample) float64 {
	ll, _ := logLikelihood(md, samples)
	return ll
}

// Fit finds the model that makes the samples' results most likely
// (maximum likelihood), by Adam gradient ascent from a flat model, with a
// step that shrinks towards the end.
func Fit(samples []Sample) (Model, error) {
	if len(samples) < 100 {
		return Model{}, errors.New("too few samples to fit (fewer than 100)")
	}
	// The last coefficient is logit(Held), which starts near no share.
	theta := [7]float64{150, 0, 0, 100, 0, 0, -6}
	var mom, vel [7]float64
	const (
		steps        = 3000
		rate         = 4.0 // centipawns
		beta1, beta2 = 0.9, 0.999
	)
	for t := 1; t <= steps; t++ {
		md := thetaModel(theta)
		_, g := logLikelihood(md, samples)
		lr := rate * (1 - float64(t)/(steps+1)) // to nearly nothing at the end
		for k := range theta {
			mom[k] = beta1*mom[k] + (1-beta1)*g[k]
			vel[k] = beta2*vel[k] + (1-beta2)*g[k]*g[k]
			mHat := mom[k] / (1 - math.Pow(beta1, float64(t)))
			vHat := vel[k] / (1 - math.Pow(beta2, float64(t)))
			theta[k] += lr * mHat / (math.Sqrt(vHat) + 1e-12)
		}
	}
	return thetaModel(theta), nil
}

func thetaModel(theta [7]float64) Model {
	return Model{A: [3]float64(theta[:3]), B: [3]float64(theta[3:6]), Held: sigmoid(theta[6])}
}
