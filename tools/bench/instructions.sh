#!/bin/sh
# Instruction counts of the benchmarks, for comparing two builds whatever the machine's load:
#   sh tools/bench/instructions.sh BUILD_DIR [BUILD_DIR...]
# runs each benchmark once (--passes 1, its default inputs: ../shared/corpus) under callgrind
# (build folders without spaces) and prints the instructions it executed, one row per benchmark and a column per build, with
# each later column's change from the first. Needs valgrind.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 BUILD_DIR [BUILD_DIR...]" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "$0: valgrind is not installed" >&2; exit 2; }

ir() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        awk '/Collected/ {print $4}'
}

rows="kakinoki-kif:kifu_bench_kakinoki --passes 1 --format kif
kakinoki-ki2:kifu_bench_kakinoki --passes 1 --format ki2
csa:kifu_bench_csa --passes 1
sgf:kifu_bench_sgf --passes 1
wthor:kifu_bench_wthor --passes 1
read:kifu_bench_read --passes 1"

builds="$*"
printf '%-14s' bench
for build in $builds; do printf ' %16s' "$(basename "$(cd "$build/.." && pwd)")/$(basename "$build")"; done
printf '\n'
echo "$rows" | while IFS=: read -r name command; do
    printf '%-14s' "$name"
    first=""
    for build in $builds; do
        program="$build/tools/bench/${command%% *}"
        if [ ! -x "$program" ]; then printf ' %16s' "-"; continue; fi
        # shellcheck disable=SC2086
        n=$(ir "$program" ${command#* })
        if [ -z "$first" ]; then
            first=$n
            printf ' %16s' "$n"
        else
            printf ' %16s' "$n ($(awk -v a="$first" -v b="$n" 'BEGIN { printf "%+.2f%%", (b - a) * 100 / a }'))"
        fi
    done
    printf '\n'
done
