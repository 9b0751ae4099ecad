package match

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"sync"
	"time"

	"senapati/board"
	"senapati/syzygy"
	"senapati/uciclient"
)

// encounter is the games of one pairing, counted from the first engine's view.
type encounter struct {
	a, b    int
	score   Score
	asWhite Score
	asBlack Score
	ptnml   Ptnml
	open    map[int]float64 // pair -> the first engine's points in its game finished first
	// The pairs of one point, told apart (fastchess's WL/DD ratio): a
	// win and a loss, or two draws.
	pairWL, pairDD int
}

type tournament struct {
	cfg      *Config
	settings *gameSettings
	specs    []*gameSpec // the games this run plays: all, or one shard's
	total    int         // games of the whole match
	paired   bool        // games 2k and 2k+1 of a pairing share an opening, colours swapped
	enc      []*encounter
	players  []Score
	tally    []engineTally
	out      *printer
	pgn      *output
	epd      *output
	stop     context.CancelFunc // ends the match early (SPRT)
	start    time.Time

	mu       sync.Mutex
	next     int
	running  int
	finished int
	decision string       // SPRT: H0 or H1 once decided
	done     map[int]bool // games finished before a resume, by number
	cpus     []int        // -use-affinity: worker w's CPU is cpus[w%len(cpus)]
	resumed  int          // how many

	engineThreads, engineHash []string // each engine's, as fastchess's Results line writes them
	lastBlock                 int      // -output format=fastchess: the games counted when its report was last printed
}

// engineTally is what the end-of-match summary tells of one engine.
type engineTally struct {
	games, timeLosses, crashes, stalls, illegal int
	thinking                                    time.Duration
	ponderHits, ponderTries                     int // moves after a ponder search: its guess played, and all
}

// encounters are the pairings: every two engines, or in a gauntlet every
// seed against every other engine.
func encounters(cfg *Config) []*encounter {
	var enc []*encounter
	for i := range cfg.Engines {
		for j := i + 1; j < len(cfg.Engines); j++ {
			if !cfg.Gauntlet || i < max(cfg.Seeds, 1) && j >= max(cfg.Seeds, 1) {
				enc = append(enc, &encounter{a: i, b: j, open: map[int]float64{}})
			}
		}
	}
	return enc
}

// schedule lays out the whole match: for each round, each pairing plays
// Games games, the first engine of the pairing White in the first (Black
// with -reverse), colours alternating unless -noswap. The opening policy
// says which games share an opening (a slot). When every two games 2k and
// 2k+1 of a pairing share one with colours swapped, the match is paired:
// the statistics count those pairs (pentanomial).
func schedule(cfg *Config) (enc []*encounter, specs []*gameSpec, slots int, paired bool) {
	enc = encounters(cfg)
	switch cfg.Openings.Policy {
	case policyRound:
		slots = cfg.Rounds
	case policyEncounter:
		slots = cfg.Rounds * len(enc)
	default:
		slots = (cfg.Rounds*cfg.Games + cfg.Repeat - 1) / cfg.Repeat
	}
	for r := 0; r < cfg.Rounds; r++ {
		for n, e := range enc {
			for k := 0; k < cfg.Games; k++ {
				idx := r*cfg.Games + k
				s := &gameSpec{number: len(specs) + 1, encounter: n, white: e.a, black: e.b, firstWhite: true, pair: idx / 2}
				if aWhite := idx%2 == 0 || cfg.NoSwap; aWhite == cfg.Reverse {
					s.white, s.black, s.firstWhite = e.b, e.a, false
				}
				switch cfg.Openings.Policy {
				case policyRound:
					s.slot = r
				case policyEncounter:
					s.slot = r*len(enc) + n
				default:
					s.slot = idx / cfg.Repeat
				}
				specs = append(specs, s)
			}
		}
	}
	// Number the pairs through the match, and check that they are pairs.
	type key struct{ encounter, pair int }
	number := map[key]int{}
	first := map[key]*gameSpec{}
	paired = true
	for _, s := range specs {
		k := key{s.encounter, s.pair}
		if f, ok := first[k]; ok {
			paired = paired && f.slot == s.slot && f.firstWhite != s.firstWhite
		} else {
			first[k] = s
			number[k] = len(number) + 1
		}
		s.pair = number[k]
	}
	if !paired {
		for _, s := range specs {
			s.pair = 0
		}
	}
	return enc, specs, slots, paired
}

