# Builds the engine to $(EXE). OpenBench builds engines with
# `make -j EXE=NAME` (it may add CC=..., which a Go build does not use) and
# then runs `./NAME bench`.
EXE ?= senapati
GO ?= go
# The commit for `senapati match -version`, when this is a git checkout.
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)

.PHONY: all test ci clean

all:
	$(GO) build -ldflags "-X senapati/match.buildCommit=$(COMMIT)" -o $(EXE) .

# The engine's tests, as an ordinary user (docs/testing.md).
test:
	$(GO) vet ./... && $(GO) test ./...

# What CI runs, the browser test included (installs chromium: root).
ci:
	.ci/run

clean:
	rm -f $(EXE)
