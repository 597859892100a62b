#!/bin/sh
# Whole-process timings of `kifu convert` against the Node.js peers, for docs/performance.md
# ("The command line"). Run from the repository root after a Release build:
#   sh tools/bench/cli-vs-peers.sh [RUNS]        (default 5)
# Each round runs every command once, one after the other, so a slow phase of a shared
# machine hits kifu and the peers alike; after RUNS rounds it prints, per command, the median
# wall time and the median CPU time (user + sys, from /usr/bin/time), then the ratios of
# issue 19 from those medians. KIFU=path overrides the kifu binary.
# Needs ../shared/corpus, ../shared/peers (npm ci done in shogi/ and go-othello/), /usr/bin/time,
# and room for the outputs of every round (~1.5 GB for 5 rounds; deleted at the end). Start it
# at least 5 minutes after anything deleted thousands of files (an earlier run of this script
# among them): ext4 checks each recently freed inode before it hands one out again, which
# adds a second of system time to every command that creates 2,000 files.
set -eu
root=$PWD
kifu=${KIFU:-$root/build/tools/kifu/kifu}
corpus=$root/../shared/corpus
peers=$root/../shared/peers
gen=$corpus/shogi/generated/seed1-2000
sgf=$corpus/go/sgf
wthor=$corpus/othello/wthor/ffo-1977-2021

# `cli-vs-peers.sh --one NAME OUT`: runs one command, writing into the folder OUT.
if [ "${1:-}" = --one ]; then
    out=$3
    case $2 in
    kifu_kif | kifu_ki2 | kifu_csa)
        exec "$kifu" convert -j 1 --no-summary -o "$out" "$gen/${2#kifu_}" ;;
    peer_kif | peer_ki2 | peer_csa)
        f=${2#peer_}
        cd "$peers/shogi" && exec node to-jkf.mjs --peer jkf --format "$f" --out "$out" "$gen/$f"/* ;;
    kifu_kif_j2)
        exec "$kifu" convert -j 2 --no-summary -o "$out" "$gen/kif" ;;
    kifu_sgf)
        exec "$kifu" convert -j 1 --no-summary -o "$out" "$sgf" ;;
    smartgame)
        cd "$peers/go-othello" && exec node bench-sgf.mjs "$sgf" --only smartgame --runs 1 ;;
    wthor_csv)
        exec "$kifu" convert -j 1 -t positions-csv "$wthor"/*.wtb ;;
    wthor_jkf)
        exec "$kifu" convert -j 1 -t jkf "$wthor"/*.wtb ;;
    esac
    exit 2
fi

runs=${1:-5}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
names="kifu_kif peer_kif kifu_ki2 peer_ki2 kifu_csa peer_csa kifu_kif_j2 kifu_sgf smartgame wthor_csv wthor_jkf"
for name in $names; do : >"$scratch/$name.times"; done
: >"$scratch/smartgame.mbs"
round=0
while [ "$round" -lt "$runs" ]; do
    for name in $names; do
        # Every command writes into a folder of its own, and nothing is deleted before the end:
        # right after thousands of files are deleted, ext4 checks each recently freed inode
        # before it hands one out again, which made creating 2,000 files cost 1.5-2 s of
        # system time in whichever command came next.
        out="$scratch/out-$round-$name"
        mkdir "$out"
        # The last command's output (a gigabyte after the WTHOR exports) is deleted here, not
        # truncated by the redirection below: that would free its blocks inside the timed
        # command.
        rm -f "$scratch/stdout"
        # Written data still in the page cache (a gigabyte after the WTHOR exports) would be
        # flushed inside the next command, which the kernel then throttles as the writer.
        sync
        # A failing input (the SGF corpus has some) still counts: the time is what matters.
        /usr/bin/time -f 'T %e %U %S' -a -o "$scratch/$name.times" \
            sh "$0" --one "$name" "$out" >"$scratch/stdout" 2>/dev/null || true
        # ...but a command that did not do the work must not be timed as if it had: a peer
        # whose node_modules are missing fails at once, and its ratio would be meaningless.
        case $name in
        kifu_kif | kifu_ki2 | kifu_csa | kifu_kif_j2 | peer_*)
            written=$(find "$out" -type f | wc -l)
            if [ "$written" -ne 2000 ]; then
                echo "cli-vs-peers.sh: $name wrote $written of 2000 outputs (for a peer: run npm ci in ../shared/peers/shogi)" >&2
                exit 1
            fi ;;
        smartgame)
            mbs=$(sed -n 's/.*MB\/s *\([0-9.]*\).*/\1/p' "$scratch/stdout" | head -1)
            if [ -z "$mbs" ]; then
                echo "cli-vs-peers.sh: smartgame printed no MB/s (run npm ci in ../shared/peers/go-othello)" >&2
                exit 1
            fi
            echo "$mbs" >>"$scratch/smartgame.mbs" ;;
        wthor_*) wc -c <"$scratch/stdout" >"$scratch/$name.bytes" ;;
        esac
    done
    round=$((round + 1))
done

# median FILE COLUMN-EXPRESSION: the median over the rounds of an awk expression of a times line.
median() {
    grep '^T ' "$1" | awk "{print $2}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}
wall() { median "$scratch/$1.times" '$2'; }
cpu() { median "$scratch/$1.times" '$3 + $4'; }
usr() { median "$scratch/$1.times" '$3'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", a / b}'; }

echo "median of $runs interleaved rounds; seconds of wall time, CPU time (user + sys), user time"
printf '%-34s %8s %8s %8s\n' command wall CPU user
for name in $names; do
    printf '%-34s %8s %8s %8s\n' "$name" "$(wall "$name")" "$(cpu "$name")" "$(usr "$name")"
done
echo
for f in kif ki2 csa; do
    echo "$f: json-kifu-format / kifu -j 1 = $(ratio "$(wall "peer_$f")" "$(wall "kifu_$f")")x wall," \
        "$(ratio "$(cpu "peer_$f")" "$(cpu "kifu_$f")")x CPU"
done
echo "kif: -j 2 / -j 1 = $(ratio "$(wall kifu_kif)" "$(wall kifu_kif_j2)")x wall"
sgf_bytes=$(find "$sgf" -type f -name '*.sgf' -exec cat {} + | wc -c)
sgf_mbs=$(awk -v b="$sgf_bytes" -v t="$(wall kifu_sgf)" 'BEGIN {printf "%.2f", b / 1e6 / t}')
sg_mbs=$(sort -g "$scratch/smartgame.mbs" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "sgf: kifu $sgf_mbs MB/s ($sgf_bytes bytes / median wall) vs smartgame $sg_mbs MB/s" \
    "(its in-process median, wall) = $(ratio "$sgf_mbs" "$sg_mbs")x"
for t in csv jkf; do
    bytes=$(cat "$scratch/wthor_$t.bytes")
    echo "wthor $t: $bytes bytes: $(awk -v b="$bytes" -v t="$(wall "wthor_$t")" 'BEGIN {printf "%.0f", b / 1e6 / t}') MB/s wall," \
        "$(awk -v b="$bytes" -v t="$(cpu "wthor_$t")" 'BEGIN {printf "%.0f", b / 1e6 / t}') MB/s CPU"
done
