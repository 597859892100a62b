#!/bin/sh
# Installs the package the way docs/python.md says, into a new venv that sees Debian's
# packages, with no index (nothing may be downloaded), and uses it from outside the tree.
#   pip_install.sh SOURCE_DIR WORK_DIR PYTHON
set -eu
src=$1
work=$2
python=$3
venv="$work/venv"
rm -rf "$venv"
"$python" -m venv --system-site-packages "$venv"
# The CMake build of the package: beside this build folder, so ccache (CCACHE_BASEDIR is the
# repository) finds the objects of the build at the same depth.
KIFU_BUILD_DIR="${KIFU_BUILD_DIR:-$work/cmake}" PIP_NO_INDEX=1 \
    "$venv/bin/pip" install --no-build-isolation --no-index --quiet "$src/python"
cd "$work"
"$venv/bin/python" - <<'PY'
import os
import kifu
import kifu.dask

assert os.path.dirname(kifu.__file__).startswith(os.path.abspath("venv")), kifu.__file__
r = kifu.read(b"PI\n+\n+7776FU\n-3334FU\n", name="game.csa")
assert r.ok and r.records[0].game == "shogi", r
assert kifu.write(r.records[0], "usi") == "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d\n"
print("installed", kifu.__version__, "at", os.path.dirname(kifu.__file__))
PY
