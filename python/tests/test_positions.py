"""kifu.positions: the rows of `kifu convert -t positions-csv`, one for one, as numpy columns,
for shogi, go and othello; filters; errors. Each CSV row is turned into the columns' codes
(docs/training.md) here, independently of the C++ code that makes the columns."""

import csv
import io
import os

import pytest

import kifu

np = pytest.importorskip("numpy")

KINDS = ["P", "L", "N", "S", "G", "B", "R", "K", "+P", "+L", "+N", "+S", "+B", "+R"]
HAND = ["P", "L", "N", "S", "G", "B", "R"]
DROP = {"P": 1, "L": 2, "N": 3, "S": 4, "B": 5, "R": 6, "G": 7}


def csv_rows(cli, files):
    text = cli("convert", "-t", "positions-csv", "-j", "2", *files).decode("utf-8-sig")
    return [r for r in csv.reader(io.StringIO(text)) if r and r[0] != "source"]


def writer_rows(files):
    # The CLI refuses a file holding an othello game off 8x8 (positions-csv's bitboards):
    # the rows of its 8x8 games through the same writer, named as the CLI names them.
    out = []
    for f in files:
        recs = [r for r in kifu.read(f).records if r.to_jkf()["initial"]["data"]["size"] == 8]
        text = kifu.write(recs, "positions-csv", source=f, header=False)
        out.extend(r for r in csv.reader(io.StringIO(text)) if r)
    return out


def batches_rows(batches):
    out = []
    for b in batches:
        names = b.source_names()
        for i in range(len(b)):
            out.append((b, i, names[i]))
    return out


def sfen_planes(sfen):
    board, side, hands = sfen.split(" ")[:3]
    planes = np.zeros((9, 9), dtype=np.int8)
    for r, row in enumerate(board.split("/")):
        c = 0
        promoted = False
        for ch in row:
            if ch.isdigit():
                c += int(ch)
            elif ch == "+":
                promoted = True
            else:
                code = ("+" if promoted else "") + ch.upper()
                planes[r][c] = (KINDS.index(code) + 1) * (1 if ch.isupper() else -1)
                c += 1
                promoted = False
    hand = np.zeros((2, 7), dtype=np.int8)
    count = ""
    if hands != "-":
        for ch in hands:
            if ch.isdigit():
                count += ch
                continue
            hand[0 if ch.isupper() else 1][HAND.index(ch.upper())] = int(count or 1)
            count = ""
    return planes, hand, 0 if side == "b" else 1


def usi_move16(usi):
    if not usi:
        return -1

    def sq(s):
        return 9 * (int(s[0]) - 1) + (ord(s[1]) - ord("a"))

    if usi[1] == "*":
        return sq(usi[2:4]) + 128 * (80 + DROP[usi[0]])
    return sq(usi[2:4]) + 128 * sq(usi[0:2]) + (16384 if usi.endswith("+") else 0)


def result_code(text):
    return kifu.NO_RESULT if text == "" else int(text)


def check_shogi(cli, files):
    rows = csv_rows(cli, files)
    got = batches_rows(kifu.positions(files, game="shogi", batch_size=997))
    assert len(got) == len(rows) > 0
    for (b, i, name), (source, game, ply, sfen, to_move, move, result, ev) in zip(got, rows):
        planes, hand, side = sfen_planes(sfen)
        assert name == source and b.game_index[i] == int(game) and b.ply[i] == int(ply)
        assert (b.planes[i] == planes).all() and (b.hands[i] == hand).all(), (source, ply)
        assert b.to_move[i] == int(to_move) == side
        assert b.move[i] == usi_move16(move), (source, ply, move)
        assert b.result[i] == result_code(result)
        assert b.score[i] == (0 if result == "" else int(result))
        assert b.has_eval[i] == (ev != "") and (ev == "" or b.eval[i] == float(ev))
    return len(rows)


def check_go(cli, files):
    rows = csv_rows(cli, files)
    got = batches_rows(kifu.positions(files, game="go", batch_size=50))
    assert len(got) == len(rows) > 0
    for (b, i, name), (source, game, ply, board, to_move, move, result) in zip(got, rows):
        lines = board.split("/")
        assert (b.height, b.width) == (len(lines), len(lines[0]))
        expect = np.array([[{"X": 1, "O": -1, ".": 0}[c] for c in line] for line in lines], dtype=np.int8)
        assert name == source and b.game_index[i] == int(game) and b.ply[i] == int(ply)
        assert (b.planes[i] == expect).all(), (source, ply)
        assert b.to_move[i] == int(to_move)
        if move == "pass":
            code = b.width * b.height
        elif move == "":
            code = -1
        else:
            code = (ord(move[1]) - 97) * b.width + (ord(move[0]) - 97)
        assert b.move[i] == code, (source, ply, move)
        assert b.result[i] == result_code(result)
    return len(rows)


