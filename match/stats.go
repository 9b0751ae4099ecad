package match

import "math"

// Score counts one player's wins, losses and draws.
type Score struct{ W, L, D int }

// N is the number of games.
func (s Score) N() int { return s.W + s.L + s.D }

// Points is wins plus half the draws.
func (s Score) Points() float64 { return float64(s.W) + float64(s.D)/2 }

// Ratio is the score per game, 0 with no games.
func (s Score) Ratio() float64 {
	if s.N() == 0 {
		return 0
	}
	return s.Points() / float64(s.N())
}

// DrawRatio is the share of drawn games.
func (s Score) DrawRatio() float64 {
	if s.N() == 0 {
		return 0
	}
	return float64(s.D) / float64(s.N())
}

func (s *Score) add(points float64) {
	switch points {
	case 1:
		s.W++
	case 0:
		s.L++
	default:
		s.D++
	}
}

// Ptnml counts game pairs (the two games of one opening with colours
// swapped) by the points the first player took from them: index i holds the
// pairs worth i/2 points, 0 to 2.
type Ptnml [5]int

// Pairs is the number of complete pairs.
func (p Ptnml) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// EloFromScore is the logistic Elo difference that predicts the expected
// score s (0 < s < 1): -400*log10(1/s - 1). It is -Inf at 0 and +Inf at 1.
func EloFromScore(s float64) float64 {
	if s <= 0 {
		return math.Inf(-1)
	}
	if s >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo is the expected score of a player rated elo above the other.
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// z975 is the 97.5% quantile of the standard normal distribution: the
// half-width of a two-sided 95% interval in standard deviations.
const z975 = 1.959963984540054

// meanVar is the mean and the variance of a discrete distribution given as
// outcome values and how often each occurred; n is the number of samples.
func meanVar(values, counts []float64) (mean, variance, n float64) {
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0, 0, 0
	}
	for i, v := range values {
		mean += v * counts[i]
	}
	mean /= n
	for i, v := range values {
		d := v - mean
		variance += d * d * counts[i]
	}
	return mean, variance / n, n
}

func floats(counts ...int) []float64 {
	f := make([]float64, len(counts))
	for i, c := range counts {
		f[i] = float64(c)
	}
	return f
}

// eloInterval is the Elo of the mean score with the half-width of its 95%
// interval: the score's standard error is sqrt(variance/n), its bounds
// mean -/+ 1.96 standard errors, each turned into Elo, and the error is half
// the distance between the two Elo bounds (as cutechess reports it).
func eloInterval(mean, variance, n float64) (elo, errMargin float64) {
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	se := math.Sqrt(variance / n)
	lo, hi := mean-z975*se, mean+z975*se
	return EloFromScore(mean), (EloFromScore(hi) - EloFromScore(lo)) / 2
}

var (
	trinomialValues   = []float64{0, 0.5, 1}
	pentanomialValues = []float64{0, 0.25, 0.5, 0.75, 1}
)

// EloTrinomial is the Elo difference of a score with its 95% error margin,
// from the per-game variance of the win/draw/loss outcomes.
func EloTrinomial(s Score) (elo, errMargin float64) {
	return eloInterval(meanVar(trinomialValues, floats(s.L, s.D, s.W)))
}

// EloPentanomial is the Elo difference with its 95% error margin from the
// per-pair variance of pair scores 0, 1/4, 1/2, 3/4, 1. Pairs played on one
// opening are correlated; this variance accounts for it.
func EloPentanomial(p Ptnml) (elo, errMargin float64) {
	return eloInterval(meanVar(pentanomialValues, floats(p[:]...)))
}

// LOS is the likelihood of superiority: the probability that the first
// player is the stronger, 0.5*(1+erf((W-L)/sqrt(2(W+L)))); draws do not count.
func LOS(s Score) float64 {
	if s.W+s.L == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(s.W-s.L)/math.Sqrt(2*float64(s.W+s.L))))
}

