package match

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"senapati/board"
	"senapati/pgn"
)

// mergedGame is one game of a shard's PGN file.
type mergedGame struct {
	round int // the game's number in the whole match
	where string
	played
}

// tagNumber reads a tag holding a whole number of at least 1.
func tagNumber(g *pgn.Game, name, where string) (int, error) {
	value, _ := g.Tag(name)
	n, err := strconv.Atoi(value)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%s: tag %s %q is not a number from 1 (was it written by senapati match?)", where, name, value)
	}
	return n, nil
}

// readMerged reads the games of one file and checks that their tags agree
// with their movetext and with the games read before.
func readMerged(path string, names map[int]string) ([]mergedGame, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []mergedGame
	i := 0
	for g, err := range pgn.Games(f) {
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		i++
		m := mergedGame{where: fmt.Sprintf("%s, game %d (line %d)", path, i, g.Line)}
		if m.round, err = tagNumber(g, "Round", m.where); err != nil {
			return nil, err
		}
		m.where = fmt.Sprintf("%s, game %d of the match (line %d)", path, m.round, g.Line)
		var numbers [2]int
		for side, tag := range []string{"WhiteNumber", "BlackNumber"} {
			if numbers[side], err = tagNumber(g, tag, m.where); err != nil {
				return nil, err
			}
			name, _ := g.Tag([]string{"White", "Black"}[side])
			if known, ok := names[numbers[side]]; ok && known != name {
				return nil, fmt.Errorf("%s: engine %d is %q here and %q in another game", m.where, numbers[side], name, known)
			}
			names[numbers[side]] = name
		}
		m.white, m.black = numbers[0]-1, numbers[1]-1
		if m.white == m.black {
			return nil, fmt.Errorf("%s: an engine plays itself", m.where)
		}
		switch result, _ := g.Tag("Result"); result {
		case board.WhiteWins.String(), board.BlackWins.String(), board.Draw.String():
			if result != g.Result.String() {
				return nil, fmt.Errorf("%s: the Result tag says %s, the movetext %s", m.where, result, g.Result)
			}
			m.result = g.Result
		default:
			return nil, fmt.Errorf("%s: result %q is not a finished game's", m.where, result)
		}
		m.termination, _ = g.Tag("Termination")
		if _, ok := g.Tag("Pair"); ok {
			if m.pair, err = tagNumber(g, "Pair", m.where); err != nil {
				return nil, err
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// merge reads the PGN files of the shards of one match and prints the
// whole match's statistics, as one run of it ends (without the thinking
// and wall times, which the files do not hold).
func merge(cfg *Config, out *printer) error {
	names := map[int]string{}
	var games []mergedGame
	for _, path := range cfg.Merge {
		g, err := readMerged(path, names)
		if err != nil {
			return err
		}
		games = append(games, g...)
	}
	if len(games) == 0 {
		return fmt.Errorf("-merge: no games in %s", strings.Join(cfg.Merge, ", "))
	}
	slices.SortStableFunc(games, func(a, b mergedGame) int { return cmp.Compare(a.round, b.round) })
	list := make([]string, 0, len(names))
	for n := 1; n <= len(names); n++ {
		name, ok := names[n]
		if !ok {
			return fmt.Errorf("-merge: no game of engine %d: the files are not all from one match", n)
		}
		list = append(list, name)
	}
	if cfg.SPRT != nil && len(list) != 2 {
		return fmt.Errorf("-sprt needs exactly two engines; the files have %d", len(list))
	}
	t := newTournament(cfg, out, list)
	t.paired = games[0].pair > 0
	index := map[[2]int]int{}
	for i, g := range games {
		if i > 0 && g.round == games[i-1].round {
			return fmt.Errorf("game %d of the match is there twice: %s and %s", g.round, games[i-1].where, g.where)
		}
		if (g.pair > 0) != t.paired {
			return fmt.Errorf("%s: some games have a Pair tag and some not: the files are not all from one match", g.where)
		}
		index[[2]int{min(g.white, g.black), max(g.white, g.black)}] = 0
	}
	for _, k := range slices.SortedFunc(maps.Keys(index), func(x, y [2]int) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) }) {
		index[k] = len(t.enc)
		t.enc = append(t.enc, &encounter{a: k[0], b: k[1], open: map[int]float64{}})
	}
	var missing []string
	next := 1
	for _, g := range games {
		for ; next < g.round; next++ {
			missing = append(missing, strconv.Itoa(next))
		}
		next = g.round + 1
		g.encounter = index[[2]int{min(g.white, g.black), max(g.white, g.black)}]
		t.record(g.played)
	}
	out.line("Merged %d games from %d files", len(games), len(cfg.Merge))
	if len(missing) > 0 {
		shown := missing[:min(len(missing), 20)]
		if len(missing) > len(shown) {
			shown = append(shown, "...")
		}
		out.warn("Warning: %d games before game %d are missing (%s): a shard did not finish?", len(missing), games[len(games)-1].round, strings.Join(shown, ", "))
	}
	if cfg.SPRT != nil {
		t.decision = cfg.SPRT.Decision(t.llr(t.enc[0]))
	}
	for _, l := range append(t.finalLines(), "Finished match") {
		out.line("%s", l)
	}
	return nil
}
