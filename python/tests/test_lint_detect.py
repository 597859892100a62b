"""kifu.lint and kifu.detect agree with `kifu lint --json` and `kifu detect`."""

import json
import os

import pytest

import kifu


def make_folder(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "bad.csa").write_bytes(b"PI\n+\n+7776FU\n-1234ZZ\n+2726FU\n")
    (tmp_path / "sub" / "odd.sgf").write_bytes(b"(;GM[1]SZ[9];B[ee];W[ee])")
    (tmp_path / "clean.csa").write_bytes(b"PI\n+\n+7776FU\n-3334FU\n")
    (tmp_path / "readme.txt").write_text("no record here")
    return tmp_path


def test_lint_folder_equals_the_cli(tmp_path, cli):
    folder = make_folder(tmp_path)
    diags = kifu.lint(folder, jobs=2)
    expected = [json.loads(line) for line in cli("lint", "--json", str(folder)).splitlines()]
    assert [d.to_dict() for d in diags] == [{**e, "ply": e.get("ply")} for e in expected]
    assert {d.severity for d in diags} == {"error", "warning"}


def test_lint_severity_overrides(tmp_path):
    folder = make_folder(tmp_path)
    base = kifu.lint(folder)
    code = next(d.code for d in base if d.severity == "warning")
    off = kifu.lint(folder, severity={code: "off"})
    assert len(off) == len(base) - sum(1 for d in base if d.code == code)
    raised = kifu.lint(folder, severity={code: "error"})
    assert all(d.severity == "error" for d in raised if d.code == code)
    with pytest.raises(ValueError, match="must be 'error', 'warning' or 'off'"):
        kifu.lint(folder, severity={code: "loud"})
    with pytest.raises(TypeError, match="severity must be a dict"):
        kifu.lint(folder, severity=[code])


def test_lint_clean_and_missing(samples, tmp_path):
    assert kifu.lint(os.path.join(samples, "yagura-castle.kif")) == []
    with pytest.raises(FileNotFoundError):
        kifu.lint(tmp_path / "missing")


def test_detect_path_and_bytes(samples, cli):
    for name in sorted(os.listdir(samples)):
        path = os.path.join(samples, name)
        found = kifu.detect(path)
        line = cli("detect", path).decode().strip()
        fmt, enc = line.split(": ", 1)[1].split(" ")
        assert found["format"] == fmt
        assert found["encoding"] == ("" if enc == "binary" else enc)
        with open(path, "rb") as f:
            assert kifu.detect(f.read(), name=name) == found


def test_detect_unknown_and_errors(tmp_path):
    assert kifu.detect(b"hello, world\n", name="notes.txt") is None
    with pytest.raises(FileNotFoundError):
        kifu.detect(tmp_path / "missing.kif")
    with pytest.raises(TypeError):
        kifu.detect(12)
