#!/usr/bin/env bash
# compare.sh FAIRY_STOCKFISH_BINARY [SENAPATI_BINARY]
#
# Runs Senapati and Fairy-Stockfish side by side on one thread and prints a
# table of speed ratios (ours / Fairy-Stockfish nodes per second):
#   - perft with bulk counting: chess start depth 6, Kiwipete depth 5,
#     our chaturanga start vs FSF shatranj start depth 6, our durg start vs
#     a 9x9 FSF variant of similar material (defined in a variants.ini
#     written to a temp dir) depth 5;
#   - search: our `bench` vs FSF `bench` (chess, classical evaluation);
#   - our bench on 2 threads vs 1 thread.
# Both engines are driven over UCI the same way, and only the perft itself
# is timed (from the readyok answered after setup to "Nodes searched"), so
# start-up time (about 0.4 s for a large-board FSF build) is left out.
# The 9x9 row needs an FSF build with large boards (largeboards=yes); with
# an 8x8 build it is reported as n/a. Without SENAPATI_BINARY the engine is
# built from this repository into the temp dir.
# Environment: RUNS (default 3) perft runs per engine, the best one counts.
set -euo pipefail
export LC_ALL=C

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 FAIRY_STOCKFISH_BINARY [SENAPATI_BINARY]" >&2
	exit 2
fi
fsf=$1
ours=${2:-}
runs=${RUNS:-3}
for b in "$fsf" ${ours:+"$ours"}; do
	if [ ! -x "$b" ]; then
		echo "$0: $b is not an executable file" >&2
		exit 2
	fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -z "$ours" ]; then
	ours=$tmp/senapati
	echo "building senapati into $ours" >&2
	(cd "$(dirname "$0")/.." && go build -o "$ours" .)
fi

# The durg stand-in: our start position and pieces (Gaj = rook, Ashva =
# knight, Rath = dragonHorse, Durg = immobile blocker; Mantri = bishop and
# Rani = queen, absent at the start), castling to g/c, Sipahi double steps,
# no en passant, no promotion. Zones, succession and the call have no FSF
# equivalent, so the trees differ; this only compares generator speed on a
# 9x9 board with similar material.
cat >"$tmp/variants.ini" <<'EOF'
[senapatidurg]
maxRank = 9
maxFile = 9
pawn = p
knight = n
bishop = b
rook = r
queen = q
dragonHorse = h
immobile = d
king = k
startFen = rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR w KQkq - 0 1
doubleStepRegionWhite = *2
doubleStepRegionBlack = *8
enPassantRegion = -
promotionRegionWhite = -
promotionRegionBlack = -
castlingKingsideFile = g
castlingQueensideFile = c
castlingRookPieces = r
nMoveRule = 30
EOF

now() {
	if [ -n "${EPOCHREALTIME:-}" ]; then echo "$EPOCHREALTIME"; else date +%s.%N; fi
}

# uci_perft BINARY SETUP DEPTH: prints "nodes seconds variantline" of one
# perft run, timing only the perft. SETUP is newline-separated UCI commands.
uci_perft() {
	local bin=$1 setup=$2 depth=$3 line t0="" t1="" nodes="" vline=""
	while IFS= read -r line; do
		case $line in
		readyok) t0=$(now) ;;
		"Nodes searched: "*)
			t1=$(now)
			nodes=${line#Nodes searched: }
			;;
		"info string variant "*) vline=$line ;;
		esac
	done < <(printf 'uci\n%s\nisready\ngo perft %s\nquit\n' "$setup" "$depth" | "$bin" 2>&1)
	if [ -z "$t0" ] || [ -z "$t1" ]; then
		echo "0 0 none"
		return
	fi
	echo "$nodes $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }') ${vline:-none}"
}

# best_perft BINARY SETUP DEPTH: "nodes seconds variantline" of the fastest of RUNS runs.
best_perft() {
	local best="" r i
	for ((i = 0; i < runs; i++)); do
		r=$(uci_perft "$@")
		if [ -z "$best" ] || awk -v a="$(cut -d' ' -f2 <<<"$r")" -v b="$(cut -d' ' -f2 <<<"$best")" 'BEGIN { exit !(a < b) }'; then
			best=$r
		fi
	done
	echo "$best"
}

