"""kifu: shogi, go and othello game records at C++ speed.

Reads KIF, KI2, CSA, JKF, USI, SGF and the other go formats, GGF and WTHOR; checks them
(diagnostics with file, line, column and a stable code); writes every format ``kifu convert``
writes; indexes positions; and turns collections into training data. The work is done by
libkifu (C++) with the GIL released, so threads run in parallel.

    >>> import kifu
    >>> result = kifu.read("game.kif")
    >>> result.records[0].headers["先手"]

docs/python.md is the guide.
"""

from __future__ import annotations

import errno
import os
from typing import Any, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _kifu
from ._kifu import Diagnostic, Position, ReadResult, Record

__version__: str = _kifu.__version__

__all__ = [
    "Diagnostic",
    "HcpeRecord",
    "Index",
    "Position",
    "NO_RESULT",
    "PositionBatch",
    "PsvRecord",
    "ReadError",
    "ReadResult",
    "Record",
    "Variation",
    "WriteError",
    "decode_hcpe",
    "decode_psv",
    "detect",
    "formats",
    "lint",
    "passes",
    "positions",
    "read",
    "read_many",
    "result_of",
    "write",
    "writers",
    "__version__",
]

PathLike = Union[str, "os.PathLike[str]"]
_MODES = ("default", "lenient", "strict")


class ReadError(Exception):
    """A read in strict mode found an error (or a file could not be read).

    ``diagnostics`` holds every diagnostic of the read; ``str()`` starts with the first
    error as ``file:line:column: error: message [code]``.
    """

    def __init__(self, diagnostics: Sequence[Diagnostic], records: Sequence[Record] = ()) -> None:
        self.diagnostics: List[Diagnostic] = list(diagnostics)
        self.records: List[Record] = list(records)
        errors = [d for d in self.diagnostics if d.severity == "error"]
        first = errors[0] if errors else (self.diagnostics[0] if self.diagnostics else None)
        text = str(first) if first is not None else "read failed"
        if len(errors) > 1:
            text += f" (and {len(errors) - 1} more error{'s' if len(errors) > 2 else ''})"
        super().__init__(text)

    def __reduce__(self) -> Any:
        return (ReadError, (self.diagnostics, self.records))


class WriteError(ValueError):
    """A write failed (a record of another game, a character the encoding lacks, ...).

    ``diagnostics`` holds the write's diagnostics; ``str()`` is the error's message.
    """

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics: List[Diagnostic] = list(diagnostics)
        errors = [d for d in self.diagnostics if d.severity == "error"]
        super().__init__(str(errors[0]) if errors else "write failed")

    def __reduce__(self) -> Any:
        return (WriteError, (self.diagnostics,))


# ----------------------------------------------------------------------------- arguments


def _text_arg(name: str, value: Optional[str]) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str or None, not {type(value).__name__}")
    return value


def _mode_arg(mode: str) -> str:
    if not isinstance(mode, str):
        raise TypeError(f"mode must be a str, not {type(mode).__name__}")
    if mode not in _MODES:
        raise ValueError(f'mode must be "default", "lenient" or "strict", not {mode!r}')
    return mode


def _jobs_arg(jobs: Optional[int]) -> int:
    if jobs is None:
        return os.cpu_count() or 1
    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise TypeError(f"jobs must be an int or None, not {type(jobs).__name__}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    return jobs


def _path_arg(name: str, value: Any) -> str:
    if isinstance(value, (str, os.PathLike)):
        p = os.fspath(value)
        if isinstance(p, bytes):
            p = os.fsdecode(p)
        return p
    raise TypeError(f"{name} must be a path (str or os.PathLike), not {type(value).__name__}")


def _paths_arg(paths: Any) -> List[str]:
    if isinstance(paths, (str, os.PathLike)):
        return [_path_arg("paths", paths)]
    if isinstance(paths, (bytes, bytearray, memoryview)):
        raise TypeError("paths must be a path or an iterable of paths, not bytes")
    try:
        items = list(paths)
    except TypeError:
        raise TypeError(f"paths must be a path or an iterable of paths, not {type(paths).__name__}") from None
    return [_path_arg("each path", p) for p in items]


def _reading_extensions() -> frozenset:
    exts = set()
    for f in _kifu.formats():
        exts.update(f["extensions"])
    return frozenset(exts)


def expand_paths(paths: Any, *, all_files: bool = False) -> List[str]:
    """Returns the files the paths name: files as given, directories walked recursively in
    sorted order keeping the files with an extension kifu reads (every file with
    ``all_files``). A path that does not exist raises FileNotFoundError."""
    exts = _reading_extensions()
    out: List[str] = []
    for p in _paths_arg(paths):
        if os.path.isdir(p):
            found = []
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in files:
                    if all_files or os.path.splitext(name)[1].lower() in exts:
                        found.append(os.path.join(root, name))
            out.extend(sorted(found))
        elif os.path.exists(p):
            out.append(p)
        else:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), p)
    return out


