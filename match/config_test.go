package match

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/uciclient"
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
	require.Equal(t, []uciclient.Option{{Name: "Hash", Value: "64"}}, a.Options)
	require.Equal(t, TimeControl{Moves: 40, Base: time.Minute, Depth: 3, Margin: 20 * time.Millisecond}, a.TC)
	require.Equal(t, []uciclient.Option{{Name: "Hash", Value: "16"}, {Name: "Move Overhead", Value: "10"}}, b.Options)
	require.Equal(t, 500*time.Millisecond, b.TC.MoveTime)
	require.Zero(t, b.TC.Base, "st= replaces the -each tc=")
	require.Equal(t, board.DurgGame(), cfg.Variant)
	require.Equal(t, 10, cfg.Games)
	require.Equal(t, 2, cfg.Rounds)
	require.Equal(t, 2, cfg.Repeat)
	require.Equal(t, 2, cfg.Concurrency)
	require.True(t, cfg.Gauntlet)
	require.Equal(t, OpeningConfig{Kind: openingsRandom, Start: 1, Plies: 6, Bound: 100, Depth: 4, Seed: 7, seeded: true, Policy: policyDefault}, cfg.Openings)
	require.Equal(t, Adjudication{Draw: true, DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10,
		Resign: true, ResignMoveCount: 3, ResignScore: 500, ResignTwoSided: true, MaxMoves: 200}, cfg.Adjudication)
	require.Equal(t, &SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1, Model: ModelNormalized}, cfg.SPRT)
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
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1", "proto=usi"},
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
	e := []EngineConfig{{Config: uciclient.Config{Cmd: "/x/senapati"}}, {Config: uciclient.Config{Cmd: "/y/senapati"}}, {Config: uciclient.Config{Cmd: "other", Name: "O"}}, {Config: uciclient.Config{Cmd: "z"}}}
	defaultNames(e, []string{"Senapati", "Senapati", "", ""})
	require.Equal(t, "Senapati", e[0].Name)
	require.Equal(t, "Senapati-2", e[1].Name)
	require.Equal(t, "O", e[2].Name)
	require.Equal(t, "z", e[3].Name)
}

func TestSchedule(t *testing.T) {
	cfg := &Config{Engines: make([]EngineConfig, 3), Games: 2, Rounds: 2, Repeat: 2}
	enc, specs, slots, _ := schedule(cfg)
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
	enc, specs, _, _ = schedule(cfg)
	require.Len(t, enc, 2) // A against each other
	require.Len(t, specs, 8)

	cfg = &Config{Engines: make([]EngineConfig, 2), Games: 5, Rounds: 1, Repeat: 1}
	_, specs, slots, _ = schedule(cfg)
	require.Equal(t, 5, slots)
	for i, s := range specs {
		require.Equal(t, i%2 == 0, s.firstWhite, "colours alternate")
		require.Equal(t, i, s.slot)
	}
}

