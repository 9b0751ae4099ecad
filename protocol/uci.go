// Package protocol speaks UCI on a pair of streams and drives the search.
package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"senapati/board"
	"senapati/eval"
	"senapati/perft"
	"senapati/search"
)

// UCI is one protocol session.
type UCI struct {
	out         *bufio.Writer
	outMu       sync.Mutex
	engine      *search.Engine
	opts        []*option
	variant     *board.Variant
	pos         board.Position
	history     []uint64 // hashes of the positions before pos in this game
	moveRuleSet bool     // MoveRule was set explicitly; else it follows the variant
	searching   chan struct{}
	endless     bool // the running search waits for stop (infinite, ponder)
	infinite    bool // it was started with go infinite
	// uninterruptible: the background job is perft or bench, which stop
	// cannot end early.
	uninterruptible bool
	cancel          context.CancelFunc
}

// New makes a session writing to out.
func New(out io.Writer) *UCI {
	u := &UCI{out: bufio.NewWriter(out)}
	u.engine = search.NewEngine(16, search.Options{
		Threads: 1, MultiPV: 1, MoveOverhead: msDuration(defaultMoveOverhead), MoveRule: -1,
		Eval: eval.Evaluate, Value: eval.PieceValue,
	})
	u.opts = u.options()
	u.variant = board.Chess
	u.pos = u.variant.StartPosition()
	return u
}

func msDuration(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }

func (u *UCI) send(format string, args ...any) {
	u.outMu.Lock()
	defer u.outMu.Unlock()
	fmt.Fprintf(u.out, format, args...)
	u.out.WriteByte('\n')
	u.out.Flush()
}

func (u *UCI) info(format string, args ...any) { u.send("info string "+format, args...) }

// maxLine bounds one input line; longer ones are reported and dropped.
const maxLine = 1 << 20

// Run reads commands until quit or end of input. Input is read in its own
// goroutine so that stop and quit are seen while a search runs.
func (u *UCI) Run(in io.Reader) {
	lines := make(chan string, 64)
	go readLines(in, lines, u)
	for line := range lines {
		if !u.Handle(line) {
			break
		}
	}
	// A search is stopped; perft and bench are finished, so that a script
	// ending in quit (or end of input) still gets their whole output.
	u.stopSearch()
	u.waitSearch()
}

