package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"senapati/board"
	"senapati/pgn"
)

var (
	errDisconnected = errors.New("the engine exited or closed its output")
	errTimeout      = errors.New("the engine did not answer in time")
)

// testHookStart, when set, is told the pid of every engine process started
// (tests use it to check that none is left behind).
var testHookStart func(pid int)

// markVar is set in each engine's environment to a value of its own. The
// engine's descendants inherit it, so that they can be found and ended
// with the engine even when they left its process group and session.
const markVar = "SENAPATI_MATCH_ENGINE"

var engineSerial atomic.Int64

// engineEnv is the runner's environment with the engine's mark.
func engineEnv(mark string) []string {
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, markVar+"=") })
	return append(env, markVar+"="+mark)
}

// procStamp names a process: its pid and its start time (clock ticks since
// boot), which tells it from a later process given the same pid.
type procStamp struct {
	pid   int
	start uint64
}

// supervisorGrace is how long a supervisor may take to end everything below
// it (it gives a process stuck in the kernel 10 seconds).
const supervisorGrace = 15 * time.Second

// maxLine bounds one line of engine output, as the engine bounds its input:
// a longer line is dropped, so that an engine cannot make the runner grow.
const maxLine = 1 << 20

type engineLine struct {
	text string
	at   time.Time // when it was read: clocks measure to here
}

// Engine is one running UCI engine process.
type Engine struct {
	cfg      *EngineConfig
	IDName   string
	options  map[string][]string // announced options by lower-case name: the words after "type"
	declared []string            // the announced options' names as the engine spells them
	cmd      *exec.Cmd           // the runner's child: the engine's supervisor on Linux, else the engine
	sup      *supervised         // nil without a supervisor
	stdin    io.WriteCloser
	stdout   *os.File
	stderr   *os.File
	lines    chan engineLine
	stop     chan struct{} // closed on shutdown; the reader then stops
	exited   chan struct{} // closed once the process is reaped
	gone     chan struct{} // closed once the engine has ended (its supervisor may still be ending what it started)
	shutdown sync.Once
	out      *printer
	mark     string    // the value of markVar in its environment
	self     procStamp // tells the process from a later one with its pid
	killedBy string    // why the runner killed it, when it did
	quitLate bool      // it did not quit within a second and was killed
	retired  sync.Once

	stderrDone chan struct{} // closed when its stderr is read to the end
	tailMu     sync.Mutex
	tail       []string // its last stderr lines
}

// tailLines is how many of an engine's last stderr lines a warning about
// its end quotes.
const tailLines = 3

// startEngine starts the process and runs the UCI handshake: uci, the
// variant, the options, isready.
func startEngine(ctx context.Context, cfg *EngineConfig, v *board.Variant, timeout time.Duration, out *printer) (*Engine, error) {
	mark := fmt.Sprintf("%d.%d", os.Getpid(), engineSerial.Add(1))
	cmd, sup, afterStart, err := engineCommand(cfg, engineEnv(mark))
	if err != nil {
		return nil, err
	}
	defer afterStart()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	er, ew, err := os.Pipe()
	if err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = w, ew
	if err := cmd.Start(); err != nil {
		for _, f := range []*os.File{r, w, er, ew} {
			f.Close()
		}
		stdin.Close()
		if sup != nil {
			sup.release()
		}
		return nil, fmt.Errorf("cannot start %s: %v", cfg.Cmd, err)
	}
	w.Close()
	ew.Close()
	afterStart()
	if testHookStart != nil {
		testHookStart(cmd.Process.Pid)
	}
	pid := cmd.Process.Pid
	if sup != nil {
		if pid, err = sup.started(); err != nil {
			_ = cmd.Wait() // the supervisor exits at once
			sup.release()
			stdin.Close()
			for _, f := range []*os.File{r, er} {
				f.Close()
			}
			return nil, fmt.Errorf("cannot start %s: %v", cfg.Cmd, err)
		}
		if testHookStart != nil {
			testHookStart(pid)
		}
	}
	e := &Engine{cfg: cfg, cmd: cmd, sup: sup, stdin: stdin, stdout: r, stderr: er, lines: make(chan engineLine, 256),
		stop: make(chan struct{}), exited: make(chan struct{}), gone: make(chan struct{}), out: out, options: map[string][]string{},
		mark: mark, self: stampOf(pid), stderrDone: make(chan struct{})}
	go e.read()
	go e.readStderr()
	go func() {
		if sup != nil {
			sup.wait(e.gone) // how the engine ended, until the supervisor's end
		}
		_ = cmd.Wait() // reaps the process: no zombie
		if sup == nil {
			close(e.gone)
		}
		close(e.exited)
	}()
	if err := e.handshake(ctx, v, timeout); err != nil {
		if errors.Is(err, errDisconnected) { // give its end a moment to be reaped
			select {
			case <-e.gone:
			case <-time.After(time.Second):
			}
		}
		alive := e.alive()
		e.kill()
		if !alive && ctx.Err() == nil { // it ended by itself: say how
			err = fmt.Errorf("%v (%v%s)", err, e.state(), e.stderrNote("; stderr: "))
		}
		return nil, fmt.Errorf("%s: %v", cfg.Cmd, err)
	}
	return e, nil
}