func TestParseToolFlags(t *testing.T) {
	base := []string{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1"}
	parse := func(args ...string) (*Config, error) {
		return ParseArgs(append(append([]string(nil), base...), args...))
	}

	// Both spellings of -pgnout and -epdout, and fastchess's fields.
	for _, args := range [][]string{{"-pgnout", "x.pgn"}, {"-pgnout", "file=x.pgn"}} {
		cfg, err := parse(args...)
		require.NoError(t, err)
		require.Equal(t, "x.pgn", cfg.PGNOut, "%q", args)
		require.False(t, cfg.PGNMin)
		require.Equal(t, PGNFields{}, cfg.PGNFields)
	}
	cfg, err := parse("-pgnout", "file=a=b.pgn", "min=true", "nodes=true", "seldepth=true", "nps=true", "timeleft=true", "-epdout", "file=e.epd")
	require.NoError(t, err)
	require.Equal(t, "a=b.pgn", cfg.PGNOut)
	require.True(t, cfg.PGNMin)
	require.Equal(t, PGNFields{Nodes: true, SelDepth: true, NPS: true, TimeLeft: true}, cfg.PGNFields)
	require.Equal(t, "e.epd", cfg.EPDOut)
	cfg, err = parse("-pgnout", "x.pgn", "min", "fi", "nodes=false", "-epdout", "e.epd")
	require.NoError(t, err)
	require.True(t, cfg.PGNMin)
	require.Equal(t, "e.epd", cfg.EPDOut)

	cfg, err = parse("-log", "file=m.log", "level=info", "engine=true", "-wait", "250", "-noswap", "-reverse",
		"-openings", "file=b.epd", "policy=encounter", "-shard", "3/4")
	require.NoError(t, err)
	require.Equal(t, LogConfig{File: "m.log", Level: levelInfo, Engine: true}, cfg.Log)
	require.Equal(t, 250*time.Millisecond, cfg.Wait)
	require.True(t, cfg.NoSwap)
	require.True(t, cfg.Reverse)
	require.Equal(t, policyEncounter, cfg.Openings.Policy)
	require.Equal(t, [2]int{3, 4}, [2]int{cfg.Shard, cfg.Shards})
	cfg, err = parse("-log", "file=m.log")
	require.NoError(t, err)
	require.Equal(t, levelWarn, cfg.Log.Level)
	require.Equal(t, 1, cfg.Seeds)

	cfg, err = ParseArgs([]string{"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "depth=1", "-tournament", "gauntlet", "-seeds", "2"})
	require.NoError(t, err)
	require.Equal(t, 2, cfg.Seeds)

	cfg, err = ParseArgs([]string{"-merge", "a.pgn", "b.pgn", "-sprt", "elo0=0", "elo1=5", "model=logistic", "-merge", "c.pgn"})
	require.NoError(t, err)
	require.Equal(t, []string{"a.pgn", "b.pgn", "c.pgn"}, cfg.Merge)
	require.Equal(t, &SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: ModelLogistic}, cfg.SPRT)
	for _, model := range []string{ModelNormalized, ModelLogistic, ModelBayesian} {
		cfg, err = ParseArgs([]string{"-merge", "a.pgn", "-sprt", "elo0=-3", "elo1=1", "model=" + model})
		require.NoError(t, err)
		require.Equal(t, model, cfg.SPRT.Model)
	}
	// Logistic bounds have no limit; normalized ones stay within 200 nElo.
	_, err = ParseArgs([]string{"-merge", "a.pgn", "-sprt", "elo0=0", "elo1=400", "model=logistic"})
	require.NoError(t, err)
	_, err = ParseArgs([]string{"-merge", "a.pgn", "-sprt", "elo0=-200", "elo1=200"})
	require.NoError(t, err)

	_, err = ParseArgs([]string{"-version"})
	require.ErrorIs(t, err, errVersion)

	bad := []struct {
		args []string
		msg  string
	}{
		{[]string{"-pgnout"}, "-pgnout needs a file"},
		{[]string{"-pgnout", "min=true"}, "-pgnout needs a file"},
		{[]string{"-pgnout", "x.pgn", "nodes=yes"}, "nodes=yes: needs true or false"},
		{[]string{"-pgnout", "x.pgn", "colour=true"}, `unknown key "colour"`},
		{[]string{"-pgnout", "x.pgn", "maxi"}, `unknown option "maxi"`},
		{[]string{"-epdout", "a.epd", "b.epd"}, "-epdout: unknown option"},
		{[]string{"-log", "level=info"}, "-log needs file=FILE"},
		{[]string{"-log", "file=x", "level=loud"}, "level=loud: needs one of trace, info, warn, err, fatal"},
		{[]string{"-log", "file=x", "compress=true"}, `unknown key "compress"`},
		{[]string{"-wait", "-1"}, "-wait"},
		{[]string{"-noswap", "yes"}, "-noswap takes no value"},
		{[]string{"-seeds", "1"}, "-seeds applies to -tournament gauntlet"},
		{[]string{"-tournament", "gauntlet", "-seeds", "2"}, "needs fewer seeds than the 2 engines"},
		{[]string{"-openings", "file=b.epd", "policy=pair"}, "policy=pair: needs default, round or encounter"},
		{[]string{"-shard", "5/4"}, "-shard 5/4: needs I/N"},
		{[]string{"-shard", "0/4"}, "-shard 0/4"},
		{[]string{"-shard", "2"}, "-shard 2"},
		{[]string{"-shard", "1/2", "-openings", "random"}, "-shard with random openings needs -srand"},
		{[]string{"-shard", "1/2", "-openings", "file=b.epd", "order=random"}, "needs -srand"},
		{[]string{"-merge"}, "-merge needs the PGN files"},
		{[]string{"-merge", "a.pgn", "-games", "4"}, "-merge takes only -sprt"},
		{[]string{"-sprt", "elo0=0", "elo1=5", "model=bayeselo"}, "-sprt model=bayeselo: needs normalized, logistic or bayesian"},
		{[]string{"-sprt", "elo0=0", "elo1=201"}, "normalized Elo bounds must lie within -200 and 200"},
		{[]string{"-sprt", "elo0=-250", "elo1=0", "model=normalized"}, "normalized Elo bounds must lie within -200 and 200"},
		{[]string{"-each", "option.Threads=1\nquit"}, "holds a control character"},
		{[]string{"-each", "option.Bad\tName=1"}, "holds a control character"},
		{[]string{"-each", "initstr=a\rb"}, "holds a control character"},
	}
	for _, c := range bad {
		_, err := parse(c.args...)
		require.ErrorContains(t, err, c.msg, "%q", c.args)
	}
	// A seed makes random openings the same in every shard.
	_, err = parse("-shard", "1/2", "-openings", "random", "-srand", "3")
	require.NoError(t, err)
	_, err = parse("-shard", "1/2", "-openings", "random", "seed=3")
	require.NoError(t, err)
}

func TestScheduleColoursSeedsPolicies(t *testing.T) {
	colours := func(cfg *Config) string {
		_, specs, _, _ := schedule(cfg)
		var s []byte
		for _, g := range specs {
			s = append(s, byte('A'+g.white))
		}
		return string(s)
	}
	two := func() *Config {
		return &Config{Engines: make([]EngineConfig, 2), Games: 4, Rounds: 1, Repeat: 1, Openings: OpeningConfig{Policy: policyDefault}}
	}
	cfg := two()
	require.Equal(t, "ABAB", colours(cfg), "White in each game")
	cfg.Reverse = true
	require.Equal(t, "BABA", colours(cfg))
	cfg.NoSwap = true
	require.Equal(t, "BBBB", colours(cfg))
	cfg.Reverse = false
	require.Equal(t, "AAAA", colours(cfg))

	// Gauntlet with two seeds of four engines: each seed meets the other two.
	cfg = &Config{Engines: make([]EngineConfig, 4), Games: 2, Rounds: 1, Repeat: 2, Gauntlet: true, Seeds: 2, Openings: OpeningConfig{Policy: policyDefault}}
	enc, specs, _, paired := schedule(cfg)
	var pairs [][2]int
	for _, e := range enc {
		pairs = append(pairs, [2]int{e.a, e.b})
	}
	require.Equal(t, [][2]int{{0, 2}, {0, 3}, {1, 2}, {1, 3}}, pairs)
	require.Len(t, specs, 8)
	require.True(t, paired)

	// Which games share an opening (slot), by policy; three engines, two
	// rounds of four games per pairing.
	slots := func(policy string, repeat int) ([]int, int, bool) {
		cfg := &Config{Engines: make([]EngineConfig, 3), Games: 4, Rounds: 2, Repeat: repeat, Openings: OpeningConfig{Policy: policy}}
		_, specs, n, paired := schedule(cfg)
		var s []int
		for _, g := range specs {
			s = append(s, g.slot)
		}
		return s, n, paired
	}
	s, n, paired := slots(policyDefault, 2)
	require.Equal(t, []int{0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 2, 2, 3, 3}, s)
	require.Equal(t, 4, n)
	require.True(t, paired)
	s, n, paired = slots(policyDefault, 1)
	require.Equal(t, []int{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7}, s)
	require.Equal(t, 8, n)
	require.False(t, paired, "games 2k and 2k+1 have different openings")
	s, n, paired = slots(policyRound, 1)
	require.Equal(t, []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, s)
	require.Equal(t, 2, n)
	require.True(t, paired, "a round shares one opening, so its pairs are pairs")
	s, n, _ = slots(policyEncounter, 1)
	require.Equal(t, []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5}, s)
	require.Equal(t, 6, n)

	cfg = two()
	cfg.Repeat, cfg.NoSwap = 2, true
	_, _, _, paired = schedule(cfg)
	require.False(t, paired, "without colour swaps there are no pairs")
}

func TestShardsDealPairs(t *testing.T) {
	cfg := &Config{Engines: make([]EngineConfig, 3), Games: 4, Rounds: 3, Repeat: 2, Openings: OpeningConfig{Policy: policyDefault}}
	_, all, _, paired := schedule(cfg)
	require.True(t, paired)
	seen := map[int]int{}
	for i := 1; i <= 5; i++ {
		part := shard(all, i, 5)
		require.NotEmpty(t, part)
		pairs := map[int]int{}
		for _, s := range part {
			seen[s.number]++
			pairs[s.pair]++
		}
		for p, n := range pairs {
			require.Equal(t, 2, n, "both games of pair %d are in shard %d", p, i)
		}
	}
	require.Len(t, seen, len(all))
	for n, c := range seen {
		require.Equal(t, 1, c, "game %d is in one shard", n)
	}
	// Without pairs, games are dealt one by one.
	cfg.Repeat = 1
	_, all, _, _ = schedule(cfg)
	require.Equal(t, []int{2, 6, 10}, []int{shard(all, 2, 4)[0].number, shard(all, 2, 4)[1].number, shard(all, 2, 4)[2].number})
}
