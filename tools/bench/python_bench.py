#!/usr/bin/python3
"""Speed of the Python package against the C++ library, measured in the same run.

    PYTHONPATH=build/python /usr/bin/python3 tools/bench/python_bench.py [CORPUS] [--dask]

CORPUS defaults to the shared test corpus beside the repository, where the tests look for it
(KIFU_CORPUS_DIR in tests/CMakeLists.txt). Rows:

- kifu.read of the 2,000 generated KIF games (a Python loop over the files, a ReadResult
  and Record objects each), against kifu::read_file over the same files in a C++ loop in the
  same process (the library's rate): the ratio is what the binding costs;
- read + to_jkf(): the JKF dict of every game as well;
- kifu.positions over the KIF games (shogi) and the WTHOR files (othello): positions/s on
  the reader thread of kifu.positions, summing the rows in Python;
- kifu.write(records, "hcpe") of the 2,000 games: positions/s (38 bytes a position), when
  the library has the hcpe writer.

- with --dask: kifu.dask.positions over 20,000 files (the 2,000 KIF files linked 10 times
  into a temporary folder) on a LocalCluster of 1 and then 2 worker processes (one thread
  each): the speed-up of the second worker.

Each row is the best of 3 runs (the read rows: 5 rounds, C++ and Python in turn), as the
machine may be shared. Nothing here asserts on time.
"""

import os
import sys
import time

import kifu
from kifu import _kifu


def best_of(n, fn):
    best = None
    out = None
    for _ in range(n):
        t = time.perf_counter()
        out = fn()
        dt = time.perf_counter() - t
        best = dt if best is None or dt < best else best
    return best, out


def dask_scaling(files):
    import shutil
    import tempfile

    import dask
    import distributed

    import kifu.dask

    tmp = tempfile.mkdtemp(prefix="kifu-dask-bench-")
    try:
        copies = []
        for k in range(10):
            d = os.path.join(tmp, f"copy{k}")
            os.mkdir(d)
            for f in files:
                target = os.path.join(d, os.path.basename(f))
                try:
                    os.link(f, target)
                except OSError:
                    shutil.copyfile(f, target)
                copies.append(target)
        out = []
        for workers in (1, 2):
            with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                          dashboard_address=None) as cluster, distributed.Client(cluster):
                frame = kifu.dask.positions(copies, game="shogi", partition_bytes=4 << 20)

                def run():
                    return int(frame.shape[0].compute())

                run()  # workers import kifu, numpy and pandas once
                s, n = best_of(2, run)
                out.append((f"kifu.dask.positions, {workers} worker{'s' if workers > 1 else ''}", n, s, "positions"))
        return out, len(copies)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    args = [a for a in sys.argv[1:] if a != "--dask"]
    corpus = args[0] if args else os.path.join(here, "..", "..", "..", "shared", "corpus")
    kif_dir = os.path.join(corpus, "shogi", "generated", "seed1-2000", "kif")
    if not os.path.isdir(kif_dir):
        sys.exit(f"python_bench: {kif_dir} is absent")
    files = kifu.expand_paths(kif_dir)
    nbytes = sum(os.path.getsize(f) for f in files)
    for f in files:  # warm the page cache
        with open(f, "rb") as fh:
            fh.read()

    rows = []

    def py_read():
        n = 0
        for f in files:
            n += len(kifu.read(f).records)
        return n

    # The C++ loop and the Python loop take turns, 5 rounds, best of each: a machine whose
    # load changes during the run slows both alike.
    cpp_s = py_s = float("inf")
    for _ in range(5):
        t, games, _ = _kifu._bench_read_files(files)
        cpp_s = min(cpp_s, t)
        t0 = time.perf_counter()
        n = py_read()
        py_s = min(py_s, time.perf_counter() - t0)
    rows.append(("C++ kifu::read_file loop", games, cpp_s, "games"))
    rows.append(("kifu.read (Python loop)", n, py_s, "games"))

    def py_read_jkf():
        n = 0
        for f in files:
            for r in kifu.read(f).records:
                r.to_jkf()
                n += 1
        return n

    jkf_s, n = best_of(3, py_read_jkf)
    rows.append(("kifu.read + to_jkf()", n, jkf_s, "games"))

    def py_read_many():
        return sum(1 for _ in kifu.read_many(files, jobs=1))

    many_s, n = best_of(3, py_read_many)
    rows.append(("kifu.read_many(jobs=1)", n, many_s, "games"))

    if hasattr(kifu, "positions"):
        def shogi_positions():
            return sum(len(b) for b in kifu.positions(files, game="shogi"))

        s, n = best_of(3, shogi_positions)
        rows.append(("kifu.positions shogi", n, s, "positions"))
        wthor = [f for f in kifu.expand_paths(os.path.join(corpus, "othello", "wthor")) if f.lower().endswith(".wtb")]
        if wthor:
            def othello_positions():
                return sum(len(b) for b in kifu.positions(wthor, game="othello"))

            s, n = best_of(3, othello_positions)
            rows.append(("kifu.positions WTHOR", n, s, "positions"))

    if any(w["name"] == "hcpe" for w in kifu.writers()):
        records = [r for f in files for r in kifu.read(f).records]
        s, data = best_of(3, lambda: kifu.write(records, "hcpe"))
        rows.append(("kifu.write(records, 'hcpe')", len(data) // 38, s, "positions"))

    if "--dask" in sys.argv[1:]:
        dask_rows, nfiles = dask_scaling(files)
        rows.extend(dask_rows)

    print(f"{len(files)} KIF files, {nbytes / 1e6:.1f} MB; best of 3 runs")
    print(f"{'':34} {'items':>9} {'seconds':>8} {'rate':>14}")
    for name, n, s, unit in rows:
        print(f"{name:34} {n:>9} {s:>8.3f} {n / s:>11,.0f} {unit}/s")
    print(f"kifu.read / C++ rate: {cpp_s / py_s:.0%}  (read + to_jkf: {cpp_s / jkf_s:.0%})")
    if "--dask" in sys.argv[1:]:
        one, two = dask_rows[0][2], dask_rows[1][2]
        print(f"Dask over {nfiles} files: 2 workers / 1 worker = {one / two:.2f}x")


if __name__ == "__main__":
    main()