// shard keeps the games of shard i (from 1) of n: pairs (or, in a match
// that is not paired, games) are dealt out to the shards in turn.
func shard(specs []*gameSpec, i, n int) []*gameSpec {
	var out []*gameSpec
	for k, s := range specs {
		unit := k
		if s.pair > 0 {
			unit = s.pair - 1
		}
		if unit%n == i-1 {
			out = append(out, s)
		}
	}
	return out
}

// startTimeout bounds the handshake: -stall, but at least 10 s, since an
// engine may take longer to start (or be slow to start on a loaded
// machine) than to answer in a game.
func startTimeout(cfg *Config) time.Duration { return max(cfg.Stall, 10*time.Second) }

// pool is one worker's running engines, by engine index.
type pool map[int]player

func (t *tournament) engine(ctx context.Context, p pool, idx int) (player, error) {
	cfg := &t.cfg.Engines[idx]
	if e := p[idx]; e != nil {
		if e.proc().Alive() && !cfg.Restart && reusable(e) {
			return e, nil
		}
		e.proc().Retire(false, "; starting it again")
		delete(p, idx)
	}
	e, err := startPlayer(ctx, cfg, t.cfg.Variant, startTimeout(t.cfg), t.out)
	if err != nil {
		return nil, err
	}
	p[idx] = e
	return e, nil
}

func (p pool) close(kill bool) {
	var wg sync.WaitGroup
	for _, e := range p {
		wg.Go(func() { e.proc().Retire(kill, "") })
	}
	wg.Wait()
}

func (t *tournament) take(ctx context.Context) *gameSpec {
	t.mu.Lock()
	defer t.mu.Unlock()
	for t.next < len(t.specs) && t.done[t.specs[t.next].number] {
		t.next++ // finished before the match was resumed
	}
	if ctx.Err() != nil || t.next >= len(t.specs) || t.outputFailed() != nil {
		return nil
	}
	s := t.specs[t.next]
	t.next++
	t.running++
	t.out.line("Started game %d of %d (%s vs %s)", s.number, t.total, t.settings.names[s.white], t.settings.names[s.black])
	return s
}

func (t *tournament) play(ctx context.Context, w int, spec *gameSpec, p pool) (*gameResult, error) {
	var engines [2]player
	var errs [2]error
	for side, idx := range [2]int{spec.white, spec.black} {
		engines[side], errs[side] = t.engine(ctx, p, idx)
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if errs[0] != nil && errs[1] != nil {
		return nil, fmt.Errorf("game %d: neither engine starts: %v; %v", spec.number, errs[0], errs[1])
	}
	for side, err := range errs {
		if err != nil {
			res := t.settings.newResult(spec)
			c := board.Color(side)
			res.result, res.reason, res.termination = winFor(c^1), fmt.Sprintf("%s fails to start: %v", colorName(c), err), termAbandoned
			return res, nil
		}
	}
	t.pin(w, engines)
	return playGame(ctx, t.settings, spec, engines)
}

func (t *tournament) worker(ctx context.Context, w int, p pool) error {
	for played := 0; ; played++ {
		if played > 0 && t.cfg.Wait > 0 { // -wait: a pause between games
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(t.cfg.Wait):
			}
		}
		spec := t.take(ctx)
		if spec == nil {
			return nil
		}
		t.settings.live.begin(w, spec.number)
		res, err := t.play(ctx, w, spec, p)
		t.mu.Lock()
		t.running--
		t.mu.Unlock()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		t.finish(res)
	}
}

// played is a finished game as the statistics see it.
type played struct {
	encounter    int
	white, black int // engine indices
	result       board.Result
	termination  string
	pair         int // from 1; 0 when the match is not paired
}

