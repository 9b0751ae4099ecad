//go:build (linux || darwin || freebsd || netbsd || openbsd || dragonfly) && !race

package search

import (
	"syscall"
	"unsafe"
)

// Where large tables get a memory mapping of their own: see mapMinMB.
const canMap = true

// mapEntries maps n entries, starting on a huge-page boundary and marked
// for huge pages where the OS has them (adviseHugePages): a probe then
// costs one TLB entry per 2 MB of table instead of one per 4 KB, and the
// probes of a 16 MB table missed the TLB nearly every time. mapping is
// the whole mapping, a huge page longer than the entries (the untouched
// rest costs no memory), which unmapEntries returns to the OS.
func mapEntries(n int) (entries []ttEntry, mapping []byte, err error) {
	size := n * entryBytes
	mapping, err = syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, err
	}
	start := (hugePage - int(uintptr(unsafe.Pointer(unsafe.SliceData(mapping)))%hugePage)) % hugePage
	table := mapping[start : start+size]
	adviseHugePages(table)
	mappedBytes.Add(int64(len(mapping)))
	return unsafe.Slice((*ttEntry)(unsafe.Pointer(unsafe.SliceData(table))), n), mapping, nil
}

func unmapEntries(mapping []byte) {
	if err := syscall.Munmap(mapping); err != nil {
		panic("transposition table: munmap: " + err.Error())
	}
	mappedBytes.Add(-int64(len(mapping)))
}
