package match

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// The expected numbers below were worked out by hand (with a pocket
// calculator), step by step in the comments, not with this package.

func TestEloFromScore(t *testing.T) {
	// s = 0.75: 1/s - 1 = 1/3, log10(1/3) = -0.477121, * -400 = 190.849
	require.InDelta(t, 190.849, EloFromScore(0.75), 1e-3)
	require.InDelta(t, -190.849, EloFromScore(0.25), 1e-3)
	require.Equal(t, 0.0, EloFromScore(0.5))
	require.True(t, math.IsInf(EloFromScore(1), 1))
	require.True(t, math.IsInf(EloFromScore(0), -1))
	// 10 Elo: 10^(-10/400) = 0.943787, 1/(1+0.943787) = 0.514387
	require.InDelta(t, 0.514387, ScoreFromElo(10), 1e-6)
}

func TestEloTrinomial(t *testing.T) {
	// W=10 L=5 D=5, N=20: s = (10 + 2.5)/20 = 0.625
	// elo = -400*log10(1/0.625 - 1) = -400*log10(0.6) = 88.7395
	// variance per game: (10*0.375^2 + 5*0.125^2 + 5*0.625^2)/20
	//   = (1.40625 + 0.078125 + 1.953125)/20 = 0.171875
	// standard error sqrt(0.171875/20) = 0.0927025
	// 95%: s -/+ 1.959964*0.0927025 = 0.443307 .. 0.806693
	// elo(0.443307) = -400*log10(1.255774) = -39.566
	// elo(0.806693) = -400*log10(0.239628) = 248.184
	// error = (248.184 + 39.566)/2 = 143.875
	elo, margin := EloTrinomial(Score{W: 10, L: 5, D: 5})
	require.InDelta(t, 88.7395, elo, 1e-3)
	require.InDelta(t, 143.875, margin, 1e-2)

	elo, margin = EloTrinomial(Score{W: 7, L: 7, D: 6})
	require.InDelta(t, 0, elo, 1e-9)
	// s = 0.5, variance (7*0.25 + 7*0.25)/20 = 0.175, se = sqrt(0.175/20) = 0.0935414
	// bounds 0.5 -/+ 0.183337: elo(0.683337) = -400*log10(0.463407) = 133.615,
	// symmetric around 0, so the error is 133.615
	require.InDelta(t, 133.615, margin, 1e-2)
}

func TestEloPentanomial(t *testing.T) {
	// pairs [1, 1, 3, 4, 2], 11 pairs, values 0, 1/4, 1/2, 3/4, 1
	// mean = (0.25 + 1.5 + 3 + 2)/11 = 6.75/11 = 0.613636
	// elo = -400*log10(1/0.613636 - 1) = -400*log10(0.629630) = 80.366
	// variance = (1*0.613636^2 + 1*0.363636^2 + 3*0.113636^2 + 4*0.136364^2 + 2*0.386364^2)/11
	//   = (0.376550 + 0.132231 + 0.038740 + 0.074380 + 0.298554)/11 = 0.083678
	// se = sqrt(0.083678/11) = 0.087219; bounds 0.613636 -/+ 0.170946
	// elo(0.784581) = -400*log10(0.274565) = 224.542
	// elo(0.442691) = -400*log10(1.258939) = -39.998
	// error = (224.542 + 39.998)/2 = 132.270
	elo, margin := EloPentanomial(Ptnml{1, 1, 3, 4, 2})
	require.InDelta(t, 80.366, elo, 1e-2)
	require.InDelta(t, 132.270, margin, 1e-2)
}

func TestLOS(t *testing.T) {
	// W=10 L=5: (10-5)/sqrt(2*15) = 0.912871, erf = 0.803294, LOS = 0.901647
	require.InDelta(t, 0.901647, LOS(Score{W: 10, L: 5, D: 5}), 1e-5)
	// W=4 L=0: 4/sqrt(8) = 1.414214, erf = 0.954500, LOS = 0.977250
	require.InDelta(t, 0.977250, LOS(Score{W: 4}), 1e-5)
	require.Equal(t, 0.5, LOS(Score{D: 3}))
	require.InDelta(t, 1-0.901647, LOS(Score{W: 5, L: 10}), 1e-5)
}

