package web

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"senapati/board"
	"senapati/search"
)

// Command is `senapati play [-addr HOST:PORT] [-variant V] [-threads N]
// [-hash MB] [-evalfile FILE]`: it serves the board on engines made by
// newEngine, with the win/draw/loss model wdl, until interrupted (SIGINT
// or SIGTERM).
func Command(newEngine search.Factory, wdl WDL) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return run(ctx, args, stdout, stderr, newEngine, wdl)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer, newEngine search.Factory, wdl WDL) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (port 0: any free port)")
	variant := fs.String("variant", board.Chess().Name(), "game of a new board: chess, chaturanga or durg")
	threads := fs.Int("threads", runtime.NumCPU(), "search threads of all games together")
	hash := fs.Int("hash", 16, "transposition table of each game, MB")
	evalFile := fs.String("evalfile", "", "network file in place of its game's built-in one, as the EvalFile option")
	heartbeat := fs.Duration("heartbeat", DefaultHeartbeat, "how often an event stream sends its page a heartbeat (a page that hears nothing for two reconnects)")
	claimAfter := fs.Duration("claim-after", defaultClaimAfter, "how long a shared game's player must have had no page open before the opponent may claim the game")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: senapati play [-addr 127.0.0.1:8080] [-variant V] [-threads N] [-hash MB] [-evalfile FILE] [-heartbeat 2s] [-claim-after 60s]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "play: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	v, err := board.VariantByName(*variant)
	if err != nil {
		fmt.Fprintf(stderr, "play: %v\n", err)
		return 2
	}
	if *threads < 1 || *threads > 256 {
		fmt.Fprintf(stderr, "play: -threads must be 1 to 256, not %d\n", *threads)
		return 2
	}
	if *hash < 1 || *hash > 4096 {
		fmt.Fprintf(stderr, "play: -hash must be 1 to 4096 MB, not %d\n", *hash)
		return 2
	}
	if *heartbeat < 100*time.Millisecond || *heartbeat > time.Hour {
		fmt.Fprintf(stderr, "play: -heartbeat must be 100ms to 1h, not %v\n", *heartbeat)
		return 2
	}
	if *claimAfter < time.Second || *claimAfter > 24*time.Hour {
		fmt.Fprintf(stderr, "play: -claim-after must be 1s to 24h, not %v\n", *claimAfter)
		return 2
	}
	cfg := Config{Variant: v, Threads: *threads, HashMB: *hash, EvalFile: *evalFile, Heartbeat: *heartbeat, ClaimAfter: *claimAfter}
	if err := checkEngine(cfg, newEngine); err != nil {
		fmt.Fprintf(stderr, "play: %v\n", err)
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "play: %v\n", err)
		return 1
	}
	cfg.LoopbackOnly = IsLoopback(ln.Addr().String())
	if !cfg.LoopbackOnly {
		fmt.Fprintf(stderr, "play: warning: %s is not a loopback address: anyone who can reach it can open games on this board and use its CPU "+
			"(%d threads); a game is reached only through its link (a random id), so keep the links private; there is no password and no TLS\n", *addr, *threads)
	}
	perClient := maxConnsPerClient
	if cfg.LoopbackOnly { // every connection is this machine's
		perClient = maxConns
	}
	ln = LimitListener(ln, maxConns, perClient)
	srv := NewServer(cfg, newEngine, wdl)
	base, cancelBase := context.WithCancel(context.Background())
	defer cancelBase()
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
		// Event streams and engine moves last long: no write timeout, but
		// they end with the base context at shutdown.
		BaseContext: func(net.Listener) context.Context { return base },
	}
	fmt.Fprintf(stdout, "Senapati board (%s): open %s\n", v.Name(), pageURL(ln.Addr().String(), v))
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		fmt.Fprintf(stderr, "play: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	cancelBase()
	srv.Close()
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = hs.Shutdown(shutdown)
	fmt.Fprintln(stdout, "Senapati board stopped")
	return 0
}

// The server's connection bounds: far above what pages need (a page holds
// an event stream and at most six requests), far below the process's file
// descriptors.
const (
	maxConns          = 512
	maxConnsPerClient = 128
)

// pageURL is the address to open; an unspecified host (all interfaces)
// is reached through loopback.
func pageURL(addr string, v *board.Variant) string {
	host, port, _ := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return fmt.Sprintf("http://%s/?variant=%s", net.JoinHostPort(host, port), v.Name())
}
