// Package testlong is the one switch for the long test suites: all 960
// Chess960 positions at depth 5, deep perft, the endgame solvers on their
// full boards, the long fits and reference comparisons. By default (and
// with -short) each of them runs a sample small enough for a 2-core
// machine beside another job; SENAPATI_LONG=1 runs them in full, whatever
// -short says (`SENAPATI_LONG=1 go test -timeout 60m ./...`).
package testlong

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the long suites on.
const Env = "SENAPATI_LONG"

// Enabled reports whether the long suites run: Env set to anything but
// "" or "0".
func Enabled() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// Skip skips a long test unless the long suites are on, saying what it
// leaves out and how to run it.
func Skip(t testing.TB, what string) {
	t.Helper()
	if !Enabled() {
		t.Skipf("long: %s; %s=1 runs it", what, Env)
	}
}

// Sample logs, in a run without the long suites, what the test checks
// instead of the full suite, so that the run says what it left out.
func Sample(t testing.TB, what string) {
	t.Helper()
	if !Enabled() {
		t.Logf("a sample: %s; %s=1 runs it in full", what, Env)
	}
}
