package match

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

func TestParseTC(t *testing.T) {
	cases := []struct {
		in, pgn          string
		moves            int
		base, inc, movet time.Duration
	}{
		{"40/60", "40/60", 40, 60 * time.Second, 0, 0},
		{"10+0.1", "10+0.1", 0, 10 * time.Second, 100 * time.Millisecond, 0},
		{"40/1:30+0.5", "40/90+0.5", 40, 90 * time.Second, 500 * time.Millisecond, 0},
		{"0.5", "0.5", 0, 500 * time.Millisecond, 0, 0},
	}
	for _, c := range cases {
		var tc TimeControl
		require.NoError(t, parseTC(c.in, &tc), c.in)
		require.Equal(t, c.moves, tc.Moves, c.in)
		require.Equal(t, c.base, tc.Base, c.in)
		require.Equal(t, c.inc, tc.Inc, c.in)
		require.Equal(t, c.pgn, tc.String(), c.in)
	}
	for _, bad := range []string{"", "x", "0/60", "40/", "10+", "-5", "0", "1:2:3:4"} {
		var tc TimeControl
		require.Error(t, parseTC(bad, &tc), bad)
	}
	require.Equal(t, "0.05/move", TimeControl{MoveTime: 50 * time.Millisecond}.String())
	require.Equal(t, "-", TimeControl{Depth: 3}.String())
}

func TestParseArgs(t *testing.T) {
	cfg, err := ParseArgs([]string{
		"-engine", "cmd=./a", "name=A", "option.Hash=64", "arg=-x", "depth=3",
		"-engine", "cmd=/bin/b", "option.Move Overhead=10", "st=0.5",
		"-each", "tc=40/60", "option.Hash=16", "timemargin=20",
		"-variant", "durg", "-games", "10", "-rounds", "2", "-repeat", "-concurrency", "2",
		"-tournament", "gauntlet", "-openings", "random", "plies=6", "bound=100", "seed=7",
		"-draw", "movenumber=40", "movecount=8", "score=10", "-resign", "movecount=3", "score=500", "twosided=true",
		"-maxmoves", "200", "-sprt", "elo0=0", "elo1=5", "alpha=0.05", "beta=0.1",
		"-pgnout", "out.pgn", "min", "-timemargin", "100", "-srand", "42",
	})
	require.NoError(t, err)
	require.Len(t, cfg.Engines, 2)
	a, b := cfg.Engines[0], cfg.Engines[1]
	require.Equal(t, "A", a.Name)
	require.Equal(t, []string{"-x"}, a.Args)
	// -engine settings override -each ones.
	require.Equal(t, []UCIOption{{"Hash", "64"}}, a.Options)
	require.Equal(t, TimeControl{Moves: 40, Base: time.Minute, Depth: 3, Margin: 20 * time.Millisecond}, a.TC)
	require.Equal(t, []UCIOption{{"Hash", "16"}, {"Move Overhead", "10"}}, b.Options)
	require.Equal(t, 500*time.Millisecond, b.TC.MoveTime)
	require.Zero(t, b.TC.Base, "st= replaces the -each tc=")
	require.Equal(t, board.DurgGame(), cfg.Variant)
	require.Equal(t, 10, cfg.Games)
	require.Equal(t, 2, cfg.Rounds)
	require.Equal(t, 2, cfg.Repeat)
	require.Equal(t, 2, cfg.Concurrency)
	require.True(t, cfg.Gauntlet)
	require.Equal(t, OpeningConfig{Kind: openingsRandom, Format: "epd", Start: 1, Plies: 6, Bound: 100, Depth: 4, Seed: 7, seeded: true}, cfg.Openings)
	require.Equal(t, Adjudication{Draw: true, DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10,
		Resign: true, ResignMoveCount: 3, ResignScore: 500, ResignTwoSided: true, MaxMoves: 200}, cfg.Adjudication)
	require.Equal(t, &SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}, cfg.SPRT)
	require.Equal(t, "out.pgn", cfg.PGNOut)
	require.True(t, cfg.PGNMin)
	require.Equal(t, uint64(42), cfg.Seed)

	// The top-level -timemargin is the default of engines without timemargin=.
	cfg, err = ParseArgs([]string{"-engine", "cmd=a", "-engine", "cmd=b", "timemargin=5", "-each", "depth=1", "-timemargin", "70",
		"-openings", "file=book.epd", "order=random", "start=3"})
	require.NoError(t, err)
	require.Equal(t, 70*time.Millisecond, cfg.Engines[0].TC.Margin)
	require.Equal(t, 5*time.Millisecond, cfg.Engines[1].TC.Margin)
	require.Equal(t, "book.epd", cfg.Openings.File)
	require.True(t, cfg.Openings.Random)
	require.Equal(t, 3, cfg.Openings.Start)
	require.Equal(t, 1, cfg.Repeat)

	bad := [][]string{
		{"-engine", "cmd=a", "depth=1"},                                        // one engine
		{"-engine", "name=x", "depth=1", "-engine", "cmd=b", "depth=1"},        // no cmd
		{"-engine", "cmd=a", "-engine", "cmd=b"},                               // no time control
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=0"},           // bad depth
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-games"}, // missing value
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-bogus"}, // unknown flag
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-variant", "shogi"},
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-tournament", "swiss"},
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-draw", "movecount=3"},
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-sprt", "elo0=5", "elo1=0"},
		{"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "depth=1", "-sprt", "elo0=0", "elo1=5"},
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "-openings", "order=random"},
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "proto=xboard"},
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "stray"},
	}
	for _, args := range bad {
		_, err := ParseArgs(args)
		require.Error(t, err, "%q", args)
	}
	_, err = ParseArgs([]string{"-help"})
	require.ErrorIs(t, err, errHelp)
}