// SPRT models: what Elo0 and Elo1 are measured in.
const (
	// ModelNormalized: normalized Elo (nElo), the expected score's distance
	// from 1/2 in standard deviations of the score of one game pair (of one
	// game without pairs), times 800/ln 10 and, for pairs, divided by sqrt 2.
	// fastchess's default, and OpenBench's and Fishtest's model.
	ModelNormalized = "normalized"
	// ModelLogistic: logistic Elo, expected score 1/(1+10^(-elo/400)), as
	// the Elo difference lines print it (the unit of cutechess-cli's bounds).
	ModelLogistic = "logistic"
	// ModelBayesian: BayesElo, whose expected score also depends on the draw
	// rate (its drawelo is estimated from the results); on game results only.
	ModelBayesian = "bayesian"
)

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1, with error rates Alpha (accepting H1 when H0 holds) and
// Beta (accepting H0 when H1 holds). Model says what kind of Elo the bounds
// are in; empty is ModelNormalized.
//
// The log-likelihood ratio is the generalized one of fastchess, OpenBench
// and Fishtest: the outcomes (game pairs scoring 0, 1/4, ..., 1, or games
// scoring 0, 1/2, 1) follow an unknown distribution; under each hypothesis
// it is the distribution of largest likelihood for the observed counts
// among those whose Elo is Elo0 (Elo1), and the LLR is the log of the ratio
// of the two likelihoods. The maxima are computed exactly (to rounding),
// without the normal approximation.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
	Model                   string
}

// Bounds are the log-likelihood ratios at which the test stops:
// log(beta/(1-alpha)) accepts H0, log((1-beta)/alpha) accepts H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Pentanomial tells whether the model is tested on game pairs when the
// match has them: BayesElo has no pentanomial form (fastchess, too, falls
// back to game results for it).
func (t SPRT) Pentanomial() bool { return t.Model != ModelBayesian }

// nEloScale turns normalized Elo into the t-value (mean - 1/2)/sd of a
// game's score: nElo = t * 800/ln 10.
var nEloScale = 800 / math.Ln10

// LLRTrinomial is the log-likelihood ratio from game results.
func (t SPRT) LLRTrinomial(s Score) float64 {
	if s.N() == 0 {
		return 0
	}
	phat, n := regularized(s.L, s.D, s.W)
	switch t.Model {
	case ModelLogistic:
		return llrMean(trinomialValues, phat, n, ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1))
	case ModelBayesian:
		if s.W == 0 || s.L == 0 {
			return 0 // no draw rate without a win and a loss
		}
		l, w := phat[0], phat[2]
		drawElo := 200 * math.Log10((1-l)/l*(1-w)/w)
		return llrMean(trinomialValues, phat, n, bayesEloScore(t.Elo0, drawElo), bayesEloScore(t.Elo1, drawElo))
	}
	return llrNormalized(trinomialValues, phat, n, t.Elo0/nEloScale, t.Elo1/nEloScale)
}

// LLRPentanomial is the log-likelihood ratio from game pairs (not for
// ModelBayesian: see Pentanomial).
func (t SPRT) LLRPentanomial(p Ptnml) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	phat, n := regularized(p[:]...)
	switch t.Model {
	case ModelLogistic:
		return llrMean(pentanomialValues, phat, n, ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1))
	case ModelBayesian:
		return math.NaN()
	}
	// A pair's score has half the variance of a game's when the two games
	// are independent: its t-value is sqrt 2 times larger.
	return llrNormalized(pentanomialValues, phat, n, math.Sqrt2*t.Elo0/nEloScale, math.Sqrt2*t.Elo1/nEloScale)
}

// bayesEloScore is the expected score at a BayesElo difference elo when
// draws are governed by drawElo: P(win) + P(draw)/2.
func bayesEloScore(elo, drawElo float64) float64 {
	win := 1 / (1 + math.Pow(10, (drawElo-elo)/400))
	loss := 1 / (1 + math.Pow(10, (drawElo+elo)/400))
	return win + (1-win-loss)/2
}

// regularized turns counts into frequencies, a count of 0 taken as 0.001
// (as fastchess and OpenBench do: no outcome has probability 0), and
// returns them with their (regularized) total.
func regularized(counts ...int) (phat []float64, n float64) {
	phat = make([]float64, len(counts))
	for i, c := range counts {
		phat[i] = max(float64(c), 1e-3)
		n += phat[i]
	}
	for i := range phat {
		phat[i] /= n
	}
	return phat, n
}

// llrOf is n times the mean of log(p1/p0) under phat: the log of the
// likelihood ratio of the observed counts under p1 and p0.
func llrOf(phat []float64, n float64, p0, p1 []float64) float64 {
	if p0 == nil || p1 == nil {
		return math.NaN() // bounds beyond what the method reaches (see maxNormalizedElo)
	}
	sum := 0.0
	for i, q := range phat {
		sum += q * math.Log(p1[i]/p0[i])
	}
	return n * sum
}

