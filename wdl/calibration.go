package wdl

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// Bucket is the samples whose score lies in [Low, High): how many, and
// the mean predicted and the observed share of wins, draws and losses.
type Bucket struct {
	Low, High           int
	N                   int
	Predicted, Observed [3]float64 // win, draw, loss
}

// scoreEdges divide the scores into the buckets of a calibration table.
var scoreEdges = []int{-400, -200, -100, -50, -15, 15, 50, 100, 200, 400}

// Calibration compares the model's predictions with the results, score
// bucket by score bucket (the outer buckets reach to ±scoreCap).
func Calibration(md Model, samples []Sample) []Bucket {
	edges := append(append([]int{-scoreCap - 1}, scoreEdges...), scoreCap+1)
	buckets := make([]Bucket, len(edges)-1)
	for i := range buckets {
		buckets[i].Low, buckets[i].High = edges[i], edges[i+1]
	}
	for _, s := range samples {
		x := min(max(s.Score, -scoreCap), scoreCap)
		i := 0
		for i < len(buckets)-1 && x >= buckets[i].High {
			i++
		}
		b := &buckets[i]
		w, d, l := md.Probabilities(s.Score, s.Material)
		b.N++
		b.Predicted[0] += w
		b.Predicted[1] += d
		b.Predicted[2] += l
		switch s.Result {
		case 1:
			b.Observed[0]++
		case 0:
			b.Observed[2]++
		default:
			b.Observed[1]++
		}
	}
	for i := range buckets {
		if n := float64(buckets[i].N); n > 0 {
			for k := range 3 {
				buckets[i].Predicted[k] /= n
				buckets[i].Observed[k] /= n
			}
		}
	}
	return buckets
}

// csvHeader starts a CSV file of samples: one position a line, with the
// number of its game (positions of one game share its result, so a check
// of the model counts games, not positions).
const csvHeader = "game,score,material,result"

// WriteCSV writes the games' samples as CSV under csvHeader.
func WriteCSV(w io.Writer, games []Game) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, csvHeader)
	for i, g := range games {
		for _, s := range g.Samples {
			fmt.Fprintf(bw, "%d,%d,%.3f,%s\n", i+1, s.Score, s.Material, strconv.FormatFloat(s.Result, 'f', -1, 64))
		}
	}
	return bw.Flush()
}
