package train

import (
	"flag"
	"fmt"
	"io"
	"runtime"

	"senapati/board"
	"senapati/eval"
	"senapati/nnue"
)

// Main is `senapati train`.
func Main(args []string, stdout, stderr io.Writer) int {
	cfg := DefaultTrainConfig()
	cfg.Threads = runtime.NumCPU()
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&cfg.Hidden, "hidden", cfg.Hidden, "neurons of the layer (each side's view)")
	fs.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "passes over the data")
	fs.IntVar(&cfg.Batch, "batch", cfg.Batch, "positions a step")
	fs.Float64Var(&cfg.LR, "lr", cfg.LR, "Adam's learning rate")
	fs.IntVar(&cfg.LRDrop, "lrdrop", cfg.LRDrop, "multiply the rate by -gamma every this many epochs (0: never)")
	fs.Float64Var(&cfg.LRGamma, "gamma", cfg.LRGamma, "the factor of -lrdrop")
	fs.Float64Var(&cfg.Lambda, "lambda", cfg.Lambda, "weight of the game's result in the target (the rest: the search's score)")
	fs.IntVar(&cfg.Threads, "threads", cfg.Threads, "threads (a run is reproducible for the same -seed and -threads)")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the start weights and the shuffle")
	fs.IntVar(&cfg.HoldOut, "holdout", cfg.HoldOut, "hold out games whose number is a multiple of this (0: none)")
	fs.IntVar(&cfg.Buffer, "buffer", cfg.Buffer, "positions read and shuffled at a time (bounds the memory: about 200 bytes each)")
	fs.IntVar(&cfg.MaxScore, "maxscore", cfg.MaxScore, "leave out positions scored beyond this, cp")
	fs.BoolVar(&cfg.Mirror, "mirror", cfg.Mirror, "also train on each position's file-reversed twin where the rules allow (Durg; chess without castling)")
	fs.IntVar(&cfg.Limit, "limit", 0, "train on the first N positions only (0: all; the held-out set stays whole)")
	fs.StringVar(&cfg.Out, "out", "", "prefix of the files written: PREFIX-eN.fnet and PREFIX-eN.nnue each epoch, PREFIX.nnue the epoch of lowest held-out loss")
	variant := fs.String("variant", "", "the game the data must hold (refuse other files; default: the files' game)")
	resume := fs.String("resume", "", "start from this checkpoint (.fnet) instead of random weights")
	fs.BoolVar(&cfg.Residual, "residual", false, "train a correction added to the hand-crafted evaluation, not a whole evaluation")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: senapati train -out PREFIX [flags] DATA...\n\nFits a network to datagen files of one game (docs/nnue.md). Flags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if cfg.Out == "" || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "train: -out PREFIX and at least one data file are needed (train -help)")
		return 2
	}
	switch {
	case cfg.Epochs < 1, cfg.Batch < 1, cfg.Threads < 1, cfg.LR <= 0, cfg.Lambda < 0 || cfg.Lambda > 1, cfg.HoldOut < 0:
		fmt.Fprintln(stderr, "train: -epochs, -batch, -threads and -lr must be positive, -lambda within 0..1, -holdout not negative")
		return 2
	}
	cfg.Files = fs.Args()
	if *variant != "" {
		v, err := board.VariantByName(*variant)
		if err != nil {
			fmt.Fprintln(stderr, "train:", err)
			return 2
		}
		cfg.Variant = v
	}
	if *resume != "" {
		var err error
		if cfg.Start, err = nnue.ReadFloatNetFile(*resume); err != nil {
			fmt.Fprintln(stderr, "train:", err)
			return 1
		}
		cfg.Hidden, cfg.Residual = cfg.Start.Hidden, cfg.Start.Residual
	}
	cfg.Log = stdout
	cfg.Baseline = eval.Evaluate
	if _, _, err := Train(cfg); err != nil {
		fmt.Fprintln(stderr, "train:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s.nnue\n", cfg.Out)
	return 0
}
