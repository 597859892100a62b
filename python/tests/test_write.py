"""kifu.write and kifu.writers: every writer gives the bytes `kifu convert -t` gives."""

import os

import pytest

import kifu

SAMPLE_OF_GAME = {"shogi": "yagura-castle.kif", "go": "short-9x9.sgf", "othello": "othello-opening.ggf"}


def test_writers_lists_every_target():
    ws = kifu.writers()
    names = [w["name"] for w in ws]
    assert {"jkf", "kif", "csa", "sgf", "ggf", "positions-csv", "sfen"} <= set(names)
    for w in ws:
        assert w["game"] in (None, "shogi", "go", "othello")
        assert w["extension"].startswith(".")
        assert isinstance(w["binary"], bool)


def _samples_for(writer, samples):
    games = [writer["game"]] if writer["game"] else ["shogi", "go", "othello"]
    return [os.path.join(samples, SAMPLE_OF_GAME[g]) for g in games]


@pytest.mark.parametrize("writer", [w["name"] for w in kifu.writers()])
def test_every_writer_equals_the_cli(writer, samples, cli, tmp_path):
    info = next(w for w in kifu.writers() if w["name"] == writer)
    for path in _samples_for(info, samples):
        rec = kifu.read(path).records[0]
        out = kifu.write(rec, writer, source=path)
        expected = cli("convert", "-t", writer, path)
        if info["binary"]:
            assert isinstance(out, bytes) and out == expected
        else:
            assert isinstance(out, str)
            # The CLI writes CP932 writers' texts in CP932 (to stdout too).
            enc = "cp932" if info["encodings"][0] == "CP932" else "utf-8"
            assert out.encode(enc) == expected, (writer, path)
            f = tmp_path / ("out" + info["extension"])
            kifu.write(rec, writer, source=path, path=f)
            assert f.read_bytes() == expected


def test_many_records_and_options(samples):
    recs = [kifu.read(os.path.join(samples, "yagura-castle.kif")).records[0]] * 2
    lines = kifu.write(recs, "jkf")
    assert len(lines.splitlines()) == 2
    one = kifu.write(recs[0], "jkf", json_lines=True)
    assert one.endswith("\n") and one.count("\n") == 1
    assert "\n  " in kifu.write(recs[0], "jkf", pretty=True)
    no_header = kifu.write(recs[0], "positions-csv", header=False, source="x")
    with_header = kifu.write(recs[0], "positions-csv", source="x")
    assert with_header.endswith(no_header) and with_header.startswith("source,")
    assert kifu.write(recs[0], "sfen", ply=0).startswith("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
    assert kifu.write(kifu.read(os.path.join(samples, "yagura-castle.kif")), "usi").startswith("position sfen")
    assert kifu.write(recs[0], "kif", declare_encoding=True).startswith("#KIF version=2.0")


def test_write_errors(samples):
    shogi = kifu.read(os.path.join(samples, "yagura-castle.kif")).records[0]
    go = kifu.read(os.path.join(samples, "short-9x9.sgf")).records[0]
    with pytest.raises(kifu.WriteError) as e:
        kifu.write(go, "kif")
    assert e.value.diagnostics[0].code == "write.wrong-game"
    assert isinstance(e.value, ValueError)
    with pytest.raises(kifu.WriteError, match="write.one-game"):
        kifu.write([shogi, shogi], "kif")
    with pytest.raises(ValueError, match="unknown writer"):
        kifu.write(shogi, "docx")
    with pytest.raises(TypeError, match="Record"):
        kifu.write("game.kif", "kif")
    with pytest.raises(TypeError, match="Record"):
        kifu.write(3, "kif")
    with pytest.raises(TypeError, match="writer name"):
        kifu.write(shogi, 3)
    with pytest.raises(ValueError, match="ply must be"):
        kifu.write(shogi, "sfen", ply=-2)
