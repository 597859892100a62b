"""kifu.dask on a LocalCluster of two worker processes: the same rows as one process, and no
row lost or doubled when a worker is killed mid-run. Over the 2,000 generated KIF games of
the shared corpus when it is present, else over copies of the repository's samples."""

import os
import shutil
import signal
import sys
import time

import pytest

import kifu

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")
import cloudpickle  # noqa: E402  (comes with dask)
import kifu.dask as kd  # noqa: E402

cloudpickle.register_pickle_by_value(sys.modules[__name__])


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        yield c


@pytest.fixture
def client(cluster):
    with distributed.Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def collection(tmp_path_factory):
    """At least 2,000 record files."""
    corpus = os.environ.get("KIFU_CORPUS_DIR", "")
    kif = os.path.join(corpus, "shogi", "generated", "seed1-2000", "kif")
    if corpus and os.path.isdir(kif):
        return kif
    here = os.path.dirname(os.path.abspath(__file__))
    samples = os.path.join(os.environ.get("KIFU_SOURCE_DIR", os.path.dirname(os.path.dirname(here))), "tests", "data", "samples")
    d = tmp_path_factory.mktemp("collection")
    names = sorted(os.listdir(samples))
    for i in range(2000):
        name = names[i % len(names)]
        stem, ext = os.path.splitext(name)
        shutil.copy(os.path.join(samples, name), d / f"{i:04d}-{stem}{ext}")
    return str(d)


def rows_of(records):
    return [(r.source, r.index, r.to_json()) for r in records]


def test_files_and_partitions(collection, tmp_path):
    files = kd.files(os.path.join(collection, "*"))
    assert len(files) >= 2000 and files == sorted(files)
    assert kd.files(collection) == [os.path.abspath(f) for f in kifu.expand_paths(collection)]
    assert all(os.path.isabs(f) for f in files)
    parts = kd.partitions(files, 64 * 1024)
    assert [f for p in parts for f in p] == files
    sizes = [sum(os.path.getsize(f) for f in p) for p in parts]
    assert all(s <= 64 * 1024 or len(p) == 1 for s, p in zip(sizes, parts))
    with pytest.raises(FileNotFoundError):
        kd.files(str(tmp_path / "*.kif"))
    with pytest.raises(ValueError, match="partition_bytes"):
        kd.partitions(files, 0)


def test_read_on_the_cluster_equals_one_process(collection, client):
    files = kd.files(collection)
    expected = rows_of(r for f in files for r in kifu.read(f).records)
    bag = kd.read(collection, partition_bytes=256 * 1024)
    assert bag.npartitions > 2
    got = bag.map(lambda r: (r.source, r.index, r.to_json())).compute()
    assert sorted(got) == sorted(expected)
    assert got == expected  # the bag keeps input order
    jkf = kd.read(files[:20], jkf=True).compute()
    assert jkf == [r.to_jkf() for f in files[:20] for r in kifu.read(f).records]


def test_write_one_output_per_partition(collection, client, tmp_path):
    bag = kd.read(collection, partition_bytes=512 * 1024)
    written = kd.write(bag, "jkf", tmp_path / "out")
    assert len(written) == bag.npartitions
    lines = [line for p in written for line in open(p, encoding="utf-8").read().splitlines()]
    files = kd.files(collection)
    assert lines == [r.to_json() for f in files for r in kifu.read(f).records]
    with pytest.raises(ValueError, match="one game per text"):
        kd.write(bag, "kif", tmp_path / "kif")
    with pytest.raises(ValueError, match="unknown writer"):
        kd.write(bag, "docx", tmp_path / "x")


def sorted_frame(frame):
    keys = ["source", "game_index", "ply"]
    return frame.sort_values(keys, kind="mergesort").reset_index(drop=True)


def test_positions_on_the_cluster_equal_one_process(collection, client):
    import pandas as pd

    files = kd.files(collection)
    single = kifu._positions_frame(files, game="shogi")
    frame = kd.positions(collection, game="shogi", partition_bytes=256 * 1024)
    assert frame.npartitions > 2
    got = frame.compute()
    assert len(got) == len(single) > 0
    pd.testing.assert_frame_equal(sorted_frame(got), sorted_frame(single))
    # The rows are kifu.positions' rows.
    assert len(single) == sum(len(b) for b in kifu.positions(files, game="shogi"))
    # Filters reach the workers.
    few = kd.positions(collection, game="shogi", min_moves=10 ** 6).compute()
    assert len(few) == 0 and list(few.columns) == list(single.columns)


def test_positions_with_a_killed_worker(collection, client):
    import pandas as pd

    files = kd.files(collection)
    single = kifu._positions_frame(files, game="shogi")
    frame = kd.positions(collection, game="shogi", partition_bytes=small_partitions(files)).map_partitions(_slow_frame)
    assert frame.npartitions >= 40
    future = client.compute(frame)
    kill_a_worker_mid_run(client)
    got = future.result(timeout=120)
    assert len(got) == len(single)
    pd.testing.assert_frame_equal(sorted_frame(got), sorted_frame(single))


def small_partitions(files):
    """Partition bytes that cut the files into about 100 partitions."""
    return max(1024, sum(os.path.getsize(f) for f in files) // 100)


def _slow_frame(frame):
    time.sleep(0.05)
    return frame


def kill_a_worker_mid_run(client):
    """Kills a worker process (SIGKILL) once a few tasks are done and more are to do; waits
    for its nanny to start a new one."""
    pids = client.run(os.getpid)
    deadline = time.time() + 30
    while time.time() < deadline:
        if client.run_on_scheduler(lambda dask_scheduler: sum(
                1 for ts in dask_scheduler.tasks.values() if ts.state == "memory")) >= 5:
            break
        time.sleep(0.05)
    victim, pid = sorted(pids.items())[0]
    left = client.run_on_scheduler(lambda dask_scheduler: sum(
        1 for ts in dask_scheduler.tasks.values() if ts.state in ("processing", "waiting", "no-worker", "queued")))
    assert left > 0, "the run ended before a worker could be killed"
    os.kill(pid, signal.SIGKILL)
    return pid


def _slow_rows(records):
    time.sleep(0.05)
    return [(r.source, r.index, r.to_json()) for r in records]


def test_a_killed_worker_loses_and_doubles_nothing(collection, client):
    files = kd.files(collection)
    expected = rows_of(r for f in files for r in kifu.read(f).records)
    bag = kd.read(collection, partition_bytes=small_partitions(files)).map_partitions(_slow_rows)
    assert bag.npartitions >= 40
    future = client.compute(bag)
    pid = kill_a_worker_mid_run(client)
    got = future.result(timeout=120)
    assert len(got) == len(expected)
    assert sorted(got) == sorted(expected)
    # The nanny started a new worker process in the killed one's place.
    client.wait_for_workers(2, timeout=60)
    assert pid not in client.run(os.getpid).values()
