//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly) || race

package search

import "errors"

// Without mmap, and in race builds so that the race detector sees the
// table, every table is on the Go heap.
const canMap = false

func mapEntries(int) ([]ttEntry, []byte, error) {
	return nil, nil, errors.New("no memory mapping here")
}

func unmapEntries([]byte) {}
