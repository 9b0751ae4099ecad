# Builds the engine to $(EXE). OpenBench builds engines with
# `make -j EXE=NAME` (it may add CC=..., which a Go build does not use) and
# then runs `./NAME bench`.
EXE ?= senapati
GO ?= go
# The version UCI's id name, CECP's myname and `senapati match -version`
# give (package internal/version), when this is a git checkout; a plain
# `go build` falls back to the commit it records.
VERSION := $(shell git describe --tags --always --dirty --abbrev=12 2>/dev/null)
LDFLAGS := $(if $(VERSION),-X senapati/internal/version.version=$(VERSION))

.PHONY: all test ci clean

all:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(EXE) .

# The engine's tests, as an ordinary user (docs/testing.md).
test:
	$(GO) vet ./... && $(GO) test ./...

# What CI runs, the browser test included (installs chromium: root).
ci:
	.ci/run

clean:
	rm -f $(EXE)
