// Package version is the one place that says which build of Senapati this
// is: UCI's id name, CECP's myname and `senapati match -version` all read
// it, so a GUI, a match log and a bug report name the same build.
//
// It imports nothing of ours, so that every package, board excepted, may
// use it without breaking the one-way dependencies of docs/ARCHITECTURE.md.
package version

import "runtime/debug"

// version is set at link time by the Makefile (and the release script):
//
//	go build -ldflags "-X senapati/internal/version.version=$(git describe --tags --always --dirty --abbrev=12)"
var version string

// String is the version: the one linked in, else, for a plain `go build`
// of a git checkout, the commit it recorded in the same form as git
// describe gives it without tags (12 hex digits, "-dirty" with local
// changes), else "dev" (go test, go run, a build outside git).
func String() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	return fromBuildInfo(info.Settings)
}

// fromBuildInfo is String's fallback, read from the build's settings.
func fromBuildInfo(settings []debug.BuildSetting) string {
	var rev, dirty string
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(len(s.Value), 12)]
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev == "" {
		return "dev"
	}
	return rev + dirty
}
