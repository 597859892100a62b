"""kifu.Index: the same index and the same answers as `kifu index` and `kifu search --json`."""

import json
import os

import pytest

import kifu


def test_index_search_equals_the_cli(samples, data_dir, tmp_path, cli):
    files = [os.path.join(samples, n) for n in sorted(os.listdir(samples))]
    db = tmp_path / "py.kdb"
    with kifu.Index(db) as ix:
        stats = ix.add(files, jobs=2)
        assert stats["sources"] == len(files) and stats["games_added"] == len(files)
        assert stats["positions"] > 0 and stats["diagnostics"] == []
        again = ix.add(files)
        assert again["skipped"] == len(files) and again["sources"] == 0
        assert ix.sources() == sorted(files)
        assert ix.stats()["games"] == len(files)
    cli_db = tmp_path / "cli.kdb"
    cli("index", str(cli_db), *files)
    rec = kifu.read(files[files.index(os.path.join(samples, "yagura-castle.kif"))]).records[0]
    with kifu.Index(db, "r") as ix:
        queries = [
            (dict(sfen="startpos"), ["--sfen", "startpos"]),
            (dict(position=kifu.Position.from_record(rec, 4)), ["--sfen", kifu.Position.from_record(rec, 4).sfen()]),
            (dict(record=rec, ply=3), ["--position", rec.source, "--ply", "3"]),
            (dict(sfen="startpos", limit=1, players="Sente"), ["--sfen", "startpos", "--limit", "1", "--players", "Sente"]),
        ]
        go = kifu.read(os.path.join(samples, "short-9x9.sgf")).records[0]
        queries.append((dict(record=go, ply=2), ["--position", go.source, "--ply", "2"]))
        for kwargs, args in queries:
            got = ix.search(**kwargs)
            want = json.loads(cli("search", str(cli_db), "--json", *args))
            assert got == want, kwargs
            assert got["total"] >= 1


def test_index_board_query_and_errors(samples, tmp_path):
    path = os.path.join(samples, "othello-opening.ggf")
    with kifu.Index(tmp_path / "o.kdb", "n") as ix:
        ix.add([path])
        start = "........ ........ ........ ...OX... ...XO... ........ ........ ........ b"
        hits = ix.search(board=start)
        assert hits["total"] == 1 and hits["games"][0]["game"] == "othello"
        with pytest.raises(ValueError, match="exactly one of"):
            ix.search()
        with pytest.raises(ValueError, match="exactly one of"):
            ix.search(sfen="startpos", board=start)
        with pytest.raises(ValueError, match="sfen"):
            ix.search(sfen="not an sfen")
        with pytest.raises(ValueError, match="not go"):
            ix.search(sfen="startpos", game="go")
        with pytest.raises(ValueError, match="limit"):
            ix.search(sfen="startpos", limit=-1)
        with pytest.raises(ValueError, match="game must be"):
            ix.search(sfen="startpos", game="chess")
    with pytest.raises(FileNotFoundError):
        kifu.Index(tmp_path / "none.kdb", "r")
    with pytest.raises(ValueError, match="mode must be"):
        kifu.Index(tmp_path / "x.kdb", "w")
    notdb = tmp_path / "notdb.kdb"
    notdb.write_text("plain text, not SQLite")
    with pytest.raises(ValueError):
        kifu.Index(notdb)
    ix = kifu.Index(tmp_path / "closed.kdb")
    ix.close()
    with pytest.raises(ValueError, match="closed"):
        ix.stats()


def test_threads_share_an_index(samples, tmp_path):
    import concurrent.futures

    files = [os.path.join(samples, n) for n in sorted(os.listdir(samples))]
    with kifu.Index(tmp_path / "t.kdb") as ix:
        ix.add(files)
        expected = ix.search(sfen="startpos")
        with concurrent.futures.ThreadPoolExecutor(4) as ex:
            results = list(ex.map(lambda _: ix.search(sfen="startpos"), range(40)))
            stats = list(ex.map(lambda _: ix.stats(), range(8)))
        assert all(r == expected for r in results)
        assert all(s == stats[0] for s in stats)