func (e *Engine) label() string {
	if e.cfg.Name != "" {
		return e.cfg.Name
	}
	return e.cfg.Cmd
}

func (e *Engine) read() {
	defer close(e.lines)
	readLines(e.stdout, func() {
		e.out.warn("Warning: %s wrote a line longer than %d bytes; such lines are dropped", e.label(), maxLine)
	}, func(s string) bool {
		e.out.traffic("%s(%d) < %s", e.label(), e.self.pid, s)
		select {
		case e.lines <- engineLine{s, time.Now()}:
			return true
		case <-e.stop:
			return false
		}
	})
}

// readStderr passes what the engine writes on stderr to the log (and to
// the terminal with -debug), cleaned, and keeps the last lines for the
// warning should the engine end badly.
func (e *Engine) readStderr() {
	defer close(e.stderrDone)
	readLines(e.stderr, func() {
		e.out.warn("Warning: %s wrote a line longer than %d bytes on stderr; such lines are dropped", e.label(), maxLine)
	}, func(s string) bool {
		s = pgn.CleanTag(s)
		e.out.engineNote("%s(%d) stderr: %s", e.label(), e.self.pid, s)
		e.tailMu.Lock()
		e.tail = append(e.tail, s)
		if len(e.tail) > tailLines {
			e.tail = e.tail[1:]
		}
		e.tailMu.Unlock()
		return true
	})
}

