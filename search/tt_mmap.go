//go:build (linux || darwin || freebsd || netbsd || openbsd || dragonfly) && !race

package search

import (
	"syscall"
	"unsafe"
)

// Where large tables get a memory mapping of their own: see mapMinMB.
const canMap = true

func mapEntries(n int) ([]ttEntry, error) {
	mem, err := syscall.Mmap(-1, 0, n*entryBytes, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, err
	}
	mappedBytes.Add(int64(len(mem)))
	return unsafe.Slice((*ttEntry)(unsafe.Pointer(unsafe.SliceData(mem))), n), nil
}

func unmapEntries(e []ttEntry) {
	// The same start and length as the mapping, which is how Munmap finds it.
	mem := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(e))), len(e)*entryBytes)
	if err := syscall.Munmap(mem); err != nil {
		panic("transposition table: munmap: " + err.Error())
	}
	mappedBytes.Add(-int64(len(mem)))
}
