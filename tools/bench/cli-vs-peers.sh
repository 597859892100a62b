#!/bin/sh
# Whole-process timings of `kifu convert` against the Node.js peers, for docs/performance.md
# ("The command line"). Run on a quiet machine from the repository root after a Release build:
#   sh tools/bench/cli-vs-peers.sh [RUNS]        (default 5 runs; prints the median wall time of each)
# Needs ../shared/corpus, ../shared/peers (npm ci done in shogi/ and go-othello/), /usr/bin/time.
set -eu
runs=${1:-5}
kifu=$PWD/build/tools/kifu/kifu
corpus=$PWD/../shared/corpus
peers=$PWD/../shared/peers
gen=$corpus/shogi/generated/seed1-2000
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# median_of LABEL COMMAND...: runs COMMAND $runs times (a fresh output folder each time) and
# prints the median wall-clock seconds (a failing input, as the SGF corpus has, still counts).
median_of() {
    label=$1; shift
    : >"$scratch/times"
    i=0
    while [ "$i" -lt "$runs" ]; do
        rm -rf "$scratch/out"; mkdir "$scratch/out"
        /usr/bin/time -f %e -a -o "$scratch/times" "$@" >/dev/null 2>&1 || true
        i=$((i + 1))
    done
    printf '%-44s %s s\n' "$label" "$(grep -E '^[0-9.]+$' "$scratch/times" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
}

for f in kif ki2 csa; do
    median_of "kifu convert -j 1 -o DIR ($f, 2000)" "$kifu" convert -j 1 --no-summary -o "$scratch/out" "$gen/$f"
    median_of "json-kifu-format to-jkf --out DIR ($f, 2000)" sh -c \
        "cd '$peers/shogi' && node to-jkf.mjs --peer jkf --format $f --out '$scratch/out' '$gen/$f'/*"
done
median_of "kifu convert -j 2 -o DIR (kif, 2000)" "$kifu" convert -j 2 --no-summary -o "$scratch/out" "$gen/kif"
median_of "kifu convert -j 1 -o DIR (sgf corpus)" "$kifu" convert -j 1 --no-summary -o "$scratch/out" "$corpus/go/sgf"
echo "smartgame (MB/s; kifu's MB/s = $(du -sb "$corpus/go/sgf" | cut -f1) bytes / the time above):"
(cd "$peers/go-othello" && node bench-sgf.mjs "$corpus/go/sgf" --runs "$runs") | grep -i -E 'smartgame|peer' || true
wthor=$corpus/othello/wthor/ffo-1977-2021
for t in positions-csv jkf; do
    bytes=$("$kifu" convert -t "$t" "$wthor"/*.wtb 2>/dev/null | wc -c)
    median_of "kifu convert -t $t WTHOR base ($bytes bytes)" sh -c "'$kifu' convert -j 1 -t $t '$wthor'/*.wtb >'$scratch/out/x'"
done