def _check_strict(result: ReadResult, mode: str) -> ReadResult:
    if mode == "strict" and not result.ok:
        raise ReadError(result.diagnostics, result.records)
    return result


# ----------------------------------------------------------------------------- reading


def read(
    source: Union[PathLike, bytes, bytearray, memoryview],
    *,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    mode: str = "default",
    name: Optional[str] = None,
    normalize: bool = True,
    wthor_names: Optional[PathLike] = None,
    wthor_players: Optional[PathLike] = None,
    wthor_tournaments: Optional[PathLike] = None,
) -> ReadResult:
    """Reads a file (a path) or bytes, and returns a ReadResult: ``.records``,
    ``.diagnostics``, ``.format``, ``.encoding``.

    ``format`` and ``encoding`` are detected unless given ("kif", "csa", "sgf", ...;
    "CP932", "UTF-8", ...). ``mode``:

    - ``"default"``: an input's first error ends its reading; the games before it are kept
      and the error is in ``.diagnostics`` (``kifu convert``'s reading);
    - ``"lenient"``: every problem is reported and reading goes on (``kifu lint``);
    - ``"strict"``: warnings are errors too, and any error raises ReadError.

    ``name`` names bytes in diagnostics and helps detection by its extension ("game.kif").
    A path that does not exist raises FileNotFoundError; bytes that cannot be decoded give
    ``text.bad-bytes`` diagnostics. The GIL is released while reading.
    """
    fmt = _text_arg("format", format)
    enc = _text_arg("encoding", encoding)
    m = _mode_arg(mode)
    if isinstance(source, (bytes, bytearray, memoryview)):
        if any(x is not None for x in (wthor_names, wthor_players, wthor_tournaments)):
            raise ValueError("wthor_names, wthor_players and wthor_tournaments apply to files, not bytes")
        nm = _text_arg("name", name) or "<buffer>"
        return _check_strict(_kifu.read_buffer(bytes(source), nm, fmt, enc, m, bool(normalize)), m)
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"source must be a path (str or os.PathLike) or bytes, not {type(source).__name__}")
    path = _path_arg("source", source)
    if name is not None:
        raise ValueError("name applies to bytes; a file is named by its path")
    result = _kifu.read_file(
        path,
        fmt,
        enc,
        m,
        bool(normalize),
        _path_arg("wthor_names", wthor_names) if wthor_names is not None else "",
        _path_arg("wthor_players", wthor_players) if wthor_players is not None else "",
        _path_arg("wthor_tournaments", wthor_tournaments) if wthor_tournaments is not None else "",
    )
    # A file that cannot be opened is an io.open diagnostic of the library; the commonest
    # cases are Python's own exceptions (asked only then: no system call on the way in).
    if not result.records and result.diagnostics and result.diagnostics[0].code == "io.open":
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, "kifu.read reads one file; use read_many or lint for a directory", path)
        if not os.path.exists(path):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
    return _check_strict(result, m)


def read_results(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    jobs: Optional[int] = None,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    mode: str = "default",
    all_files: bool = False,
) -> Iterator[ReadResult]:
    """Reads many files on ``jobs`` threads (default: the number of cores) and yields one
    ReadResult per file, in input order, while later files are being read. Directories are
    walked (see expand_paths). In strict mode the first file with an error raises
    ReadError."""
    files = expand_paths(paths, all_files=all_files)
    m = _mode_arg(mode)
    reader = _kifu.OrderedReader(files, _jobs_arg(jobs), _text_arg("format", format), _text_arg("encoding", encoding), m)
    try:
        for result in reader:
            yield _check_strict(result, m)
    finally:
        reader.close()


