package match

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

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
	// warnings counts the warnings given, for -strict.
	warnings int
}

// warningCount is how many warnings were given.
func (p *printer) warningCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.warnings
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

// note is a line for stderr and the log (-show-latency's).
func (p *printer) note(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	p.write(p.errOut, s)
	p.log.write(levelInfo, s)
}

func (p *printer) warn(format string, args ...any) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.warnings++
	p.mu.Unlock()
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

// cutechessFinal is cutechess-cli's end of a match: the score and Elo
// lines of each pairing (the rank table for more engines), nothing of
// our own.
func (t *tournament) cutechessFinal() []string { return t.scoreAndRankLines() }

// scoreAndRankLines are the score and Elo lines of each pairing, or the
// rank table where more engines play: the end of every report format.
func (t *tournament) scoreAndRankLines() []string {
	var lines []string
	for _, e := range t.enc {
		lines = append(lines, scoreLine(t.settings.names, e))
		if len(t.enc) == 1 {
			lines = append(lines, t.eloLines(e)...)
		}
	}
	if len(t.enc) > 1 {
		lines = append(lines, t.rankLines()...)
	}
	return lines
}

// eloLines is cutechess's summary of a pairing, plus the pair statistics
// (not with -output format=cutechess).
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
	if p := e.ptnml; p.Pairs() > 0 && t.cfg.Output != outputCutechess {
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
	lines := t.scoreAndRankLines()
	if len(t.enc) > 1 && t.cfg.Gauntlet {
		lines = append(lines, t.gauntletLines()...)
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
	case t.decision != "" && t.cfg.Output == "":
		lines = append(lines, fmt.Sprintf("SPRT stopped the match after %d of %d games", t.finished, len(t.specs)))
	}
	switch t.cfg.Output {
	case outputFastchess:
		printed := t.lastBlock == t.enc[0].score.N() && t.decision == ""
		lines = append(lines, t.fastchessEnd(printed)...)
		for _, l := range lines {
			t.out.line("%s", l)
		}
		return
	case outputCutechess:
		lines = append(lines, t.cutechessFinal()...)
		for _, l := range append(lines, "Finished match") {
			t.out.line("%s", l)
		}
		return
	}
	lines = append(lines, t.finalLines()...)
	var think []string
	for i, c := range t.tally {
		think = append(think, fmt.Sprintf("%s %.3f s", t.settings.names[i], c.thinking.Seconds()))
	}
	lines = append(lines, fmt.Sprintf("Thinking time: %s; wall time %.3f s", strings.Join(think, ", "), time.Since(t.start).Seconds()))
	if l := t.ponderLine(); l != "" {
		lines = append(lines, l)
	}
	lines = append(lines, "Finished match")
	for _, l := range lines {
		t.out.line("%s", l)
	}
}

// ponderLine tells how often each UCI engine that ponders guessed its
// opponent's move ("" when none ponders). A CECP engine ponders inside
// itself, unseen: it is named without numbers.
func (t *tournament) ponderLine() string {
	var parts []string
	for i, e := range t.cfg.Engines {
		switch {
		case !e.Ponder:
		case e.IsXboard():
			parts = append(parts, t.settings.names[i]+" (CECP: hard, not seen)")
		default:
			parts = append(parts, fmt.Sprintf("%s %d of %d", t.settings.names[i], t.tally[i].ponderHits, t.tally[i].ponderTries))
		}
	}
	if parts == nil {
		return ""
	}
	return "Ponder hits: " + strings.Join(parts, ", ")
}
