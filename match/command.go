package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"time"

	"senapati/internal/version"
	"senapati/uciclient"
)

// Usage describes the command line.
const Usage = `usage: senapati match -engine cmd=PATH [name=N] [arg=A]... [option.NAME=V]... -engine ... [flags]
       senapati match -merge SHARD.pgn... [-sprt ...]

Plays UCI and XBoard (CECP) engines against each other; the board package's
rules judge every move and every result. Flags follow cutechess-cli and
fastchess:
  -engine KEY=VALUE...   one player: cmd=PATH (required), name=N, dir=DIR,
                         arg=A (repeatable), args="A B" (fastchess: all in
                         one, split at spaces outside quotes), option.NAME=VALUE, initstr=LINE,
                         restart=on|off, proto=uci|xboard (default uci;
                         xboard: CECP 2, e.g. -engine cmd=/usr/games/fairymax
                         proto=xboard), and any -each key
  -each KEY=VALUE...     settings for every engine: tc=[MOVES/]SECONDS[+INC]
                         (e.g. 40/60, 10+0.1), st=SECONDS per move (whole
                         seconds for CECP), depth=N (also plies=N), nodes=N (CECP: needs
                         feature nps=1), timemargin=MS, option.NAME=VALUE,
                         ponder=true|false (or bare ponder: think on the
                         opponent's time; e.g. -each tc=10+0.1 ponder)
  -variant chess|chaturanga|durg|fischerandom   (default chess; standard is
                         chess; fischerandom, also chess960: Chess960 with
                         UCI_Chess960, by default on -openings frc)
  -games N               games per pairing and round      (default 1)
  -rounds N              rounds                           (default 1)
  -repeat [N]            play each opening N times, colours swapped (N=2)
  -noswap                do not swap colours: the pairing's first engine is White
  -reverse               the pairing's second engine is White first
  -concurrency N|auto    games played at once (default 1; auto: one per
                         CPU the process may use)
  -use-affinity          pin each concurrent game's engines to a CPU of
                         their own (Linux)
  -tournament roundrobin|gauntlet                         (default roundrobin)
  -seeds N               gauntlet: the first N engines play all others (default 1)
  -openings file=F [format=epd|pgn|bin] [order=random|sequential] [plies=N] [start=N]
            [bookdepth=N] [policy=default|round|encounter]
                         format: by default from the name (.epd, .pgn, .bin,
                         also .epd.gz, .pgn.gz, read through gzip); bin: a
                         Polyglot book (chess, fischerandom), lines chosen by
                         weight (random) or in the book's order (sequential)
  -bookdepth N           plies taken from the book at most (as plies=)
  -openings random [plies=8] [bound=150] [depth=4|nodes=N] [seed=S] [policy=...]
                         seeded random playouts; positions the first engine
                         scores beyond bound centipawns are discarded
                         (bound=0 keeps all). policy: default, a new opening
                         every -repeat games of a pairing; round, one per
                         round; encounter, one per pairing and round
  -openings frc|dfrc [order=random|sequential] [start=N] [seed=S] [policy=...]
                         fischerandom: the 960 Chess960 start positions, or
                         Double Chess960 pairs (White's and Black's set-ups
                         apart); standard numbers, dfrc N = white*960+black;
                         shuffled by the seed unless order=sequential
  -srand S               seed for order=random and random openings
  -draw movenumber=N movecount=N score=CP   adjudicate quiet games drawn
  -resign movecount=N score=CP [twosided=true]   adjudicate lost games
  -maxmoves N            adjudicate a draw after N moves
  -tb PATHS              adjudicate by Syzygy WDL tables (*.rtbw) in these
                         directories, separated as in PATH (chess and
                         fischerandom): a drawn position at once, a won one
                         once the fifty-move counter is zero
  -tbpieces N            only positions of at most N pieces (default: the
                         largest table found)
  -tbignore50            cursed wins and blessed losses are wins and losses
                         (by default draws: the fifty-move rule saves them)
  -timemargin MS         overrun allowed before a time forfeit (default 0)
  -stall SECONDS         wait for answers without a clock (default 30;
                         the start-up handshake gets at least 10)
  -wait MS               pause between two games of a worker (default 0)
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic|bayesian]
                         stop once the SPRT of H0: elo=E0 against H1: elo=E1
                         decides; alpha and beta are the chances of accepting
                         H1 when H0 holds and H0 when H1 holds. model, as in
                         fastchess, says what E0 and E1 are: normalized (the
                         default, as fastchess and OpenBench): normalized Elo
                         (nElo), within -200..200; logistic: the Elo of the
                         Elo difference lines (the unit of cutechess-cli's bounds);
                         bayesian: BayesElo, tested on games only. The LLR
                         is the exact generalized one, on game pairs when the
                         match has them (-repeat), else on games; see
                         docs/sprt.md
  -pgnout FILE [min] | -pgnout file=FILE [min=true] [notation=san|lan|uci]
          [nodes=true] [seldepth=true] [nps=true] [timeleft=true] [latency=true] [pv=true]
                         append finished games (min: without comments;
                         notation: of the moves, SAN by default; the others
                         add n=, sd=, nps=, tl= and a clock command,
                         latency= (time waited minus the engine's reported
                         time), pv= to them)
  -epdout FILE | -epdout file=FILE   append the final position of each game
  -livepgnout FILE [min] | -livepgnout file=FILE [min=true]
                         the games in progress, rewritten after each move
  -resume FILE           finish the interrupted match of the state file
                         FILE (PGN.resume, written next to -pgnout PGN);
                         the same command line resumes it too: only the
                         games missing from the PGN are played
  -event NAME, -site NAME   PGN tags
  -ratinginterval N      print the statistics every N games (default 10;
                         with -output format=fastchess every N game pairs)
  -output format=fastchess|cutechess   print the report lines of that tool
                         in its order, for scripts that parse them (e.g.
                         -output format=fastchess: "Results of", "Elo:",
                         "LLR:"; two engines only); default: cutechess-cli's
                         lines and ours (pentanomial, faults, thinking time)
  -show-latency          each move's latency on stderr and in the -log:
                         "Engine A latency: 3ms (elapsed: 103, reported: 100)"
  -strict                exit 1 when any warning was given (for CI), e.g.
                         -strict -each tc=10+0.1
  -progress auto|on|off  status line on stderr (auto: when a terminal)
  -debug                 print the UCI traffic on stderr
  -recover               accepted for cutechess-cli: a crashed engine is
                         always started again
  -log file=F [level=trace|info|warn|err|fatal] [engine=true]
                         append messages of at least that level (default
                         warn) to F; engine=true adds the UCI traffic
  -shard I/N             play only the I-th of N shares of the match (same
                         openings and colours as the whole match)
  -merge FILE...         read the PGN files of a match's shards and print the
                         whole match's statistics (with -sprt: its SPRT);
                         refuses files of different matches (variant, time
                         control, engines, openings) and empty files, and
                         exits 1 naming every missing game (none are
                         missing after the games where a whole match's
                         SPRT decided)
  -version               print the version
  -help, -h              print this`

