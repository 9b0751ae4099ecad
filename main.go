// Command senapati is a chess-variant engine for chess, chaturanga and durg.
// With no arguments it speaks UCI on stdin/stdout, or CECP (XBoard) when
// the first command is xboard; subcommands run tools.
//
// The engine is assembled in package engine and handed to the protocol
// and to the tools here.
package main

import (
	"fmt"
	"io"
	"os"

	"senapati/bench"
	"senapati/datagen"
	"senapati/engine"
	"senapati/match"
	"senapati/perft"
	"senapati/protocol"
	"senapati/search"
	"senapati/suite"
	"senapati/train"
	"senapati/tune"
	"senapati/wdl"
	"senapati/web"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command is the shape every subcommand has.
type command func(args []string, stdout, stderr io.Writer) int

var commands = map[string]command{
	"perft":   perft.Main,
	"bench":   bench.Command(engine.Search),
	"match":   match.Main,
	"play":    web.Command(engine.Search, wdl.Of),
	"tune":    tune.Main,
	"label":   tune.LabelMain,
	"wdlfit":  wdl.Command,
	"datagen": datagen.Command(engine.Search),
	"train":   train.Main,
	"corpus":  datagen.CorpusCommand,
	"suite":   suite.Command(engine.Search),
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		e, err := engine.New(search.DefaultSettings())
		if err != nil { // the defaults name no file: only a broken build
			fmt.Fprintln(stderr, err)
			return 1
		}
		protocol.Serve(stdin, stdout, e, protocol.Tools{Bench: commands["bench"]})
		return 0
	}
	if c, ok := commands[args[0]]; ok {
		return c(args[1:], stdout, stderr)
	}
	switch args[0] {
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "unknown command %q\n%s\n", args[0], usage)
	return 2
}

const usage = `usage:
  senapati                                          UCI engine on stdin/stdout (CECP when the first command is xboard)
  senapati perft [-variant V] [-fen FEN] DEPTH      count legal move paths
  senapati match -engine cmd=PATH ... -engine ...   engine-vs-engine games (match -help)
  senapati bench [depth] [threads] [hash] [variant|all] [evalfile]   fixed-depth search benchmark
  senapati play [-addr 127.0.0.1:8080] [-variant V]   a board to play and analyse in the browser (play -help)
  senapati tune -variant V [flags] GAMES.pgn|POSITIONS.epd...   fit the evaluation to game results or labels (tune -help)
  senapati label -engine "cmd=ENGINE" -out OUT.epd POSITIONS.epd   label positions with a stronger engine's score (label -help)
  senapati wdlfit -pgn FILE...                      fit the win/draw/loss model (wdlfit -help)
  senapati datagen -variant V -out FILE [flags]     self-play training data (datagen -help; datagen stats FILE...)
  senapati train -out PREFIX [flags] DATA...        fit a network to datagen files or corpus chunks (train -help)
  senapati corpus add|verify [flags]                the training corpus in data/ (docs/corpus.md)
  senapati suite [-movetime 1s] FILE.epd...         solve a test suite (bm/am), such as Win At Chess (suite -help)`
