//go:build !linux

package search

// adviseHugePages: elsewhere the OS decides alone.
func adviseHugePages([]byte) {}
