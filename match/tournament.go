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
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

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
}

// printer writes the progress lines and, on a terminal, keeps a status line
// below them. It copies what it prints to the -log file, and prints the UCI
// traffic with -debug. A nil printer prints nothing.
type printer struct {
	mu     sync.Mutex
	out    io.Writer
	errOut io.Writer
	term   io.Writer // where the status line goes; nil: none
	status string
	debug  bool // -debug: the UCI traffic on errOut
	start  time.Time
	log    *logFile
	warned map[string]bool // the keys of warnOnce's warnings
}

// logFile is -log.
type logFile struct {
	*output
	LogConfig
}

func (l *logFile) write(level int, s string) {
	if l != nil && level >= l.Level {
		l.emit(level, s)
	}
}

// emit writes a line; a failure stops the match (see output).
func (l *logFile) emit(level int, s string) {
	_ = l.output.write(fmt.Sprintf("%s [%s] %s\n", time.Now().Format("2006-01-02T15:04:05.000"), logLevels[level], s))
}

// logFailed is the log's failure, nil if none.
func (p *printer) logFailed() error {
	if p == nil || p.log == nil {
		return nil
	}
	return p.log.failed()
}

// engineNote is what an engine wrote on stderr, or how it ended when it
// ended as it should: in the log at level info (at any level with
// engine=true), and on the terminal with -debug.
func (p *printer) engineNote(format string, args ...any) {
	if p == nil {
		return
	}
	s := fmt.Sprintf(format, args...)
	if p.debug {
		p.write(p.errOut, fmt.Sprintf("%8.3f %s", time.Since(p.start).Seconds(), s))
	}
	if p.log != nil && (p.log.Level <= levelInfo || p.log.Engine) {
		p.log.emit(levelInfo, s)
	}
}

// traffic is one line to or from an engine.
func (p *printer) traffic(format string, args ...any) {
	if p == nil || !p.debug && (p.log == nil || !p.log.Engine) {
		return
	}
	s := fmt.Sprintf(format, args...)
	if p.debug {
		p.write(p.errOut, fmt.Sprintf("%8.3f %s", time.Since(p.start).Seconds(), s))
	}
	if p.log != nil && p.log.Engine { // whatever the level, as asked
		p.log.emit(levelTrace, s)
	}
}

// The printer is the uciclient.Log of the match's engines.
func (p *printer) Warn(format string, args ...any)          { p.warn(format, args...) }
func (p *printer) WarnOnce(key, format string, args ...any) { p.warnOnce(key, format, args...) }
func (p *printer) Traffic(format string, args ...any)       { p.traffic(format, args...) }
func (p *printer) EngineNote(format string, args ...any)    { p.engineNote(format, args...) }

func (p *printer) write(w io.Writer, s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.term != nil && p.status != "" {
		io.WriteString(p.term, "\r\033[K")
	}
	fmt.Fprintln(w, s)
	if p.term != nil && p.status != "" {
		io.WriteString(p.term, p.status)
	}
}

func (p *printer) line(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	p.write(p.out, s)
	p.log.write(levelInfo, s)
}

func (p *printer) warn(format string, args ...any) {
	if p == nil {
		return
	}
	s := fmt.Sprintf(format, args...)
	p.write(p.errOut, s)
	p.log.write(levelWarn, s)
}

// warnOnce warns unless a warning of the same key was given before.
func (p *printer) warnOnce(key, format string, args ...any) {
	if p == nil {
		return
	}
	p.mu.Lock()
	seen := p.warned[key]
	if p.warned == nil {
		p.warned = map[string]bool{}
	}
	p.warned[key] = true
	p.mu.Unlock()
	if !seen {
		p.warn(format, args...)
	}
}

func (p *printer) setStatus(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.term == nil {
		return
	}
	for utf8.RuneCountInString(s) > 79 {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
	}
	p.status = s
	io.WriteString(p.term, "\r\033[K"+s)
}

func (p *printer) endStatus() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.term != nil && p.status != "" {
		io.WriteString(p.term, "\r\033[K")
	}
	p.term, p.status = nil, ""
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
}

