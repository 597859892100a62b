"""hcpe and psv from Python: the writers give the CLI's bytes (and cshogi's, for the 300
reference games of the shared corpus), and read back to the positions of the records."""

import os

import pytest

import kifu


def floodgate(data_dir):
    return os.path.join(data_dir, "training", "floodgate-style.csa")


def test_binary_writers_are_listed():
    ws = {w["name"]: w for w in kifu.writers()}
    for name, size in (("hcpe", 38), ("psv", 40)):
        assert ws[name]["binary"] and ws[name]["game"] == "shogi" and ws[name]["many_games"]
        assert ws[name]["extension"] == "." + name
    assert not ws["kif"]["binary"]


@pytest.mark.parametrize("target, size", [("hcpe", 38), ("psv", 40)])
def test_python_writer_equals_cli_and_reads_back(data_dir, samples, cli, tmp_path, target, size):
    files = [floodgate(data_dir), os.path.join(samples, "yagura-castle.kif")]
    records = [r for f in files for r in kifu.read(f).records]
    data = kifu.write(records, target)
    assert isinstance(data, bytes) and len(data) % size == 0
    assert data == cli("convert", "-t", target, *files)
    kifu.write(records, target, path=tmp_path / ("out." + target))
    assert (tmp_path / ("out." + target)).read_bytes() == data
    decoded = kifu.decode_hcpe(data) if target == "hcpe" else kifu.decode_psv(data)
    # One record per position before each move of the main line, game after game.
    expected = []
    for r in records:
        moves = [m for m in r.main_line if "move" in m]
        for ply in range(len(moves)):
            expected.append((kifu.Position.from_record(r, ply), ply))
    assert len(decoded) == len(expected) == len(data) // size
    for d, (position, ply) in zip(decoded, expected):
        assert d.position == position
        if target == "psv":
            assert d.game_ply == ply + 1


def test_moves_agree_with_positions_columns(data_dir):
    np = pytest.importorskip("numpy")
    path = floodgate(data_dir)
    data = kifu.write(kifu.read(path), "hcpe")
    table = np.frombuffer(data, dtype=kifu.HCPE_DTYPE)
    assert kifu.HCPE_DTYPE.itemsize == 38 and kifu.PSV_DTYPE.itemsize == 40
    batch = next(kifu.positions([path], game="shogi"))
    played = batch.move[batch.move >= 0]
    assert (table["bestMove16"] == played).all()
    hcps = [kifu.Position.from_record(r, i).hcp() for r in kifu.read(path).records
            for i in range(len([m for m in r.main_line if "move" in m]))]
    assert [bytes(row) for row in table["hcp"]] == hcps
    assert kifu.decode_hcpe(table)[0].position == kifu.Position.from_hcp(hcps[0])


def test_position_codes_round_trip():
    p = kifu.Position.from_sfen("startpos")
    assert len(p.hcp()) == 32 and len(p.psfen()) == 32
    assert kifu.Position.from_hcp(p.hcp()) == p
    assert kifu.Position.from_psfen(p.psfen()) == p
    with pytest.raises(ValueError, match="HuffmanCodedPos"):
        kifu.Position.from_hcp(b"\xff" * 32)
    with pytest.raises(ValueError, match="no HuffmanCodedPos"):
        kifu.Position.from_sfen("4k4/9/9/9/9/9/9/9/9 b - 1").hcp()


def test_decode_errors(data_dir):
    with pytest.raises(ValueError, match="38-byte records"):
        kifu.decode_hcpe(b"\x00" * 37)
    with pytest.raises(ValueError, match="40-byte records"):
        kifu.decode_psv(b"\x00" * 41)
    with pytest.raises(ValueError, match="hcpe record 0"):
        kifu.decode_hcpe(b"\xff" * 38)
    with pytest.raises(TypeError, match="data must be bytes"):
        kifu.decode_hcpe("text")
    go = kifu.read(b"(;GM[1]SZ[9];B[ee])", name="g.sgf").records[0]
    with pytest.raises(kifu.WriteError):
        kifu.write(go, "hcpe")


def test_reference_games_equal_cshogi(corpus):
    folder = os.path.join(corpus, "shogi", "generated", "seed1-2000", "csa")
    expected = os.path.join(corpus, "shogi", "expected", "training")
    if not os.path.isdir(expected):
        pytest.skip(f"{expected} is absent")
    records = []
    for i in range(300):
        r = kifu.read(os.path.join(folder, f"g{i:06d}.csa"))
        assert r.ok and len(r.records) == 1
        records.extend(r.records)
    with open(os.path.join(expected, "seed1-300.hcpe"), "rb") as f:
        hcpe = f.read()
    with open(os.path.join(expected, "seed1-300.psv"), "rb") as f:
        psv = f.read()
    assert kifu.write(records, "hcpe") == hcpe
    assert kifu.write(records, "psv") == psv
    decoded = kifu.decode_hcpe(hcpe)
    assert len(decoded) == 42192
    positions = [kifu.Position.from_record(r, ply) for r in records
                 for ply in range(len([m for m in r.main_line if "move" in m]))]
    assert [d.position for d in decoded] == positions
    assert [d.position for d in kifu.decode_psv(psv)] == positions


def test_passes_and_result_of(data_dir, samples):
    records = kifu.read(floodgate(data_dir)).records
    kinds = [kifu.result_of(r) for r in records]
    assert set(kinds) <= {"black_win", "white_win", "draw", "none"} and "draw" in kinds
    for r in records:
        assert kifu.passes(r)
        assert not kifu.passes(r, min_moves=10 ** 6)
        assert kifu.passes(r, results=[kifu.result_of(r)])
    # passes() keeps the games kifu.positions gives rows for.
    for kw in (dict(min_rating=3500), dict(results=["draw"]), dict(min_moves=6), dict(players=["a"])):
        kept = {r.index for r in records if kifu.passes(r, **kw)}
        rows = {int(g) for b in kifu.positions([floodgate(data_dir)], game="shogi", **kw) for g in b.game_index}
        assert kept == rows, kw
    with pytest.raises(TypeError, match="kifu.Record"):
        kifu.passes("game.csa")
    with pytest.raises(ValueError, match="results must hold"):
        kifu.passes(records[0], results=["won"])
    with pytest.raises(TypeError, match="kifu.Record"):
        kifu.result_of(None)
