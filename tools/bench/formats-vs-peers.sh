#!/bin/sh
# The per-format tables of docs/performance.md: each kifu benchmark next to its peer, in
# rounds, so a slow phase of a shared machine hits both sides. Run from the repository root
# after a Release build with -DKIFU_BUILD_BENCH=ON:
#   sh tools/bench/formats-vs-peers.sh [ROUNDS [OUT]]        (default 5 rounds, OUT=bench-out)
# OUT/<round>/<name>.txt holds each program's own output; the tables take the median of each
# row over the rounds. kifu rows are per core (thread CPU time, best of the passes); the
# peers' rows are their median round of wall time (Node runs one thread). For CSA, KIF and KI2
# kifu also times parse+normalize of the peer's games as the peer times itself (`--rounds 3`:
# median of 3 rounds of at least 2 s, wall time; <name>.kifu-as-peer.txt), and the script ends
# with the ratio of those like statistics per round and over the rounds (the shogi summary).
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
        if [ "$1" = csa ]; then row="--only parse+normalize"; else row="--rows parse+normalize"; fi
        # shellcheck disable=SC2086
        "$bench/$b" --passes 1 --rounds 3 $f $row --list "$list/$1.tsv" >"$2/$1.kifu-as-peer.txt" 2>&1
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
            >"$2/sgf.kifu-smartgame-files.txt" 2>&1
        # smartgame's parse and the Sabaki path (parse + main-line replay), by wall and CPU time
        node "$root/tools/bench/sgf-peers.mjs" --modules "$peers/go-othello/node_modules" --peer smartgame \
            "$corpus/go/sgf" >"$2/sgf.smartgame-cpu.txt" 2>&1 || true
        node "$root/tools/bench/sgf-peers.mjs" --modules "$peers/go-othello/node_modules" \
            "$corpus/go/sgf" >"$2/sgf.sabaki.txt" 2>&1 || true
        "$bench/kifu_bench_sgf" --passes 5 --exclude 'ego2|ego3|compressed-point-list|encoding-utf16|utf16le|libsgfcplusplus/escaping|sgfc/test\.sgf' \
            >"$2/sgf.kifu-sabaki-files.txt" 2>&1 ;;
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

# The shogi summary: per format, json-kifu-format's median round (moves/s, main line) beside
# kifu's parse+normalize of the same games timed the same way, and kifu's best pass per core.
median() { sort -n | awk '{v[NR] = $1} END {if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}'; }
# The moves/s of the parse+normalize row of the table whose heading starts with $1, in file $2.
rate_in_table() { awk -v heading="$1" 'index($0, heading) == 1 {on = 1; next} on && /^parse\+normalize: text/ {print $4; exit}' "$2"; }
for name in csa kif ki2; do
    case " $names " in *" $name "*) ;; *) continue ;; esac
    peer_rates="" same_rates="" best_rates=""
    r=1
    while [ "$r" -le "$rounds" ]; do
        p=$(sed -n 's/^median: .* \([0-9,]*\) moves\/s (.*/\1/p' "$out/$r/$name.peer.txt" | tr -d ,)
        best=$(rate_in_table "per core" "$out/$r/$name.kifu.txt")
        same=$(rate_in_table "as the peers time it" "$out/$r/$name.kifu-as-peer.txt")
        if [ -n "$p" ] && [ -n "$same" ] && [ -n "$best" ]; then
            printf '%s round %d: json-kifu-format %s moves/s; kifu %s (as timed by the peer), %s (best pass per core): %sx, %sx\n' \
                "$name" "$r" "$p" "$same" "$best" "$(awk "BEGIN {printf \"%.1f\", $same / $p}")" "$(awk "BEGIN {printf \"%.1f\", $best / $p}")"
            peer_rates="$peer_rates $p" same_rates="$same_rates $same" best_rates="$best_rates $best"
        fi
        r=$((r + 1))
    done
    [ -n "$peer_rates" ] || continue
    p=$(echo "$peer_rates" | tr ' ' '\n' | grep . | median)
    same=$(echo "$same_rates" | tr ' ' '\n' | grep . | median)
    best=$(echo "$best_rates" | tr ' ' '\n' | grep . | median)
    printf '%s median of rounds: json-kifu-format %.0f moves/s; kifu %.0f (as timed by the peer), %.0f (best pass per core): %.1fx, %.1fx\n' \
        "$name" "$p" "$same" "$best" "$(awk "BEGIN {print $same / $p}")" "$(awk "BEGIN {print $best / $p}")"
done
