package wdl

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"strings"

	"senapati/board"
)

// files is a flag that may be given more than once.
type files []string

func (f *files) String() string     { return strings.Join(*f, " ") }
func (f *files) Set(v string) error { *f = append(*f, v); return nil }

// Command is `senapati wdlfit`: it fits the model of each variant found in
// the PGN files, holding back every Nth game to check the fit on.
func Command(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("wdlfit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var pgns files
	fs.Var(&pgns, "pgn", "PGN file of self-play games with score comments (repeatable; more files may follow the flags)")
	holdout := fs.Int("holdout", 5, "hold out every Nth game of each variant to check the fit (0: none)")
	testdata := fs.String("testdata", "", "write the held-out positions of each variant to DIR/VARIANT.csv")
	params := fs.String("params", "", "write the fitted models as Go source to FILE (wdl/params.go); variants without games keep their model")
	only := fs.String("variant", "", "fit only this variant")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: senapati wdlfit [-holdout N] [-testdata DIR] [-params FILE] [-variant V] -pgn FILE [FILE...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	pgns = append(pgns, fs.Args()...)
	if len(pgns) == 0 || *holdout < 0 || *holdout == 1 {
		fs.Usage()
		return 2
	}
	byVariant := map[*board.Variant][]Game{}
	for _, name := range pgns {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		games, problems, err := ReadGames(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			return 1
		}
		for _, p := range problems {
			fmt.Fprintf(stderr, "%s: %s (skipped)\n", name, p)
		}
		for _, g := range games {
			byVariant[g.Variant] = append(byVariant[g.Variant], g)
		}
	}
	models := map[string]Model{}
	for name, m := range fitted {
		models[name] = m
	}
	fittedAny := false
	for _, v := range board.Variants() {
		games := byVariant[v]
		if len(games) == 0 || (*only != "" && v.Name() != *only) {
			continue
		}
		var train, held []Sample
		var heldGames []Game
		for i, g := range games {
			if *holdout > 0 && i%*holdout == *holdout-1 {
				held = append(held, g.Samples...)
				heldGames = append(heldGames, g)
			} else {
				train = append(train, g.Samples...)
			}
		}
		md, err := Fit(train)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", v.Name(), err)
			return 1
		}
		fittedAny = true
		models[v.Name()] = md
		fmt.Fprintf(stdout, "%s: %d games; fitted on %d games (%d positions), %d games (%d positions) held out\n",
			v.Name(), len(games), len(games)-len(heldGames), len(train), len(heldGames), len(held))
		fmt.Fprintf(stdout, "%s: %s\n", v.Name(), md.literal())
		fmt.Fprintf(stdout, "%s: mean log-likelihood %.4f on the fit", v.Name(), LogLikelihood(md, train))
		if len(held) > 0 {
			fmt.Fprintf(stdout, ", %.4f held out", LogLikelihood(md, held))
		}
		fmt.Fprintln(stdout)
		check, which := held, "held out"
		if len(held) == 0 {
			check, which = train, "fitted on"
		}
		writeCalibration(stdout, Calibration(md, check), which)
		if *testdata != "" && len(held) > 0 {
			if err := writeCSVFile(filepath.Join(*testdata, v.Name()+".csv"), heldGames); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
		}
	}
	if !fittedAny {
		fmt.Fprintln(stderr, "no finished games with score comments found")
		return 1
	}
	if *params != "" {
		if err := os.WriteFile(*params, paramsSource(models), 0o644); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	return 0
}

func writeCalibration(w io.Writer, buckets []Bucket, which string) {
	fmt.Fprintf(w, "  %-13s %6s  %-11s  %-11s  %-11s (positions %s; predicted/observed %%)\n", "score", "n", "win", "draw", "loss", which)
	for _, b := range buckets {
		if b.N == 0 {
			continue
		}
		fmt.Fprintf(w, "  %-13s %6d  %4.1f/%-6.1f  %4.1f/%-6.1f  %4.1f/%-6.1f\n", bucketName(b), b.N,
			100*b.Predicted[0], 100*b.Observed[0], 100*b.Predicted[1], 100*b.Observed[1], 100*b.Predicted[2], 100*b.Observed[2])
	}
}

func bucketName(b Bucket) string {
	switch {
	case b.Low < -scoreCap:
		return fmt.Sprintf("< %d", b.High)
	case b.High > scoreCap:
		return fmt.Sprintf(">= %d", b.Low)
	}
	return fmt.Sprintf("%d..%d", b.Low, b.High-1)
}

func writeCSVFile(name string, games []Game) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := WriteCSV(f, games); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// literal is the model as a Go composite literal.
func (md Model) literal() string {
	return fmt.Sprintf("{A: [3]float64{%.2f, %.2f, %.2f}, B: [3]float64{%.2f, %.2f, %.2f}, Held: %.4f}",
		md.A[0], md.A[1], md.A[2], md.B[0], md.B[1], md.B[2], md.Held)
}

// paramsSource is wdl/params.go holding models.
func paramsSource(models map[string]Model) []byte {
	var b bytes.Buffer
	b.WriteString(`package wdl

// fitted holds the models fitted by ` + "`senapati wdlfit`" + ` (README, "Win, draw
// and loss"); refit when the evaluation or the search changes.
var fitted = map[string]Model{
`)
	for _, v := range board.Variants() {
		if md, ok := models[v.Name()]; ok {
			fmt.Fprintf(&b, "\t%q: %s,\n", v.Name(), md.literal())
		}
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		panic(err) // not reached: the source above is well formed
	}
	return src
}
