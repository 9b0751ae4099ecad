// Package uciclient runs UCI engines as child processes: the start-up
// handshake (variant, options, isready), go and the info lines it reads,
// stalls, and the end of the engine's whole process tree, each engine
// under a supervisor on Linux. The match runner plays its games with it,
// and an Analyst keeps one engine running to score positions one after
// another (`senapati label`).
package uciclient
