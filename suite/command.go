package suite

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"senapati/board"
	"senapati/search"
)

// Command is `senapati suite [flags] FILE.epd...` on engines made by
// newEngine (main hands over package engine's). It exits 0 when it ran
// (whatever it solved), 2 on bad input.
func Command(newEngine search.Factory) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return run(ctx, args, stdout, stderr, newEngine)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer, newEngine search.Factory) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "suite: "+format+"\n", a...)
		return 2
	}
	d := search.DefaultSettings()
	fs := flag.NewFlagSet("suite", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "chess", "game: "+strings.Join(board.VariantNames(), ", "))
	movetime := fs.Duration("movetime", time.Second, "time a position (0: none)")
	nodes := fs.Uint64("nodes", 0, "nodes a position, instead of -movetime")
	depth := fs.Int("depth", 0, "depth a position, instead of -movetime")
	threads := fs.Int("threads", d.Threads, "search threads")
	hash := fs.Int("hash", d.HashMB, "hash table, MB")
	params := fs.String("params", "", "search constants, as the SearchParams option: Name=value ...")
	evalFile := fs.String("evalfile", "", "network file in place of its game's built-in one, as the EvalFile option")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: senapati suite [flags] FILE.epd...\n\nSearches each position (EPD with bm or am operations) and counts the right answers.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		return fail("no suite file given (see -help)")
	}
	v, err := board.VariantByName(*variant)
	if err != nil {
		return fail("variant %q: want %s", *variant, strings.Join(board.VariantNames(), ", "))
	}
	var limits search.Limits
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case set["nodes"] && set["depth"], (set["nodes"] || set["depth"]) && set["movetime"]:
		return fail("give one of -movetime, -nodes and -depth")
	case set["nodes"]:
		if *nodes == 0 {
			return fail("-nodes must be at least 1")
		}
		limits.Nodes = *nodes
	case set["depth"]:
		if *depth < 1 || *depth >= search.MaxPly {
			return fail("-depth %d is out of range 1..%d", *depth, search.MaxPly-1)
		}
		limits.Depth = *depth
	default:
		if *movetime <= 0 {
			return fail("-movetime must be positive")
		}
		limits.MoveTime = *movetime
	}
	s := d
	if *threads < 1 || *threads > search.MaxThreads {
		return fail("-threads %d is out of range 1..%d", *threads, search.MaxThreads)
	}
	if *hash < 1 || *hash > search.MaxHashMB {
		return fail("-hash %d is out of range 1..%d", *hash, search.MaxHashMB)
	}
	s.Threads, s.HashMB, s.EvalFile = *threads, *hash, *evalFile
	if *params != "" {
		p, err := search.ParseParams(*params)
		if err != nil {
			return fail("-params: %v", err)
		}
		s.Params = p
	}
	e, err := newEngine(s)
	if err != nil {
		return fail("%v", err)
	}
	var entries []Entry
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			return fail("%v", err)
		}
		es, err := Read(v, f)
		f.Close()
		if err != nil {
			return fail("%s: %v", name, err)
		}
		entries = append(entries, es...)
	}
	Run(ctx, stdout, entries, e, limits)
	return 0
}
