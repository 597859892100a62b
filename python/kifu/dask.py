"""kifu on a cluster through Dask: collections of records as dask bags and data frames.

Files are grouped into partitions of about ``partition_bytes`` each (files are never split;
a partition holds whole files in input order), and each partition is read by one task with
kifu's C++ readers. Everything here works with any ``distributed.Client`` (a scheduler
address, ``Client("tcp://host:8786")``, or a ``LocalCluster``) and with Dask's local
schedulers; a task that is lost with its worker is run again by Dask, and since a task's
output depends only on its files, a rerun gives the same rows (outputs of write() are
replaced atomically).

    >>> import kifu.dask
    >>> bag = kifu.dask.read("games/**/*.csa")
    >>> frame = kifu.dask.positions("games/**/*.csa", game="shogi")
    >>> kifu.dask.write(bag, "positions-csv", "out/")
"""

from __future__ import annotations

import glob as _glob
import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

import kifu

__all__ = ["files", "partitions", "read", "positions", "write"]

DEFAULT_PARTITION_BYTES = 32 * 1024 * 1024

PathsOrGlobs = Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]]


def files(paths_or_globs: PathsOrGlobs, *, all_files: bool = False) -> List[str]:
    """Returns the files named: glob patterns (``*``, ``?``, ``[...]``, ``**`` for any
    depth) expanded in sorted order, directories walked as kifu.read_many walks them, files
    as given; all made absolute (the workers of a cluster may run elsewhere). A pattern
    that matches nothing, or a path that does not exist, raises FileNotFoundError."""
    items = [paths_or_globs] if isinstance(paths_or_globs, (str, os.PathLike)) else list(paths_or_globs)
    out: List[str] = []
    for item in items:
        p = kifu._path_arg("each path or glob", item)
        if any(c in p for c in "*?["):
            matched = sorted(os.path.abspath(m) for m in _glob.glob(p, recursive=True) if os.path.isfile(m))
            if not matched:
                raise FileNotFoundError(f"no file matches {p!r}")
            out.extend(matched)
        else:
            out.extend(kifu.expand_paths([os.path.abspath(p)], all_files=all_files))
    return out


def partitions(file_list: Sequence[str], partition_bytes: int = DEFAULT_PARTITION_BYTES) -> List[List[str]]:
    """Groups files, in order, into partitions of about ``partition_bytes`` each: a file is
    added to the current partition while the partition stays within the size (a larger file
    is a partition of its own)."""
    if isinstance(partition_bytes, bool) or not isinstance(partition_bytes, int) or partition_bytes < 1:
        raise ValueError(f"partition_bytes must be a positive int, not {partition_bytes!r}")
    groups: List[List[str]] = []
    current: List[str] = []
    size = 0
    for f in file_list:
        n = os.path.getsize(f)
        if current and size + n > partition_bytes:
            groups.append(current)
            current, size = [], 0
        current.append(f)
        size += n
    if current:
        groups.append(current)
    return groups


def _read_partition(group: List[str], options: Dict[str, Any], as_jkf: bool) -> List[Any]:
    out: List[Any] = []
    for f in group:
        result = kifu.read(f, **options)
        if options.get("mode") == "strict" and not result.ok:
            raise kifu.ReadError(result.diagnostics)
        out.extend(r.to_jkf() if as_jkf else r for r in result.records)
    return out


def read(
    paths_or_globs: PathsOrGlobs,
    *,
    jkf: bool = False,
    partition_bytes: int = DEFAULT_PARTITION_BYTES,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    mode: str = "default",
    all_files: bool = False,
) -> Any:
    """Returns a dask.bag of the records of the files (kifu.Record objects, or their JKF
    dicts with ``jkf=True``), one partition per group of files of about ``partition_bytes``.
    Records keep their input order within and across partitions. Options as kifu.read."""
    import dask.bag as db

    kifu._mode_arg(mode)
    options = {"format": format, "encoding": encoding, "mode": mode}
    groups = partitions(files(paths_or_globs, all_files=all_files), partition_bytes)
    if not groups:
        return db.from_sequence([], npartitions=1)
    return db.from_sequence(groups, npartitions=len(groups)).map_partitions(
        lambda part: [x for group in part for x in _read_partition(group, options, jkf)])


