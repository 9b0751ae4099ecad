package uciclient

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
	ErrDisconnected = errors.New("the engine exited or closed its output")
	ErrTimeout      = errors.New("the engine did not answer in time")
)

// StartHook, when set, is told the pid of every engine process started
// (the match tests use it to check that none is left behind).
var StartHook func(pid int)

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

// MaxLine bounds one line of engine output, as the engine bounds its input:
// a longer line is dropped, so that an engine cannot make the runner grow.
const MaxLine = 1 << 20

type engineLine struct {
	text string
	at   time.Time // when it was read: clocks measure to here
}

// Log is where an engine's traffic, stderr and end are reported: the match
// runner's terminal and -log file, or stderr for an Analyst.
type Log interface {
	Warn(format string, args ...any)
	// WarnOnce warns unless a warning of the same key was given before.
	WarnOnce(key, format string, args ...any)
	// Traffic is one line to or from the engine.
	Traffic(format string, args ...any)
	// EngineNote is a line of its stderr, or how it ended when it ended
	// as it should.
	EngineNote(format string, args ...any)
}

// quiet is the Log of a caller that gave none.
type quiet struct{}

func (quiet) Warn(string, ...any)             {}
func (quiet) WarnOnce(string, string, ...any) {}
func (quiet) Traffic(string, ...any)          {}
func (quiet) EngineNote(string, ...any)       {}

