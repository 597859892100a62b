#!/bin/sh
# Installs the Debian 12 packages kifu builds and tests with. Idempotent: when every
# package is already installed it changes nothing and touches no network.
# Lines: the C++ build and its tests; the Python package (pybind11, numpy, Dask) and pytest;
# the WebAssembly build (emscripten) and the page's browser tests (Chromium through Selenium,
# with a Japanese font for the page's screenshots); simdjson for the JKF reader; rsvg-convert
# renders the SVG pictures in a test.
set -eu
packages="build-essential cmake git ccache pkg-config
tao-pegtl-dev libboost-dev libfmt-dev catch2 nlohmann-json3-dev libcli11-dev
clang-14 libclang-rt-14-dev libsqlite3-dev
python3 python3-dev python3-venv python3-pip python3-setuptools python3-wheel python3-pytest
pybind11-dev python3-pybind11 python3-numpy python3-pandas python3-dask python3-distributed
emscripten chromium chromium-driver python3-selenium fonts-ipafont-gothic unzip
libsimdjson-dev librsvg2-bin"
missing=""
for p in $packages; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -z "$missing" ]; then
    exit 0
fi
echo "install-deps: installing$missing" >&2
if [ "$(id -u)" -ne 0 ]; then
    sudo=sudo
else
    sudo=
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing
