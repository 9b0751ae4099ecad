package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"sync"
	"time"
	"unicode/utf8"

	"senapati/board"
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
// below them.
type printer struct {
	mu     sync.Mutex
	out    io.Writer
	errOut io.Writer
	term   io.Writer // where the status line goes; nil: none
	status string
}

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

func (p *printer) line(format string, args ...any) { p.write(p.out, fmt.Sprintf(format, args...)) }
func (p *printer) warn(format string, args ...any) { p.write(p.errOut, fmt.Sprintf(format, args...)) }

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
	specs    []*gameSpec
	enc      []*encounter
	players  []Score
	out      *printer
	pgn      io.Writer
	debug    *debugLog
	stop     context.CancelFunc // ends the match early (SPRT)
	start    time.Time

	mu        sync.Mutex
	next      int
	running   int
	finished  int
	decision  string // SPRT: H0 or H1 once decided
	pgnFailed bool
}

// schedule lays out the games: for each round, each pairing plays Games
// games; colours alternate within a pairing and every Repeat games of a
// pairing share an opening (the same one for every pairing).
func schedule(cfg *Config) ([]*encounter, []*gameSpec, int) {
	var enc []*encounter
	for i := range cfg.Engines {
		for j := i + 1; j < len(cfg.Engines); j++ {
			if !cfg.Gauntlet || i == 0 {
				enc = append(enc, &encounter{a: i, b: j, open: map[int]float64{}})
			}
		}
	}
	var specs []*gameSpec
	for r := 0; r < cfg.Rounds; r++ {
		for n, e := range enc {
			for k := 0; k < cfg.Games; k++ {
				idx := r*cfg.Games + k
				s := &gameSpec{number: len(specs) + 1, encounter: n, white: e.a, black: e.b, firstWhite: true, pair: idx / 2}
				if idx%2 == 1 {
					s.white, s.black, s.firstWhite = e.b, e.a, false
				}
				s.slot = idx / cfg.Repeat
				specs = append(specs, s)
			}
		}
	}
	slots := (cfg.Rounds*cfg.Games + cfg.Repeat - 1) / cfg.Repeat
	return enc, specs, slots
}

// pool is one worker's running engines, by engine index.
type pool map[int]*Engine

func (t *tournament) engine(ctx context.Context, p pool, idx int) (*Engine, error) {
	cfg := &t.cfg.Engines[idx]
	if e := p[idx]; e != nil {
		if e.alive() && !cfg.Restart {
			return e, nil
		}
		if !e.alive() {
			t.out.warn("Warning: %s exited; starting it again", cfg.Name)
		}
		e.quit()
		delete(p, idx)
	}
	e, err := startEngine(ctx, cfg, t.cfg.Variant, t.cfg.Stall, t.debug)
	if err != nil {
		return nil, err
	}
	p[idx] = e
	return e, nil
}

func (p pool) close(kill bool) {
	var wg sync.WaitGroup
	for _, e := range p {
		wg.Go(func() {
			if kill {
				e.kill()
			} else {
				e.quit()
			}
		})
	}
	wg.Wait()
}

func (t *tournament) take(ctx context.Context) *gameSpec {
	t.mu.Lock()
	defer t.mu.Unlock()
	if ctx.Err() != nil || t.next >= len(t.specs) {
		return nil
	}
	s := t.specs[t.next]
	t.next++
	t.running++
	t.out.line("Started game %d of %d (%s vs %s)", s.number, len(t.specs), t.settings.names[s.white], t.settings.names[s.black])
	return s
}

func (t *tournament) play(ctx context.Context, spec *gameSpec, p pool) (*gameResult, error) {
	var engines [2]*Engine
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
	return playGame(ctx, t.settings, spec, engines)
}

func (t *tournament) worker(ctx context.Context, p pool) error {
	for {
		spec := t.take(ctx)
		if spec == nil {
			return nil
		}
		res, err := t.play(ctx, spec, p)
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

// pentanomial reports whether the pairs of the match are game pairs on one
// opening with colours swapped, so that SPRT should count pairs.
func (t *tournament) pentanomial() bool { return t.cfg.Repeat == 2 }

func (t *tournament) llr(e *encounter) float64 {
	if t.pentanomial() {
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

// rankLines is the table of a tournament of more than two engines.
func (t *tournament) rankLines() []string {
	order := make([]int, len(t.players))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return t.players[order[i]].Ratio() > t.players[order[j]].Ratio() })
	width := 4
	for _, n := range t.settings.names {
		width = max(width, len(n))
	}
	lines := []string{fmt.Sprintf("Rank %-*s %7s %7s %7s %7s %7s", width, "Name", "Elo", "+/-", "Games", "Score", "Draw")}
	for r, i := range order {
		s := t.players[i]
		elo, margin := EloTrinomial(s)
		lines = append(lines, fmt.Sprintf("%4d %-*s %7s %7s %7d %6.1f%% %6.1f%%", r+1, width, t.settings.names[i],
			fmtElo(elo), fmtElo(margin), s.N(), 100*s.Ratio(), 100*s.DrawRatio()))
	}
	return lines
}

func (t *tournament) finish(r *gameResult) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.finished++
	spec, e := r.spec, t.enc[r.spec.encounter]
	pts := r.firstPoints()
	e.score.add(pts)
	if spec.firstWhite {
		e.asWhite.add(pts)
	} else {
		e.asBlack.add(pts)
	}
	t.players[e.a].add(pts)
	t.players[e.b].add(1 - pts)
	if first, ok := e.open[spec.pair]; ok {
		e.ptnml[int(math.Round(2*(first+pts)))]++
		delete(e.open, spec.pair)
	} else {
		e.open[spec.pair] = pts
	}
	if t.pgn != nil {
		if _, err := io.WriteString(t.pgn, r.pgn(t.cfg.Event, t.cfg.Site, t.cfg.PGNMin)); err != nil && !t.pgnFailed {
			t.pgnFailed = true
			t.out.warn("Warning: cannot write the PGN: %v", err)
		}
	}
	t.out.line("Finished game %d (%s vs %s): %s {%s}", spec.number, r.white, r.black, r.result, r.reason)
	t.out.line("%s", scoreLine(t.settings.names, e))
	var more []string
	if n := t.cfg.RatingEvery; n > 0 && t.finished%n == 0 && t.finished < len(t.specs) {
		if len(t.enc) == 1 {
			more = t.eloLines(e)
		} else {
			more = t.rankLines()
		}
	}
	if t.cfg.SPRT != nil && t.decision == "" {
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
	if t.finished > 0 {
		left := el / time.Duration(t.finished) * time.Duration(len(t.specs)-t.finished)
		s += ", ~" + left.Round(time.Second).String() + " left"
	}
	return s
}

func (t *tournament) report(interrupted bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var lines []string
	if interrupted {
		lines = append(lines, fmt.Sprintf("Match interrupted: %d of %d games finished", t.finished, len(t.specs)))
	} else if t.decision != "" {
		lines = append(lines, fmt.Sprintf("SPRT stopped the match after %d of %d games", t.finished, len(t.specs)))
	}
	for _, e := range t.enc {
		lines = append(lines, scoreLine(t.settings.names, e))
		if len(t.enc) == 1 {
			lines = append(lines, t.eloLines(e)...)
		}
	}
	if len(t.enc) > 1 {
		lines = append(lines, t.rankLines()...)
	}
	lines = append(lines, "Finished match")
	for _, l := range lines {
		t.out.line("%s", l)
	}
}

// Run plays a match. It returns ctx's error when ctx ends it (the finished
// games are reported and written); all engine processes are gone when it
// returns.
func Run(ctx context.Context, cfg *Config, stdout, stderr io.Writer) error {
	var debug *debugLog
	if cfg.Debug {
		debug = &debugLog{w: stderr, start: time.Now()}
	}
	out := &printer{out: stdout, errOut: stderr}
	if f, ok := stderr.(*os.File); cfg.Progress == "on" || cfg.Progress == "auto" && ok && isTerminal(f) {
		out.term = stderr
	}
	// One instance of each engine first: it checks the command, the
	// handshake and the variant, and names the engine.
	first := pool{}
	interrupted := false
	defer func() { first.close(interrupted) }()
	var ids []string
	for i := range cfg.Engines {
		e, err := startEngine(ctx, &cfg.Engines[i], cfg.Variant, cfg.Stall, debug)
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
	t := &tournament{cfg: cfg, out: out, debug: debug, start: time.Now(), players: make([]Score, len(cfg.Engines))}
	t.settings = &gameSettings{variant: cfg.Variant, adj: cfg.Adjudication, stall: cfg.Stall}
	for _, e := range cfg.Engines {
		t.settings.names = append(t.settings.names, e.Name)
		t.settings.tcs = append(t.settings.tcs, e.TC)
	}
	var slots int
	t.enc, t.specs, slots = schedule(cfg)
	if cfg.PGNOut != "" {
		f, err := os.OpenFile(cfg.PGNOut, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		t.pgn = f
	}

	openings, err := t.openings(ctx, first[0], slots)
	if err != nil {
		interrupted = ctx.Err() != nil
		return err
	}
	for _, s := range t.specs {
		s.opening = &openings[s.slot]
	}

	matchCtx, stop := context.WithCancel(ctx)
	defer stop()
	t.stop = stop
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
	workers := min(cfg.Concurrency, len(t.specs))
	pools := make([]pool, workers)
	pools[0] = first
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		if pools[w] == nil {
			pools[w] = pool{}
		}
		wg.Go(func() {
			errs[w] = t.worker(matchCtx, pools[w])
			if errs[w] != nil {
				stop()
			}
		})
	}
	wg.Wait()
	interrupted = ctx.Err() != nil
	var closing sync.WaitGroup
	for _, p := range pools[1:] {
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
	t.report(interrupted)
	if interrupted {
		return ctx.Err()
	}
	return nil
}

// openings prepares one opening per slot.
func (t *tournament) openings(ctx context.Context, checker *Engine, n int) ([]Opening, error) {
	cfg, o := t.cfg, &t.cfg.Openings
	v := cfg.Variant
	switch o.Kind {
	case openingsFile:
		book, err := loadOpenings(v, o)
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
	}
	ops := make([]Opening, n)
	for i := range ops {
		ops[i] = Opening{FEN: v.StartFEN()}
	}
	return ops, nil
}

// Usage describes the command line.
const Usage = `usage: senapati match -engine cmd=PATH [name=N] [arg=A]... [option.NAME=V]... -engine ... [flags]

Plays UCI engines against each other; the board package's rules judge every
move and every result. Flags follow cutechess-cli:
  -engine KEY=VALUE...   one player: cmd=PATH (required), name=N, dir=DIR,
                         arg=A (repeatable), option.NAME=VALUE, initstr=LINE,
                         restart=on|off, and any -each key
  -each KEY=VALUE...     settings for every engine: tc=[MOVES/]SECONDS[+INC]
                         (e.g. 40/60, 10+0.1), st=SECONDS per move, depth=N,
                         nodes=N, timemargin=MS, option.NAME=VALUE
  -variant chess|chaturanga|durg                          (default chess)
  -games N               games per pairing and round      (default 1)
  -rounds N              rounds                           (default 1)
  -repeat [N]            play each opening N times, colours swapped (N=2)
  -concurrency N         games played at once             (default 1)
  -tournament roundrobin|gauntlet                         (default roundrobin)
  -openings file=F [format=epd|pgn] [order=random|sequential] [plies=N] [start=N]
  -openings random [plies=8] [bound=150] [depth=4|nodes=N] [seed=S]
                         seeded random playouts; positions the first engine
                         scores beyond bound centipawns are discarded
                         (bound=0 keeps all)
  -srand S               seed for order=random and random openings
  -draw movenumber=N movecount=N score=CP   adjudicate quiet games drawn
  -resign movecount=N score=CP [twosided=true]   adjudicate lost games
  -maxmoves N            adjudicate a draw after N moves
  -timemargin MS         overrun allowed before a time forfeit (default 0)
  -stall SECONDS         wait for answers without a clock (default 30)
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]   stop when decided
  -pgnout FILE [min]     append finished games (min: without comments)
  -event NAME, -site NAME   PGN tags
  -ratinginterval N      print the statistics every N games (default 10)
  -progress auto|on|off  status line on stderr (auto: when a terminal)
  -debug                 print the UCI traffic on stderr`

// Main runs "senapati match" with the arguments after "match".
func Main(args []string, stdout, stderr io.Writer) int {
	cfg, err := ParseArgs(args)
	if errors.Is(err, errHelp) {
		fmt.Fprintln(stdout, Usage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "match: %v\n(senapati match -help lists the flags)\n", err)
		return 2
	}
	ctx, stop := interruptContext()
	defer stop()
	err = Run(ctx, cfg, stdout, stderr)
	switch {
	case ctx.Err() != nil:
		fmt.Fprintln(stderr, "match: interrupted; finished games are written, engines stopped")
		return 130
	case err != nil:
		fmt.Fprintln(stderr, "match:", err)
		return 1
	}
	return 0
}