def read_many(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    jobs: Optional[int] = None,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    mode: str = "default",
    all_files: bool = False,
    diagnostics: Optional[List[Diagnostic]] = None,
) -> Iterator[Record]:
    """Reads many files on ``jobs`` threads and yields their records in input order (file
    by file, each file's games in file order); ``record.source`` names the file. Memory stays
    flat: only a few files are read ahead. Pass a list as ``diagnostics`` to collect every
    diagnostic; in strict mode the first file with an error raises ReadError."""
    if diagnostics is not None and not isinstance(diagnostics, list):
        raise TypeError(f"diagnostics must be a list or None, not {type(diagnostics).__name__}")
    for result in read_results(paths, jobs=jobs, format=format, encoding=encoding, mode=mode, all_files=all_files):
        if diagnostics is not None:
            diagnostics.extend(result.diagnostics)
        yield from result.records


def lint(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    jobs: Optional[int] = None,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    all_files: bool = False,
    severity: Optional[Dict[str, str]] = None,
) -> List[Diagnostic]:
    """Reads files and directories leniently, as ``kifu lint`` does, and returns every
    diagnostic in input order (an empty list: clean). ``severity`` maps codes to "error",
    "warning" or "off", as ``kifu lint -W CODE=...``."""
    overrides: Dict[str, str] = {}
    if severity is not None:
        if not isinstance(severity, dict):
            raise TypeError(f"severity must be a dict of code to 'error'|'warning'|'off', not {type(severity).__name__}")
        for code, level in severity.items():
            if level not in ("error", "warning", "off"):
                raise ValueError(f"severity[{code!r}] must be 'error', 'warning' or 'off', not {level!r}")
            overrides[code] = level
    out: List[Diagnostic] = []
    for result in read_results(paths, jobs=jobs, format=format, encoding=encoding, mode="lenient", all_files=all_files):
        for d in result.diagnostics:
            level = overrides.get(d.code)
            if level == "off":
                continue
            if level is not None and level != d.severity:
                d = Diagnostic(level, d.code, d.message, d.file, d.line, d.column, -1 if d.ply is None else d.ply)
            out.append(d)
    return out