// record counts a finished game in the statistics and the engines' tallies.
func (t *tournament) record(g played) {
	t.finished++
	e := t.enc[g.encounter]
	pts := 0.5
	switch g.result {
	case board.WhiteWins:
		pts = 1
	case board.BlackWins:
		pts = 0
	}
	if g.white == e.a {
		e.asWhite.add(pts)
	} else {
		pts = 1 - pts
		e.asBlack.add(pts)
	}
	e.score.add(pts)
	t.players[e.a].add(pts)
	t.players[e.b].add(1 - pts)
	if g.pair > 0 {
		if first, ok := e.open[g.pair]; ok {
			e.ptnml[int(math.Round(2*(first+pts)))]++
			switch {
			case first == 0.5 && pts == 0.5:
				e.pairDD++
			case first+pts == 1:
				e.pairWL++
			}
			delete(e.open, g.pair)
		} else {
			e.open[g.pair] = pts
		}
	}
	t.tally[g.white].games++
	t.tally[g.black].games++
	loser := g.white
	if g.result == board.WhiteWins {
		loser = g.black
	}
	switch c := &t.tally[loser]; g.termination {
	case termTime:
		c.timeLosses++
	case termAbandoned:
		c.crashes++
	case termStalled:
		c.stalls++
	case termIllegal:
		c.illegal++
	}
}

func (t *tournament) finish(r *gameResult) {
	t.mu.Lock()
	defer t.mu.Unlock()
	r.clean()
	spec, e := r.spec, t.enc[r.spec.encounter]
	pairsBefore := e.ptnml.Pairs()
	t.record(played{encounter: spec.encounter, white: spec.white, black: spec.black, result: r.result, termination: r.termination, pair: spec.pair})
	t.tally[spec.white].thinking += r.thinking[board.White]
	t.tally[spec.black].thinking += r.thinking[board.Black]
	for side, idx := range [2]int{spec.white, spec.black} {
		t.tally[idx].ponderHits += r.ponderHits[side]
		t.tally[idx].ponderTries += r.ponderTries[side]
	}
	t.settings.live.update(r)
	// An output that cannot be written stops the match, as the SPRT does:
	// the games in progress are abandoned, take starts no further game,
	// and run reports the failure.
	if t.pgn != nil && t.pgn.write(r.pgn(t.cfg.Event, t.cfg.Site, t.cfg.PGNMin)) != nil ||
		t.epd.write(r.endFEN+"\n") != nil || t.out.logFailed() != nil {
		t.stop()
	}
	t.out.line("Finished game %d (%s vs %s): %s {%s}", spec.number, r.white, r.black, r.result, r.reason)
	fastchess := t.cfg.Output == outputFastchess
	if !fastchess { // fastchess prints no score line
		t.out.line("%s", scoreLine(t.settings.names, e))
	}
	var more []string
	switch n := t.cfg.RatingEvery; {
	case fastchess:
		if t.fastchessInterval(e, e.ptnml.Pairs() > pairsBefore) || t.finished == len(t.specs) {
			more = t.fastchessBlock(e)
			t.lastBlock = e.score.N()
		}
	case n > 0 && t.finished%n == 0 && t.finished < len(t.specs):
		if len(t.enc) == 1 {
			more = t.eloLines(e)
		} else {
			more = t.rankLines()
			if t.cfg.Gauntlet {
				more = append(more, t.gauntletLines()...)
			}
		}
	}
	// A shard plays its share to the end: only the merge of all shards
	// may decide, or the shards' games would not add up to the match.
	if t.cfg.SPRT != nil && t.decision == "" && t.cfg.Shards == 0 {
		if d := t.cfg.SPRT.Decision(t.llr(e)); d != "" {
			t.decision = d
			if !fastchess { // fastchess's report ends the match with its own lines
				more = append(more, t.sprtLine(e))
			}
			t.stop()
		}
	}
	for _, l := range more {
		t.out.line("%s", l)
	}
}

// outputFailed is the first failure of -pgnout, -epdout or -log.
func (t *tournament) outputFailed() error {
	return cmp.Or(t.pgn.failed(), t.epd.failed(), t.out.logFailed())
}

func newTournament(cfg *Config, out *printer, names []string) *tournament {
	t := &tournament{cfg: cfg, out: out, start: time.Now(), players: make([]Score, len(names)), tally: make([]engineTally, len(names))}
	t.settings = &gameSettings{variant: cfg.Variant, adj: cfg.Adjudication, stall: cfg.Stall, fields: cfg.PGNFields, names: names}
	if cfg.ShowLatency {
		t.settings.out = out
	}
	return t
}