func TestDefaultNames(t *testing.T) {
	e := []EngineConfig{{Cmd: "/x/senapati"}, {Cmd: "/y/senapati"}, {Cmd: "other", Name: "O"}, {Cmd: "z"}}
	defaultNames(e, []string{"Senapati", "Senapati", "", ""})
	require.Equal(t, "Senapati", e[0].Name)
	require.Equal(t, "Senapati-2", e[1].Name)
	require.Equal(t, "O", e[2].Name)
	require.Equal(t, "z", e[3].Name)
}

func TestSchedule(t *testing.T) {
	cfg := &Config{Engines: make([]EngineConfig, 3), Games: 2, Rounds: 2, Repeat: 2}
	enc, specs, slots := schedule(cfg)
	require.Len(t, enc, 3) // round robin: AB, AC, BC
	require.Len(t, specs, 12)
	require.Equal(t, 2, slots)
	// Round 1: each pairing plays opening 0 with both colours.
	require.Equal(t, [2]int{0, 1}, [2]int{specs[0].white, specs[0].black})
	require.Equal(t, [2]int{1, 0}, [2]int{specs[1].white, specs[1].black})
	require.Equal(t, 0, specs[0].slot)
	require.Equal(t, 0, specs[1].slot)
	require.Equal(t, specs[0].pair, specs[1].pair)
	require.Equal(t, [2]int{1, 2}, [2]int{specs[4].white, specs[4].black})
	require.Equal(t, 1, specs[6].slot) // round 2
	require.NotEqual(t, specs[0].pair, specs[6].pair)

	cfg.Gauntlet = true
	enc, specs, _ = schedule(cfg)
	require.Len(t, enc, 2) // A against each other
	require.Len(t, specs, 8)

	cfg = &Config{Engines: make([]EngineConfig, 2), Games: 5, Rounds: 1, Repeat: 1}
	_, specs, slots = schedule(cfg)
	require.Equal(t, 5, slots)
	for i, s := range specs {
		require.Equal(t, i%2 == 0, s.firstWhite, "colours alternate")
		require.Equal(t, i, s.slot)
	}
}
