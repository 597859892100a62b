#!/bin/sh
# Renders each SVG given (the golden pictures of `kifu position -t svg`) with rsvg-convert
# (Debian's librsvg2-bin) and checks that it gives a PNG of the width and height the SVG
# declares: the pictures are well-formed SVG a real renderer draws. Exit 77 (skipped) when
# rsvg-convert is not installed.
set -eu
out_dir=$1
shift
if ! command -v rsvg-convert >/dev/null 2>&1; then
    echo "rsvg-convert not found (Debian package librsvg2-bin): skipped"
    exit 77
fi
mkdir -p "$out_dir"
for svg in "$@"; do
    name=$(basename "$svg" .svg)
    png="$out_dir/$name.png"
    rsvg-convert "$svg" -o "$png"
    width=$(sed -n 's/^<svg [^>]*width="\([0-9]*\)".*/\1/p' "$svg")
    height=$(sed -n 's/^<svg [^>]*height="\([0-9]*\)".*/\1/p' "$svg")
    # PNG: an 8-byte signature, then the IHDR chunk whose data starts with the width and height
    # as big-endian 32-bit numbers (bytes 16..23).
    magic=$(od -An -tx1 -N8 "$png" | tr -d ' \n')
    got_width=$(od -An -tu1 -j16 -N4 "$png" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
    got_height=$(od -An -tu1 -j20 -N4 "$png" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
    if [ "$magic" != "89504e470d0a1a0a" ] || [ "$got_width" != "$width" ] || [ "$got_height" != "$height" ]; then
        echo "$svg: rendered as ${got_width}x${got_height} (signature $magic), declared ${width}x${height}" >&2
        exit 1
    fi
    echo "$svg: ${width}x${height} rendered to $png"
done