// Run plays a match (or with -merge reports on one). It returns ctx's
// error when ctx ends it (the finished games are reported and written); all
// engine processes are gone when it returns.
func Run(ctx context.Context, cfg *Config, stdout, stderr io.Writer) error {
	out := &printer{out: stdout, errOut: stderr, debug: cfg.Debug, start: time.Now()}
	for _, f := range []struct{ flag, name string }{{"-log", cfg.Log.File}, {"-pgnout", cfg.PGNOut}, {"-epdout", cfg.EPDOut}, {"-livepgnout", cfg.LivePGN}} {
		if f.name != "" {
			if err := checkDir(f.flag, f.name); err != nil {
				return err
			}
		}
	}
	if cfg.Log.File != "" {
		f, err := waitOr(ctx, func() (*output, error) { return newOutput("-log", cfg.Log.File) }, (*output).closeNow)
		if err != nil {
			return err
		}
		out.log = &logFile{output: f, LogConfig: cfg.Log}
	}
	var err error
	if cfg.Merge != nil {
		err = merge(cfg, out)
	} else {
		err = run(ctx, cfg, out)
	}
	if err != nil && ctx.Err() == nil {
		out.log.write(levelErr, err.Error())
	}
	if out.log != nil {
		err = cmp.Or(err, out.log.close())
	}
	if n := out.warningCount(); err == nil && cfg.Strict && n > 0 {
		err = fmt.Errorf("-strict: %d warning(s) given (see above)", n)
	}
	return err
}

