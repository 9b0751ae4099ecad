package protocol

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"senapati/board"
	"senapati/internal/version"
	"senapati/perft"
	"senapati/search"
)

// UCI is one protocol session.
type UCI struct {
	state
	*output
	job *job // the running search or tool; nil when idle
	// pondering is the ponder state of the last search started, for
	// urgent (which runs beside the command loop).
	pondering atomic.Pointer[search.Ponder]
}

// job is work running beside the command loop.
type job struct {
	done    chan struct{}
	cancel  context.CancelFunc // nil: a tool (perft, bench) that runs to its end
	endless bool               // a search that waits for stop (infinite, ponder)
	ponder  *search.Ponder     // a ponder search's, which ponderhit hits; else nil
	// answered: bestmove is (about to be) out, so a command the GUI sends
	// on reading it may wait the moment until done.
	answered atomic.Bool
}

// New makes a session that drives e and writes to out.
func New(out io.Writer, e Engine, tools Tools) *UCI {
	return &UCI{state: newState(e, tools), output: newOutput(out)}
}

func (u *UCI) info(format string, args ...any) { u.send("info string "+format, args...) }

// Run reads commands until quit or end of input. Input is read in its own
// goroutine, and no command blocks the loop for long, so stop, isready and
// quit are answered whatever runs.
func (u *UCI) Run(in io.Reader) {
	lines := make(chan string, 256)
	go readLines(in, lines, u.urgent, func() { u.info("input line longer than %d bytes ignored", maxLine) })
	for line := range lines {
		if !u.Handle(line) {
			break
		}
	}
	// A search is stopped; perft and bench are finished, so that a script
	// ending in quit (or end of input) still gets their whole output.
	u.stopSearch()
	u.wait()
}

// urgent acts on stop and ponderhit in the reader goroutine itself, before
// the line is queued: the search sees them at once even if the command
// loop is busy. The loop handles the same line again for its bookkeeping.
func (u *UCI) urgent(line string) {
	switch strings.TrimSpace(line) {
	case "stop":
		u.engine.Stop()
	case "ponderhit":
		u.pondering.Load().Hit()
	}
}

// Handle runs one command line and reports whether to go on.
func (u *UCI) Handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "quit":
		return false
	case "stop":
		u.stopSearch()
	case "ponderhit":
		if u.job != nil {
			u.job.endless = false
			u.job.ponder.Hit()
		}
	case "isready":
		u.applyIfIdle()
		u.send("readyok")
	case "uci":
		u.send("id name Senapati %s", version.String())
		u.send("id author the Senapati developers")
		defaults := state{settings: search.DefaultSettings(), variant: board.Variants()[0]}
		for _, o := range options {
			u.send("%s", o.announceUCI(&defaults))
		}
		u.send("uciok")
	case "ucinewgame":
		u.pos, u.history = u.startPosition(), nil
		u.newGame = true
		u.applyIfIdle()
	case "setoption":
		u.setOptionCommand(args)
	case "position":
		u.position(args)
	case "go":
		u.goCommand(args)
	case "d":
		u.display()
	case "eval":
		for _, l := range u.engine.Explain(&u.pos) {
			u.send("%s", l)
		}
	case "bench":
		u.bench(args)
	case "debug", "register":
	default:
		u.info("unknown command '%s'", truncate(cmd, 40))
	}
	return true
}

func (u *UCI) setOptionCommand(args []string) {
	// setoption name <name with spaces> [value <value with spaces>]
	if len(args) < 2 || args[0] != "name" {
		u.info("setoption needs: setoption name NAME [value VALUE]")
		return
	}
	name, value := strings.Join(args[1:], " "), ""
	if i := indexOf(args, "value"); i > 0 {
		name, value = strings.Join(args[1:i], " "), strings.Join(args[i+1:], " ")
	}
	variant := u.variant
	u.note = ""
	if err := u.setOption(name, value); err != nil {
		u.info("%v", err)
		return
	}
	if u.note != "" {
		u.info("%s", u.note)
	}
	if u.variant != variant || strings.EqualFold(name, "UCI_Variant") {
		v := u.variant
		u.info("variant %s files %d ranks %d startpos %s", v.Name(), v.Files(), v.Ranks(), v.StartFEN())
	}
	u.applyIfIdle()
}

