// Command latency measures how fast a UCI engine answers: the time from
// `stop` to `bestmove` during `go infinite`, and the time `go movetime N`
// really takes, at several thread counts. Run it under `taskset -c 0` to
// see an engine pinned to one CPU, as tournament managers pin them:
//
//	go build -o senapati . && go run ./tools/latency -engine ./senapati
//	taskset -c 0 go run ./tools/latency -engine ./senapati -threads 1,2,8,64
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	enginePath := flag.String("engine", "./senapati", "engine binary")
	threadList := flag.String("threads", "1,2,8", "comma-separated thread counts")
	n := flag.Int("n", 100, "samples per measurement")
	movetime := flag.Int("movetime", 100, "go movetime in ms for the overshoot measurement")
	variant := flag.String("variant", "chess", "UCI_Variant")
	flag.Parse()
	for _, f := range strings.Split(*threadList, ",") {
		threads, err := strconv.Atoi(f)
		if err != nil || threads < 1 {
			fmt.Fprintf(os.Stderr, "latency: bad thread count %q\n", f)
			os.Exit(2)
		}
		if err := measure(*enginePath, *variant, threads, *n, *movetime); err != nil {
			fmt.Fprintln(os.Stderr, "latency:", err)
			os.Exit(1)
		}
	}
}

type engine struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func start(path string) (*engine, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &engine{cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	return e, nil
}

func (e *engine) send(s string) { fmt.Fprintln(e.in, s) }

// await reads until a line starting with prefix and returns when it came.
func (e *engine) await(prefix string, timeout time.Duration) (time.Time, error) {
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return time.Time{}, fmt.Errorf("engine exited waiting for %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return time.Now(), nil
			}
		case <-deadline:
			return time.Time{}, fmt.Errorf("no %q within %v", prefix, timeout)
		}
	}
}

func measure(path, variant string, threads, n, movetime int) error {
	e, err := start(path)
	if err != nil {
		return err
	}
	defer func() { e.send("quit"); e.cmd.Wait() }()
	e.send("uci")
	e.send("setoption name UCI_Variant value " + variant)
	e.send("setoption name Threads value " + strconv.Itoa(threads))
	e.send("setoption name Move Overhead value 0")
	e.send("isready")
	if _, err := e.await("readyok", 10*time.Second); err != nil {
		return err
	}
	var stops, moves []time.Duration
	rng := rand.New(rand.NewPCG(1, uint64(threads)))
	for i := 0; i < n; i++ {
		e.send("position startpos")
		e.send("go infinite")
		time.Sleep(time.Duration(20+rng.IntN(80)) * time.Millisecond)
		sent := time.Now()
		e.send("stop")
		got, err := e.await("bestmove", 10*time.Second)
		if err != nil {
			return err
		}
		stops = append(stops, got.Sub(sent))

		e.send("position startpos")
		sent = time.Now()
		e.send("go movetime " + strconv.Itoa(movetime))
		got, err = e.await("bestmove", 10*time.Second+time.Duration(movetime)*time.Millisecond)
		if err != nil {
			return err
		}
		moves = append(moves, got.Sub(sent))
	}
	fmt.Printf("threads %3d  stop->bestmove %s   go movetime %d: %s\n", threads, summary(stops), movetime, summary(moves))
	return nil
}

func summary(d []time.Duration) string {
	slices.Sort(d)
	q := func(p float64) time.Duration { return d[min(len(d)-1, int(p*float64(len(d))))] }
	return fmt.Sprintf("p50 %6.2f ms  p99 %6.2f ms  max %6.2f ms", ms(q(0.5)), ms(q(0.99)), ms(d[len(d)-1]))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
