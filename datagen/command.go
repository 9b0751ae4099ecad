package datagen

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"senapati/board"
	"senapati/search"
)

// Command is `senapati datagen`: self-play games into a data file, or
// `datagen stats FILE...` to summarise files.
func Command(newEngine search.Factory) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		if len(args) > 0 && args[0] == "stats" {
			return statsCommand(args[1:], stdout, stderr)
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return run(ctx, args, stdout, stderr, newEngine)
	}
}

func statsCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "usage: senapati datagen stats FILE...")
		return 2
	}
	st, err := ReadStats(args)
	if err != nil {
		fmt.Fprintln(stderr, "datagen stats:", err)
		return 1
	}
	st.Print(stdout)
	return 0
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer, newEngine search.Factory) int {
	cfg := DefaultConfig()
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "chess", "game: "+strings.Join(board.VariantNames(), ", "))
	fs.StringVar(&cfg.Out, "out", "", "data file to append to (made if missing; an interrupted run resumes)")
	fs.Uint64Var(&cfg.Nodes, "nodes", cfg.Nodes, "nodes searched a move")
	fs.IntVar(&cfg.Depth, "depth", 0, "depth searched a move, instead of -nodes")
	fs.IntVar(&cfg.Threads, "threads", cfg.Threads, "games played at once (one search thread each)")
	fs.IntVar(&cfg.HashMB, "hash", cfg.HashMB, "hash table of each game, MB")
	fs.StringVar(&cfg.EvalFile, "evalfile", "", "network file in place of its game's built-in one, as the EvalFile option")
	fs.IntVar(&cfg.Games, "games", 0, "stop once this shard has this many games in the file (0: until Ctrl-C)")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the openings: the same seed and game number give the same opening")
	shard := fs.String("shard", "1/1", "I/N: play only game numbers I-1, I-1+N, I-1+2N, ... (shards never overlap)")
	book := fs.String("book", "", "file of FEN/EPD positions to start from (one a line; random moves follow)")
	fs.IntVar(&cfg.RandomPlies, "random", cfg.RandomPlies, "random moves at the start of each game")
	fs.IntVar(&cfg.OpeningBound, "bound", cfg.OpeningBound, "draw the opening again when the engine scores it beyond this, cp (0: off)")
	fs.IntVar(&cfg.AdjWin, "adjwin", cfg.AdjWin, "adjudicate a win at this score, cp (0: off)")
	fs.IntVar(&cfg.AdjWinPlies, "adjwinplies", cfg.AdjWinPlies, "... held this many plies in a row")
	fs.IntVar(&cfg.AdjDraw, "adjdraw", cfg.AdjDraw, "adjudicate a draw at scores within this, cp")
	fs.IntVar(&cfg.AdjDrawPlies, "adjdrawplies", cfg.AdjDrawPlies, "... held this many plies in a row (0: off)")
	fs.IntVar(&cfg.AdjDrawFrom, "adjdrawfrom", cfg.AdjDrawFrom, "... from this ply on")
	fs.IntVar(&cfg.MaxPlies, "maxplies", cfg.MaxPlies, "a game this long is a draw")
	fs.DurationVar(&cfg.Progress, "progress", cfg.Progress, "interval of the progress line on stderr (0: none)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: senapati datagen -variant V -out FILE [flags]\n       senapati datagen stats FILE...\n\nSelf-play games for training (format: docs/nnue.md). Flags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "datagen: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q (flags only; see -help)", fs.Arg(0))
	}
	if cfg.Out == "" {
		return fail("-out FILE is needed")
	}
	v, err := board.VariantByName(*variant)
	if err != nil {
		return fail("%v", err)
	}
	cfg.Variant = v
	if _, err := fmt.Sscanf(*shard, "%d/%d", &cfg.ShardIndex, &cfg.ShardCount); err != nil || cfg.ShardCount < 1 || cfg.ShardIndex < 1 || cfg.ShardIndex > cfg.ShardCount {
		return fail("-shard %q: want I/N with 1 <= I <= N", *shard)
	}
	switch {
	case cfg.Threads < 1 || cfg.Threads > 1024:
		return fail("-threads %d: want 1..1024", cfg.Threads)
	case cfg.HashMB < 1:
		return fail("-hash %d: want at least 1", cfg.HashMB)
	case cfg.Games < 0 || cfg.RandomPlies < 0 || cfg.MaxPlies < 1 || cfg.Depth < 0:
		return fail("-games, -random and -depth must not be negative, -maxplies at least 1")
	}
	if *book != "" {
		if cfg.Book, err = readBook(*book, v); err != nil {
			return fail("%v", err)
		}
	}
	sum, err := Run(ctx, cfg, newEngine, stderr)
	if sum.Dropped > 0 {
		fmt.Fprintf(stderr, "datagen: cut off a torn last game (%d bytes) left by an interrupted run\n", sum.Dropped)
	}
	// A run that failed having done nothing has only its error to say.
	if err == nil || sum != (Summary{}) {
		fmt.Fprintf(stdout, "%s: %d games and %d positions added (%d games of this shard were there)\n", cfg.Out, sum.Games, sum.Positions, sum.Before)
	}
	if err != nil {
		fmt.Fprintln(stderr, "datagen:", err)
		return 1
	}
	return 0
}

// readBook reads positions of v, one FEN or EPD line each (EPD operations
// after the fourth field are ignored); blank lines and # comments skipped.
func readBook(path string, v *board.Variant) ([]board.Position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []board.Position
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		p, err := board.ParseFEN(v, text)
		if err != nil {
			fields := strings.Fields(strings.SplitN(text, ";", 2)[0])
			if len(fields) > 4 {
				p, err = board.ParseFEN(v, strings.Join(fields[:4], " "))
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions", path)
	}
	return out, nil
}