// Engine is one running UCI engine process.
type Engine struct {
	cfg      *Config
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
	log      Log
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

// Start starts the engine cfg describes and runs the UCI handshake: uci,
// the variant, the options, isready. log gets its traffic, its stderr and
// warnings about it; nil drops them.
func Start(ctx context.Context, cfg *Config, v *board.Variant, timeout time.Duration, log Log) (*Engine, error) {
	return Launch(ctx, cfg, log, func(e *Engine) error { return e.handshake(ctx, v, timeout) })
}

// Launch starts the engine process cfg describes and runs handshake on it:
// the protocol's start (UCI's here, CECP's in package cecpclient). An
// engine whose handshake fails is killed, and the error says how it ended
// if it ended by itself.
func Launch(ctx context.Context, cfg *Config, log Log, handshake func(*Engine) error) (*Engine, error) {
	if log == nil {
		log = quiet{}
	}
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
	if StartHook != nil {
		StartHook(cmd.Process.Pid)
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
		if StartHook != nil {
			StartHook(pid)
		}
	}
	e := &Engine{cfg: cfg, cmd: cmd, sup: sup, stdin: stdin, stdout: r, stderr: er, lines: make(chan engineLine, 256),
		stop: make(chan struct{}), exited: make(chan struct{}), gone: make(chan struct{}), log: log, options: map[string][]string{},
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
	if err := handshake(e); err != nil {
		if errors.Is(err, ErrDisconnected) { // give its end a moment to be reaped
			select {
			case <-e.gone:
			case <-time.After(time.Second):
			}
		}
		alive := e.Alive()
		e.Kill()
		if !alive && ctx.Err() == nil { // it ended by itself: say how
			err = fmt.Errorf("%v (%v%s)", err, e.state(), e.stderrNote("; stderr: "))
		}
		return nil, fmt.Errorf("%s: %v", cfg.Cmd, err)
	}
	return e, nil
}

// Label names the engine in messages: its name, or else its command.
func (e *Engine) Label() string {
	if e.cfg.Name != "" {
		return e.cfg.Name
	}
	return e.cfg.Cmd
}

func (e *Engine) read() {
	defer close(e.lines)
	readLines(e.stdout, func() {
		e.log.Warn("Warning: %s wrote a line longer than %d bytes; such lines are dropped", e.Label(), MaxLine)
	}, func(s string) bool {
		e.log.Traffic("%s(%d) < %s", e.Label(), e.self.pid, s)
		select {
		case e.lines <- engineLine{s, time.Now()}:
			return true
		case <-e.stop:
			return false
		}
	})
}

// readStderr passes what the engine writes on stderr, cleaned, to the
// Log's EngineNote, and keeps the last lines for the
// warning should the engine end badly.
func (e *Engine) readStderr() {
	defer close(e.stderrDone)
	readLines(e.stderr, func() {
		e.log.Warn("Warning: %s wrote a line longer than %d bytes on stderr; such lines are dropped", e.Label(), MaxLine)
	}, func(s string) bool {
		s = pgn.CleanTag(s)
		e.log.EngineNote("%s(%d) stderr: %s", e.Label(), e.self.pid, s)
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
// returns false. A line longer than MaxLine is dropped; tooLong is called
// for the first such line.
func readLines(r io.Reader, tooLongOnce func(), line func(string) bool) {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	tooLong, warned := false, false
	for {
		chunk, err := br.ReadSlice('\n')
		if tooLong = tooLong || len(buf)+len(chunk) > MaxLine; !tooLong {
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

// Send writes one line to the engine.
func (e *Engine) Send(s string) error { return e.send(s) }

// Log is where the engine's traffic and warnings go.
func (e *Engine) Log() Log { return e.log }

// ReadUntil hands each line the engine writes, with the time it was read,
// to done until done returns true; it fails with ErrTimeout at deadline,
// ErrDisconnected when the engine's output ends, or ctx's error.
func (e *Engine) ReadUntil(ctx context.Context, deadline time.Time, done func(text string, at time.Time) bool) error {
	return e.readUntil(ctx, deadline, func(l engineLine) bool { return done(l.text, l.at) })
}

// Drain drops the lines the engine wrote that nobody read (output after
// its last answer).
func (e *Engine) Drain() error {
	for {
		select {
		case _, ok := <-e.lines:
			if !ok {
				return ErrDisconnected
			}
		default:
			return nil
		}
	}
}

func (e *Engine) send(s string) error {
	e.log.Traffic("%s(%d) > %s", e.Label(), e.self.pid, s)
	if _, err := io.WriteString(e.stdin, s+"\n"); err != nil {
		return ErrDisconnected
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
				return ErrDisconnected
			}
			if done(l) {
				return nil
			}
		case <-timer.C:
			return ErrTimeout
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
			e.log.WarnOnce(fmt.Sprintf("%p option %s", e.cfg, strings.ToLower(o.Name)),
				"Warning: %s does not declare option %s in its uci answer (%s); sent all the same", e.Label(), pgn.CleanTag(o.Name), e.declaredNote())
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

// Declares reports whether the engine announced option name in its uci
// answer.
func (e *Engine) Declares(name string) bool {
	_, ok := e.options[strings.ToLower(name)]
	return ok
}

// OptionDefault is the default the engine declared for option name (its
// "default" word); ok is false when it declared none.
func (e *Engine) OptionDefault(name string) (value string, ok bool) {
	words := e.options[strings.ToLower(name)]
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "default" {
			return words[i+1], true
		}
	}
	return "", false
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

// NewGame tells the engine a new game starts and waits until it is ready.
func (e *Engine) NewGame(ctx context.Context, timeout time.Duration) error {
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.sync(ctx, time.Now().Add(timeout))
}

// Thought is an engine's answer to go.
type Thought struct {
	Move     string
	HasScore bool
	CP       int // centipawns, side to move's view; mates are ±(MateScore - moves)
	Mate     int // moves to mate (negative: being mated), 0 when CP is a plain score
	Depth    int
	Elapsed  time.Duration
	// The last reported values, for the PGN's optional fields.
	Nodes, NPS int64
	SelDepth   int
	PV         []string // UCI moves, as sent
	Ponder     string   // the move the engine expects in reply ("bestmove X ponder Y"); "" for none
	// Reported is the search time the engine last reported (UCI info
	// time, CECP's thinking lines), for the latency: Elapsed minus it.
	Reported    time.Duration
	HasReported bool
}

// MateScore is the centipawn value of a mate now; a mate in n moves is
// MateScore-n, being mated in n -(MateScore-n).
const MateScore = 100000

// parseInfo reads depth and score from an info line. Only the best line
// counts: with MultiPV above 1 (weakened levels search several) the later
// lines' scores are worse moves'.
func (t *Thought) parseInfo(fields []string) {
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
	depth := t.Depth
	for i := 1; i+1 < len(fields); i++ {
		switch fields[i] {
		case "depth":
			if n, err := strconv.Atoi(fields[i+1]); err == nil {
				depth = n
			}
		case "seldepth":
			if n, err := strconv.Atoi(fields[i+1]); err == nil {
				t.SelDepth = n
			}
		case "nodes":
			if n, err := strconv.ParseInt(fields[i+1], 10, 64); err == nil {
				t.Nodes = n
			}
		case "nps":
			if n, err := strconv.ParseInt(fields[i+1], 10, 64); err == nil {
				t.NPS = n
			}
		case "time":
			if n, err := strconv.ParseInt(fields[i+1], 10, 64); err == nil {
				t.Reported, t.HasReported = time.Duration(n)*time.Millisecond, true
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
				t.CP, t.Mate = n, 0
			case "mate":
				t.Mate, t.CP = n, MateScore-n // mate 0: mated now
				if n <= 0 {
					t.CP = -MateScore - n
				}
			default:
				return
			}
			t.HasScore, t.Depth = true, depth
		case "pv":
			t.PV = fields[i+1:]
			return
		case "string":
			return
		}
	}
}

// Think sets the position, starts the search and waits for bestmove until
// limit has passed since go was sent.
func (e *Engine) Think(ctx context.Context, position, goCmd string, limit time.Duration) (Thought, error) {
	var t Thought
	if err := e.Drain(); err != nil { // output after the last bestmove
		return t, err
	}
	if err := e.send(position); err != nil {
		return t, err
	}
	start := time.Now()
	if err := e.send(goCmd); err != nil {
		return t, err
	}
	err := e.awaitBestmove(ctx, start, limit, &t)
	return t, err
}

// awaitBestmove reads info lines into t until bestmove, which must come
// by start+limit; t.Elapsed is the time from start to it (zero when it
// was written before start: a ponder search that ended by itself).
func (e *Engine) awaitBestmove(ctx context.Context, start time.Time, limit time.Duration, t *Thought) error {
	return e.readUntil(ctx, start.Add(limit), func(l engineLine) bool {
		fields := strings.Fields(l.text)
		if len(fields) == 0 {
			return false
		}
		switch fields[0] {
		case "info":
			t.parseInfo(fields)
		case "bestmove":
			if len(fields) > 1 {
				t.Move = fields[1]
			}
			if len(fields) > 3 && fields[2] == "ponder" {
				t.Ponder = fields[3]
			}
			t.Elapsed = max(l.at.Sub(start), 0)
			return true
		}
		return false
	})
}

// Ponder sets the position (the engine's guess of its opponent's move
// played) and starts a ponder search, goCmd being "go ponder ...". The
// engine thinks on its opponent's time until PonderHit or StopPonder.
func (e *Engine) Ponder(position, goCmd string) error {
	if err := e.Drain(); err != nil {
		return err
	}
	if err := e.send(position); err != nil {
		return err
	}
	return e.send(goCmd)
}

// PonderHit tells a pondering engine that its guess was played and waits
// for its move until limit has passed since: its clock runs from the hit.
func (e *Engine) PonderHit(ctx context.Context, limit time.Duration) (Thought, error) {
	var t Thought
	start := time.Now()
	if err := e.send("ponderhit"); err != nil {
		return t, err
	}
	err := e.awaitBestmove(ctx, start, limit, &t)
	return t, err
}

// StopPonder ends a ponder search whose guess was not played and waits up
// to timeout for the bestmove that answers stop, which is dropped.
func (e *Engine) StopPonder(ctx context.Context, timeout time.Duration) error {
	start := time.Now()
	if err := e.send("stop"); err != nil {
		return err
	}
	var t Thought
	return e.awaitBestmove(ctx, start, timeout, &t)
}

// Alive reports whether the process is still running.
func (e *Engine) Alive() bool {
	select {
	case <-e.gone:
		return false
	default:
		return true
	}
}

// Quit asks the engine to leave and kills it if it has not within a second.
// Its process tree is taken first: once it exits, its children are
// orphans and no longer found below it.
func (e *Engine) Quit() {
	var doomed []procStamp
	if e.Alive() {
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

// Retire ends an engine the caller is done with and reports how it ended:
// a warning when it ended by itself or was killed during a game (with its
// last stderr lines), did not quit when asked, or quit with an error
// status; an EngineNote when it quit cleanly or kill is set (the match
// stops early). again follows a warning
// ("; starting it again"). Only the first call does anything.
func (e *Engine) Retire(kill bool, again string) {
	e.retired.Do(func() { e.doRetire(kill, again) })
}

func (e *Engine) doRetire(kill bool, again string) {
	if !e.Alive() {
		e.Kill() // releases the pipes
		e.log.Warn("Warning: %s%s", e.ExitNote(), again)
		e.warnStderr()
		return
	}
	if kill {
		e.Kill()
		e.log.EngineNote("%s(%d) killed as the match stops (%v)", e.Label(), e.self.pid, e.state())
		return
	}
	e.Quit()
	switch st := e.state(); {
	case e.quitLate:
		e.log.Warn("Warning: %s did not quit within a second and was killed%s", e.Label(), again)
	case !st.Success():
		e.log.Warn("Warning: %s exited (%v) after quit%s", e.Label(), st, again)
		e.warnStderr()
	default:
		e.log.EngineNote("%s(%d) exited (%v) after quit", e.Label(), e.self.pid, st)
	}
}

// warnStderr quotes the engine's last stderr lines, if any, in a warning.
func (e *Engine) warnStderr() {
	if note := e.stderrNote(""); note != "" {
		e.log.Warn("Warning: %s's stderr ended with: %s", e.Label(), note)
	}
}

// KillFor kills the engine and remembers why, if it was still running.
func (e *Engine) KillFor(why string) {
	if e.Alive() && why != "" {
		e.killedBy = why
	}
	e.Kill()
}

// ExitNote tells how a process that is gone ended.
func (e *Engine) ExitNote() string {
	if st := e.state(); e.killedBy != "" && st != nil && !st.Exited() {
		return fmt.Sprintf("%s was killed by the runner (%s)", e.Label(), e.killedBy)
	}
	return fmt.Sprintf("%s exited (%v)", e.Label(), e.state())
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

// Kill ends the engine and everything it started (its supervisor does, see
// supervisor_linux.go; elsewhere its process group), reaps it and releases
// its pipes. It is safe to call more than once.
func (e *Engine) Kill() { e.end(nil) }

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

// Pid is the engine's process id.
func (e *Engine) Pid() int { return e.self.pid }

// Descendants are the process ids of what the engine started (a wrapper
// script's engine, say), as far as they can be found (only on Linux).
func (e *Engine) Descendants() []int {
	var pids []int
	for _, p := range descendants(e.self, e.mark) {
		pids = append(pids, p.pid)
	}
	return pids
}
