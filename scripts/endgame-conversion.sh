#!/bin/sh
# Plays every won ending of eval/testdata/endgames-VARIANT.epd once, the
# engine against itself at a fixed node count per move, and counts the
# games White (the side with the winning material) wins within the move
# rule. Usage: scripts/endgame-conversion.sh ENGINE [VARIANT...] (NODES=30000)
set -eu
engine=$1
shift
[ $# -gt 0 ] || set -- chess chaturanga durg
nodes=${NODES:-30000}
dir=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in "$@"; do
	book=$dir/eval/testdata/endgames-$v.epd
	n=$(grep -cv '^#' "$book")
	"$engine" match -engine cmd="$engine" name=a -engine cmd="$engine" name=b \
		-each nodes="$nodes" option.Hash=16 -variant "$v" -games "$n" \
		-openings file="$book" order=sequential -concurrency 1 -progress off \
		-pgnout "$tmp/$v.pgn" min >/dev/null
	won=$(grep -c '^\[Result "1-0"\]' "$tmp/$v.pgn" || true)
	echo "$v: $won of $n converted (nodes=$nodes)"
	# per class (the comment line above its positions): converted of played
	awk -F'"' 'FNR==NR { if ($0 ~ /^# /) c=substr($0,3); else if ($0 !~ /^#/) cls[++k]=c; next }
		/^\[Round / { g=$2+0 } /^\[Result / { n[cls[g]]++; if ($2=="1-0") w[cls[g]]++; if (!(cls[g] in seen)) { seen[cls[g]]=1; order[++m]=cls[g] } }
		END { for (i=1; i<=m; i++) printf "  %d of %d  %s\n", w[order[i]], n[order[i]], order[i] }' "$book" "$tmp/$v.pgn"
done