def detect(source: Union[PathLike, bytes, bytearray, memoryview], *, name: Optional[str] = None) -> Optional[Dict[str, str]]:
    """Detects the format and encoding of a file or bytes: returns ``{"format": "kif",
    "game": "shogi", "encoding": "CP932"}`` (encoding "" for binary formats), or None when
    no format recognizes it."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        nm = _text_arg("name", name) or "<buffer>"
    else:
        path = _path_arg("source", source)
        if not os.path.exists(path):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
        with open(path, "rb") as f:
            data = f.read()
        nm = path
    found = _kifu.detect(data, nm)
    if found is None:
        return None
    return {"format": found[0], "game": found[1], "encoding": found[2]}


def formats() -> List[Dict[str, Any]]:
    """Returns every input format kifu reads: name, game, description, extensions, binary,
    many_games."""
    return _kifu.formats()


# ----------------------------------------------------------------------------- writing


def writers() -> List[Dict[str, Any]]:
    """Returns every writer (the targets of write() and ``kifu convert -t``): name, game
    (None: every game), description, extension, many_games, encodings, binary (hcpe, psv:
    write() returns bytes)."""
    return _kifu.writers()


def write(
    records: Union[Record, Iterable[Record], ReadResult],
    target: str = "jkf",
    *,
    source: str = "",
    header: bool = True,
    pretty: bool = False,
    json_lines: bool = False,
    declare_encoding: bool = False,
    ply: Optional[int] = None,
    path: Optional[PathLike] = None,
) -> Union[str, bytes]:
    """Writes records through the writer ``target`` ("kif", "csa", "sgf", "ggf",
    "positions-csv", "hcpe", ...; see writers()) and returns the text (str), or bytes for a
    binary writer. With ``path`` the output is also written to that file (text as UTF-8, or
    the writer's encoding for CP932 writers: the bytes kifu convert writes).

    Options as ``kifu convert``: ``source`` (positions-* source column), ``header``
    (csv/positions-csv header row), ``pretty`` / ``json_lines`` (jkf), ``declare_encoding``
    (kif/ki2), ``ply`` (sfen). A failed write raises WriteError with its diagnostics.
    """
    if isinstance(records, Record):
        items = [records]
    elif isinstance(records, ReadResult):
        items = list(records.records)
    else:
        try:
            items = list(records)
        except TypeError:
            raise TypeError(f"records must be a Record or an iterable of Records, not {type(records).__name__}") from None
        for r in items:
            if not isinstance(r, Record):
                raise TypeError(f"records must hold kifu.Record objects, not {type(r).__name__}")
    if not isinstance(target, str):
        raise TypeError(f"target must be a writer name (str), not {type(target).__name__}")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int) or ply < 0):
        raise ValueError(f"ply must be a non-negative int or None, not {ply!r}")
    text, diags, _ext, _header_size = _kifu.write(
        items, target, _text_arg("source", source), bool(header), bool(pretty), bool(json_lines), bool(declare_encoding),
        -1 if ply is None else ply)
    if any(d.severity == "error" for d in diags):
        raise WriteError(diags)
    info = next(w for w in _kifu.writers() if w["name"] == target)
    if path is not None:
        with open(_path_arg("path", path), "wb") as f:
            f.write(text)
    if info["binary"]:
        return text
    return text.decode(_PY_CODECS.get(info["encodings"][0], info["encodings"][0]))


# The writers' encodings as Python's codecs name them.
_PY_CODECS = {"CP932": "cp932", "UTF-8": "utf-8", "ASCII": "ascii"}


# ----------------------------------------------------------------------------- records


class Variation:
    """A line of play that replaces the main line (or another variation) from ``ply`` on:
    ``moves`` are its JKF move entries, ``variations`` the lines branching off it."""

    __slots__ = ("ply", "moves", "variations")

    def __init__(self, ply: int, moves: List[Dict[str, Any]], variations: List["Variation"]) -> None:
        self.ply = ply
        self.moves = moves
        self.variations = variations

    def __repr__(self) -> str:
        return f"<kifu.Variation from ply {self.ply}: {len(self.moves)} moves, {len(self.variations)} variations>"


def _lines(entries: List[Dict[str, Any]], first_ply: int) -> Tuple[List[Dict[str, Any]], List[Variation]]:
    moves: List[Dict[str, Any]] = []
    variations: List[Variation] = []
    for i, entry in enumerate(entries):
        ply = first_ply + i
        forks = entry.get("forks")
        if forks:
            entry = {k: v for k, v in entry.items() if k != "forks"}
            for fork in forks:
                sub_moves, sub_vars = _lines(fork, ply)
                variations.append(Variation(ply, sub_moves, sub_vars))
        moves.append(entry)
    return moves, variations


def _main_line(self: Record) -> List[Dict[str, Any]]:
    """The main line's move entries (JKF ``moves[1:]``, forks left out): each a dict with
    ``move`` (and ``comments``, ``time``, ``special`` where the record has them)."""
    moves, _ = _lines(self.to_jkf()["moves"][1:], 1)
    return moves


def _variations(self: Record) -> List[Variation]:
    """Every variation that branches off the main line, with the ply of the move it replaces
    (nested variations in ``Variation.variations``)."""
    _, variations = _lines(self.to_jkf()["moves"][1:], 1)
    return variations


def _record_repr(self: Record) -> str:
    return f"<kifu.Record {self.game} {self.source}#{self.index}>"


Record.main_line = property(_main_line)  # type: ignore[attr-defined]
Record.variations = property(_variations)  # type: ignore[attr-defined]
Record.__repr__ = _record_repr  # type: ignore[method-assign]


def _diagnostics_list(self: ReadResult) -> List[Diagnostic]:
    return list(self.diagnostics)


def _result_errors(self: ReadResult) -> List[Diagnostic]:
    return [d for d in self.diagnostics if d.severity == "error"]


ReadResult.errors = property(_result_errors)  # type: ignore[attr-defined]


def _result_reduce(self: ReadResult) -> Any:
    return (_rebuild_result, (list(self.records), list(self.diagnostics), self.format, self.encoding, self.bytes, self.source))


class _DetachedResult:
    """A ReadResult carried to another process (pickle)."""

    def __init__(self, records, diagnostics, format, encoding, nbytes, source):  # type: ignore[no-untyped-def]
        self.records = records
        self.diagnostics = diagnostics
        self.format = format
        self.encoding = encoding
        self.bytes = nbytes
        self.source = source

    @property
    def ok(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)

    @property
    def errors(self) -> List[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]


def _rebuild_result(records, diagnostics, format, encoding, nbytes, source):  # type: ignore[no-untyped-def]
    return _DetachedResult(records, diagnostics, format, encoding, nbytes, source)


ReadResult.__reduce__ = _result_reduce  # type: ignore[method-assign]


# ----------------------------------------------------------------------------- positions


_position_from_record = _kifu.Position.from_record


def _from_record(record: Record, ply: Optional[int] = None) -> Position:
    """Returns the position after ``ply`` moves of a shogi record's main line (default:
    its end). ValueError when the record is not shogi or the main line is shorter."""
    if not isinstance(record, Record):
        raise TypeError(f"record must be a kifu.Record, not {type(record).__name__}")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int)):
        raise TypeError(f"ply must be an int or None, not {type(ply).__name__}")
    if ply is not None and ply < 0:
        raise ValueError(f"ply must be at least 0, not {ply}")
    return _position_from_record(record, ply)


Position.from_record = staticmethod(_from_record)  # type: ignore[method-assign]


# ----------------------------------------------------------------------------- training positions

_RESULTS = ("black_win", "white_win", "draw", "none")
#: the result column's value for a game whose record does not say how it ended
NO_RESULT = -128


class PositionBatch:
    """Positions in columns: row i of every array is one position (the rows of
    ``kifu convert -t positions-csv``, in the same order). docs/training.md gives the codes.

    - ``planes``: int8 [N, height, width] (shogi 9×9: piece kind + 1, positive Black,
      negative White, column c = file 9 − c; go the record's size and othello 8×8: 1 black,
      −1 white); ``hands``: int8 [N, 2, 7] for shogi (歩 香 桂 銀 金 角 飛), else None;
    - ``to_move`` int8, ``move`` int32 (shogi cshogi move16, go y*width+x / pass width*height,
      othello y*8+x / pass 64, −1 none), ``ply`` int32, ``result`` int8 (1/0/−1 for the side
      to move, NO_RESULT −128), ``score`` float64, ``eval`` float64 with ``has_eval`` uint8,
      ``source`` int32 (index into ``sources``) and ``game_index`` int32 (from 1).

    The arrays own their memory (handed over from C++ without a copy).
    """

    __slots__ = ("game", "height", "width", "planes", "hands", "to_move", "move", "ply", "result", "score", "eval",
                 "has_eval", "source", "game_index", "sources")

    def __init__(self, columns: Dict[str, Any], sources: List[str]) -> None:
        for k in self.__slots__[:-1]:
            setattr(self, k, columns[k])
        self.sources = sources

    def __len__(self) -> int:
        return int(self.ply.shape[0])

    def __repr__(self) -> str:
        return f"<kifu.PositionBatch {self.game} {len(self)} rows on {self.height}x{self.width}>"

    def source_names(self) -> Any:
        """Returns the input name of every row (a numpy array of str objects)."""
        import numpy as np

        return np.asarray(self.sources, dtype=object)[self.source]

    def to_frame(self) -> Any:
        """Returns the rows as a pandas DataFrame: source (the input's name), game_index,
        ply, to_move, move, result, score, eval, has_eval, then the board as columns
        b0 … b(height×width−1) (row-major) and, for shogi, the hands h0 … h13."""
        import numpy as np
        import pandas as pd

        n = len(self)
        cols: Dict[str, Any] = {"source": self.source_names()}
        for k in ("game_index", "ply", "to_move", "move", "result", "score", "eval", "has_eval"):
            cols[k] = getattr(self, k)
        frame = pd.DataFrame(cols)
        cells = self.height * self.width
        board = pd.DataFrame(self.planes.reshape(n, cells), columns=[f"b{i}" for i in range(cells)])
        parts = [frame, board]
        if self.hands is not None:
            parts.append(pd.DataFrame(self.hands.reshape(n, 14), columns=[f"h{i}" for i in range(14)]))
        return pd.concat(parts, axis=1, copy=False) if n else pd.concat(parts, axis=1).astype(
            {**{c: np.int8 for c in board.columns}})


def _position_inputs(paths: Any, all_files: bool) -> List[Any]:
    items = paths if isinstance(paths, (list, tuple)) else None
    if items is not None and any(isinstance(x, tuple) for x in items):
        out: List[Any] = []
        for x in items:
            if isinstance(x, tuple):
                if len(x) != 2 or not isinstance(x[0], str) or not isinstance(x[1], (bytes, bytearray, memoryview)):
                    raise TypeError("an in-memory input is a (name, bytes) tuple")
                out.append((x[0], bytes(x[1])))
            else:
                out.extend(expand_paths([x], all_files=all_files))
        return out
    return expand_paths(paths, all_files=all_files)


def positions(
    paths: Any,
    *,
    game: str,
    batch_size: int = 65536,
    format: Optional[str] = None,
    encoding: Optional[str] = None,
    mode: str = "default",
    min_moves: int = 0,
    min_rating: Optional[float] = None,
    results: Optional[Iterable[str]] = None,
    date_from: Optional[str] = None,
    date_to: Optional[str] = None,
    players: Optional[Iterable[str]] = None,
    diagnostics: Optional[List[Diagnostic]] = None,
    all_files: bool = False,
) -> Iterator[PositionBatch]:
    """Yields the positions of every game of ``game`` ("shogi", "go" or "othello") in the
    files (directories walked; ``(name, bytes)`` tuples for inputs in memory) as
    PositionBatch objects of ``batch_size`` rows (fewer at the end, and for go before a board
    of another size), read in C++ on a thread of its own while Python uses the batch before:
    memory holds a batch or two, whatever the size of the collection.

    Filters (a game gives rows only when it passes every one given): ``min_moves`` (moves of
    the main line), ``min_rating`` (both players: CSA ``'black_rate:``/``'white_rate:``
    comments, GGF RB/RW), ``results`` (of "black_win", "white_win", "draw", "none"),
    ``date_from``/``date_to`` (prefix compare: "2024" is all of 2024), ``players``
    (substrings of either name). Games of another kind are left out with a warning; pass a
    list as ``diagnostics`` to collect the warnings and read problems.
    """
    if not isinstance(game, str):
        raise TypeError(f'game must be "shogi", "go" or "othello", not {type(game).__name__}')
    g = game
    if g not in ("shogi", "go", "othello"):
        raise ValueError(f'game must be "shogi", "go" or "othello", not {game!r}')
    if isinstance(batch_size, bool) or not isinstance(batch_size, int):
        raise TypeError(f"batch_size must be an int, not {type(batch_size).__name__}")
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, not {batch_size}")
    filters = _filter_args(min_moves, min_rating, results, date_from, date_to, players)
    if diagnostics is not None and not isinstance(diagnostics, list):
        raise TypeError(f"diagnostics must be a list or None, not {type(diagnostics).__name__}")
    m = _mode_arg(mode)
    inputs = _position_inputs(paths, all_files)
    reader = _kifu.PositionReader(inputs, g, batch_size, _text_arg("format", format), _text_arg("encoding", encoding), m,
                                  *filters)
    sources = reader.sources()
    for columns in reader:
        if diagnostics is not None:
            diagnostics.extend(reader.take_diagnostics())
        yield PositionBatch(columns, sources)
    if diagnostics is not None:
        diagnostics.extend(reader.take_diagnostics())


def _filter_args(min_moves: int, min_rating: Optional[float], results: Optional[Iterable[str]],
                 date_from: Optional[str], date_to: Optional[str], players: Optional[Iterable[str]]) -> Tuple[Any, ...]:
    if isinstance(min_moves, bool) or not isinstance(min_moves, int):
        raise TypeError(f"min_moves must be an int, not {type(min_moves).__name__}")
    if min_moves < 0:
        raise ValueError(f"min_moves must be at least 0, not {min_moves}")
    if min_rating is not None and (isinstance(min_rating, bool) or not isinstance(min_rating, (int, float))):
        raise TypeError(f"min_rating must be a number or None, not {type(min_rating).__name__}")
    res = _str_list("results", results)
    for r in res:
        if r not in _RESULTS:
            raise ValueError(f"results must hold 'black_win', 'white_win', 'draw' or 'none', not {r!r}")
    return (min_moves, None if min_rating is None else float(min_rating), res, _text_arg("date_from", date_from),
            _text_arg("date_to", date_to), _str_list("players", players))


def passes(
    record: Record,
    *,
    min_moves: int = 0,
    min_rating: Optional[float] = None,
    results: Optional[Iterable[str]] = None,
    date_from: Optional[str] = None,
    date_to: Optional[str] = None,
    players: Optional[Iterable[str]] = None,
) -> bool:
    """Returns True when the record passes every filter given, as kifu.positions applies them
    (min_moves, min_rating from CSA 'black_rate:/'white_rate: comments or GGF RB/RW,
    results, date_from/date_to, players)."""
    if not isinstance(record, Record):
        raise TypeError(f"record must be a kifu.Record, not {type(record).__name__}")
    return _kifu.passes(record, *_filter_args(min_moves, min_rating, results, date_from, date_to, players))


def result_of(record: Record) -> str:
    """Returns how the game ended: "black_win", "white_win", "draw" or "none" (the record
    does not say)."""
    if not isinstance(record, Record):
        raise TypeError(f"record must be a kifu.Record, not {type(record).__name__}")
    return _kifu.result_of(record)


def _str_list(name: str, value: Optional[Iterable[str]]) -> List[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    try:
        items = list(value)
    except TypeError:
        raise TypeError(f"{name} must be a str or an iterable of str, not {type(value).__name__}") from None
    for x in items:
        if not isinstance(x, str):
            raise TypeError(f"{name} must hold str, not {type(x).__name__}")
    return items


def _positions_frame(files: List[str], *, game: str, board_size: Optional[int] = None, **options: Any) -> Any:
    """The rows of kifu.positions over the files as one pandas DataFrame (PositionBatch.to_frame
    columns); go boards of another size than ``board_size`` (default 19) are left out so the
    columns are fixed. Used by kifu.dask.positions for each partition."""
    import numpy as np
    import pandas as pd

    size = {"shogi": 9, "othello": 8}.get(game, board_size or 19)
    frames = []
    for batch in positions(files, game=game, **options):
        if batch.height != size or batch.width != size:
            continue
        frames.append(batch.to_frame())
    if frames:
        return pd.concat(frames, ignore_index=True)
    # An empty frame with the columns and dtypes of a full one (Dask's meta).
    cols: Dict[str, Any] = {"source": pd.Series([], dtype=object)}
    for k, t in (("game_index", np.int32), ("ply", np.int32), ("to_move", np.int8), ("move", np.int32),
                 ("result", np.int8), ("score", np.float64), ("eval", np.float64), ("has_eval", np.uint8)):
        cols[k] = pd.Series([], dtype=t)
    for i in range(size * size):
        cols[f"b{i}"] = pd.Series([], dtype=np.int8)
    if game == "shogi":
        for i in range(14):
            cols[f"h{i}"] = pd.Series([], dtype=np.int8)
    return pd.DataFrame(cols)


# ----------------------------------------------------------------------------- hcpe and psv


class HcpeRecord(NamedTuple):
    """One HuffmanCodedPosAndEval read back: the position, the eval for the side to move,
    cshogi's bestMove16, and gameResult (0 draw, 1 Black won, 2 White won)."""

    position: Position
    eval: int
    best_move16: int
    game_result: int


class PsvRecord(NamedTuple):
    """One PackedSfenValue read back: the position, the score for the side to move, the
    move (YaneuraOu's encoding), gamePly (1 at a game's start) and game_result (1 won, 0
    drawn, −1 lost for the side to move)."""

    position: Position
    score: int
    move: int
    game_ply: int
    game_result: int


def _binary_arg(data: Any) -> bytes:
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    if hasattr(data, "tobytes"):  # a numpy array of HCPE_DTYPE / PSV_DTYPE records
        return data.tobytes()
    raise TypeError(f"data must be bytes (or a numpy array of records), not {type(data).__name__}")


def decode_hcpe(data: Any) -> List[HcpeRecord]:
    """Reads hcpe records (38 bytes each, as write(records, "hcpe") gives them) back into
    positions. ValueError names the first record that is not one."""
    return [HcpeRecord(*t) for t in _kifu.decode_hcpe(_binary_arg(data))]


def decode_psv(data: Any) -> List[PsvRecord]:
    """Reads psv records (40 bytes each, as write(records, "psv") gives them) back."""
    return [PsvRecord(*t) for t in _kifu.decode_psv(_binary_arg(data))]


def __getattr__(name: str) -> Any:
    # numpy dtypes of the records, made on first use (numpy is needed only then).
    import numpy as np

    if name == "HCPE_DTYPE":
        return np.dtype([("hcp", np.uint8, 32), ("eval", "<i2"), ("bestMove16", "<u2"), ("gameResult", np.uint8),
                         ("dummy", np.uint8)])
    if name == "PSV_DTYPE":
        return np.dtype([("sfen", np.uint8, 32), ("score", "<i2"), ("move", "<u2"), ("gamePly", "<u2"),
                         ("game_result", np.int8), ("padding", np.uint8)])
    raise AttributeError(f"module 'kifu' has no attribute {name!r}")


# ----------------------------------------------------------------------------- the position index


class Index:
    """A position index (the SQLite file of ``kifu index``): every position every game of
    the files added reached, and queries for the games that reached one.

    ``mode``: "c" opens the index or creates it (default), "r" opens an existing one for
    queries, "n" empties it. Use as a context manager or call close().
    """

    def __init__(self, path: PathLike, mode: str = "c") -> None:
        p = _path_arg("path", path)
        if mode not in ("c", "r", "n"):
            raise ValueError(f'mode must be "c", "r" or "n", not {mode!r}')
        if mode == "r" and not os.path.exists(p):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), p)
        self.path = p
        self._db = _kifu.Index(p, mode)

    def add(
        self,
        paths: Union[PathLike, Iterable[PathLike]],
        *,
        jobs: Optional[int] = None,
        format: Optional[str] = None,
        encoding: Optional[str] = None,
        force: bool = False,
        all_files: bool = False,
    ) -> Dict[str, Any]:
        """Reads the files (directories walked) leniently on ``jobs`` threads and indexes
        them in input order, as ``kifu index`` does; files indexed before with the same size
        and time are skipped unless ``force``. Returns the totals: sources, skipped,
        games_added, games_duplicate, positions, games_left_out, diagnostics."""
        files = expand_paths(paths, all_files=all_files)
        return self._db.add(files, _jobs_arg(jobs), _text_arg("format", format), _text_arg("encoding", encoding), bool(force))

    def search(
        self,
        *,
        sfen: Optional[str] = None,
        board: Optional[str] = None,
        game: Optional[str] = None,
        record: Optional[Record] = None,
        position: Optional[Position] = None,
        ply: Optional[int] = None,
        limit: int = 50,
        players: str = "",
        date_from: str = "",
        date_to: str = "",
    ) -> Dict[str, Any]:
        """Returns the games that reached a position and the next-move table, with the
        fields of ``kifu search --json``: ``{"games": [{source, index, ply, format, game,
        black, white, date, event, result, moves, next}], "total": n, "next": [{move, games,
        wins, draws, losses}]}``.

        The position is one of: ``sfen`` (shogi), ``position`` (a kifu.Position), ``board``
        (go or othello, rows of X O . with the side to move; ``game`` says which when the
        size does not), or ``record`` with ``ply`` (default: its end)."""
        given = [x is not None for x in (sfen, board, record, position)]
        if sum(given) != 1:
            raise ValueError("search takes exactly one of sfen, board, record and position")
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise ValueError(f"limit must be a non-negative int, not {limit!r}")
        if game is not None and game not in ("shogi", "go", "othello"):
            raise ValueError(f'game must be "shogi", "go" or "othello", not {game!r}')
        if sfen is not None:
            key = _kifu.key_from_sfen(_text_arg("sfen", sfen))
        elif position is not None:
            if not isinstance(position, Position):
                raise TypeError(f"position must be a kifu.Position, not {type(position).__name__}")
            key = _kifu.key_from_sfen(position.sfen())
        elif board is not None:
            b = _text_arg("board", board)
            key = _kifu.key_from_board(b, game or _board_game(b))
        else:
            if not isinstance(record, Record):
                raise TypeError(f"record must be a kifu.Record, not {type(record).__name__}")
            key = _kifu.key_of(record, ply)
        if game is not None and key.game != game:
            raise ValueError(f"the position is a {key.game} position, not {game}")
        return self._db.find(key, limit, _text_arg("players", players), _text_arg("date_from", date_from),
                             _text_arg("date_to", date_to))

    def sources(self) -> List[str]:
        """Returns the sources indexed, sorted."""
        return self._db.sources()

    def stats(self) -> Dict[str, int]:
        """Returns what the index holds: sources, games, positions, file_bytes."""
        return self._db.stats()

    def remove(self, source: str) -> None:
        """Removes a source and the games no other source holds."""
        self._db.remove(_text_arg("source", source))

    def close(self) -> None:
        """Finishes the index (creates its position index after a bulk load) and closes it."""
        self._db.close()

    def __enter__(self) -> "Index":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _board_game(board: str) -> str:
    # As `kifu search --board`: an othello size is othello, anything else go.
    cells = sum(1 for c in board if c not in "/ \n\t\r")
    for n in (4, 6, 8, 10, 12, 14):
        if cells in (n * n, n * n + 1):
            return "othello"
    return "go"
