package tune

import (
	"fmt"
	"io"
	"math"

	"senapati/board"
	"senapati/eval"
)

// The piece-square fit (-psq): hundreds of entries are too many for the
// one-step search, but each enters the score linearly (tapered by phase),
// so the error's gradient is exact and cheap. The fit moves the entries by
// Adam over all positions at once, with an L2 penalty that keeps entries
// the games say little about near their formula value, and ties each file
// to its mirror file (a-h, b-g, ...) so the data is shared between them.

// psqOptions of one piece-square fit.
type psqOptions struct {
	k       float64
	epochs  int
	rate    float64 // Adam step, centipawns
	penalty float64 // L2 weight on each entry's change, per centipawn squared
	log     io.Writer
}

// psqSample is a position reduced to what the fit needs: its score with
// the entries as they were, its phase and the entries it uses (by folded
// index, with sign).
type psqSample struct {
	base   float64
	phase  float64 // midgame share, 0..1
	result float64
	uses   []eval.PieceSquareUse
}

// foldFile maps an entry index to the index of its file pair's left file.
func foldFile(v *board.Variant, index int) int {
	t, s := index/81, board.Square(index%81)
	if s.File() >= v.Files() {
		return index // off this variant's board: never used
	}
	return t*81 + int(board.MakeSquare(min(s.File(), v.Files()-1-s.File()), s.Rank()))
}

// fitPieceSquares fits v's PieceSquare weights to samples and leaves them
// set; it returns the mean squared error before and after (rounded
// entries, exact evaluation).
func fitPieceSquares(v *board.Variant, samples []sample, o psqOptions) (before, after float64, changed int, err error) {
	before = fitError(samples, o.k, 1)
	ps := make([]psqSample, len(samples))
	for i := range samples {
		uses, phase, score := eval.PieceSquareUses(&samples[i].pos, nil)
		for j := range uses {
			uses[j].Index = foldFile(v, uses[j].Index)
		}
		ps[i] = psqSample{float64(score), float64(phase) / eval.PhaseMidgame, samples[i].result, uses}
	}
	n := eval.PieceSquareEntries
	delta := make([][2]float64, n)
	grad := make([][2]float64, n)
	m1 := make([][2]float64, n)
	m2 := make([][2]float64, n)
	const beta1, beta2 = 0.9, 0.999
	scale := o.k * math.Ln10 / 400
	for epoch := 1; epoch <= o.epochs; epoch++ {
		clear(grad)
		var loss float64
		for i := range ps {
			s := &ps[i]
			x := s.base
			for _, u := range s.uses {
				d := &delta[u.Index]
				x += float64(u.Sign) * (s.phase*d[0] + (1-s.phase)*d[1])
			}
			p := 1 / (1 + math.Exp(-scale*x))
			e := s.result - p
			loss += e * e
			g := -2 * e * p * (1 - p) * scale / float64(len(ps))
			for _, u := range s.uses {
				gr := &grad[u.Index]
				gr[0] += g * float64(u.Sign) * s.phase
				gr[1] += g * float64(u.Sign) * (1 - s.phase)
			}
		}
		// Adam's bias corrections depend on the epoch only.
		c1, c2 := 1-math.Pow(beta1, float64(epoch)), 1-math.Pow(beta2, float64(epoch))
		for i := range delta {
			for h := 0; h < 2; h++ {
				g := grad[i][h] + 2*o.penalty*delta[i][h]
				m1[i][h] = beta1*m1[i][h] + (1-beta1)*g
				m2[i][h] = beta2*m2[i][h] + (1-beta2)*g*g
				delta[i][h] -= o.rate * (m1[i][h] / c1) / (math.Sqrt(m2[i][h]/c2) + 1e-12)
			}
		}
		if epoch%50 == 0 || epoch == o.epochs {
			fmt.Fprintf(o.log, "epoch %d: error %.6f (linear)\n", epoch, loss/float64(len(ps)))
		}
	}
	values := eval.PieceSquares(v)
	for i := range values {
		d := delta[foldFile(v, i)]
		for h := 0; h < 2; h++ {
			if step := int(math.Round(d[h])); step != 0 {
				values[i][h] += step
				changed++
			}
		}
	}
	if err := eval.SetPieceSquares(v, values); err != nil {
		return before, before, 0, err
	}
	return before, fitError(samples, o.k, 1), changed, nil
}