// applyIfIdle hands changed settings, a new game or a table clear to the
// engine when nothing runs; otherwise the next go does it. So a search is
// never disturbed, and isready after setoption Hash is answered once the
// new table exists.
func (u *UCI) applyIfIdle() {
	if u.job != nil {
		select {
		case <-u.job.done:
		default:
			if !u.job.answered.Load() {
				return
			}
			<-u.job.done // bestmove is out: the search is ending
		}
		u.job = nil
	}
	if asked, got := u.apply(); got < asked {
		u.info("Hash %d MB is more than this machine can spare; the table has %d MB", asked, got)
	}
}

func indexOf(a []string, s string) int {
	for i, x := range a {
		if x == s {
			return i
		}
	}
	return -1
}

// position sets up a position; on a bad FEN the old position stays, on an
// illegal move the position after the last legal one stays.
func (u *UCI) position(args []string) {
	if len(args) == 0 {
		u.info("position needs startpos or fen")
		return
	}
	var pos board.Position
	rest := args[1:]
	switch args[0] {
	case "startpos":
		pos = u.startPosition()
	case "fen":
		end := indexOf(rest, "moves")
		if end < 0 {
			end = len(rest)
		}
		p, err := u.parseFEN(strings.Join(rest[:end], " "))
		if err != nil {
			u.info("invalid FEN for %s: %v", u.variantName(), err)
			return
		}
		pos, rest = p, rest[end:]
	default:
		u.info("position needs startpos or fen, got '%s'", truncate(args[0], 40))
		return
	}
	var history []uint64
	if len(rest) > 0 {
		if rest[0] != "moves" {
			u.info("expected 'moves' after the position, got '%s'", truncate(rest[0], 40))
			u.pos, u.history = pos, nil
			return
		}
		for i, s := range rest[1:] {
			if s == "0000" && !pos.InCheck() && !pos.HasWaiting() {
				history = append(history, pos.Hash())
				pos.DoNullMove()
				continue
			}
			m, err := pos.ParseMove(s)
			if err != nil {
				u.info("move %d (%s): %v; position kept after the last legal move", i+1, truncate(s, 40), err)
				break
			}
			history = append(history, pos.Hash())
			pos.DoMove(m)
		}
	}
	u.pos, u.history = pos, history
}

func (u *UCI) display() {
	for _, l := range boardDiagram(&u.pos) {
		u.send("%s", l)
	}
	u.send("Variant: %s", u.variantName())
	u.send("Fen: %s", u.pos.FEN())
	u.send("Key: %016X", u.pos.Hash())
	check := ""
	if u.pos.InCheck() {
		check = " (in check)"
	}
	u.send("Side to move: %s%s", u.pos.SideToMove(), check)
}

