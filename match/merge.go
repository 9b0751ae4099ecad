package match

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"senapati/board"
	"senapati/pgn"
	"senapati/uciclient"
)

// digest is a short hash of text, for the MatchOpenings and MatchSettings
// tags: 64 bits, enough to tell two matches apart.
func digest(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

// openingsDigest identifies the opening set of a whole match: every
// opening in schedule order (the book, its order, start and plies, or the
// seed of random openings all change it).
func openingsDigest(ops []Opening) string {
	var b strings.Builder
	for _, o := range ops {
		fmt.Fprintf(&b, "%s|%s\n", o.FEN, strings.Join(o.Moves, " "))
	}
	return digest(b.String())
}

// settingsDigest identifies what else must agree between the shards of
// one match: the variant, the schedule, the adjudication and every engine's
// name, arguments, options, initstr lines and search limits. The engine's
// command and directory are left out (paths differ between machines), and
// so is what does not change the games (-concurrency, outputs, margins).
func settingsDigest(cfg *Config) string { return digest(settingsText(cfg)) }

// settingsText is what settingsDigest digests.
func settingsText(cfg *Config) string {
	var b strings.Builder
	fmt.Fprintf(&b, "variant %s\ngames %d rounds %d repeat %d noswap %t reverse %t gauntlet %t seeds %d policy %s\nadjudication %+v\n",
		cfg.Variant.Name(), cfg.Games, cfg.Rounds, cfg.Repeat, cfg.NoSwap, cfg.Reverse, cfg.Gauntlet, cfg.Seeds, cfg.Openings.Policy, cfg.Adjudication)
	if tb := cfg.Tablebases; tb.Paths != "" { // the tables' directories may differ between machines
		fmt.Fprintf(&b, "tablebases pieces %d ignore50 %t\n", tb.Pieces, tb.Ignore50)
	}
	for i, e := range cfg.Engines {
		opts := sortedOptions(e.Options)
		tc := e.TC
		fmt.Fprintf(&b, "engine %d %q args %q initstr %q options %q tc %d/%v+%v movetime %v depth %d nodes %d\n",
			i+1, e.Name, e.Args, e.InitStr, opts, tc.Moves, tc.Base, tc.Inc, tc.MoveTime, tc.Depth, tc.Nodes)
	}
	return b.String()
}

// sortedOptions are options by name, as the settings digest takes them.
func sortedOptions(o []uciclient.Option) []uciclient.Option {
	opts := slices.Clone(o)
	slices.SortStableFunc(opts, func(x, y uciclient.Option) int { return cmp.Compare(strings.ToLower(x.Name), strings.ToLower(y.Name)) })
	return opts
}

// optionsText is an engine's options for its EngineOptions tag:
// "Hash=64, Threads=1".
func optionsText(o []uciclient.Option) string {
	var parts []string
	for _, x := range sortedOptions(o) {
		parts = append(parts, x.Name+"="+x.Value)
	}
	return strings.Join(parts, ", ")
}

// mergedGame is one game of a shard's PGN file.
type mergedGame struct {
	round int // the game's number in the whole match
	shard int // 0 in the file of a whole match
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

// shardText names a shard; 0 of 0 is a whole match.
func shardText(i, n int) string {
	if n == 0 {
		return "the whole match (no Shard tag)"
	}
	return fmt.Sprintf("shard %d of %d", i, n)
}

// matchTags are the tags of a game that must agree with every other game
// of the match, and where they were first seen.
type matchTags struct {
	where      string
	info       matchInfo
	variant    string
	tcs        map[int]string // by engine number
	ids, opts  map[int]string // the EngineID and EngineOptions tags, by engine number
	names      map[int]string // the engines' names, for messages
	idWhere    map[int]string // where each engine's ids and opts were first seen
	shardGames map[int]int    // by shard
}

// readMatchTags reads the match's tags of one game: MatchGames, Shard,
// ShardGames, MatchOpenings, MatchSettings, Variant and the time controls.
func readMatchTags(g *pgn.Game, where string, numbers [2]int) (*matchTags, error) {
	m := &matchTags{where: where}
	var err error
	if _, ok := g.Tag("MatchGames"); !ok {
		return nil, fmt.Errorf("%s: no MatchGames tag: not written by senapati match, or by a version from before the tags that let a merge check the match", where)
	}
	if m.info.games, err = tagNumber(g, "MatchGames", where); err != nil {
		return nil, err
	}
	if s, ok := g.Tag("Shard"); ok {
		i, n, _ := strings.Cut(s, "/")
		var err1, err2 error
		m.info.shard, err1 = strconv.Atoi(i)
		m.info.shards, err2 = strconv.Atoi(n)
		if err1 != nil || err2 != nil || m.info.shard < 1 || m.info.shard > m.info.shards {
			return nil, fmt.Errorf("%s: tag Shard %q is not I/N", where, s)
		}
		if m.info.shardGames, err = tagNumber(g, "ShardGames", where); err != nil {
			return nil, err
		}
	}
	if _, ok := g.Tag("GauntletSeeds"); ok {
		if m.info.seeds, err = tagNumber(g, "GauntletSeeds", where); err != nil {
			return nil, err
		}
	}
	m.info.sprt, _ = g.Tag("MatchSPRT")
	m.info.openings, _ = g.Tag("MatchOpenings")
	m.info.settings, _ = g.Tag("MatchSettings")
	if m.info.openings == "" || m.info.settings == "" {
		return nil, fmt.Errorf("%s: tags MatchOpenings and MatchSettings missing", where)
	}
	m.variant, _ = g.Tag("Variant")
	tc, _ := g.Tag("TimeControl")
	m.tcs, m.ids, m.opts, m.names = map[int]string{}, map[int]string{}, map[int]string{}, map[int]string{}
	for side, color := range []string{"White", "Black"} {
		n := numbers[side]
		m.tcs[n] = tc
		if own, ok := g.Tag(color + "TimeControl"); ok {
			m.tcs[n] = own
		}
		// A file of a runner from before these tags has neither: "".
		m.ids[n], _ = g.Tag(color + "EngineID")
		m.opts[n], _ = g.Tag(color + "EngineOptions")
		m.names[n], _ = g.Tag(color)
	}
	return m, nil
}

// agree checks that the game's match tags (o, at o.where) agree with
// those seen first (m), and adds what o tells of engines and shards that
// m has not seen yet.
func (m *matchTags) agree(o *matchTags) error {
	differ := func(what, here, there string) error {
		return fmt.Errorf("%s: %s %s here, %s in %s: the files are not all from one match", o.where, what, here, there, m.where)
	}
	switch {
	case o.info.games != m.info.games:
		return fmt.Errorf("%s: a match of %d games here, of %d in %s: the files are not all from one match", o.where, o.info.games, m.info.games, m.where)
	case o.variant != m.variant:
		return differ("variant", o.variant, m.variant)
	case o.info.shards != m.info.shards:
		return fmt.Errorf("%s: %s here, %s in %s: the files are not all from one match", o.where, shardText(o.info.shard, o.info.shards), shardText(m.info.shard, m.info.shards), m.where)
	case o.info.seeds != m.info.seeds:
		return fmt.Errorf("%s: a gauntlet of %d seeds here, %d in %s (0: no gauntlet): the files are not all from one match", o.where, o.info.seeds, m.info.seeds, m.where)
	case o.info.sprt != m.info.sprt:
		return differ("the SPRT", fmt.Sprintf("%q", o.info.sprt), fmt.Sprintf("%q", m.info.sprt))
	case o.info.openings != m.info.openings:
		return fmt.Errorf("%s: the opening set differs from %s's (another book, order, start, plies or seed)", o.where, m.where)
	}
	for _, n := range slices.Sorted(maps.Keys(o.tcs)) {
		if tc, ok := m.tcs[n]; !ok {
			m.tcs[n] = o.tcs[n]
		} else if tc != o.tcs[n] {
			return differ(fmt.Sprintf("engine %d: time control", n), o.tcs[n], tc)
		}
	}
	if err := m.sameEngines(o, "the files were not all played by the same engines"); err != nil {
		return err
	}
	if o.info.settings != m.info.settings {
		return fmt.Errorf("%s: the settings differ from %s's (an engine's name, arguments, options, initstr or depth or node limit, or -games, -rounds, -repeat, -noswap, -reverse, -tournament, -seeds, the opening policy or the adjudication)", o.where, m.where)
	}
	if n, ok := m.shardGames[o.info.shard]; !ok {
		m.shardGames[o.info.shard] = o.info.shardGames
	} else if n != o.info.shardGames {
		return fmt.Errorf("%s: shard %d has %d games here, %d in %s", o.where, o.info.shard, o.info.shardGames, n, m.where)
	}
	return nil
}

// sameEngines checks that the engines of o's game have the id names and
// options of the same engines in m, and adds those m has not seen yet.
// Before the settings digest: it says what differs.
func (m *matchTags) sameEngines(o *matchTags, why string) error {
	for _, n := range slices.Sorted(maps.Keys(o.ids)) {
		id, ok := m.ids[n]
		if !ok {
			m.ids[n], m.opts[n] = o.ids[n], o.opts[n]
		}
		where, ok := m.idWhere[n]
		if !ok {
			if m.idWhere == nil {
				m.idWhere = map[int]string{}
			}
			m.idWhere[n] = o.where
			continue
		}
		switch {
		case id != o.ids[n]:
			return fmt.Errorf("%s: engine %d (%s): id name %q here, %q in %s: %s", o.where, n, o.names[n], o.ids[n], id, where, why)
		case m.opts[n] != o.opts[n]:
			return fmt.Errorf("%s: engine %d (%s): options %q here, %q in %s: %s", o.where, n, o.names[n], o.opts[n], m.opts[n], where, why)
		}
	}
	return nil
}

// readMerged reads the games of one file and checks that their tags agree
// with their movetext and with the games read before (names and match,
// which it fills in from the first game).
func readMerged(path string, names map[int]string, match **matchTags) ([]mergedGame, error) {
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
		tags, err := readMatchTags(g, m.where, numbers)
		if err != nil {
			return nil, err
		}
		if *match == nil {
			*match = tags
			tags.shardGames = map[int]int{}
		}
		if err := (*match).agree(tags); err != nil {
			return nil, err
		}
		if m.round > tags.info.games {
			return nil, fmt.Errorf("%s: game %d of a match of %d games", m.where, m.round, tags.info.games)
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
		m.shard = tags.info.shard
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-merge: %s holds no game", path)
	}
	return out, nil
}

// ranges writes sorted numbers as "3, 5-7, 10".
func ranges(ns []int) string {
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(ns[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", ns[i], ns[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// merge reads the PGN files of the shards of one match and prints the
// whole match's statistics, as one run of it ends (without the thinking
// and wall times, which the files do not hold). It fails when the files
// disagree on the match, and, after printing the statistics of the games
// there are, when games of the match are missing.
func merge(cfg *Config, out *printer) error {
	names := map[int]string{}
	var match *matchTags
	var games []mergedGame
	for _, path := range cfg.Merge {
		g, err := readMerged(path, names, &match)
		if err != nil {
			return err
		}
		games = append(games, g...)
	}
	// The games in the files' order, as they finished: a whole match's
	// SPRT decided in that order. The checks below go by number.
	inOrder := slices.Clone(games)
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
	if match.info.seeds > 0 { // a gauntlet: its table by opponent, as the live run prints it
		cfg.Gauntlet, cfg.Seeds = true, match.info.seeds
	}
	t := newTournament(cfg, out, list)
	t.paired = games[0].pair > 0
	index := map[[2]int]int{}
	byShard := map[int]int{}
	for i, g := range games {
		if i > 0 && g.round == games[i-1].round {
			return fmt.Errorf("game %d of the match is there twice: %s and %s", g.round, games[i-1].where, g.where)
		}
		if (g.pair > 0) != t.paired {
			return fmt.Errorf("%s: some games have a Pair tag and some not: the files are not all from one match", g.where)
		}
		byShard[g.shard]++
		index[[2]int{min(g.white, g.black), max(g.white, g.black)}] = 0
	}
	for _, k := range slices.SortedFunc(maps.Keys(index), func(x, y [2]int) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) }) {
		index[k] = len(t.enc)
		t.enc = append(t.enc, &encounter{a: k[0], b: k[1], open: map[int]float64{}})
	}
	var missing []int
	next := 1
	for _, g := range games {
		for ; next < g.round; next++ {
			missing = append(missing, next)
		}
		next = g.round + 1
	}
	for ; next <= match.info.games; next++ {
		missing = append(missing, next)
	}
	// A whole match with -sprt stopped once the test decided: counted in
	// the order the games finished, as the run counted them, the games
	// reach the decision, and those missing were never to be played.
	var stopRule *SPRT
	if match.info.sprt != "" && match.info.shards == 0 {
		var err error
		if stopRule, err = parseSPRT(strings.Fields(match.info.sprt)); err != nil {
			return fmt.Errorf("%s: tag MatchSPRT %q: %v", match.where, match.info.sprt, err)
		}
		if cfg.SPRT == nil {
			cfg.SPRT = stopRule
		}
	}
	stopped := false
	for _, g := range inOrder {
		g.encounter = index[[2]int{min(g.white, g.black), max(g.white, g.black)}]
		t.record(g.played)
		if stopRule != nil && !stopped && len(t.enc) == 1 {
			e := t.enc[0]
			llr := stopRule.LLRTrinomial(e.score)
			if t.paired && stopRule.Pentanomial() {
				llr = stopRule.LLRPentanomial(e.ptnml)
			}
			stopped = stopRule.Decision(llr) != ""
		}
	}
	out.line("Merged %d games from %d files", len(games), len(cfg.Merge))
	for i := 1; i <= match.info.shards; i++ {
		switch n, want := byShard[i], match.shardGames[i]; {
		case n == 0:
			out.warn("Warning: shard %d of %d has no game in these files", i, match.info.shards)
		case n < want:
			out.warn("Warning: shard %d of %d: %d of its %d games in these files", i, match.info.shards, n, want)
		}
	}
	if cfg.SPRT != nil {
		t.decision = cfg.SPRT.Decision(t.llr(t.enc[0]))
	}
	if stopped && len(missing) > 0 {
		out.line("SPRT stopped the match after %d of %d games", len(games), match.info.games)
	}
	for _, l := range append(t.finalLines(), "Finished match") {
		out.line("%s", l)
	}
	if len(missing) > 0 && !stopped {
		return fmt.Errorf("-merge: %d of the match's %d games are missing: %s", len(missing), match.info.games, ranges(missing))
	}
	return nil
}
