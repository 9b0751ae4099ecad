//go:build race

package web

// raceDetector: the race detector's shadow memory follows the heap's peak
// and stays with the process, so VmRSS says nothing of the server then.
const raceDetector = true
