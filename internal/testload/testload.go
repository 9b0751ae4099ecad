// Package testload keeps a loaded machine from deciding tests: CPU is the
// process's CPU time, which a test can charge instead of wall-clock time
// (a busy machine slows the clock on the wall, not the work done). No
// test skips itself for load.
package testload