// boardDiagram draws the board as text, the top rank first.
func boardDiagram(p *board.Position) []string {
	v := p.Variant()
	var lines []string
	for r := v.Ranks() - 1; r >= 0; r-- {
		var b strings.Builder
		fmt.Fprintf(&b, "%d ", r+1)
		for f := 0; f < v.Files(); f++ {
			c := byte('.')
			if pc := p.PieceAt(board.MakeSquare(f, r)); pc != board.NoPiece {
				c = v.PieceLetter(pc)
			}
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		lines = append(lines, b.String())
	}
	var b strings.Builder
	b.WriteString("  ")
	for f := 0; f < v.Files(); f++ {
		b.WriteByte(' ')
		b.WriteByte(byte('a' + f))
	}
	return append(lines, b.String())
}

// maxClock caps clock values so durations cannot overflow (about 24 days).
const maxClock = 1 << 31

// parseGo reads a go command's parameters. A bad or missing value is
// reported and that parameter ignored; the rest still counts, so every go
// gets its bestmove. perftDepth > 0 asks for perft instead of a search.
func (u *UCI) parseGo(args []string) (l search.Limits, perftDepth int) {
	durations := map[string]*time.Duration{
		"wtime": &l.Time[board.White], "btime": &l.Time[board.Black],
		"winc": &l.Inc[board.White], "binc": &l.Inc[board.Black], "movetime": &l.MoveTime,
	}
	var nodes int
	counts := map[string]*int{"movestogo": &l.MovesToGo, "depth": &l.Depth, "mate": &l.Mate, "nodes": &nodes, "perft": &perftDepth}
	for i := 0; i < len(args); i++ {
		name := args[i]
		d, isDuration := durations[name]
		c, isCount := counts[name]
		switch {
		case isDuration || isCount:
			if i+1 >= len(args) || isGoKeyword(args[i+1]) {
				u.info("go %s needs a number; ignored", name)
				continue
			}
			i++
			n, err := strconv.ParseInt(args[i], 10, 64)
			if err != nil && isDuration {
				u.info("go %s needs a whole number of milliseconds, got '%s'; ignored", name, truncate(args[i], 40))
				continue
			}
			if err != nil || (n < 0 && !isDuration) {
				u.info("go %s needs a non-negative number, got '%s'; ignored", name, truncate(args[i], 40))
				continue
			}
			if isDuration {
				// Some GUIs send a negative clock after an overrun; a clock at
				// or below zero still means "play now".
				*d = time.Duration(min(max(n, 0), maxClock)) * time.Millisecond
				if name[1:] == "time" {
					*d = max(*d, time.Millisecond)
				}
			} else {
				*c = int(min(n, maxClock))
			}
		case name == "infinite":
			l.Infinite = true
		case name == "ponder":
			l.Ponder = &search.Ponder{}
		case name == "searchmoves":
			for ; i+1 < len(args); i++ {
				m, err := u.pos.ParseMove(args[i+1])
				if err != nil {
					break
				}
				l.SearchMoves = append(l.SearchMoves, m)
			}
		default:
			u.info("unknown go parameter '%s' ignored", truncate(name, 40))
		}
	}
	l.Nodes = uint64(nodes)
	// Limits beyond the search's reach are capped to it; 0 for depth,
	// nodes, movetime or mate means "no limit".
	l.Mate = min(l.Mate, search.MaxPly/2)
	l.Depth = min(l.Depth, search.MaxPly-1)
	hasLimit := l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Mate > 0 || l.Time[u.pos.SideToMove()] > 0
	if !hasLimit && l.Ponder == nil {
		l.Infinite = true // nothing would end it: wait for stop
	}
	return l, perftDepth
}

func isGoKeyword(s string) bool {
	switch s {
	case "wtime", "btime", "winc", "binc", "movetime", "movestogo", "depth", "mate", "nodes", "perft",
		"infinite", "ponder", "searchmoves":
		return true
	}
	return false
}

func (u *UCI) goCommand(args []string) {
	l, perftDepth := u.parseGo(args)
	if perftDepth > 0 || indexOf(args, "perft") >= 0 {
		if perftDepth < 1 || perftDepth > perft.MaxDepth {
			u.info("go perft needs a depth from 1 to %d", perft.MaxDepth)
			return
		}
		pos := u.pos
		u.startTool(func() { perft.Report(&lineWriter{u: u}, &pos, perftDepth) })
		return
	}
	u.startSearch(l)
}

func (u *UCI) bench(args []string) {
	if u.tools.Bench == nil {
		u.info("bench is not available in this session")
		return
	}
	u.startTool(func() {
		out := &lineWriter{u: u}
		errs := &lineWriter{u: u, prefix: "info string "}
		u.tools.Bench(args, out, errs)
		errs.flush()
	})
}

// startSearch runs the search in the background; bestmove is printed when
// it ends. A search still running is stopped first.
func (u *UCI) startSearch(l search.Limits) {
	u.stopSearch()
	u.wait()
	u.applyIfIdle()
	root := u.pos
	if !root.HasLegalMove() {
		u.noMoves(&root)
		return
	}
	keepProcsForInput(u.settings.Threads)
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{done: make(chan struct{}), cancel: cancel, endless: l.Infinite || l.Ponder != nil, ponder: l.Ponder}
	u.job = j
	u.pondering.Store(l.Ponder)
	history := append([]uint64(nil), u.history...)
	showWDL := u.showWDL // the search's copy: setoption may change the session's
	go func() {
		defer close(j.done)
		defer cancel()
		res := u.engine.Search(ctx, root, history, l, func(in search.Info) { u.sendInfo(&root, in, showWDL) })
		j.answered.Store(true)
		switch {
		case res.Best == board.NoMove:
			u.send("bestmove (none)")
		case res.Ponder != board.NoMove:
			child := root
			child.DoMove(res.Best)
			u.send("bestmove %s ponder %s", root.MoveString(res.Best), child.MoveString(res.Ponder))
		default:
			u.send("bestmove %s", root.MoveString(res.Best))
		}
	}()
}

// startTool runs perft or bench beside the input loop, so isready is still
// answered; stop cannot cut them short. A command that needs the engine
// (go, bench) waits for the tool to finish.
func (u *UCI) startTool(run func()) {
	u.stopSearch()
	u.wait()
	j := &job{done: make(chan struct{})}
	u.job = j
	go func() {
		defer close(j.done)
		run()
	}()
}

// noMoves answers a search request in a finished position: an info line
// whose score says who has won by the variant's rules, then bestmove (none).
func (u *UCI) noMoves(p *board.Position) {
	v := p.Verdict(0)
	score, wdl := "cp 0", " wdl 0 1000 0"
	switch {
	case v.Termination == board.Checkmate:
		score = "mate 0"
	case v.Winner != board.Nobody:
		score = fmt.Sprintf("cp %d", v.Score(p.SideToMove(), 0))
	}
	if v.Winner == board.WinnerIs(p.SideToMove()) {
		wdl = " wdl 1000 0 0"
	} else if v.Winner != board.Nobody {
		wdl = " wdl 0 0 1000"
	}
	if !u.showWDL { // the game is over: its result, not a model, says who won
		wdl = ""
	}
	u.send("info depth 0 score %s%s string %s", score, wdl, v.Reason())
	u.send("bestmove (none)")
}

func formatScore(s int) string {
	if n, mate := search.MateIn(s); mate {
		return fmt.Sprintf("mate %d", n)
	}
	return fmt.Sprintf("cp %d", s)
}

func (u *UCI) sendInfo(root *board.Position, in search.Info, showWDL bool) {
	bound := ""
	switch in.Bound {
	case search.BoundLower:
		bound = " lowerbound"
	case search.BoundUpper:
		bound = " upperbound"
	}
	wdl := ""
	if showWDL {
		w, d, l := u.engine.WDL(root, in.Score)
		wdl = fmt.Sprintf(" wdl %d %d %d", w, d, l)
	}
	u.send("info depth %d seldepth %d multipv %d score %s%s%s nodes %d nps %d hashfull %d time %d pv %s",
		in.Depth, in.SelDepth, in.MultiPV, formatScore(in.Score), wdl, bound, in.Nodes, in.NPS, in.HashFull, in.Time.Milliseconds(), pvString(root, in.PV))
}

// pvString writes a principal variation as move strings.
func pvString(root *board.Position, pv []board.Move) string {
	var b strings.Builder
	p := *root
	for i, m := range pv {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.MoveString(m))
		p.DoMove(m)
	}
	return b.String()
}

// stopSearch ends a running search (not a tool, whose answer comes when
// it is done) and waits for its bestmove.
func (u *UCI) stopSearch() {
	if u.job == nil || u.job.cancel == nil {
		return
	}
	u.engine.Stop()
	u.job.cancel()
	u.wait()
}

// wait blocks until the running job, if any, has finished.
func (u *UCI) wait() {
	if u.job != nil {
		<-u.job.done
		u.job = nil
	}
}

// lineWriter sends each complete line written to it through u.send.
type lineWriter struct {
	u      *UCI
	prefix string
	buf    []byte
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := strings.IndexByte(string(w.buf), '\n')
		if i < 0 {
			return len(p), nil
		}
		w.u.send("%s%s", w.prefix, w.buf[:i])
		w.buf = w.buf[i+1:]
	}
}

func (w *lineWriter) flush() {
	if len(w.buf) > 0 {
		w.u.send("%s%s", w.prefix, w.buf)
		w.buf = nil
	}
}
