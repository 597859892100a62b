"""kifu.read, read_many, read_results: paths and bytes, modes, diagnostics and errors."""

import os
import pickle

import pytest

import kifu


def test_read_path_gives_records_and_metadata(samples):
    r = kifu.read(os.path.join(samples, "yagura-castle.kif"))
    assert r.format == "kif"
    assert r.encoding in ("CP932", "UTF-8")
    assert r.ok and r.diagnostics == []
    assert len(r.records) == 1
    rec = r.records[0]
    assert rec.game == "shogi" and rec.index == 1 and not rec.has_error
    assert rec.source.endswith("yagura-castle.kif")
    assert r.bytes == os.path.getsize(os.path.join(samples, "yagura-castle.kif"))


def test_read_pathlike_and_bytes_agree(samples, tmp_path):
    import pathlib

    p = pathlib.Path(samples) / "yagura-opening.csa"
    a = kifu.read(p)
    b = kifu.read(p.read_bytes(), name="game.csa")
    c = kifu.read(bytearray(p.read_bytes()), format="csa")
    assert a.records[0].to_jkf() == b.records[0].to_jkf() == c.records[0].to_jkf()
    assert b.records[0].source == "game.csa"
    assert c.format == "csa"


def test_read_every_sample_game(samples):
    games = {}
    for name in sorted(os.listdir(samples)):
        r = kifu.read(os.path.join(samples, name))
        assert r.ok, [str(d) for d in r.diagnostics]
        games[name] = r.records[0].game
    assert games["short-9x9.sgf"] == "go"
    assert games["othello-opening.ggf"] == "othello"
    assert games["bishop-exchange.jkf"] == "shogi"


def test_missing_file_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError) as e:
        kifu.read(tmp_path / "nope.kif")
    assert "nope.kif" in str(e.value)


def test_directory_is_not_a_record(tmp_path):
    with pytest.raises(IsADirectoryError):
        kifu.read(tmp_path)


def test_undecodable_bytes_give_bad_bytes_diagnostics():
    # CSA text forced to be read as UTF-8 with bytes that are not UTF-8.
    data = b"PI\n+\n'\xff\xfe comment\n+7776FU\n"
    r = kifu.read(data, format="csa", encoding="UTF-8", mode="lenient")
    codes = [d.code for d in r.diagnostics]
    assert "text.bad-bytes" in codes
    d = r.diagnostics[codes.index("text.bad-bytes")]
    assert (d.file, d.line) == ("<buffer>", 3)


def test_strict_error_raises_read_error_with_location():
    text = b"PI\n+\n+7776FU\n-1234ZZ\n"
    with pytest.raises(kifu.ReadError) as e:
        kifu.read(text, name="broken.csa", mode="strict")
    err = e.value
    assert str(err).startswith("broken.csa:4:")
    first = err.diagnostics[0]
    assert (first.file, first.line, first.severity) == ("broken.csa", 4, "error")
    assert first.column > 0
    assert str(err).startswith(f"broken.csa:4:{first.column}: error:")
    # The exception travels to other processes.
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == str(err) and again.diagnostics == err.diagnostics


def test_default_mode_keeps_error_as_diagnostic_and_lenient_goes_on():
    text = b"PI\n+\n+7776FU\n-1234ZZ\n+2726FU\n"
    d = kifu.read(text, name="b.csa")
    assert not d.ok and d.errors and d.errors[0].code == d.diagnostics[0].code
    lenient = kifu.read(text, name="b.csa", mode="lenient")
    assert not lenient.ok
    assert len(lenient.diagnostics) >= len(d.diagnostics)


def test_strict_mode_turns_warnings_into_errors(samples):
    # A go move onto an occupied point is a warning by default, an error in strict mode.
    sgf = b"(;GM[1]SZ[9];B[ee];W[ee])"
    default = kifu.read(sgf, name="x.sgf")
    assert default.ok and any(x.severity == "warning" for x in default.diagnostics)
    with pytest.raises(kifu.ReadError):
        kifu.read(sgf, name="x.sgf", mode="strict")


