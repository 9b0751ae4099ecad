# Builds the engine to $(EXE). OpenBench builds engines with
# `make -j EXE=NAME` (it may add CC=..., which a Go build does not use) and
# then runs `./NAME bench`.
EXE ?= senapati
GO ?= go
# The version UCI's id name, CECP's myname and `senapati match -version`
# give (package internal/version), when this is a git checkout; a plain
# `go build` falls back to the commit it records. `make release
# VERSION=1.0` names a release by hand.
VERSION := $(shell git describe --tags --always --dirty --abbrev=12 2>/dev/null)
LDFLAGS := $(if $(VERSION),-X senapati/internal/version.version=$(VERSION))

.PHONY: all test ci release clean

all:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(EXE) .

# The engine's tests, as an ordinary user (docs/testing.md).
test:
	$(GO) vet ./... && $(GO) test ./...

# What CI runs, the browser test included (installs chromium: root).
ci:
	.ci/run

# Static binaries for linux, windows and darwin on amd64 and arm64, with
# their SHA-256 checksums, in dist/ (README, "Releases").
release:
	VERSION="$(VERSION)" GO="$(GO)" scripts/release.sh dist

clean:
	rm -f $(EXE)
	rm -rf dist