// engineTally is what the end-of-match summary tells of one engine.
type engineTally struct {
	games, timeLosses, crashes, stalls, illegal int
	thinking                                    time.Duration
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
type pool map[int]*uciclient.Engine

func (t *tournament) engine(ctx context.Context, p pool, idx int) (*uciclient.Engine, error) {
	cfg := &t.cfg.Engines[idx]
	if e := p[idx]; e != nil {
		if e.Alive() && !cfg.Restart {
			return e, nil
		}
		e.Retire(false, "; starting it again")
		delete(p, idx)
	}
	e, err := uciclient.Start(ctx, &cfg.Config, t.cfg.Variant, startTimeout(t.cfg), t.out)
	if err != nil {
		return nil, err
	}
	p[idx] = e
	return e, nil
}

func (p pool) close(kill bool) {
	var wg sync.WaitGroup
	for _, e := range p {
		wg.Go(func() { e.Retire(kill, "") })
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
	var engines [2]*uciclient.Engine
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

func scoreLine(names []string, e *encounter) string {
	return fmt.Sprintf("Score of %s vs %s: %s", names[e.a], names[e.b], scoreText(e.score))
}

func scoreText(s Score) string {
	return fmt.Sprintf("%d - %d - %d  [%.3f] %d", s.W, s.L, s.D, s.Ratio(), s.N())
}

func fmtElo(x float64) string {
	switch {
	case x == 0:
		return "0.0" // not -0.0
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%.1f", x)
}

func (t *tournament) llr(e *encounter) float64 {
	if t.paired && t.cfg.SPRT.Pentanomial() {
		return t.cfg.SPRT.LLRPentanomial(e.ptnml)
	}
	return t.cfg.SPRT.LLRTrinomial(e.score)
}

func (t *tournament) sprtLine(e *encounter) string {
	llr := t.llr(e)
	lower, upper := t.cfg.SPRT.Bounds()
	bound := upper
	if llr < 0 {
		bound = lower
	}
	s := fmt.Sprintf("SPRT: llr %.3g (%.1f%%), lbound %.3g, ubound %.3g", llr, 100*llr/bound, lower, upper)
	switch t.decision {
	case "H0":
		s += " - H0 was accepted"
	case "H1":
		s += " - H1 was accepted"
	}
	return s
}

// eloLines is cutechess's summary of a pairing, plus the pair statistics.
func (t *tournament) eloLines(e *encounter) []string {
	names := t.settings.names
	wb := Score{W: e.asWhite.W + e.asBlack.L, L: e.asWhite.L + e.asBlack.W, D: e.asWhite.D + e.asBlack.D}
	elo, margin := EloTrinomial(e.score)
	lines := []string{
		fmt.Sprintf("...      %s playing White: %s", names[e.a], scoreText(e.asWhite)),
		fmt.Sprintf("...      %s playing Black: %s", names[e.a], scoreText(e.asBlack)),
		fmt.Sprintf("...      White vs Black: %s", scoreText(wb)),
		fmt.Sprintf("Elo difference: %s +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%",
			fmtElo(elo), fmtElo(margin), 100*LOS(e.score), 100*e.score.DrawRatio()),
	}
	if p := e.ptnml; p.Pairs() > 0 {
		pelo, pmargin := EloPentanomial(p)
		lines = append(lines, fmt.Sprintf("Ptnml(0-2): [%d, %d, %d, %d, %d], %d pairs, pair Elo: %s +/- %s",
			p[0], p[1], p[2], p[3], p[4], p.Pairs(), fmtElo(pelo), fmtElo(pmargin)))
	}
	if t.cfg.SPRT != nil {
		lines = append(lines, t.sprtLine(e))
	}
	return lines
}

func nameWidth(names []string) int {
	width := 4
	for _, n := range names {
		width = max(width, len(n))
	}
	return width
}

// rankLines is the table of a tournament of more than two engines.
func (t *tournament) rankLines() []string {
	order := make([]int, len(t.players))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return t.players[order[i]].Ratio() > t.players[order[j]].Ratio() })
	width := nameWidth(t.settings.names)
	lines := []string{fmt.Sprintf("Rank %-*s %7s %7s %7s %7s %7s", width, "Name", "Elo", "+/-", "Games", "Score", "Draw")}
	for r, i := range order {
		s := t.players[i]
		elo, margin := EloTrinomial(s)
		lines = append(lines, fmt.Sprintf("%4d %-*s %7s %7s %7d %6.1f%% %6.1f%%", r+1, width, t.settings.names[i],
			fmtElo(elo), fmtElo(margin), s.N(), 100*s.Ratio(), 100*s.DrawRatio()))
	}
	return lines
}

// tallyLines is the end-of-match summary of each engine's faults.
func (t *tournament) tallyLines() []string {
	width := max(nameWidth(t.settings.names), len("Engine"))
	lines := []string{fmt.Sprintf("%-*s %6s %12s %8s %7s %14s", width, "Engine", "Games", "Time losses", "Crashes", "Stalls", "Illegal moves")}
	for i, c := range t.tally {
		lines = append(lines, fmt.Sprintf("%-*s %6d %12d %8d %7d %14d", width, t.settings.names[i], c.games, c.timeLosses, c.crashes, c.stalls, c.illegal))
	}
	return lines
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
	t.record(played{encounter: spec.encounter, white: spec.white, black: spec.black, result: r.result, termination: r.termination, pair: spec.pair})
	t.tally[spec.white].thinking += r.thinking[board.White]
	t.tally[spec.black].thinking += r.thinking[board.Black]
	t.settings.live.update(r)
	// An output that cannot be written stops the match, as the SPRT does:
	// the games in progress are abandoned, take starts no further game,
	// and run reports the failure.
	if t.pgn != nil && t.pgn.write(r.pgn(t.cfg.Event, t.cfg.Site, t.cfg.PGNMin)) != nil ||
		t.epd.write(r.endFEN+"\n") != nil || t.out.logFailed() != nil {
		t.stop()
	}
	t.out.line("Finished game %d (%s vs %s): %s {%s}", spec.number, r.white, r.black, r.result, r.reason)
	t.out.line("%s", scoreLine(t.settings.names, e))
	var more []string
	if n := t.cfg.RatingEvery; n > 0 && t.finished%n == 0 && t.finished < len(t.specs) {
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
			more = append(more, t.sprtLine(e))
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

func (t *tournament) statusText() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := fmt.Sprintf("[%d/%d] %d running", t.finished, len(t.specs), t.running)
	if len(t.enc) == 1 && t.finished > 0 {
		e := t.enc[0]
		elo, margin := EloTrinomial(e.score)
		s += fmt.Sprintf(" | %d-%d-%d Elo %s +/- %s", e.score.W, e.score.L, e.score.D, fmtElo(elo), fmtElo(margin))
		if t.cfg.SPRT != nil {
			s += fmt.Sprintf(" LLR %.2f", t.llr(e))
		}
	}
	el := time.Since(t.start)
	s += " | " + el.Round(time.Second).String()
	if n := t.finished - t.resumed; n > 0 {
		left := el / time.Duration(n) * time.Duration(len(t.specs)-t.finished)
		s += ", ~" + left.Round(time.Second).String() + " left"
	}
	return s
}

// finalLines are the statistics at the end of the match (or of a merge).
func (t *tournament) finalLines() []string {
	var lines []string
	for _, e := range t.enc {
		lines = append(lines, scoreLine(t.settings.names, e))
		if len(t.enc) == 1 {
			lines = append(lines, t.eloLines(e)...)
		}
	}
	if len(t.enc) > 1 {
		lines = append(lines, t.rankLines()...)
		if t.cfg.Gauntlet {
			lines = append(lines, t.gauntletLines()...)
		}
	}
	return append(lines, t.tallyLines()...)
}

// report prints the end of the match: interrupted, stopped by a failure
// (failed), or played to the end or to the SPRT's decision.
func (t *tournament) report(interrupted bool, failed error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var lines []string
	switch {
	case interrupted:
		lines = append(lines, fmt.Sprintf("Match interrupted: %d of %d games finished", t.finished, len(t.specs)))
	case failed != nil:
		lines = append(lines, fmt.Sprintf("Match stopped after %d of %d games: %v", t.finished, len(t.specs), failed))
	case t.decision != "":
		lines = append(lines, fmt.Sprintf("SPRT stopped the match after %d of %d games", t.finished, len(t.specs)))
	}
	lines = append(lines, t.finalLines()...)
	var think []string
	for i, c := range t.tally {
		think = append(think, fmt.Sprintf("%s %.3f s", t.settings.names[i], c.thinking.Seconds()))
	}
	lines = append(lines, fmt.Sprintf("Thinking time: %s; wall time %.3f s", strings.Join(think, ", "), time.Since(t.start).Seconds()))
	lines = append(lines, "Finished match")
	for _, l := range lines {
		t.out.line("%s", l)
	}
}

func newTournament(cfg *Config, out *printer, names []string) *tournament {
	t := &tournament{cfg: cfg, out: out, start: time.Now(), players: make([]Score, len(names)), tally: make([]engineTally, len(names))}
	t.settings = &gameSettings{variant: cfg.Variant, adj: cfg.Adjudication, stall: cfg.Stall, fields: cfg.PGNFields, names: names}
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
		e, err := uciclient.Start(ctx, &cfg.Engines[i].Config, cfg.Variant, startTimeout(cfg), out)
		if err != nil {
			interrupted = true
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("engine %d: %v", i+1, err)
		}
		first[i] = e
		ids = append(ids, e.IDName)
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
	}
	t.settings.ids = ids
	t.enc, t.specs, t.total, t.paired = enc, specs, total, paired
	t.settings.live = newLivePGN(cfg, out)
	if cfg.Shards > 0 {
		out.line("Shard %d of %d: %d of the match's %d games", cfg.Shard, cfg.Shards, len(t.specs), t.total)
	}
	openings, err := t.openings(ctx, first[0], slots)
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

// openings prepares one opening per slot.
func (t *tournament) openings(ctx context.Context, checker *uciclient.Engine, n int) ([]Opening, error) {
	cfg, o := t.cfg, &t.cfg.Openings
	v := cfg.Variant
	switch o.Kind {
	case openingsFile:
		if bookFormat(o, nil) == "bin" {
			book, err := waitOr(ctx, func() ([]polyglotEntry, error) { return readPolyglot(o.File) }, nil)
			if err != nil {
				return nil, err
			}
			ops, err := polyglotOpenings(v, book, n, o.Plies, o.Start, o.Random, o.Seed)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", o.File, err)
			}
			how := "in the book's order"
			if o.Random {
				how = fmt.Sprintf("chosen by weight, seed %d", o.Seed)
			}
			depth := "to the book's end"
			if o.Plies > 0 {
				depth = fmt.Sprintf("of at most %d plies", o.Plies)
			}
			t.out.line("Openings: %d lines of the Polyglot book %s (%d entries) %s, %s", n, o.File, len(book), depth, how)
			return ops, nil
		}
		book, err := waitOr(ctx, func() ([]Opening, error) { return loadOpenings(v, o) }, nil)
		if err != nil {
			return nil, err
		}
		return pickOpenings(book, n, o.Random, o.Seed), nil
	case openingsRandom:
		plies := o.Plies
		if plies == 0 {
			plies = 8
		}
		var check scoreChecker
		how := "unchecked"
		if o.Bound > 0 {
			check = engineChecker(checker, o, cfg.Stall)
			how = fmt.Sprintf("go depth %d", o.Depth)
			if o.Nodes > 0 {
				how = fmt.Sprintf("go nodes %d", o.Nodes)
			}
			how = fmt.Sprintf("kept within %d cp by %s of %s", o.Bound, cfg.Engines[0].Name, how)
		}
		ops, discarded, err := randomOpenings(ctx, v, n, plies, o.Bound, o.Seed, check)
		if err != nil {
			return nil, fmt.Errorf("random openings: %v", err)
		}
		t.out.line("Openings: %d random playouts of %d plies, seed %d, %s, %d discarded", n, plies, o.Seed, how, discarded)
		return ops, nil
	case openingsFRC, openingsDFRC:
		return frcOpenings(o.Kind == openingsDFRC, n, o.Random, o.Start, o.Seed), nil
	}
	ops := make([]Opening, n)
	for i := range ops {
		ops[i] = Opening{FEN: v.StartFEN()}
	}
	return ops, nil
}

// Usage describes the command line.
const Usage = `usage: senapati match -engine cmd=PATH [name=N] [arg=A]... [option.NAME=V]... -engine ... [flags]
       senapati match -merge SHARD.pgn... [-sprt ...]

Plays UCI engines against each other; the board package's rules judge every
move and every result. Flags follow cutechess-cli and fastchess:
  -engine KEY=VALUE...   one player: cmd=PATH (required), name=N, dir=DIR,
                         arg=A (repeatable), option.NAME=VALUE, initstr=LINE,
                         restart=on|off, proto=uci (the only protocol), and
                         any -each key
  -each KEY=VALUE...     settings for every engine: tc=[MOVES/]SECONDS[+INC]
                         (e.g. 40/60, 10+0.1), st=SECONDS per move, depth=N,
                         nodes=N, timemargin=MS, option.NAME=VALUE
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
          [nodes=true] [seldepth=true] [nps=true] [timeleft=true] [pv=true]
                         append finished games (min: without comments;
                         notation: of the moves, SAN by default; the others
                         add n=, sd=, nps=, tl= and a clock command,
                         pv= to them)
  -epdout FILE | -epdout file=FILE   append the final position of each game
  -livepgnout FILE [min] | -livepgnout file=FILE [min=true]
                         the games in progress, rewritten after each move
  -resume FILE           finish the interrupted match of the state file
                         FILE (PGN.resume, written next to -pgnout PGN);
                         the same command line resumes it too: only the
                         games missing from the PGN are played
  -event NAME, -site NAME   PGN tags
  -ratinginterval N      print the statistics every N games (default 10)
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

// buildCommit is set by the Makefile (go build -ldflags -X), for builds
// that record no version control information.
var buildCommit string

// Version is what -version prints: the commit the binary was built from,
// when the build recorded it, and the Go release.
func Version() string {
	commit := "unknown commit"
	if buildCommit != "" {
		commit = "commit " + buildCommit
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		var rev, modified string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" {
			commit = "commit " + rev[:min(len(rev), 12)]
			if modified == "true" {
				commit += " with local changes"
			}
		}
	}
	return fmt.Sprintf("senapati match (%s, %s)", commit, runtime.Version())
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
