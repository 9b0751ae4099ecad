package uciclient

// Every engine runs under a supervisor of its own: the runner's executable
// started again (through /proc/self/exe, so a binary rebuilt during the
// match does not matter) in a hidden mode. The supervisor is a child
// subreaper, so everything the engine starts stays below it, orphans and
// setsid children included; it starts the engine on the runner's pipes and
// waits. When the engine ends, the runner closes the control pipe or dies
// (the kernel closes the pipe then, even on SIGKILL, so no signal has to
// reach anyone), the supervisor kills every process below it, reaps them
// all, tells the runner how the engine ended and exits. A parent-death
// signal would also do for the runner's death, but it follows the thread
// that started the child, and the pipe also carries the engine's status.
// A cgroup would need privileges the runner rarely has.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

const (
	// supervisorArg (the first argument) and supervisorVar=1 (in the
	// environment) together start the hidden mode; the engine gets
	// neither, so an engine that is senapati itself stays an engine.
	supervisorArg = "senapati-match-supervisor"
	supervisorVar = "SENAPATI_MATCH_SUPERVISOR"
	// The file descriptors the supervisor gets after stdin, stdout, stderr.
	ctlFD    = 3 // read end: EOF means end the engine and all below it
	statusFD = 4 // write end: "ok PID", "err MESSAGE", then "exit STATUS"
)

// An init, not a subcommand of main, so that every binary that runs
// matches (senapati, and the tests' binaries) can supervise.
func init() {
	if len(os.Args) > 2 && os.Args[1] == supervisorArg && os.Getenv(supervisorVar) == "1" {
		os.Exit(supervise(os.Args[2], os.Args[3:]))
	}
}

// supervise runs the engine path with args until it ends or the control
// pipe closes, then ends everything below the supervisor.
func supervise(path string, args []string) int {
	// The engine's parent-death signal (should the supervisor itself be
	// killed) follows the thread that starts it: this one never ends.
	runtime.LockOSThread()
	// Inherited descriptors are not closed on exec: the engine must not
	// hold these, or the runner would wait for it to see the status end.
	syscall.CloseOnExec(ctlFD)
	syscall.CloseOnExec(statusFD)
	ctl, status := os.NewFile(ctlFD, "control"), os.NewFile(statusFD, "status")
	BecomeSubreaper()
	// Stray signals (a kill of the process group, a hangup) end the engine
	// as a closed control pipe does, and never leave the tree behind.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	closed := make(chan struct{})
	go func() {
		_, _ = io.Copy(io.Discard, ctl)
		close(closed)
	}()
	cmd := exec.Command(path, args...)
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, supervisorVar+"=") })
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(status, "err %s\n", strings.Join(strings.Fields(err.Error()), " "))
		return 127
	}
	engine := cmd.Process.Pid
	fmt.Fprintf(status, "ok %d\n", engine)
	// Only the engine holds its pipes now: its end closes them. (Nothing
	// is written to stderr, which may be a broken pipe: SIGPIPE.)
	os.Stdin.Close()
	os.Stdout.Close()

	// One reaper for the engine and every orphan that comes to us; with no
	// child left, nothing is left below us at all. The engine's end is
	// told at once: the runner waits for it when the engine quits.
	engineEnd := make(chan struct{})
	allGone := make(chan struct{})
	go func() {
		defer close(allGone)
		for {
			var ws syscall.WaitStatus
			pid, err := syscall.Wait4(-1, &ws, 0, nil)
			switch {
			case errors.Is(err, syscall.EINTR):
			case err != nil:
				return // ECHILD
			case pid == engine:
				fmt.Fprintf(status, "exit %d\n", uint32(ws))
				close(engineEnd)
			}
		}
	}()
	select {
	case <-engineEnd:
	case <-closed:
	case <-sigs:
	}
	killBelow(allGone)
	return 0
}

// killBelow kills every process below the supervisor until none is left
// (allGone), looking again for those started meanwhile; a process stuck in
// the kernel gets 10 seconds.
func killBelow(allGone <-chan struct{}) {
	self := stampOf(os.Getpid())
	pause := time.Millisecond
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); pause = min(2*pause, 50*time.Millisecond) {
		select {
		case <-allGone: // no /proc to read when the engine left nothing
			return
		default:
		}
		for _, s := range descendants(self, "") {
			// The stamp check keeps a pid that was reused from being hit.
			if p, ok := readStat(s.pid); ok && p.start == s.start && p.state != 'Z' {
				_ = syscall.Kill(s.pid, syscall.SIGKILL)
			}
		}
		select {
		case <-allGone:
			return
		case <-time.After(pause):
		}
	}
}

