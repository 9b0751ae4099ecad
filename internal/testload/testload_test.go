package testload

import (
	"testing"
	"time"
)

// A sleeping process uses (almost) no CPU time, a spinning one does: the
// stopwatch must tell them apart, or every bound charged to it is void.
func TestStopwatchChargesWorkNotWaiting(t *testing.T) {
	s := Start(t)
	time.Sleep(200 * time.Millisecond)
	if s.Over(100 * time.Millisecond) {
		t.Fatalf("200 ms asleep charged %v of CPU", s.CPU())
	}
	s = Start(t)
	for s.CPU() < 50*time.Millisecond {
	}
	if !s.Over(40 * time.Millisecond) {
		t.Fatalf("spinning for %v is not over 40 ms", s.CPU())
	}
}

func TestTimerFiresOnCPUAndStops(t *testing.T) {
	tm := NewTimer(t, 30*time.Millisecond)
	defer tm.Stop()
	s := Start(t)
	for {
		select {
		case <-tm.C:
			if s.CPU() < 30*time.Millisecond {
				t.Fatalf("fired after %v of CPU", s.CPU())
			}
			return
		default:
		}
		if s.CPU() > 10*time.Second {
			t.Fatal("never fired")
		}
	}
}