// Version is what -version prints: the build's version (package version,
// the one UCI's id name gives) and the Go release.
func Version() string {
	return fmt.Sprintf("senapati match %s (%s)", version.String(), runtime.Version())
}

// stopGrace is how long Main waits for Run after SIGINT or SIGTERM: Run
// kills the engines and reports at once, unless something it waits on
// does not answer.
const stopGrace = 10 * time.Second

// errStuck: Run did not end within stopGrace of a signal.
var errStuck = errors.New("stuck")

// runUntilStopped is Run, given up stopGrace after ctx ends (errStuck):
// a signal stops the runner whatever it waits on.
func runUntilStopped(ctx context.Context, cfg *Config, stdout, stderr io.Writer) error {
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, stdout, stderr) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	select {
	case err := <-done:
		return err
	case <-time.After(stopGrace):
		return errStuck
	}
}

// Main runs "senapati match" with the arguments after "match". It makes the
// process a child subreaper on Linux and, when the match ends, ends every
// process left below it: call it as the process's only job.
func Main(args []string, stdout, stderr io.Writer) int {
	cfg, err := ParseArgs(args)
	switch {
	case errors.Is(err, errHelp):
		fmt.Fprintln(stdout, Usage)
		return 0
	case errors.Is(err, errVersion):
		fmt.Fprintln(stdout, Version())
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "match: %v\n(senapati match -help lists the flags)\n", err)
		return 2
	}
	ctx, stop := interruptContext()
	defer stop()
	if cfg.Merge == nil {
		uciclient.BecomeSubreaper()
		defer uciclient.EndOrphans()
	}
	err = runUntilStopped(ctx, cfg, stdout, stderr)
	switch {
	case errors.Is(err, errStuck):
		fmt.Fprintf(stderr, "match: interrupted, but the run did not stop within %v (waiting on a file or a pipe?): exiting; finished games are written\n", stopGrace)
		return 130
	case ctx.Err() != nil:
		fmt.Fprintln(stderr, "match: interrupted; finished games are written, engines stopped")
		return 130
	case err != nil:
		fmt.Fprintln(stderr, "match:", err)
		return 1
	}
	return 0
}
