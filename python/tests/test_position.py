"""Shogi positions: SFEN, Shogi64 and BOD, and positions of records."""

import os
import pickle

import pytest

import kifu

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_sfen_round_trip_and_start():
    p = kifu.Position.from_sfen("startpos")
    assert p.sfen() == START and str(p) == START
    assert p.sfen(move_number=7).endswith(" 7")
    assert kifu.Position.from_sfen(START) == p
    assert p.side_to_move == "black" and not p.in_check()
    assert kifu.Position() != p


def test_shogi64_round_trip(samples):
    rec = kifu.read(os.path.join(samples, "yagura-castle.kif")).records[0]
    for ply in range(len(rec.main_line) + 1):
        try:
            p = kifu.Position.from_record(rec, ply)
        except ValueError:
            break
        code = p.shogi64()
        assert kifu.Position.from_shogi64(code) == p


def test_bod_and_from_record(samples, cli):
    path = os.path.join(samples, "yagura-castle.kif")
    rec = kifu.read(path).records[0]
    end = kifu.Position.from_record(rec)
    assert end.sfen().split(" ")[:3] == cli("convert", "-t", "sfen", path).decode().split(" ")[:3]
    assert kifu.Position.from_record(rec, 0).sfen() == START
    bod = kifu.Position.from_sfen("startpos").bod()
    assert bod.startswith("後手の持駒：なし") and "先手番" in bod
    assert len(bod.splitlines()) == 15


def test_positions_pickle_and_hash():
    p = kifu.Position.from_sfen("startpos")
    assert pickle.loads(pickle.dumps(p)) == p
    assert len({p, kifu.Position.from_sfen(START)}) == 1
    assert repr(p) == f"kifu.Position.from_sfen('{START}')"


def test_position_errors(samples):
    with pytest.raises(ValueError, match="not an SFEN"):
        kifu.Position.from_sfen("lnsgkgsnl/9 b")
    with pytest.raises(ValueError, match="not a Shogi64 code"):
        kifu.Position.from_shogi64("!!!")
    go = kifu.read(os.path.join(samples, "short-9x9.sgf")).records[0]
    with pytest.raises(ValueError, match="takes a shogi record"):
        kifu.Position.from_record(go)
    shogi = kifu.read(os.path.join(samples, "yagura-castle.kif")).records[0]
    with pytest.raises(ValueError, match="past the end"):
        kifu.Position.from_record(shogi, 10000)
    with pytest.raises(ValueError, match="at least 0"):
        kifu.Position.from_record(shogi, -1)
    with pytest.raises(TypeError, match="kifu.Record"):
        kifu.Position.from_record("game.kif", 1)
    with pytest.raises(TypeError):
        kifu.Position.from_sfen(3)
