package search

import "syscall"

// madvHugePage is MADV_HUGEPAGE, the same number on every Linux.
const madvHugePage = 14

// adviseHugePages asks Linux to back b with transparent huge pages (in
// its usual "madvise" mode it does so only where asked). A refusal
// leaves ordinary pages: the table works either way.
func adviseHugePages(b []byte) { _ = syscall.Madvise(b, madvHugePage) }