func llrMean(values, phat []float64, n, s0, s1 float64) float64 {
	return llrOf(phat, n, mleMean(values, phat, s0), mleMean(values, phat, s1))
}

func llrNormalized(values, phat []float64, n, t0, t1 float64) float64 {
	return llrOf(phat, n, mleNormalized(values, phat, t0), mleNormalized(values, phat, t1))
}

// tilt returns the distribution p_i = phat_i / (1 + theta*g_i) for the
// theta at which f(theta) = sum phat_i g_i / (1 + theta*g_i) is 0, so that
// the mean of g under p is 0: of all distributions with that property, p
// has the largest likelihood for counts in the proportions phat (the
// Lagrange condition of the maximum; M. Van den Bergh, "Comments on
// normalized Elo", proposition 1.1). f falls strictly between its poles
// -1/max g and -1/min g, so the zero is unique; Newton's method, kept
// inside a bracket that bisection shrinks when a step would leave it,
// finds it to rounding. It returns nil unless g takes both signs.
func tilt(phat, g []float64) []float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range g {
		lo, hi = min(lo, x), max(hi, x)
	}
	if lo >= 0 || hi <= 0 {
		return nil
	}
	a, b := -1/hi, -1/lo // f(a+) = +Inf, f(b-) = -Inf
	theta := 0.0
	for range 200 {
		f, df := 0.0, 0.0
		for i, q := range phat {
			d := 1 + theta*g[i]
			f += q * g[i] / d
			df -= q * g[i] * g[i] / (d * d)
		}
		if f > 0 {
			a = theta
		} else {
			b = theta
		}
		next := theta - f/df
		if !(next > a && next < b) {
			next = a + (b-a)/2
		}
		if next == theta || f == 0 {
			break
		}
		theta = next
	}
	p := make([]float64, len(phat))
	total := 0.0
	for i, q := range phat {
		p[i] = q / (1 + theta*g[i])
		total += p[i]
	}
	for i := range p {
		p[i] /= total // 1 to rounding
	}
	return p
}

// mleMean is the distribution over values of largest likelihood for phat
// among those with mean s (0 < s < 1).
func mleMean(values, phat []float64, s float64) []float64 {
	g := make([]float64, len(values))
	for i, a := range values {
		g[i] = a - s
	}
	return tilt(phat, g)
}

// maxNormalizedElo bounds the normalized Elo of -sprt: beyond it (t-values
// of a pair beyond 0.81) the iteration of mleNormalized may find no tilt
// from its uniform start. Real tests use a few nElo.
const maxNormalizedElo = 200

// mleNormalized is the distribution over values of largest likelihood for
// phat among those with (mean - 1/2)/sd = t. At the maximum, p is phat
// tilted (see tilt) by g_i = a_i - 1/2 - t/2 * sd * (1 + ((a_i - mean)/sd)^2),
// the gradient in p of mean - 1/2 - t*sd (up to a constant), with mean and
// sd those of p itself (Van den Bergh, section 4.1); it is found by
// iterating from the uniform distribution until p stops changing (in 10 to
// 30 steps for bounds of a few nElo, in hundreds near maxNormalizedElo).
// nil if it does not settle.
func mleNormalized(values, phat []float64, t float64) []float64 {
	p := make([]float64, len(values))
	for i := range p {
		p[i] = 1 / float64(len(p))
	}
	g := make([]float64, len(values))
	for range 10000 {
		mean, variance, _ := meanVar(values, p)
		sd := math.Sqrt(variance)
		for i, a := range values {
			z := (a - mean) / sd
			g[i] = a - 0.5 - t/2*sd*(1+z*z)
		}
		next := tilt(phat, g)
		if next == nil {
			return nil
		}
		diff := 0.0
		for i := range p {
			diff = max(diff, math.Abs(next[i]-p[i]))
		}
		p = next
		// tilt is exact to about 1e-13, so p jitters at that level; at
		// 1e-10 the LLR agrees with a brute-force maximum to about 1e-10
		// (stats_test.go).
		if diff < 1e-10 {
			return p
		}
	}
	return nil
}

// Decision reports "H0" or "H1" once llr has crossed a bound, else "".
func (t SPRT) Decision(llr float64) string {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return "H1"
	case llr <= lower:
		return "H0"
	}
	return ""
}
