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

// Flip is the score from the opponent's side.
func (s Score) Flip() Score { return Score{W: s.L, L: s.W, D: s.D} }

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

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1 (logistic Elo), with error rates Alpha (accepting H1 when
// H0 holds) and Beta (accepting H0 when H1 holds).
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// Bounds are the log-likelihood ratios at which the test stops:
// log(beta/(1-alpha)) accepts H0, log((1-beta)/alpha) accepts H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// gsprtLLR is the generalised SPRT's log-likelihood ratio in its normal
// approximation: with s0 and s1 the expected scores under H0 and H1 and the
// sample mean and variance of n observations,
//
//	LLR = n * (s1 - s0) * (2*mean - s0 - s1) / (2*variance).
//
// A weak prior of two even observations is added to the counts first: half
// a loss, one draw and half a win (for pairs: half a 0-2 pair, one 1-1 pair,
// half a 2-0 pair). It keeps the variance of the first few results from
// collapsing: without it two won pairs "prove" a 50 Elo gain and a run of
// only wins or only draws has no variance at all. With it a one-sided run
// is decided after about 17 games (83 straight draws accept H0 of 0 vs 10
// Elo); its weight fades as results come in.
func (t SPRT) gsprtLLR(values, counts []float64) float64 {
	if _, _, n := meanVar(values, counts); n == 0 {
		return 0
	}
	last := len(counts) - 1 // values run from 0 to 1, 1/2 in the middle
	counts[0] += 0.5
	counts[last/2]++
	counts[last] += 0.5
	mean, variance, n := meanVar(values, counts)
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// LLRTrinomial is the log-likelihood ratio from game results.
func (t SPRT) LLRTrinomial(s Score) float64 {
	return t.gsprtLLR(trinomialValues, floats(s.L, s.D, s.W))
}

// LLRPentanomial is the log-likelihood ratio from game pairs.
func (t SPRT) LLRPentanomial(p Ptnml) float64 {
	return t.gsprtLLR(pentanomialValues, floats(p[:]...))
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