def test_diagnostic_fields_and_forms():
    r = kifu.read(b"PI\n+\n+7776FU\n-1234ZZ\n", name="b.csa")
    d = r.diagnostics[0]
    assert d.severity == "error" and d.code and d.message
    assert str(d) == f"b.csa:{d.line}:{d.column}: error: {d.message}" + (f" (ply {d.ply})" if d.ply is not None else "") + f" [{d.code}]"
    assert d.to_dict()["code"] == d.code
    assert pickle.loads(pickle.dumps(d)) == d
    assert "kifu.Diagnostic" in repr(d)


@pytest.mark.parametrize(
    "kwargs, exc, words",
    [
        ({"mode": "loose"}, ValueError, "mode must be"),
        ({"mode": 3}, TypeError, "mode must be a str"),
        ({"format": "doc"}, ValueError, "unknown format"),
        ({"format": 1}, TypeError, "format must be"),
        ({"encoding": b"x"}, TypeError, "encoding must be"),
    ],
)
def test_bad_arguments(samples, kwargs, exc, words):
    with pytest.raises(exc, match=words):
        kifu.read(os.path.join(samples, "yagura-castle.kif"), **kwargs)


def test_bad_source_type():
    with pytest.raises(TypeError, match="source must be a path"):
        kifu.read(42)
    with pytest.raises(ValueError, match="name applies to bytes"):
        kifu.read("x.kif", name="y")


def test_read_many_streams_in_input_order(samples):
    files = [os.path.join(samples, n) for n in sorted(os.listdir(samples))] * 3
    one = [(r.source, r.to_json()) for f in files for r in kifu.read(f).records]
    for jobs in (1, 2, 5):
        many = [(r.source, r.to_json()) for r in kifu.read_many(files, jobs=jobs)]
        assert many == one


def test_read_many_walks_directories_and_collects_diagnostics(data_dir, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "bad.csa").write_bytes(b"PI\n+\n+7776FU\n-1234ZZ\n")
    (tmp_path / "a" / "notes.txt").write_text("not a record")
    (tmp_path / "good.csa").write_bytes(b"PI\n+\n+7776FU\n-3334FU\n")
    diags = []
    recs = list(kifu.read_many(tmp_path, jobs=2, diagnostics=diags))
    # The broken game is not kept (default mode); its error is collected.
    assert [os.path.basename(r.source) for r in recs] == ["good.csa"]
    assert [d.file for d in diags] == [str(tmp_path / "a" / "bad.csa")]
    with pytest.raises(kifu.ReadError):
        list(kifu.read_many(tmp_path, mode="strict"))
    results = list(kifu.read_results([tmp_path / "good.csa"]))
    assert len(results) == 1 and results[0].ok


def test_read_many_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="jobs must be at least 1"):
        list(kifu.read_many([], jobs=0))
    with pytest.raises(TypeError, match="jobs must be an int"):
        list(kifu.read_many([], jobs="2"))
    with pytest.raises(TypeError, match="not bytes"):
        list(kifu.read_many(b"x.kif"))
    with pytest.raises(TypeError, match="each path"):
        list(kifu.read_many([1]))
    with pytest.raises(FileNotFoundError):
        list(kifu.read_many([tmp_path / "missing.kif"]))
    with pytest.raises(TypeError, match="diagnostics must be a list"):
        list(kifu.read_many([], diagnostics=()))


def test_read_many_stops_early_without_hanging(samples):
    files = [os.path.join(samples, "yagura-castle.kif")] * 200
    it = kifu.read_many(files, jobs=2)
    assert next(it).game == "shogi"
    it.close()


def test_formats_lists_every_reader():
    names = [f["name"] for f in kifu.formats()]
    assert {"kif", "csa", "sgf", "ggf", "wthor", "jkf"} <= set(names)