rows=()
row() { # name oursNodes oursNPS fsfNodes fsfNPS note
	rows+=("$(printf '%s|%s|%s|%s|%s|%s' "$@")")
}
mnps() { awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.2f", n / s / 1e6; else print "n/a" }'; }

perft_row() { # name ourSetup fsfSetup depth [9x9]
	local name=$1 os=$2 fs=$3 depth=$4 big=${5:-} o f on os_ fn fs_ note=""
	echo "perft: $name ..." >&2
	o=$(best_perft "$ours" "$os" "$depth")
	f=$(best_perft "$fsf" "$fs" "$depth")
	read -r on os_ _ <<<"$o"
	read -r fn fs_ _ <<<"$f"
	if [ -n "$big" ] && ! grep -q "files 9 ranks 9" <<<"$f"; then
		row "$name" "$on" "$(mnps "$on" "$os_")" "-" "n/a" "FSF build without large boards"
		return
	fi
	if [ "$on" != "$fn" ] && [ -z "$big" ] && [ "$name" != "${name#chess}" ]; then
		note="NODE COUNTS DIFFER"
	fi
	row "$name" "$on" "$(mnps "$on" "$os_")" "$fn" "$(mnps "$fn" "$fs_")" "$note"
}

kiwi='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
perft_row "chess start d6" "position startpos" "position startpos" 6
perft_row "chess kiwipete d5" "position fen $kiwi" "position fen $kiwi" 5
perft_row "chaturanga/shatranj start d6" \
	$'setoption name UCI_Variant value chaturanga\nposition startpos' \
	$'setoption name UCI_Variant value shatranj\nposition startpos' 6
perft_row "durg/9x9 stand-in start d5" \
	$'setoption name UCI_Variant value durg\nposition startpos' \
	"setoption name VariantPath value $tmp/variants.ini"$'\nsetoption name UCI_Variant value senapatidurg\nposition startpos' 5 9x9

# Search: our bench (all variants, default depths) vs FSF's bench (chess).
echo "bench: senapati, 1 thread ..." >&2
"$ours" bench >"$tmp/ours1.txt"
echo "bench: senapati, 2 threads ..." >&2
"$ours" bench 0 2 >"$tmp/ours2.txt"
echo "bench: Fairy-Stockfish ..." >&2
nnue=""
fsfuci=$(printf 'uci\nquit\n' | "$fsf" 2>/dev/null || true)
if grep -q "option name Use NNUE" <<<"$fsfuci"; then
	nnue="setoption name Use NNUE value false"
fi
printf 'uci\n%s\nbench\nquit\n' "$nnue" | "$fsf" >"$tmp/fsf.txt" 2>&1

field() { awk -F': *' -v k="$1" '$1 == k { print $2 }' "$2" | tail -1; }
o1=$(field "Nodes/second" "$tmp/ours1.txt")
o1n=$(field "Nodes searched" "$tmp/ours1.txt")
o2=$(field "Nodes/second" "$tmp/ours2.txt")
o2n=$(field "Nodes searched" "$tmp/ours2.txt")
ochess=$(awk '/^chess: / { for (i = 1; i < NF; i++) if ($i == "nodes/second") print $(i + 1); }' "$tmp/ours1.txt")
ochessn=$(awk '/^chess: / { for (i = 1; i < NF; i++) if ($i == "nodes") { v = $(i + 1); sub(",", "", v); print v } }' "$tmp/ours1.txt")
f1=$(awk -F': *' '/^Nodes\/second/ { print $2 }' "$tmp/fsf.txt" | tail -1)
f1n=$(awk -F': *' '/^Nodes searched/ { print $2 }' "$tmp/fsf.txt" | tail -1)
m() { awk -v n="$1" 'BEGIN { if (n > 0) printf "%.2f", n / 1e6; else print "n/a" }'; }
row "bench chess part vs FSF bench" "$ochessn" "$(m "$ochess")" "$f1n" "$(m "$f1")" "FSF: 47 chess positions, depth 13"
row "bench all variants vs FSF bench" "$o1n" "$(m "$o1")" "$f1n" "$(m "$f1")" ""

# The table.
printf '\n%-34s %12s %9s %12s %9s %7s  %s\n' "test" "our nodes" "our Mnps" "FSF nodes" "FSF Mnps" "ratio" "note"
for r in "${rows[@]}"; do
	IFS='|' read -r name on onps fn fnps note <<<"$r"
	ratio=$(awk -v a="$onps" -v b="$fnps" 'BEGIN { if (b + 0 > 0 && a + 0 > 0) printf "%.2f", a / b; else print "n/a" }')
	printf '%-34s %12s %9s %12s %9s %7s  %s\n' "$name" "$on" "$onps" "$fn" "$fnps" "$ratio" "$note"
done
printf '%-34s %12s %9s %12s %9s %7s  %s\n' "our bench 2 threads / 1 thread" "$o2n" "$(m "$o2")" "$o1n" "$(m "$o1")" \
	"$(awk -v a="$o2" -v b="$o1" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')" "(FSF columns: our 1-thread run)"
echo
echo "ratio = our nodes/second / Fairy-Stockfish nodes/second (perft: best of $runs runs each)"
