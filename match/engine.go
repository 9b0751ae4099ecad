package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"senapati/board"
)

var (
	errDisconnected = errors.New("the engine exited or closed its output")
	errTimeout      = errors.New("the engine did not answer in time")
)

// testHookStart, when set, is told the pid of every engine process started
// (tests use it to check that none is left behind).
var testHookStart func(pid int)

// debugLog prints the UCI traffic with -debug; a nil *debugLog prints nothing.
type debugLog struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
}

func (d *debugLog) printf(format string, args ...any) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	fmt.Fprintf(d.w, "%8.3f ", time.Since(d.start).Seconds())
	fmt.Fprintf(d.w, format, args...)
	fmt.Fprintln(d.w)
}

type engineLine struct {
	text string
	at   time.Time // when it was read: clocks measure to here
}

// Engine is one running UCI engine process.
type Engine struct {
	cfg      *EngineConfig
	IDName   string
	options  map[string][]string // announced options by lower-case name: the words after "type"
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	stdout   *os.File
	lines    chan engineLine
	stop     chan struct{} // closed on shutdown; the reader then stops
	exited   chan struct{} // closed once the process is reaped
	shutdown sync.Once
	debug    *debugLog
}

// startEngine starts the process and runs the UCI handshake: uci, the
// variant, the options, isready.
func startEngine(ctx context.Context, cfg *EngineConfig, v *board.Variant, timeout time.Duration, debug *debugLog) (*Engine, error) {
	cmd := exec.Command(cfg.Cmd, cfg.Args...)
	cmd.Dir = cfg.Dir
	ownProcessGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdout = w
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		stdin.Close()
		return nil, fmt.Errorf("cannot start %s: %v", cfg.Cmd, err)
	}
	w.Close()
	if testHookStart != nil {
		testHookStart(cmd.Process.Pid)
	}
	e := &Engine{cfg: cfg, cmd: cmd, stdin: stdin, stdout: r, lines: make(chan engineLine, 256),
		stop: make(chan struct{}), exited: make(chan struct{}), debug: debug, options: map[string][]string{}}
	go e.read()
	go func() {
		_ = cmd.Wait() // reaps the process: no zombie
		close(e.exited)
	}()
	if err := e.handshake(ctx, v, timeout); err != nil {
		e.kill()
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
	br := bufio.NewReaderSize(e.stdout, 64<<10)
	for {
		s, err := br.ReadString('\n')
		if s = strings.TrimRight(s, "\r\n"); s != "" {
			e.debug.printf("%s < %s", e.label(), s)
			select {
			case e.lines <- engineLine{s, time.Now()}:
			case <-e.stop:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (e *Engine) send(s string) error {
	e.debug.printf("%s > %s", e.label(), s)
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
			e.options[strings.ToLower(strings.TrimSpace(name))] = strings.Fields(rest)
		}
		return strings.TrimSpace(l.text) == "uciok"
	})
	if err != nil {
		return fmt.Errorf("no uciok: %v", err)
	}
	variantOpt, hasVariant := e.options["uci_variant"]
	if v != board.Chess() {
		known := false
		for i := 0; i+1 < len(variantOpt); i++ {
			known = known || variantOpt[i] == "var" && strings.EqualFold(variantOpt[i+1], v.Name())
		}
		if !known {
			return fmt.Errorf("the engine does not announce variant %s in option UCI_Variant", v.Name())
		}
	}
	if hasVariant {
		if err := e.send("setoption name UCI_Variant value " + v.Name()); err != nil {
			return err
		}
	}
	for _, o := range e.cfg.Options {
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
}

const mateCP = 100000

// parseInfo reads depth and score from an info line.
func (t *thought) parseInfo(fields []string) {
	if len(fields) > 1 && fields[1] == "string" {
		return
	}
	depth := t.depth
	for i := 1; i+1 < len(fields); i++ {
		switch fields[i] {
		case "depth":
			if n, err := strconv.Atoi(fields[i+1]); err == nil {
				depth = n
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
		case "pv", "string":
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
	case <-e.exited:
		return false
	default:
		return true
	}
}

// quit asks the engine to leave and kills it if it has not within a second.
func (e *Engine) quit() {
	if e.alive() && e.send("quit") == nil {
		select {
		case <-e.exited:
		case <-time.After(time.Second):
		}
	}
	e.kill()
}

// kill ends the engine's whole process group, reaps it and releases its
// pipes. It is safe to call more than once.
func (e *Engine) kill() {
	e.shutdown.Do(func() {
		killGroup(e.cmd)
		<-e.exited
		close(e.stop)
		e.stdout.Close()
	})
}