def positions(
    paths_or_globs: PathsOrGlobs,
    *,
    game: str,
    partition_bytes: int = DEFAULT_PARTITION_BYTES,
    all_files: bool = False,
    **filters: Any,
) -> Any:
    """Returns a dask.dataframe of every position of the files' games of ``game`` (the rows
    kifu.positions yields, one DataFrame row per position), one partition per group of files
    of about ``partition_bytes``. ``filters`` are kifu.positions' (min_moves, min_rating,
    results, date_from, date_to, players, ...)."""
    import dask
    import dask.dataframe as dd

    groups = partitions(files(paths_or_globs, all_files=all_files), partition_bytes)
    meta = kifu._positions_frame([], game=game, **filters)
    parts = [dask.delayed(kifu._positions_frame)(g, game=game, **filters) for g in groups]
    if not parts:
        return dd.from_pandas(meta, npartitions=1)
    return dd.from_delayed(parts, meta=meta, verify_meta=False)


def _write_partition(records: List[Any], index: int, target: str, out_dir: str, extension: str,
                     options: Dict[str, Any]) -> str:
    path = os.path.join(out_dir, f"part-{index:05d}{extension}")
    recs = [r for r in records]
    if recs and isinstance(recs[0], dict):
        raise TypeError("kifu.dask.write takes a bag of kifu.Record (read(..., jkf=False))")
    data = kifu.write(recs, target, **options) if recs else ("" if extension else b"")
    raw = data if isinstance(data, bytes) else data.encode(_codec_of(target))
    # Written whole, then renamed: a task run again after its worker died replaces the file.
    tmp = f"{path}.tmp-{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(raw)
    os.replace(tmp, path)
    return path


def _codec_of(target: str) -> str:
    for w in kifu.writers():
        if w["name"] == target and w["encodings"]:
            return kifu._PY_CODECS.get(w["encodings"][0], w["encodings"][0])
    return "utf-8"


def write(
    records: Any,
    target: str,
    out_dir: Union[str, "os.PathLike[str]"],
    *,
    compute: bool = True,
    partition_bytes: int = DEFAULT_PARTITION_BYTES,
    **options: Any,
) -> Any:
    """Writes one output per partition, ``out_dir/part-00000<ext>`` …, through the writer
    ``target`` (a writer that holds many games: jkf, csa, sgf, ggf, csv, positions-csv, …).
    ``records`` is a bag of kifu.Record (read()) or paths and globs (read here). Returns the
    paths written, or the list of dask.delayed writes with ``compute=False``. ``options`` are
    kifu.write's (source, header, ...)."""
    import dask.bag as db

    info = next((w for w in kifu.writers() if w["name"] == target), None)
    if info is None:
        raise ValueError(f"unknown writer {target!r} (kifu writes {', '.join(w['name'] for w in kifu.writers())})")
    if not info["many_games"]:
        raise ValueError(f"the writer {target!r} writes one game per text; write() needs one that holds many games")
    if not isinstance(records, db.Bag):
        records = read(records, partition_bytes=partition_bytes)
    out = os.path.abspath(os.fspath(out_dir))
    os.makedirs(out, exist_ok=True)
    ext = info["lines_extension"] or info["extension"]
    if target == "jkf":
        options.setdefault("json_lines", True)
    import dask

    tasks = [dask.delayed(_write_partition)(part, i, target, out, ext, options)
             for i, part in enumerate(records.to_delayed())]
    if not compute:
        return tasks
    return list(dask.compute(*tasks))