def check_othello(cli, files, through_writer=False):
    # Othello collections run to millions of rows: compared column by column with numpy.
    pd = pytest.importorskip("pandas")

    rows = writer_rows(files) if through_writer else csv_rows(cli, files)
    batches = list(kifu.positions(files, game="othello", batch_size=1 << 16))
    n = sum(len(b) for b in batches)
    assert n == len(rows) > 0
    col = lambda name: np.concatenate([getattr(b, name) for b in batches])  # noqa: E731
    frame = pd.DataFrame(rows, columns=["source", "game", "ply", "black", "white", "to_move", "move", "value", "value_source"])
    names = np.concatenate([b.source_names() for b in batches])
    assert (names == frame["source"].to_numpy()).all()
    assert (col("game_index") == frame["game"].astype(np.int64).to_numpy()).all()
    assert (col("ply") == frame["ply"].astype(np.int64).to_numpy()).all()
    assert (col("to_move") == frame["to_move"].astype(np.int64).to_numpy()).all()
    flat = np.concatenate([b.planes.reshape(len(b), 64) for b in batches])
    bits = np.uint64(1) << np.arange(64, dtype=np.uint64)
    black = ((flat == 1).astype(np.uint64) * bits).sum(axis=1, dtype=np.uint64)
    white = ((flat == -1).astype(np.uint64) * bits).sum(axis=1, dtype=np.uint64)
    assert (black == frame["black"].astype(np.uint64).to_numpy()).all()
    assert (white == frame["white"].astype(np.uint64).to_numpy()).all()
    move = frame["move"]
    passes = move.isin(["pass", "--", "PA"])
    placed = (move.str.len() == 2) & ~passes
    code = np.full(n, -1, dtype=np.int64)
    code[passes.to_numpy()] = 64
    sq = move[placed]
    code[placed.to_numpy()] = (sq.str[1].astype(np.int64) - 1) * 8 + (sq.str[0].map(ord) - 97)
    assert (col("move") == code).all()
    is_eval = (frame["value_source"] == "eval").to_numpy()
    has_value = (frame["value"] != "").to_numpy()
    value = np.where(has_value, pd.to_numeric(frame["value"].replace("", "0")).to_numpy(), 0.0)
    assert (col("has_eval") == is_eval).all()
    assert (col("eval")[is_eval] == value[is_eval]).all()
    other = ~is_eval & has_value
    assert (col("score")[other] == value[other]).all() and (col("result")[other] != kifu.NO_RESULT).all()
    assert (col("result")[~is_eval & ~has_value] == kifu.NO_RESULT).all()
    return n


def test_samples_equal_positions_csv(samples, data_dir, cli):
    training = os.path.join(data_dir, "training")
    assert check_shogi(cli, [os.path.join(samples, n) for n in ("yagura-castle.kif", "yagura-opening.csa", "bishop-exchange.jkf")]
                       + [os.path.join(training, "floodgate-style.csa")]) > 0
    assert check_go(cli, [os.path.join(samples, "short-9x9.sgf"), os.path.join(training, "mixed-sizes.sgf")]) > 0
    assert check_othello(cli, [os.path.join(samples, "othello-opening.ggf")]) > 0
    # evals.ggf has GGF evaluations and a 10x10 game, which positions leaves out.
    diags = []
    list(kifu.positions([os.path.join(training, "evals.ggf")], game="othello", diagnostics=diags))
    assert diags and {d.code for d in diags} == {"positions.board-size"}
    assert check_othello(cli, [os.path.join(training, "evals.ggf")], through_writer=True) > 0


