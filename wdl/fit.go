package wdl

import (
	"errors"
	"math"
)

// logLikelihood is the mean log-probability the model gives the results
// of samples, and its gradient by the coefficients (A then B).
func logLikelihood(md Model, samples []Sample) (ll float64, grad [6]float64) {
	for _, s := range samples {
		x := float64(min(max(s.Score, -scoreCap), scoreCap))
		m := s.Material
		a, b := md.shape(m)
		u, v := (x-a)/b, (-x-a)/b
		pw, pl := sigmoid(u), sigmoid(v)
		dw, dl := pw*(1-pw), pl*(1-pl) // σ'
		// Derivatives of pw and pl by a and by b.
		pwA, pwB := -dw/b, -dw*u/b
		plA, plB := -dl/b, -dl*v/b
		var p, pA, pB float64
		switch s.Result {
		case 1:
			p, pA, pB = pw, pwA, pwB
		case 0:
			p, pA, pB = pl, plA, plB
		default:
			p, pA, pB = 1-pw-pl, -pwA-plA, -pwB-plB
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
	}
	n := float64(len(samples))
	for k := range grad {
		grad[k] /= n
	}
	return ll / n, grad
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
	theta := [6]float64{150, 0, 0, 100, 0, 0}
	var mom, vel [6]float64
	const (
		steps        = 3000
		rate         = 4.0 // centipawns
		beta1, beta2 = 0.9, 0.999
	)
	for t := 1; t <= steps; t++ {
		md := Model{A: [3]float64(theta[:3]), B: [3]float64(theta[3:])}
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
	return Model{A: [3]float64(theta[:3]), B: [3]float64(theta[3:])}, nil
}