// supervised is the runner's side of an engine's supervisor.
type supervised struct {
	ctl    *os.File      // closing it ends the engine and all below it
	stR    *os.File      // the status pipe's read end
	status *bufio.Reader // what the supervisor reports
	ended  syscall.WaitStatus
	known  bool // ended is the engine's status as the supervisor reported it
}

// engineCommand is the command that starts cfg's engine under a
// supervisor, with env; afterStart closes the supervisor's ends of the
// pipes once it is started (or failed to start).
func engineCommand(cfg *Config, env []string) (*exec.Cmd, *supervised, func(), error) {
	ctlR, ctlW, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, err
	}
	stR, stW, err := os.Pipe()
	if err != nil {
		ctlR.Close()
		ctlW.Close()
		return nil, nil, nil, err
	}
	cmd := exec.Command("/proc/self/exe", append([]string{supervisorArg, cfg.Cmd}, cfg.Args...)...)
	cmd.Args[0] = os.Args[0]
	cmd.Dir = cfg.Dir
	cmd.Env = append(env, supervisorVar+"=1")
	cmd.ExtraFiles = []*os.File{ctlR, stW} // fds 3 and 4
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	s := &supervised{ctl: ctlW, stR: stR, status: bufio.NewReader(stR)}
	// After the start (or a failed one): the child's ends are the child's.
	afterStart := sync.OnceFunc(func() {
		ctlR.Close()
		stW.Close()
	})
	return cmd, s, afterStart, nil
}

// started reads the supervisor's first report: the engine's pid, or why
// it could not be started.
func (s *supervised) started() (int, error) {
	line, err := s.status.ReadString('\n')
	word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	switch {
	case word == "ok":
		if pid, err := strconv.Atoi(rest); err == nil && pid > 0 {
			return pid, nil
		}
	case word == "err":
		return 0, errors.New(rest)
	case err != nil:
		return 0, fmt.Errorf("the engine's supervisor ended before it started the engine")
	}
	return 0, fmt.Errorf("the engine's supervisor said %q", line)
}

// stop asks the supervisor to end the engine and everything below it.
func (s *supervised) stop() { s.ctl.Close() }

// release closes the runner's ends of the pipes.
func (s *supervised) release() {
	s.ctl.Close()
	s.stR.Close()
}

// wait reads the engine's end as the supervisor reports it, and closes
// gone then (or at the supervisor's end, should it not say), until the
// supervisor's end closes the pipe.
func (s *supervised) wait(gone chan struct{}) {
	closeGone := sync.OnceFunc(func() { close(gone) })
	defer closeGone()
	for {
		line, err := s.status.ReadString('\n')
		if n, ok := strings.CutPrefix(strings.TrimSpace(line), "exit "); ok {
			if v, err := strconv.ParseUint(n, 10, 32); err == nil {
				s.ended, s.known = syscall.WaitStatus(v), true
			}
			closeGone()
		}
		if err != nil {
			s.release()
			return
		}
	}
}

// endState is how the engine ended, when the supervisor said so.
func (s *supervised) endState() (exitState, bool) {
	if s == nil || !s.known {
		return nil, false
	}
	return waitState(s.ended), true
}

// waitState is a wait status shown as os.ProcessState shows one.
type waitState syscall.WaitStatus

func (w waitState) Exited() bool  { return syscall.WaitStatus(w).Exited() }
func (w waitState) Success() bool { return w.Exited() && syscall.WaitStatus(w).ExitStatus() == 0 }

func (w waitState) String() string {
	ws := syscall.WaitStatus(w)
	res := ""
	switch {
	case ws.Exited():
		res = "exit status " + strconv.Itoa(ws.ExitStatus())
	case ws.Signaled():
		res = "signal: " + ws.Signal().String()
	}
	if ws.CoreDump() {
		res += " (core dumped)"
	}
	return res
}