func TestSPRT(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lower, upper := test.Bounds()
	// log(0.05/0.95) = -2.944439, log(0.95/0.05) = +2.944439
	require.InDelta(t, -2.944439, lower, 1e-6)
	require.InDelta(t, 2.944439, upper, 1e-6)
	lower, upper = SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}.Bounds()
	require.InDelta(t, math.Log(0.1/0.95), lower, 1e-12) // -2.251292
	require.InDelta(t, -2.251292, lower, 1e-6)
	require.InDelta(t, 2.890372, upper, 1e-6) // log(0.9/0.05)

	// s0 = 0.5, s1 = 0.514387 (10 Elo), s1 - s0 = 0.014387. The prior adds
	// half a loss, a draw and half a win (pairs: 0.5, 0, 1, 0, 0.5).
	// Trinomial W=10 L=5 D=5, with the prior L=5.5 D=6 W=10.5, N=22:
	// mean = 13.5/22 = 0.613636
	// variance = (5.5*0.613636^2 + 6*0.113636^2 + 10.5*0.386364^2)/22
	//          = (2.071023 + 0.077479 + 1.567407)/22 = 0.168905
	// LLR = 22*0.014387*(1.227273 - 1.014387)/(2*0.168905) = 0.199468
	require.InDelta(t, 0.199468, test.LLRTrinomial(Score{W: 10, L: 5, D: 5}), 1e-5)
	// Pentanomial [1, 1, 3, 4, 2], with the prior [1.5, 1, 4, 4, 2.5], 13 pairs:
	// mean = (0.25 + 2 + 3 + 2.5)/13 = 0.596154
	// variance = (1.5*0.596154^2 + 0.346154^2 + 4*0.096154^2 + 4*0.153846^2 + 2.5*0.403846^2)/13
	//          = (0.533099 + 0.119822 + 0.036982 + 0.094675 + 0.407729)/13 = 0.091716
	// LLR = 13*0.014387*(1.192308 - 1.014387)/(2*0.091716) = 0.181414
	require.InDelta(t, 0.181414, test.LLRPentanomial(Ptnml{1, 1, 3, 4, 2}), 1e-5)
	// Even results: mean 1/2 is below (s0+s1)/2, so the ratio leans to H0.
	require.Less(t, test.LLRTrinomial(Score{W: 5, L: 5, D: 10}), 0.0)
	require.Equal(t, 0.0, test.LLRTrinomial(Score{}))

	// 17 straight wins are taken as L=0.5 D=1 W=17.5, N=19:
	// mean 18/19 = 0.947368
	// variance (0.5*0.947368^2 + 0.447368^2 + 17.5*0.052632^2)/19
	//        = (0.448753 + 0.200139 + 0.048476)/19 = 0.036704
	// LLR = 19*0.014387*(1.894737 - 1.014387)/(2*0.036704) = 3.2783 > 2.944: H1
	require.InDelta(t, 3.2783, test.LLRTrinomial(Score{W: 17}), 1e-3)
	require.InDelta(t, 3.2783, test.LLRPentanomial(Ptnml{4: 17}), 1e-3)
	require.Equal(t, "H1", test.Decision(test.LLRTrinomial(Score{W: 17})))
	require.Equal(t, "", test.Decision(test.LLRTrinomial(Score{W: 16})))
	require.Equal(t, "H0", test.Decision(test.LLRTrinomial(Score{L: 16})))
	// Draws alone lean to H0 slowly and never divide by zero.
	require.Equal(t, "", test.Decision(test.LLRTrinomial(Score{D: 80})))
	require.Equal(t, "H0", test.Decision(test.LLRTrinomial(Score{D: 90})))
	require.Equal(t, "H1", test.Decision(test.LLRPentanomial(Ptnml{4: 17})))
	require.Equal(t, "", test.Decision(0.197225))
}

func TestScore(t *testing.T) {
	var s Score
	for _, p := range []float64{1, 0.5, 0, 1} {
		s.add(p)
	}
	require.Equal(t, Score{W: 2, L: 1, D: 1}, s)
	require.Equal(t, 2.5, s.Points())
	require.Equal(t, 0.625, s.Ratio())
	require.Equal(t, 0.25, s.DrawRatio())
	require.Equal(t, Score{W: 1, L: 2, D: 1}, s.Flip())
	require.Equal(t, 6, Ptnml{1, 1, 1, 1, 2}.Pairs())
}
