"""Fixtures of the kifu Python tests.

ctest runs them with the build tree's package on PYTHONPATH and sets:
  KIFU_SOURCE_DIR  the repository (test data in tests/data, docs/python.md)
  KIFU_CLI         the kifu program of the same build (outputs compared with the package's)
  KIFU_CORPUS_DIR  the shared corpus (<source dir>/../shared/corpus); tests over it skip
                   when it is absent
"""

import os
import shutil
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.environ.get("KIFU_SOURCE_DIR") or os.path.dirname(os.path.dirname(HERE))
DATA_DIR = os.path.join(SOURCE_DIR, "tests", "data")
SAMPLES = os.path.join(DATA_DIR, "samples")


def corpus_dir():
    return os.environ.get("KIFU_CORPUS_DIR") or os.path.join(SOURCE_DIR, "..", "shared", "corpus")


@pytest.fixture
def samples():
    return SAMPLES


@pytest.fixture
def data_dir():
    return DATA_DIR


@pytest.fixture
def source_dir():
    return SOURCE_DIR


@pytest.fixture
def corpus():
    d = corpus_dir()
    if not os.path.isdir(d):
        pytest.skip(f"the shared corpus is absent ({d})")
    return d


@pytest.fixture
def cli():
    """Runs the kifu program; returns its stdout (bytes). Skips when it is not built."""
    path = os.environ.get("KIFU_CLI") or shutil.which("kifu")
    if not path or not os.path.exists(path):
        pytest.skip("the kifu program is not built (KIFU_CLI)")

    def run(*args, check=True, input=None):
        p = subprocess.run([path, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, input=input)
        if check and p.returncode not in (0, 1):
            raise AssertionError(f"kifu {' '.join(args)} failed ({p.returncode}): {p.stderr.decode()}")
        return p.stdout

    run.path = path
    return run


def pytest_terminal_summary(terminalreporter):
    """Prints KIFU-SKIP when every test skipped (ctest then reports the suite as skipped)."""
    stats = terminalreporter.stats
    ran = sum(len(stats.get(k, [])) for k in ("passed", "failed", "error", "xfailed", "xpassed"))
    if stats.get("skipped") and ran == 0:
        terminalreporter.write_line("KIFU-SKIP: every test of this suite skipped")


def _export_package_path():
    # Processes the tests start (pools, Dask workers, scripts) import the same package.
    import kifu

    root = os.path.dirname(os.path.dirname(os.path.abspath(kifu.__file__)))
    parts = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in parts:
        os.environ["PYTHONPATH"] = os.pathsep.join([root] + parts)


_export_package_path()