func run(ctx context.Context, cfg *Config, out *printer) error {
	if f, ok := out.errOut.(*os.File); cfg.Progress == "on" || cfg.Progress == "auto" && ok && isTerminal(f) {
		out.term = out.errOut
	}
	if n := runtime.NumCPU(); cfg.Concurrency > n {
		out.warn("Warning: -concurrency %d exceeds the %d CPUs this process may use: games on a clock will lose time to each other", cfg.Concurrency, n)
	}
	if keepsRecord(cfg) {
		lock, err := lockRun(cfg.PGNOut)
		if err != nil {
			return err
		}
		defer lock.unlock()
	}
	resume, err := loadResume(cfg)
	if err != nil {
		return err
	}
	tb, err := waitOr(ctx, func() (*tablebases, error) { return openTablebases(cfg.Tablebases, out) }, (*tablebases).close)
	if err != nil {
		return err
	}
	defer tb.close()
	enc, specs, slots, paired := schedule(cfg)
	total := len(specs)
	if cfg.Shards > 0 {
		if specs = shard(specs, cfg.Shard, cfg.Shards); len(specs) == 0 {
			return fmt.Errorf("-shard %d/%d: this shard has no games (the match has %d games; shards are dealt whole pairs)", cfg.Shard, cfg.Shards, total)
		}
	}
	// One instance of each engine first: it checks the command, the
	// handshake and the variant, and names the engine.
	first := pool{}
	interrupted := false
	defer func() { first.close(interrupted) }()
	var ids []string
	for i := range cfg.Engines {
		e, err := startPlayer(ctx, &cfg.Engines[i], cfg.Variant, startTimeout(cfg), out)
		if err != nil {
			interrupted = true
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("engine %d: %v", i+1, err)
		}
		first[i] = e
		ids = append(ids, e.idName())
	}
	defaultNames(cfg.Engines, ids)
	var names []string
	for _, e := range cfg.Engines {
		names = append(names, e.Name)
	}
	t := newTournament(cfg, out, names)
	t.settings.tb = tb
	for _, e := range cfg.Engines {
		t.settings.tcs = append(t.settings.tcs, e.TC)
		t.settings.opts = append(t.settings.opts, optionsText(e.Options))
		t.settings.ponder = append(t.settings.ponder, e.Ponder)
	}
	t.settings.ids = ids
	t.engineLabels(first)
	t.enc, t.specs, t.total, t.paired = enc, specs, total, paired
	t.settings.live = newLivePGN(cfg, out)
	if cfg.Shards > 0 {
		out.line("Shard %d of %d: %d of the match's %d games", cfg.Shard, cfg.Shards, len(t.specs), t.total)
	}
	var checker *uciclient.Engine
	if u, ok := first[0].(*uciPlayer); ok {
		checker = u.Engine
	}
	openings, err := t.openings(ctx, checker, slots)
	if err != nil {
		interrupted = ctx.Err() != nil
		return err
	}
	for _, s := range t.specs {
		s.opening = &openings[s.slot]
	}
	t.settings.match = &matchInfo{games: t.total, shard: cfg.Shard, shards: cfg.Shards, shardGames: len(t.specs),
		openings: openingsDigest(openings), settings: settingsDigest(cfg)}
	if cfg.Gauntlet {
		t.settings.match.seeds = cfg.Seeds
	}
	if cfg.SPRT != nil && cfg.Shards == 0 { // only a whole match stops by it
		t.settings.match.sprt = sprtText(cfg.SPRT)
	}
	if err := resume.apply(t); err != nil {
		return err
	}
	// The outputs are opened once nothing before the games can fail (the
	// book, the resume's checks), so that a failed start leaves no empty
	// file; one that no game was written to is removed at the end.
	for _, f := range []struct {
		flag, name string
		o          **output
	}{{"-pgnout", cfg.PGNOut, &t.pgn}, {"-epdout", cfg.EPDOut, &t.epd}} {
		if f.name == "" {
			continue
		}
		o, err := waitOr(ctx, func() (*output, error) { return newOutput(f.flag, f.name) }, (*output).closeNow)
		if err != nil {
			interrupted = ctx.Err() != nil
			return err
		}
		defer o.removeUnused()
		defer o.close()
		*f.o = o
	}
	if err := resume.begin(); err != nil {
		return err
	}

	matchCtx, stop := context.WithCancel(ctx)
	defer stop()
	t.stop = stop
	if t.decision != "" { // the SPRT decided before the match was resumed
		stop()
	}
	if out.term != nil {
		done := make(chan struct{})
		defer func() { close(done); out.endStatus() }()
		go func() {
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for {
				out.setStatus(t.statusText())
				select {
				case <-done:
					return
				case <-tick.C:
				}
			}
		}()
	}
	workers := max(min(cfg.Concurrency, len(t.specs)), 1)
	if err := t.setupAffinity(workers); err != nil {
		return err
	}
	pools := make([]pool, workers)
	pools[0] = first
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		if pools[w] == nil {
			pools[w] = pool{}
		}
		wg.Go(func() {
			errs[w] = t.worker(matchCtx, w, pools[w])
			if errs[w] != nil {
				stop()
			}
		})
	}
	wg.Wait()
	interrupted = ctx.Err() != nil
	var closing sync.WaitGroup
	for _, p := range pools { // before the report, so that the engines' ends come first
		closing.Go(func() { p.close(interrupted) })
	}
	closing.Wait()
	if err := errors.Join(errs...); err != nil {
		interrupted = true
		return err
	}
	if out.term != nil {
		out.endStatus()
	}
	failed := cmp.Or(t.outputFailed(), t.pgn.close(), t.epd.close())
	switch {
	case interrupted:
		t.report(true, nil)
		resume.end(false, out)
		return ctx.Err()
	case failed != nil:
		t.report(false, failed)
		resume.end(false, out)
		return failed
	}
	t.report(false, nil)
	resume.end(true, out)
	return t.outputFailed() // the log may have failed in the report
}

// openTablebases reads -tb's directories and every table in them before
// the first game, so that a wrong path or a damaged file stops the match
// at once; nil when there is no -tb.
func openTablebases(c Tablebases, out *printer) (*tablebases, error) {
	if c.Paths == "" {
		return nil, nil
	}
	tb, err := syzygy.Open(c.Paths)
	if err != nil {
		return nil, fmt.Errorf("-tb %s: %v", c.Paths, err)
	}
	if err := tb.Load(); err != nil {
		tb.Close()
		return nil, fmt.Errorf("-tb %s: %v", c.Paths, err)
	}
	a := &tablebases{tb: tb, pieces: c.Pieces, ignore50: c.Ignore50}
	if a.pieces == 0 {
		a.pieces = tb.MaxPieces()
	}
	fifty := "cursed wins and blessed losses are draws"
	if c.Ignore50 {
		fifty = "cursed wins and blessed losses count as wins and losses (-tbignore50)"
	}
	out.line("Syzygy adjudication: %d tables of up to %d pieces, positions of at most %d pieces; %s", len(tb.Tables()), tb.MaxPieces(), a.pieces, fifty)
	return a, nil
}

// close closes the tables, if any.
func (a *tablebases) close() {
	if a != nil {
		a.tb.Close()
	}
}
