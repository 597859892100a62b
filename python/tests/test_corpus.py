"""Over the shared corpus (skipped when it is absent): kifu.read gives the JKF `kifu convert`
gives, for the 2,000 generated KIF games and for go and othello collections."""

import json
import os

import pytest

import kifu


def kif_folder(corpus):
    d = os.path.join(corpus, "shogi", "generated", "seed1-2000", "kif")
    if not os.path.isdir(d):
        pytest.skip(f"{d} is absent")
    return d


def test_2000_generated_kif_games_equal_the_cli(corpus, cli):
    folder = kif_folder(corpus)
    files = kifu.expand_paths(folder)
    assert len(files) == 2000
    expected = cli("convert", "--jsonl", "-j", "2", folder).decode("utf-8").splitlines()
    got = []
    for f in files:
        r = kifu.read(f)
        assert r.ok, [str(d) for d in r.diagnostics]
        got.extend(r.records)
    assert len(got) == len(expected) == 2000
    for rec, line in zip(got, expected):
        assert rec.to_json() == line, rec.source
        assert rec.to_jkf() == json.loads(line), rec.source
    # read_many on threads gives the same records in the same order.
    assert [r.to_json() for r in kifu.read_many(folder, jobs=2)] == expected


@pytest.mark.parametrize("sub", ["go/sgf", "go/gib", "go/ngf", "go/ugf", "go/nhk", "othello/ggf", "othello/wthor"])
def test_go_and_othello_collections_equal_the_cli(corpus, cli, sub):
    folder = os.path.join(corpus, sub)
    if not os.path.isdir(folder):
        pytest.skip(f"{folder} is absent")
    files = kifu.expand_paths(folder)[:300]
    # One run of the CLI over every file: its JSON Lines are the games in input order
    # (a file the CLI cannot read gives no line, as kifu.read gives no record).
    expected = cli("convert", "--jsonl", "-j", "2", *files).decode("utf-8").splitlines()
    got = [rec for f in files for rec in kifu.read(f).records]
    assert len(got) == len(expected) > 0
    for rec, line in zip(got, expected):
        assert rec.to_json() == line, rec.source
        assert rec.to_jkf() == json.loads(line), rec.source
