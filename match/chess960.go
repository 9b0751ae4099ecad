package match

import (
	"fmt"
	"math/rand/v2"

	"senapati/board"
)

// Chess960 matches: -variant fischerandom (also chess960, frc) plays chess
// in Chess960 mode (board.Chess960()): engines get UCI_Chess960 true,
// positions go to them as X-FEN, castling comes back king takes rook, and
// the PGN says Variant "chess960". Its openings are the start positions
// themselves: -openings frc (the 960 of Chess960) or dfrc (Double Chess960,
// White's and Black's set-ups chosen apart), numbered in the standard way.

// frcPositions is how many start positions a kind has: 960, or 960*960
// pairs numbered white*960+black.
func frcPositions(double bool) int {
	if double {
		return 960 * 960
	}
	return 960
}

// frcFEN is start position i of the kind.
func frcFEN(double bool, i int) string {
	if double {
		return board.DoubleChess960FEN(i/960, i%960)
	}
	return board.Chess960FEN(i)
}

// frcOpenings gives n start positions: in order from number start-1, or
// (random) a seeded shuffle, each position once before any comes again.
func frcOpenings(double bool, n int, random bool, start int, seed uint64) []Opening {
	total := frcPositions(double)
	out := make([]Opening, n)
	if !random {
		for i := range out {
			out[i] = Opening{FEN: frcFEN(double, (start-1+i)%total)}
		}
		return out
	}
	// A seeded shuffle of all of them, drawn lazily: Double Chess960 has
	// 921600 and a match uses a few thousand.
	rng := rand.New(rand.NewPCG(seed, 0x66726331))
	swapped := map[int]int{}
	at := func(i int) int {
		if v, ok := swapped[i]; ok {
			return v
		}
		return i
	}
	for i := range out {
		k := i % total
		if k == 0 && i > 0 {
			clear(swapped) // a new round of the whole set
		}
		j := k + rng.IntN(total-k)
		vk, vj := at(k), at(j)
		swapped[k], swapped[j] = vj, vk
		out[i] = Opening{FEN: frcFEN(double, vj)}
	}
	return out
}

// checkFRCOpenings refuses frc and dfrc openings outside Chess960, and
// gives Chess960 without a book the shuffled start positions.
func checkFRCOpenings(cfg *Config) error {
	o := &cfg.Openings
	if cfg.Variant.IsChess960() && o.Kind == openingsNone {
		o.Kind, o.Random = openingsFRC, true
	}
	if (o.Kind == openingsFRC || o.Kind == openingsDFRC) && !cfg.Variant.IsChess960() {
		return fmt.Errorf("-openings %s needs -variant fischerandom", map[int]string{openingsFRC: "frc", openingsDFRC: "dfrc"}[o.Kind])
	}
	if o.Kind == openingsFRC || o.Kind == openingsDFRC {
		if total := frcPositions(o.Kind == openingsDFRC); o.Start > total {
			return fmt.Errorf("-openings start=%d: there are %d start positions", o.Start, total)
		}
	}
	return nil
}
