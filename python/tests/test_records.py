"""Records as Python objects: game, headers, main line, variations, JKF, pickling, and use
from threads and processes."""

import concurrent.futures
import json
import multiprocessing
import os
import pickle

import pytest

import kifu


def all_samples(samples):
    return [os.path.join(samples, n) for n in sorted(os.listdir(samples))]


def test_to_jkf_equals_the_json_text(samples, data_dir):
    files = all_samples(samples) + [os.path.join(data_dir, "shogi", "kif", n) for n in ("variations.kifu", "board.kifu", "headers_and_times.kifu")]
    for f in files:
        for rec in kifu.read(f).records:
            assert rec.to_jkf() == json.loads(rec.to_json()), f
            assert json.loads(rec.to_json(pretty=True)) == rec.to_jkf()
            assert "\n" in rec.to_json(pretty=True) and "\n" not in rec.to_json()


def test_to_jkf_equals_the_cli(samples, cli):
    for f in all_samples(samples):
        expected = json.loads(cli("convert", f, "--jsonl"))
        assert kifu.read(f).records[0].to_jkf() == expected


def test_headers_in_file_order(samples, data_dir):
    rec = kifu.read(os.path.join(data_dir, "shogi", "kif", "headers_and_times.kifu")).records[0]
    jkf = rec.to_jkf()
    assert list(rec.headers.items()) == list(jkf["header"].items())
    go = kifu.read(os.path.join(samples, "short-9x9.sgf")).records[0]
    assert go.game == "go" and go.headers == go.to_jkf()["header"]
    oth = kifu.read(os.path.join(samples, "othello-opening.ggf")).records[0]
    assert oth.game == "othello" and oth.headers == oth.to_jkf()["header"]


def test_main_line_and_variations(data_dir):
    rec = kifu.read(os.path.join(data_dir, "shogi", "kif", "variations.kifu")).records[0]
    jkf = rec.to_jkf()
    main = rec.main_line
    assert len(main) == len(jkf["moves"]) - 1
    assert all("forks" not in m for m in main)
    assert main[0]["move"] == {k: v for k, v in jkf["moves"][1]["move"].items()}
    variations = rec.variations
    assert variations, "the sample has variations"
    # Each variation starts at the ply of the move it replaces, with that fork's moves.
    forks = [(i, f) for i, m in enumerate(jkf["moves"]) if "forks" in m for f in m["forks"]]
    assert [v.ply for v in variations] == [i for i, _ in forks]
    assert [len(v.moves) for v in variations] == [len(f) for _, f in forks]
    assert "Variation from ply" in repr(variations[0])


def test_go_and_othello_main_lines(samples):
    go = kifu.read(os.path.join(samples, "short-9x9.sgf")).records[0]
    assert [m.get("move") for m in go.main_line] == [m.get("move") for m in go.to_jkf()["moves"][1:]]
    oth = kifu.read(os.path.join(samples, "othello-opening.ggf")).records[0]
    assert len(oth.main_line) == len(oth.to_jkf()["moves"]) - 1


def test_pickle_keeps_every_game(samples, data_dir):
    files = all_samples(samples) + [os.path.join(data_dir, "shogi", "kif", "variations.kifu")]
    for f in files:
        for rec in kifu.read(f).records:
            again = pickle.loads(pickle.dumps(rec))
            assert again.to_json() == rec.to_json(), f
            assert (again.game, again.index, again.source, again.has_error) == (rec.game, rec.index, rec.source, rec.has_error)
    result = kifu.read(files[0])
    copy = pickle.loads(pickle.dumps(result))
    assert [r.to_json() for r in copy.records] == [r.to_json() for r in result.records]
    assert copy.ok and copy.format == result.format


def _jkf_of(path):
    return [r.to_json() for r in kifu.read(path).records]


def _first_record(path):
    return kifu.read(path).records[0]


def test_process_pool_and_thread_pool(samples):
    files = all_samples(samples) * 4
    expected = [_jkf_of(f) for f in files]
    with concurrent.futures.ThreadPoolExecutor(4) as ex:
        assert list(ex.map(_jkf_of, files)) == expected
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=ctx) as ex:
        assert list(ex.map(_jkf_of, files)) == expected
        # Records themselves come back from the workers.
        recs = list(ex.map(_first_record, files[:5]))
        assert [r.to_json() for r in recs] == [e[0] for e in expected[:5]]
    with multiprocessing.get_context("fork").Pool(2) as pool:
        assert pool.map(_jkf_of, files) == expected


def test_record_repr(samples):
    rec = kifu.read(os.path.join(samples, "short-9x9.sgf")).records[0]
    assert repr(rec).startswith("<kifu.Record go ") and repr(rec).endswith("short-9x9.sgf#1>")