// readLines hands each non-empty line of r to line until r ends or line
// returns false. A line longer than maxLine is dropped; tooLong is called
// for the first such line.
func readLines(r io.Reader, tooLongOnce func(), line func(string) bool) {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	tooLong, warned := false, false
	for {
		chunk, err := br.ReadSlice('\n')
		if tooLong = tooLong || len(buf)+len(chunk) > maxLine; !tooLong {
			buf = append(buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if s := strings.TrimRight(string(buf), "\r\n"); tooLong && !warned {
			tooLongOnce()
			warned = true
		} else if !tooLong && s != "" && !line(s) {
			return
		}
		buf, tooLong = buf[:0], false
		if err != nil {
			return
		}
	}
}

// stderrNote is the engine's last stderr lines after prefix, "" when it
// wrote none.
func (e *Engine) stderrNote(prefix string) string {
	e.tailMu.Lock()
	defer e.tailMu.Unlock()
	if len(e.tail) == 0 {
		return ""
	}
	return prefix + strings.Join(e.tail, " | ")
}

func (e *Engine) send(s string) error {
	e.out.traffic("%s(%d) > %s", e.label(), e.self.pid, s)
	if _, err := io.WriteString(e.stdin, s+"\n"); err != nil {
		return errDisconnected
	}
	return nil
}

// readUntil hands lines to done until it returns true.
func (e *Engine) readUntil(ctx context.Context, deadline time.Time, done func(engineLine) bool) error {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return errDisconnected
			}
			if done(l) {
				return nil
			}
		case <-timer.C:
			return errTimeout
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (e *Engine) handshake(ctx context.Context, v *board.Variant, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	if err := e.send("uci"); err != nil {
		return err
	}
	err := e.readUntil(ctx, deadline, func(l engineLine) bool {
		switch {
		case strings.HasPrefix(l.text, "id name "):
			e.IDName = strings.TrimSpace(strings.TrimPrefix(l.text, "id name "))
		case strings.HasPrefix(l.text, "option name "):
			name, rest, _ := strings.Cut(strings.TrimPrefix(l.text, "option name "), " type ")
			name = strings.TrimSpace(name)
			if _, seen := e.options[strings.ToLower(name)]; !seen {
				e.declared = append(e.declared, name)
			}
			e.options[strings.ToLower(name)] = strings.Fields(rest)
		}
		return strings.TrimSpace(l.text) == "uciok"
	})
	if err != nil {
		return fmt.Errorf("no uciok: %w", err)
	}
	variantOpt, hasVariant := e.options["uci_variant"]
	game := v.Game() // Chess960 is chess with UCI_Chess960
	if game != board.Chess() {
		known := false
		for i := 0; i+1 < len(variantOpt); i++ {
			known = known || variantOpt[i] == "var" && strings.EqualFold(variantOpt[i+1], game.Name())
		}
		if !known {
			return fmt.Errorf("the engine does not announce variant %s in option UCI_Variant", game.Name())
		}
	}
	if hasVariant {
		if err := e.send("setoption name UCI_Variant value " + game.Name()); err != nil {
			return err
		}
	}
	if v.IsChess960() {
		if _, ok := e.options["uci_chess960"]; !ok {
			return fmt.Errorf("the engine does not announce option UCI_Chess960, which %s needs", v.Name())
		}
		if err := e.send("setoption name UCI_Chess960 value true"); err != nil {
			return err
		}
	}
	for _, o := range e.cfg.Options {
		if _, ok := e.options[strings.ToLower(o.Name)]; !ok {
			e.out.warnOnce(fmt.Sprintf("%p option %s", e.cfg, strings.ToLower(o.Name)),
				"Warning: %s does not declare option %s in its uci answer (%s); sent all the same", e.label(), pgn.CleanTag(o.Name), e.declaredNote())
		}
		if err := e.send("setoption name " + o.Name + " value " + o.Value); err != nil {
			return err
		}
	}
	for _, s := range e.cfg.InitStr {
		if err := e.send(s); err != nil {
			return err
		}
	}
	return e.sync(ctx, deadline)
}

// declaredNote lists the options the engine declared, for a warning.
func (e *Engine) declaredNote() string {
	const most = 12
	switch n := len(e.declared); {
	case n == 0:
		return "it declares none"
	case n > most:
		return "it declares " + pgn.CleanTag(strings.Join(e.declared[:most], ", ")) + fmt.Sprintf(" and %d more", n-most)
	}
	return "it declares " + pgn.CleanTag(strings.Join(e.declared, ", "))
}

// sync sends isready and waits for readyok.
func (e *Engine) sync(ctx context.Context, deadline time.Time) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	return e.readUntil(ctx, deadline, func(l engineLine) bool { return strings.TrimSpace(l.text) == "readyok" })
}

// newGame tells the engine a new game starts and waits until it is ready.
func (e *Engine) newGame(ctx context.Context, timeout time.Duration) error {
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.sync(ctx, time.Now().Add(timeout))
}

// thought is an engine's answer to go.
type thought struct {
	move     string
	hasScore bool
	cp       int // centipawns, side to move's view; mates are ±(mateCP - moves)
	mate     int // moves to mate (negative: being mated), 0 when cp is a plain score
	depth    int
	elapsed  time.Duration
	// The last reported values, for the PGN's optional fields.
	nodes, nps int64
	selDepth   int
	pv         []string // UCI moves, as sent
}

const mateCP = 100000

// parseInfo reads depth and score from an info line. Only the best line
// counts: with MultiPV above 1 (weakened levels search several) the later
// lines' scores are worse moves'.
func (t *thought) parseInfo(fields []string) {
	if len(fields) > 1 && fields[1] == "string" {
		return
	}
	for i := 1; i+1 < len(fields); i++ {
		if fields[i] == "multipv" && fields[i+1] != "1" {
			return
		}
		if fields[i] == "pv" {
			break
		}
	}
	depth := t.depth
	for i := 1; i+1 < len(fields); i++ {
		switch fields[i] {
		case "depth":
			if n, err := strconv.Atoi(fields[i+1]); err == nil {
				depth = n
			}
		case "seldepth":
			if n, err := strconv.Atoi(fields[i+1]); err == nil {
				t.selDepth = n
			}
		case "nodes":
			if n, err := strconv.ParseInt(fields[i+1], 10, 64); err == nil {
				t.nodes = n
			}
		case "nps":
			if n, err := strconv.ParseInt(fields[i+1], 10, 64); err == nil {
				t.nps = n
			}
		case "score":
			if i+2 >= len(fields) {
				return
			}
			n, err := strconv.Atoi(fields[i+2])
			if err != nil {
				return
			}
			switch fields[i+1] {
			case "cp":
				t.cp, t.mate = n, 0
			case "mate":
				t.mate, t.cp = n, mateCP-n // mate 0: mated now
				if n <= 0 {
					t.cp = -mateCP - n
				}
			default:
				return
			}
			t.hasScore, t.depth = true, depth
		case "pv":
			t.pv = fields[i+1:]
			return
		case "string":
			return
		}
	}
}

// think sets the position, starts the search and waits for bestmove until
// limit has passed since go was sent.
func (e *Engine) think(ctx context.Context, position, goCmd string, limit time.Duration) (thought, error) {
	var t thought
	for drained := false; !drained; { // output after the last bestmove
		select {
		case _, ok := <-e.lines:
			if !ok {
				return t, errDisconnected
			}
		default:
			drained = true
		}
	}
	if err := e.send(position); err != nil {
		return t, err
	}
	start := time.Now()
	if err := e.send(goCmd); err != nil {
		return t, err
	}
	err := e.readUntil(ctx, start.Add(limit), func(l engineLine) bool {
		fields := strings.Fields(l.text)
		if len(fields) == 0 {
			return false
		}
		switch fields[0] {
		case "info":
			t.parseInfo(fields)
		case "bestmove":
			if len(fields) > 1 {
				t.move = fields[1]
			}
			t.elapsed = l.at.Sub(start)
			return true
		}
		return false
	})
	return t, err
}

// alive reports whether the process is still running.
func (e *Engine) alive() bool {
	select {
	case <-e.gone:
		return false
	default:
		return true
	}
}

// quit asks the engine to leave and kills it if it has not within a second.
// Its process tree is taken first: once it exits, its children are
// orphans and no longer found below it.
func (e *Engine) quit() {
	var doomed []procStamp
	if e.alive() {
		doomed = descendants(e.self, e.mark)
		if e.send("quit") == nil {
			select {
			case <-e.gone:
			case <-time.After(time.Second):
				e.quitLate = true
			}
		}
	}
	e.end(doomed)
}

// retire ends an engine the match is done with and reports how it ended:
// a warning when it ended by itself or the runner killed it during a game
// (with its last stderr lines), did not quit when asked, or quit with an
// error status; a note in the log (and with -debug) when it quit cleanly
// or kill is set (the match stops early). again follows a warning
// ("; starting it again"). Only the first call does anything.
func (e *Engine) retire(kill bool, again string) {
	e.retired.Do(func() { e.doRetire(kill, again) })
}

func (e *Engine) doRetire(kill bool, again string) {
	if !e.alive() {
		e.kill() // releases the pipes
		e.out.warn("Warning: %s%s", e.exitNote(), again)
		e.warnStderr()
		return
	}
	if kill {
		e.kill()
		e.out.engineNote("%s(%d) killed as the match stops (%v)", e.label(), e.self.pid, e.state())
		return
	}
	e.quit()
	switch st := e.state(); {
	case e.quitLate:
		e.out.warn("Warning: %s did not quit within a second and was killed%s", e.label(), again)
	case !st.Success():
		e.out.warn("Warning: %s exited (%v) after quit%s", e.label(), st, again)
		e.warnStderr()
	default:
		e.out.engineNote("%s(%d) exited (%v) after quit", e.label(), e.self.pid, st)
	}
}

// warnStderr quotes the engine's last stderr lines, if any, in a warning.
func (e *Engine) warnStderr() {
	if note := e.stderrNote(""); note != "" {
		e.out.warn("Warning: %s's stderr ended with: %s", e.label(), note)
	}
}

// killFor kills the engine and remembers why, if it was still running.
func (e *Engine) killFor(why string) {
	if e.alive() && why != "" {
		e.killedBy = why
	}
	e.kill()
}

// exitNote tells how a process that is gone ended.
func (e *Engine) exitNote() string {
	if st := e.state(); e.killedBy != "" && st != nil && !st.Exited() {
		return fmt.Sprintf("%s was killed by the runner (%s)", e.label(), e.killedBy)
	}
	return fmt.Sprintf("%s exited (%v)", e.label(), e.state())
}

// exitState is how an engine ended, as os.ProcessState shows it.
type exitState interface {
	String() string
	Success() bool
	Exited() bool
}

// state is how the engine ended: as its supervisor reported, or as the
// runner saw its child end; nil while it runs.
func (e *Engine) state() exitState {
	if st, ok := e.sup.endState(); ok {
		return st
	}
	if e.cmd.ProcessState == nil {
		return nil
	}
	return e.cmd.ProcessState
}

// kill ends the engine and everything it started (its supervisor does, see
// supervisor_linux.go; elsewhere its process group), reaps it and releases
// its pipes. It is safe to call more than once.
func (e *Engine) kill() { e.end(nil) }

// end kills the engine and its descendants, those found now and doomed.
func (e *Engine) end(doomed []procStamp) {
	e.shutdown.Do(func() {
		doomed = append(doomed, descendants(e.self, e.mark)...)
		if e.sup != nil {
			e.sup.stop()
			select {
			case <-e.exited:
			case <-time.After(supervisorGrace):
				killGroup(e.cmd) // a supervisor that does not end: the engine's group at least
			}
		} else {
			killGroup(e.cmd)
		}
		<-e.exited
		endAll(doomed, e.mark)
		close(e.stop)
		e.stdout.Close()
		// Its last stderr lines may still be in the pipe: read them, unless
		// a descendant that is not gone yet holds the pipe open.
		select {
		case <-e.stderrDone:
		case <-time.After(500 * time.Millisecond):
		}
		e.stderr.Close()
	})
}