func readLines(in io.Reader, lines chan<- string, u *UCI) {
	defer close(lines)
	r := bufio.NewReaderSize(in, 64<<10)
	var long []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(long)+len(chunk) <= maxLine {
			long = append(long, chunk...)
		} else if long != nil {
			long = long[:0]
			u.info("input line longer than %d bytes ignored", maxLine)
			long = nil
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if long != nil && len(long) > 0 {
			lines <- strings.TrimRight(string(long), "\r\n")
		}
		long = long[:0]
		if err != nil {
			return
		}
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
		return true
	case "ponderhit":
		u.engine.PonderHit()
		u.endless = u.infinite
		return true
	case "isready":
		u.send("readyok")
		return true
	}
	// Everything else changes or reads state a running search uses. A GUI
	// sends stop first; if it did not, a timed search is let finish, and one
	// that would never end on its own (infinite, ponder) is stopped.
	if u.endless {
		u.stopSearch()
	}
	u.waitSearch()
	switch cmd {
	case "uci":
		u.send("id name Senapati")
		u.send("id author the Senapati developers")
		for _, o := range u.opts {
			u.send("%s", o.announce())
		}
		u.send("uciok")
	case "ucinewgame":
		u.engine.NewGame()
		u.pos, u.history = u.variant.StartPosition(), nil
	case "setoption":
		u.setOption(args)
	case "position":
		u.position(args)
	case "go":
		u.goCommand(args)
	case "d":
		u.display()
	case "eval":
		u.explain()
	case "bench":
		u.background(func() { u.bench(args) })
	case "debug", "register":
	default:
		u.info("unknown command '%s'", truncate(cmd, 40))
	}
	return true
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func (u *UCI) setVariant(v *board.Variant) {
	u.variant = v
	u.pos, u.history = v.StartPosition(), nil
	if !u.moveRuleSet {
		u.engine.Options.MoveRule = -1
	}
	u.engine.NewGame()
	u.info("variant %s files %d ranks %d startpos %s", v.Name, v.Files, v.Ranks, v.StartFEN)
}

func (u *UCI) setOption(args []string) {
	// setoption name <name with spaces> [value <value with spaces>]
	if len(args) < 2 || args[0] != "name" {
		u.info("setoption needs: setoption name NAME [value VALUE]")
		return
	}
	name, value := strings.Join(args[1:], " "), ""
	if i := indexOf(args, "value"); i > 0 {
		name, value = strings.Join(args[1:i], " "), strings.Join(args[i+1:], " ")
	}
	for _, o := range u.opts {
		if !strings.EqualFold(o.name, name) {
			continue
		}
		if o.kind != "button" && value == "" {
			u.info("option %s needs a value", o.name)
			return
		}
		v, err := o.parse(value)
		if err == nil {
			err = o.apply(u, v)
		}
		if err != nil {
			u.info("%v", err)
		}
		return
	}
	u.info("unknown option '%s'", truncate(name, 60))
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
		pos = u.variant.StartPosition()
	case "fen":
		end := indexOf(rest, "moves")
		if end < 0 {
			end = len(rest)
		}
		p, err := board.ParseFEN(u.variant, strings.Join(rest[:end], " "))
		if err != nil {
			u.info("invalid FEN for %s: %v", u.variant.Name, err)
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
	v := u.variant
	var b strings.Builder
	for r := v.Ranks - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%d ", r+1)
		for f := 0; f < v.Files; f++ {
			pc := u.pos.PieceAt(board.MakeSquare(f, r))
			c := byte('.')
			if pc != board.NoPiece {
				c = v.PieceLetter(pc)
			}
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ")
	for f := 0; f < v.Files; f++ {
		b.WriteByte(' ')
		b.WriteByte(byte('a' + f))
	}
	for _, l := range strings.Split(b.String(), "\n") {
		u.send("%s", l)
	}
	u.send("Variant: %s", v.Name)
	u.send("Fen: %s", u.pos.FEN())
	u.send("Key: %016X", u.pos.Hash())
	u.send("Side to move: %s%s", u.pos.SideToMove(), map[bool]string{true: " (in check)", false: ""}[u.pos.InCheck()])
}

func (u *UCI) goCommand(args []string) {
	var l search.Limits
	durations := map[string]*time.Duration{
		"wtime": &l.Time[board.White], "btime": &l.Time[board.Black],
		"winc": &l.Inc[board.White], "binc": &l.Inc[board.Black], "movetime": &l.MoveTime,
	}
	counts := map[string]*int{"movestogo": &l.MovesToGo, "depth": &l.Depth, "mate": &l.Mate}
	var nodes, perftDepth int
	counts["nodes"], counts["perft"] = &nodes, &perftDepth
	for i := 0; i < len(args); i++ {
		name := args[i]
		d, isDuration := durations[name]
		c, isCount := counts[name]
		if isDuration || isCount {
			n, err := -1, error(nil)
			if i+1 < len(args) {
				n, err = strconv.Atoi(args[i+1])
			}
			if err != nil || (n < 0 && !isDuration) {
				u.info("go %s needs a non-negative number", name)
				return
			}
			i++
			if isDuration {
				// Some GUIs send a negative clock after an overrun; a clock at
				// or below zero still means "play now". Huge values are capped
				// so the duration cannot overflow.
				*d = msDuration(min(max(n, 0), 1<<31))
				if name[1:] == "time" {
					*d = max(*d, time.Millisecond)
				}
			} else {
				*c = n
			}
			if name == "perft" {
				if n < 1 || n > 20 {
					u.info("go perft needs a depth from 1 to 20")
					return
				}
				pos := u.pos
				u.background(func() { u.perft(&pos, n) })
				return
			}
			continue
		}
		switch name {
		case "infinite":
			l.Infinite = true
		case "ponder":
			l.Ponder = true
		case "searchmoves":
			for ; i+1 < len(args); i++ {
				m, err := u.pos.ParseMove(args[i+1])
				if err != nil {
					break
				}
				l.SearchMoves = append(l.SearchMoves, u.pos.MoveString(m))
			}
		default:
			u.info("unknown go parameter '%s' ignored", truncate(name, 40))
		}
	}
	l.Nodes = uint64(nodes)
	u.startSearch(l)
}

func (u *UCI) perft(pos *board.Position, depth int) {
	start := time.Now()
	var total uint64
	for _, l := range perft.Divide(pos, depth) {
		u.send("%s: %d", l.Move, l.Nodes)
		total += l.Nodes
	}
	el := time.Since(start)
	u.send("")
	u.send("Nodes searched: %d", total)
	u.info("perft time %d ms, %d nodes/second", el.Milliseconds(), uint64(float64(total)/max(el.Seconds(), 1e-9)))
}

// startSearch runs the search in the background; bestmove is printed when
// it ends.
func (u *UCI) startSearch(l search.Limits) {
	root := u.pos
	var ml board.MoveList
	root.GenerateMoves(&ml)
	if ml.N == 0 {
		u.noMoves(&root)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	u.searching, u.cancel = done, cancel
	u.endless, u.infinite = l.Infinite || l.Ponder, l.Infinite
	history := append([]uint64(nil), u.history...)
	go func() {
		defer close(done)
		defer cancel()
		res := u.engine.Search(ctx, root, history, l, func(in search.Info) { u.sendInfo(&root, in) })
		if res.Best == board.NoMove {
			u.send("bestmove (none)")
			return
		}
		if res.Ponder != board.NoMove {
			child := root
			child.DoMove(res.Best)
			u.send("bestmove %s ponder %s", root.MoveString(res.Best), child.MoveString(res.Ponder))
			return
		}
		u.send("bestmove %s", root.MoveString(res.Best))
	}()
}

// noMoves answers a search request in a finished position: an info line
// whose score says who has won by the variant's rules, then bestmove (none).
func (u *UCI) noMoves(p *board.Position) {
	v := p.Verdict(0)
	score := "cp 0"
	switch {
	case v.Termination == board.Checkmate:
		score = "mate 0"
	case v.Winner != board.Nobody:
		score = fmt.Sprintf("cp %d", v.Score(p.SideToMove(), 0))
	}
	u.send("info depth 0 score %s string %s", score, v.Reason())
	u.send("bestmove (none)")
}

func formatScore(s int) string {
	switch {
	case s >= search.MateBound:
		return fmt.Sprintf("mate %d", (search.Mate-s+1)/2)
	case s <= -search.MateBound:
		return fmt.Sprintf("mate %d", -(search.Mate+s)/2)
	}
	return fmt.Sprintf("cp %d", s)
}

func (u *UCI) sendInfo(root *board.Position, in search.Info) {
	var pv strings.Builder
	p := *root
	for i, m := range in.PV {
		if i > 0 {
			pv.WriteByte(' ')
		}
		pv.WriteString(p.MoveString(m))
		p.DoMove(m)
	}
	bound := ""
	switch in.Bound {
	case search.BoundLower:
		bound = " lowerbound"
	case search.BoundUpper:
		bound = " upperbound"
	}
	u.send("info depth %d seldepth %d multipv %d score %s%s nodes %d nps %d hashfull %d time %d pv %s",
		in.Depth, in.SelDepth, in.MultiPV, formatScore(in.Score), bound, in.Nodes, in.NPS, in.HashFull, in.Time.Milliseconds(), pv.String())
}

func (u *UCI) stopSearch() {
	if u.uninterruptible {
		return // its answer comes when it is done
	}
	if u.cancel != nil {
		u.cancel()
	}
	u.waitSearch()
}

// background runs a job that cannot be stopped (perft, bench) off the
// input loop, so isready is still answered while it runs.
func (u *UCI) background(job func()) {
	done := make(chan struct{})
	u.searching, u.uninterruptible = done, true
	go func() {
		defer close(done)
		job()
	}()
}

func (u *UCI) waitSearch() {
	if u.searching != nil {
		<-u.searching
		u.searching, u.cancel, u.endless, u.uninterruptible = nil, nil, false, false
	}
}

// explain prints the evaluation's terms, White's point of view.
func (u *UCI) explain() {
	b := eval.Explain(&u.pos)
	u.send("%-22s %8s %8s %8s", "term", "mg", "eg", "score")
	for _, t := range b.Terms {
		u.send("%-22s %8d %8d %8d", t.Name, t.MG, t.EG, t.Score)
	}
	u.send("phase %d; total %d cp (White's view), %d cp for the side to move", b.Phase, b.Total, eval.Evaluate(&u.pos))
}
