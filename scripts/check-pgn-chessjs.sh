#!/usr/bin/env bash
# Checks chess PGN files with an independent strict reader: chess.js
# (npm), loadPgn(text, {strict: true}). Every game must load and replay.
# chess.js is installed from npm (the network) into a temporary directory
# that is removed afterwards (nothing lands in the repository), or into
# CHESSJS_DIR, where it is kept and found the next time (match's tests
# install it once a run so).
#
#   scripts/check-pgn-chessjs.sh [--json] [--permissive] games.pgn [more.pgn ...]
#
# --json prints one JSON report per game on stdout (see pgn-strict-check.cjs).
# --permissive reads with {strict: false}: long algebraic (Ng1-f3) and UCI
# (g1f3) moves, as -pgnout notation=lan|uci writes them.
# Exit status: 0 all accepted, 1 a game rejected, 2 usage or no node/npm,
# 3 chess.js could not be installed.
set -euo pipefail
json=false
if [ "${1:-}" = "--json" ]; then
	json=true
	shift
fi
permissive=()
if [ "${1:-}" = "--permissive" ]; then
	permissive=(--permissive)
	shift
fi
if [ $# -eq 0 ]; then
	echo "usage: $0 [--json] FILE.pgn..." >&2
	exit 2
fi
for tool in node npm; do
	command -v "$tool" >/dev/null || { echo "$0: $tool is needed" >&2; exit 2; }
done
if [ -n "${CHESSJS_DIR:-}" ]; then
	dir=$CHESSJS_DIR
else
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
fi
# One quick retry: npm's default retries take over a minute to give up
# where the registry cannot be reached.
if [ ! -d "$dir/node_modules/chess.js" ] &&
	! npm install --prefix "$dir" --no-audit --no-fund --silent \
		--fetch-retries=1 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=5000 chess.js@1.4.0 >&2; then
	echo "$0: cannot install chess.js from npm (is the npm registry reachable?)" >&2
	exit 3
fi
check=(node "$(dirname "$0")/pgn-strict-check.cjs" "$dir" ${permissive[@]+"${permissive[@]}"} "$@")
if $json; then
	"${check[@]}"
else
	"${check[@]}" >/dev/null
fi
