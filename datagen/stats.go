package datagen

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"senapati/corpus"
)

// Stats summarises data files: what a run made, to check before training.
type Stats struct {
	Files, Games, Positions int
	Results                 [3]int // BlackWon, Drawn, WhiteWon
	Terminations            map[uint8]int
	InCheck, NotQuiet       int
	// Scores counts positions by the side to move's score in 100 cp bins
	// from -1000 to +1000, the outer two open.
	Scores   [scoreBins]int
	Torn     []string // files that end in a torn game
	Damaged  []string // damaged corpus blocks, skipped
	Variants map[string]int
}

const scoreBins = 22

func scoreBin(s int16) int {
	switch {
	case s < -1000:
		return 0
	case s >= 1000:
		return scoreBins - 1
	}
	return 1 + (int(s)+1000)/100
}

// ReadStats reads every game of the files.
func ReadStats(paths []string) (*Stats, error) {
	st := &Stats{Terminations: map[uint8]int{}, Variants: map[string]int{}}
	var g Game
	for _, path := range paths {
		rd, f, err := Open(path)
		if err != nil {
			return st, err
		}
		st.Files++
		st.Variants[rd.Variant().Name()]++
		for {
			err = rd.Next(&g)
			if errors.Is(err, corpus.ErrDamaged) {
				st.Damaged = append(st.Damaged, err.Error())
				continue
			}
			if err != nil {
				break
			}
			st.Games++
			st.Positions += len(g.Records)
			st.Results[g.Result]++
			st.Terminations[g.Termination]++
			for i := range g.Records {
				r := &g.Records[i]
				st.Scores[scoreBin(r.Score)]++
				if r.Flags&FlagInCheck != 0 {
					st.InCheck++
				}
				if r.Flags&FlagNotQuiet != 0 {
					st.NotQuiet++
				}
			}
		}
		f.Close()
		switch {
		case errors.Is(err, ErrTorn):
			st.Torn = append(st.Torn, fmt.Sprintf("%s: %v", path, err))
		case err != io.EOF:
			return st, fmt.Errorf("%s: %w", path, err)
		}
	}
	return st, nil
}

// Print writes the summary as a human reads it.
func (st *Stats) Print(w io.Writer) {
	var vs []string
	for v, n := range st.Variants {
		vs = append(vs, fmt.Sprintf("%s (%d files)", v, n))
	}
	fmt.Fprintf(w, "files %d: %s\n", st.Files, strings.Join(vs, ", "))
	fmt.Fprintf(w, "games %d, positions %d (%.1f a game)\n", st.Games, st.Positions, float64(st.Positions)/max(float64(st.Games), 1))
	pct := func(n, of int) float64 { return 100 * float64(n) / max(float64(of), 1) }
	fmt.Fprintf(w, "results: White won %.1f%%, drawn %.1f%%, Black won %.1f%%\n",
		pct(st.Results[WhiteWon], st.Games), pct(st.Results[Drawn], st.Games), pct(st.Results[BlackWon], st.Games))
	fmt.Fprint(w, "endings:")
	for t := uint8(0); t < 255; t++ {
		if n := st.Terminations[t]; n > 0 {
			fmt.Fprintf(w, " %s %d;", TerminationName(t), n)
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "in check %.1f%%, best move not quiet %.1f%%\n", pct(st.InCheck, st.Positions), pct(st.NotQuiet, st.Positions))
	fmt.Fprintln(w, "scores (side to move, cp):")
	top := 0
	for _, n := range st.Scores {
		top = max(top, n)
	}
	for i, n := range st.Scores {
		label := ""
		switch i {
		case 0:
			label = "   < -1000"
		case scoreBins - 1:
			label = "  >= +1000"
		default:
			lo := -1000 + 100*(i-1)
			label = fmt.Sprintf("%+5d..%+5d", lo, lo+99)
		}
		bar := strings.Repeat("#", int(40*float64(n)/max(float64(top), 1)))
		fmt.Fprintf(w, "  %s %8d %5.1f%% %s\n", label, n, pct(n, st.Positions), bar)
	}
	for _, t := range st.Torn {
		fmt.Fprintf(w, "torn end (cut off when the run resumes): %s\n", t)
	}
	for _, d := range st.Damaged {
		fmt.Fprintf(w, "skipped: %s\n", d)
	}
}