def test_corpus_equals_positions_csv(corpus, cli):
    kif = kifu.expand_paths(os.path.join(corpus, "shogi", "generated", "seed1-2000", "kif"))
    csa = kifu.expand_paths(os.path.join(corpus, "shogi", "real"))[:60]
    assert check_shogi(cli, kif[:120] + csa) > 10000
    go = kifu.expand_paths(os.path.join(corpus, "go", "sgf"))[:120]
    assert check_go(cli, go) > 1000
    ggf = [f for f in kifu.expand_paths(os.path.join(corpus, "othello", "ggf")) if os.path.getsize(f) < 8 << 20][:4]
    wthor = [f for f in kifu.expand_paths(os.path.join(corpus, "othello", "wthor")) if f.lower().endswith(".wtb")][:3]
    assert check_othello(cli, ggf + wthor) > 1000


def test_batches_are_full_and_arrays_own_their_memory(samples):
    files = [os.path.join(samples, "yagura-castle.kif")] * 5
    batches = list(kifu.positions(files, game="shogi", batch_size=64))
    sizes = [len(b) for b in batches]
    assert all(s == 64 for s in sizes[:-1]) and 0 < sizes[-1] <= 64
    total = sum(sizes)
    one = sum(len(b) for b in kifu.positions(files[:1], game="shogi"))
    assert total == 5 * one
    b = batches[0]
    assert b.planes.dtype == np.int8 and b.planes.shape == (64, 9, 9)
    assert b.hands.shape == (64, 2, 7) and b.move.dtype == np.int32 and b.score.dtype == np.float64
    assert b.planes.flags["C_CONTIGUOUS"] and b.planes.base is not None
    del batches
    assert int(b.planes.sum()) == int(b.planes.sum())  # still valid after the others are gone
    frame = b.to_frame()
    assert list(frame.columns[:9]) == ["source", "game_index", "ply", "to_move", "move", "result", "score", "eval", "has_eval"]
    assert frame.shape == (64, 9 + 81 + 14)
    assert (frame[[f"b{i}" for i in range(81)]].to_numpy().reshape(64, 9, 9) == b.planes).all()
    assert "PositionBatch shogi 64 rows" in repr(b)


def test_in_memory_inputs_and_wrong_game(samples):
    path = os.path.join(samples, "yagura-opening.csa")
    with open(path, "rb") as f:
        data = f.read()
    from_file = list(kifu.positions([path], game="shogi"))
    in_memory = list(kifu.positions([("game.csa", data)], game="shogi"))
    assert (from_file[0].planes == in_memory[0].planes).all()
    assert in_memory[0].sources == ["game.csa"]
    diags = []
    assert list(kifu.positions([path], game="go", diagnostics=diags)) == []
    assert [d.code for d in diags] == ["positions.wrong-game"]


def test_filters(data_dir):
    path = os.path.join(data_dir, "training", "floodgate-style.csa")
    games = lambda **kw: sorted({(b.source[i], int(b.game_index[i])) for b in kifu.positions([path], game="shogi", **kw)
                                for i in range(len(b))})  # noqa: E731
    every = games()
    assert len(every) >= 2
    assert games(min_moves=10 ** 6) == []
    assert len(games(min_rating=0)) <= len(every)
    assert games(min_rating=10 ** 6) == []
    assert games(results=["black_win", "white_win", "draw", "none"]) == every
    assert games(date_from="2999") == []
    assert games(players=["no such player name"]) == []
    rated = games(min_rating=0)
    assert set(rated) <= set(every)


@pytest.mark.parametrize(
    "kwargs, exc, words",
    [
        (dict(game="chess"), ValueError, "game must be"),
        (dict(game="shogi", batch_size=0), ValueError, "batch_size must be at least 1"),
        (dict(game="shogi", batch_size="8"), TypeError, "batch_size must be an int"),
        (dict(game="shogi", min_moves=-1), ValueError, "min_moves"),
        (dict(game="shogi", min_rating="high"), TypeError, "min_rating"),
        (dict(game="shogi", results=["won"]), ValueError, "results must hold"),
        (dict(game="shogi", players=[3]), TypeError, "players must hold"),
        (dict(game="shogi", mode="fast"), ValueError, "mode must be"),
        (dict(game="shogi", diagnostics=()), TypeError, "diagnostics must be a list"),
    ],
)
def test_bad_arguments(samples, kwargs, exc, words):
    with pytest.raises(exc, match=words):
        list(kifu.positions([os.path.join(samples, "yagura-castle.kif")], **kwargs))


def test_missing_input(tmp_path):
    with pytest.raises(FileNotFoundError):
        list(kifu.positions([tmp_path / "none.csa"], game="shogi"))
    with pytest.raises(TypeError, match="game must be"):
        list(kifu.positions([], game=None))
