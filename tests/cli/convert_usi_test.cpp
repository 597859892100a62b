// kifu convert -t usi|sfen and the usi input format, and -t positions-csv|positions-jsonl of
// shogi and go games: whole outputs against golden files in tests/data/cli/positions/ (checked
// by hand: evaluations turned to the mover's view, results from the final special or RE).

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "cli/run_kifu.hpp"

namespace {

std::string golden(const char* name) { return kifu::test::slurp(kifu::test::data_dir() / "cli" / "positions" / name); }

}  // namespace

TEST_CASE("kifu convert reads a USI command from stdin without -f", "[cli][usi]") {
    const auto dir = kifu::test::scratch_dir("usi-stdin");
    std::ofstream(dir / "in") << "position startpos moves 7g7f 3c3d\n";
    const auto r = kifu::test::run_kifu("convert -", (dir / "in").string());
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.out ==
          "{\"header\":{},\"initial\":{\"preset\":\"HIRATE\"},\"moves\":[{},"
          "{\"move\":{\"color\":0,\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}},"
          "{\"move\":{\"color\":1,\"from\":{\"x\":3,\"y\":3},\"to\":{\"x\":3,\"y\":4},\"piece\":\"FU\"}}]}\n");
    const auto detected = kifu::test::run_kifu("detect -", (dir / "in").string());
    CHECK(detected.out == "<stdin>: usi UTF-8\n");
}

TEST_CASE("kifu convert -t usi writes one position command per game", "[cli][usi]") {
    const auto r = kifu::test::run_kifu("convert -t usi cli/positions/games.usi samples/yagura-castle.kif");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out == golden("games-written.usi"));
    // What it writes reads back to the same lines.
    const auto again = kifu::test::run_kifu("convert -t usi cli/positions/games-written.usi");
    CHECK(again.out == golden("games-written.usi"));
}

TEST_CASE("kifu convert -t sfen writes the position after the main line or --ply N moves", "[cli][usi]") {
    const auto end = kifu::test::run_kifu("convert -t sfen cli/positions/games.usi samples/yagura-castle.kif");
    CHECK(end.status == 0);
    CHECK(end.out ==
          "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6\n"
          "lnsgkgsnl/9/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3\n"
          "4k4/9/4P4/9/9/9/9/9/4K4 b G 1\n"
          "lns1kg1nl/1r2gs1b1/p1pp1p1pp/4p1p2/1p7/2PPP2P1/PPB2PP1P/2GS3R1/LN2KGSNL w - 14\n");
    const auto ply = kifu::test::run_kifu("convert -t sfen --ply 1 cli/positions/eval.kif");
    CHECK(ply.status == 0);
    CHECK(ply.out == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n");

    const auto past = kifu::test::run_kifu("convert -t sfen --ply 2 cli/positions/games.usi samples/yagura-castle.kif");
    CHECK(past.status == 2);
    CHECK(past.err == "kifu: error: cli/positions/games.usi: game 3 has 0 moves in its main line; --ply 2 is past its end\n");
    CHECK(past.out == "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n");  // the other input

    const auto wrong = kifu::test::run_kifu("convert -t usi --ply 2 samples/yagura-castle.kif");
    CHECK(wrong.status == 2);
    CHECK(wrong.err == "kifu: error: --ply applies to -t sfen only, not to -t usi\nRun with --help for more information.\n");
    const auto go = kifu::test::run_kifu("convert -t sfen samples/short-9x9.sgf");
    CHECK(go.status == 2);
    CHECK(go.err == "kifu: error: samples/short-9x9.sgf: game 1 is a go game; -t sfen writes shogi games only\n");
}

TEST_CASE("kifu convert reports a bad USI line with its line and column", "[cli][usi]") {
    const auto dir = kifu::test::scratch_dir("usi-bad");
    std::ofstream(dir / "bad.usi") << "position startpos moves 7g7f\nposition startpos moves 7g7f 3c3x\n";
    const auto r = kifu::test::run_kifu("convert -t usi '" + (dir / "bad.usi").string() + "'");
    CHECK(r.status == 1);
    CHECK(r.err == (dir / "bad.usi").string() + ":2:30: error: expected a USI move such as 7g7f, 8h2b+ or P*5e [usi.syntax]\n");
    CHECK(r.out == "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f\n");
}

TEST_CASE("kifu convert -t positions-csv and positions-jsonl write shogi rows with evaluations", "[cli][positions]") {
    const auto csv = kifu::test::run_kifu("convert -t positions-csv cli/positions/eval.kif cli/positions/eval.csa");
    INFO(csv.err);
    CHECK(csv.status == 0);
    CHECK(csv.err.empty());
    CHECK(csv.out == golden("eval-positions.csv"));
    const auto jsonl = kifu::test::run_kifu("convert -t positions-jsonl cli/positions/eval.kif cli/positions/eval.csa");
    CHECK(jsonl.status == 0);
    CHECK(jsonl.out == golden("eval-positions.jsonl"));
}

TEST_CASE("kifu convert -t positions-csv and positions-jsonl write go rows", "[cli][positions]") {
    const auto csv = kifu::test::run_kifu("convert -t positions-csv samples/short-9x9.sgf");
    CHECK(csv.status == 0);
    CHECK(csv.out == golden("short-9x9-positions.csv"));
    const auto jsonl = kifu::test::run_kifu("convert -t positions-jsonl samples/short-9x9.sgf");
    CHECK(jsonl.status == 0);
    CHECK(jsonl.out == golden("short-9x9-positions.jsonl"));
}
