// Command latency measures how fast a UCI engine answers: the time from
// `stop` to `bestmove` during `go infinite`, and the time `go movetime N`
// really takes, at several thread counts. Run it under `taskset -c 0` to
// see an engine pinned to one CPU, as tournament managers pin them:
//
//	go build -o senapati . && go run ./tools/latency -engine ./senapati
//	taskset -c 0 go run ./tools/latency -engine ./senapati -threads 1,2,8,64
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"senapati/uciclient"
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

func measure(path, variant string, threads, n, movetime int) error {
	e, err := uciclient.StartPipe(path)
	if err != nil {
		return err
	}
	defer e.Quit()
	e.Send("uci")
	e.Send("setoption name UCI_Variant value " + variant)
	e.Send("setoption name Threads value " + strconv.Itoa(threads))
	e.Send("setoption name Move Overhead value 0")
	e.Send("isready")
	if _, err := e.Await("readyok", 10*time.Second, nil); err != nil {
		return err
	}
	var stops, moves []time.Duration
	rng := rand.New(rand.NewPCG(1, uint64(threads)))
	for i := 0; i < n; i++ {
		e.Send("position startpos")
		e.Send("go infinite")
		time.Sleep(time.Duration(20+rng.IntN(80)) * time.Millisecond)
		sent := time.Now()
		e.Send("stop")
		got, err := e.Await("bestmove", 10*time.Second, nil)
		if err != nil {
			return err
		}
		stops = append(stops, got.Sub(sent))

		e.Send("position startpos")
		sent = time.Now()
		e.Send("go movetime " + strconv.Itoa(movetime))
		got, err = e.Await("bestmove", 10*time.Second+time.Duration(movetime)*time.Millisecond, nil)
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
