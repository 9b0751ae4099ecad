//go:build !linux

package uciclient

// Outside Linux the runner finds no descendants beyond the engine's
// process group (no /proc to read, no child subreaper).

func stampOf(pid int) procStamp                 { return procStamp{pid: pid} }
func descendants(procStamp, string) []procStamp { return nil }
func endAll([]procStamp, string)                {}
func BecomeSubreaper()                          {}
func EndOrphans()                               {}
