#!/bin/sh
# The per-format tables of docs/performance.md: each kifu benchmark next to its peer, in
# rounds, so a slow phase of a shared machine hits both sides. Run from the repository root
# after a Release build with -DKIFU_BUILD_BENCH=ON:
#   sh tools/bench/formats-vs-peers.sh [ROUNDS [OUT]]        (default 5 rounds, OUT=bench-out)
# OUT/<round>/<name>.txt holds each program's own output; the tables take the median of each
# row over the rounds. kifu rows are per core (thread CPU time, best of the passes); the
# peers' rows are their median round of wall time (Node runs one thread).
# ONLY="name name" runs a subset (names below). BENCH=folder overrides build/tools/bench.
# Needs ../shared/corpus and ../shared/peers (npm ci done in shogi/ and go-othello/).
set -eu
rounds=${1:-5}
out=${2:-bench-out}
root=$PWD
bench=${BENCH:-$root/build/tools/bench}
corpus=$root/../shared/corpus
peers=$root/../shared/peers
gen=$corpus/shogi/generated/seed1-2000
names=${ONLY:-"csa kif ki2 jkf shogi64 sgf go_other wthor_ggf"}
mkdir -p "$out"
out=$(cd "$out" && pwd)
# The peer writes the list of games it timed (those it accepts); kifu times the same list.
list=$out/lists
mkdir -p "$list"

one() {
    case $1 in
    csa | kif | ki2)
        (cd "$peers/shogi" && node bench.mjs --peer jkf --format "$1" --list "$list/$1.tsv" "$gen/$1") >"$2/$1.peer.txt" 2>&1 || true
        if [ "$1" = csa ]; then b=kifu_bench_csa; f=""; else b=kifu_bench_kakinoki; f="--format $1"; fi
        # shellcheck disable=SC2086
        "$bench/$b" --passes 5 $f --list "$list/$1.tsv" >"$2/$1.kifu.txt" 2>&1
        # shellcheck disable=SC2086
        "$bench/$b" --passes 5 $f "$gen/$1" >"$2/$1.kifu-all.txt" 2>&1 ;;
    jkf)
        (cd "$peers/shogi" && node bench.mjs --peer jkf --format jkf "$gen/jkf") >"$2/jkf.peer.txt" 2>&1 || true
        "$bench/kifu_bench_read" --passes 5 "$gen/jkf" >"$2/jkf.kifu.txt" 2>&1 ;;
    shogi64)
        "$bench/kifu_bench_shogi64" --passes 5 >"$2/shogi64.kifu.txt" 2>&1 ;;
    sgf)
        (cd "$peers/go-othello" && node bench-sgf.mjs "$corpus/go/sgf" --runs 3) >"$2/sgf.peer.txt" 2>&1 || true
        "$bench/kifu_bench_sgf" --passes 5 >"$2/sgf.kifu.txt" 2>&1
        "$bench/kifu_bench_sgf" --passes 5 --exclude 'ego2|ego3|compressed-point-list|libsgfcplusplus/escaping|nihon-kiin|sgfc/test\.sgf' \
            >"$2/sgf.kifu-smartgame-files.txt" 2>&1 ;;
    go_other)
        "$bench/kifu_bench_read" --passes 5 "$corpus/go/nhk" "$corpus/go/gib" "$corpus/go/ngf" "$corpus/go/ugf" >"$2/go_other.kifu.txt" 2>&1 ;;
    wthor_ggf)
        (cd "$peers/go-othello" && node othello-ref.mjs bench "$corpus/othello/wthor/ffo-1977-2021") >"$2/wthor.peer.txt" 2>&1 || true
        (cd "$peers/go-othello" && node othello-ref.mjs bench "$corpus/othello/ggf") >"$2/ggf.peer.txt" 2>&1 || true
        "$bench/kifu_bench_wthor" --passes 5 >"$2/wthor_ggf.kifu.txt" 2>&1 ;;
    esac
}

r=1
while [ "$r" -le "$rounds" ]; do
    mkdir -p "$out/$r"
    date -u '+%F %T UTC' >"$out/$r/started"
    for name in $names; do one "$name" "$out/$r"; done
    r=$((r + 1))
done
echo "outputs in $out/1 … $out/$rounds"
