// kifu position: one shogi position from a record (--ply), an SFEN/USI string or a Shogi64
// code, written as SFEN, Shogi64, BOD or JKF; malformed strings are errors with the column
// where they break and a caret under it.

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "cli/run_kifu.hpp"

TEST_CASE("kifu position prints the SFEN after a record's main line or --ply N moves", "[cli][position]") {
    const auto end = kifu::test::run_kifu("position cli/positions/eval.kif");
    CHECK(end.status == 0);
    CHECK(end.out == "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6\n");
    const auto start = kifu::test::run_kifu("position --ply 0 cli/positions/eval.kif");
    CHECK(start.out == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n");
    const auto past = kifu::test::run_kifu("position --ply 9 cli/positions/eval.kif");
    CHECK(past.status == 2);
    CHECK(past.err == "kifu: error: cli/positions/eval.kif: game 1 has 5 moves in its main line; --ply 9 is past its end\n");
}

TEST_CASE("kifu position writes every form of one position", "[cli][position]") {
    // ▲７六歩 △３四歩: spec vector 3.
    const auto sfen = kifu::test::run_kifu("position --sfen 'startpos moves 7g7f 3c3d'");
    CHECK(sfen.out == "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n");
    const auto code = kifu::test::run_kifu("position --sfen 'startpos moves 7g7f 3c3d' -t shogi64");
    CHECK(code.out == "poUgAIjGqrWIcB4AAAAD0HU53d7zIAAA\n");
    const auto back = kifu::test::run_kifu("position --shogi64 poUgAIjGqrWIcB4AAAAD0HU53d7zIAAA");
    CHECK(back.out == "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1\n");
    const auto bod = kifu::test::run_kifu("position cli/positions/eval.kif --ply 4 -t bod");
    CHECK(bod.status == 0);
    CHECK(bod.out == kifu::test::slurp(kifu::test::data_dir() / "cli" / "positions" / "eval-ply4.bod"));
    // The BOD reads back as a KIF record to the same position.
    const auto read_back = kifu::test::run_kifu("position -f kif -", (kifu::test::data_dir() / "cli" / "positions" / "eval-ply4.bod").string());
    CHECK(read_back.out == "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1\n");
    const auto jkf = kifu::test::run_kifu("position --sfen '8k/9/9/9/9/9/9/9/K8 w 2P'  -t jkf");
    // 8k: White's king on 1一 (board[0][0]); K8: Black's on 9九 (board[8][8]).
    const std::string empty_file = "[{},{},{},{},{},{},{},{},{}],";
    std::string files;
    for (int i = 0; i < 7; ++i) files += empty_file;
    CHECK(jkf.out ==
          "{\"header\":{},\"initial\":{\"preset\":\"OTHER\",\"data\":{\"color\":1,\"board\":["
          "[{\"color\":1,\"kind\":\"OU\"},{},{},{},{},{},{},{},{}]," +
              files + "[{},{},{},{},{},{},{},{},{\"color\":0,\"kind\":\"OU\"}]],"
          "\"hands\":[{\"FU\":2,\"KY\":0,\"KE\":0,\"GI\":0,\"KI\":0,\"KA\":0,\"HI\":0},"
          "{\"FU\":0,\"KY\":0,\"KE\":0,\"GI\":0,\"KI\":0,\"KA\":0,\"HI\":0}]}},\"moves\":[{}]}\n");
}

TEST_CASE("kifu position reports a malformed string with its column", "[cli][position]") {
    const auto rank = kifu::test::run_kifu("position --sfen 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b -'");
    CHECK(rank.status == 1);
    CHECK(rank.err ==
          "kifu: error: --sfen, column 57: an SFEN rank has fewer than nine squares\n"
          "  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b -\n"
          "                                                          ^\n");
    const auto side = kifu::test::run_kifu("position --sfen '4k4/9/9/9/9/9/9/9/4K4 x -'");
    CHECK(side.err ==
          "kifu: error: --sfen, column 23: expected the side to move: b or w\n"
          "  4k4/9/9/9/9/9/9/9/4K4 x -\n"
          "                        ^\n");
    const auto code = kifu::test::run_kifu("position --shogi64 poUgAIjGqr.WIcB4");
    CHECK(code.status == 1);
    CHECK(code.err ==
          "kifu: error: --shogi64, column 11: not a base64url character (A-Z a-z 0-9 - _)\n"
          "  poUgAIjGqr.WIcB4\n"
          "            ^\n");
    const auto short_code = kifu::test::run_kifu("position --shogi64 poUgAIjG");
    CHECK(short_code.err ==
          "kifu: error: --shogi64, column 8: the code ends before the position does\n"
          "  poUgAIjG\n"
          "         ^\n");
}

TEST_CASE("kifu position takes exactly one source", "[cli][position]") {
    const auto none = kifu::test::run_kifu("position");
    CHECK(none.status == 2);
    CHECK(none.err == "kifu: error: kifu position takes one of FILE, --sfen SFEN and --shogi64 CODE\n");
    const auto two = kifu::test::run_kifu("position --sfen startpos --shogi64 poUgAIjG");
    CHECK(two.status == 2);
    const auto ply = kifu::test::run_kifu("position --ply 1 --shogi64 poUgAIjG");
    CHECK(ply.status == 2);
    CHECK(ply.err == "kifu: error: --ply applies to a record or an SFEN with moves, not to --shogi64\n");
}

TEST_CASE("kifu position flags a position no game reaches", "[cli][position]") {
    // Three rooks: more than a set holds. The position is shown, with a warning.
    const auto rooks = kifu::test::run_kifu("position --sfen '4k4/9/9/9/9/9/9/9/4K4 b 3R'");
    CHECK(rooks.status == 0);
    CHECK(rooks.out == "4k4/9/9/9/9/9/9/9/4K4 b 3R 1\n");
    CHECK(rooks.err ==
          "--sfen: warning: the position has 3 HI on the board and in the hands; a set holds 2 "
          "[shogi.position.too-many-pieces]\n");
    // Read as a record, the same warning; CSA, whose readers refuse such a position, is not
    // written (KIF is).
    const std::string usi = (kifu::test::scratch_dir("three-rooks") / "three-rooks.usi").string();
    {
        std::ofstream(usi) << "position sfen 4k4/9/9/9/9/9/9/9/4K4 b 3R 1\n";
    }
    const auto convert = kifu::test::run_kifu("convert -t csa -", usi);
    CHECK(convert.status == 1);
    CHECK(convert.out.empty());
    CHECK(convert.err ==
          "<stdin>: warning: the position has 3 HI on the board and in the hands; a set holds 2 "
          "[shogi.position.too-many-pieces]\n"
          "kifu: error: <stdin>: game 1 starts from a position CSA cannot hold: the position has 3 HI on the board "
          "and in the hands; a set holds 2 [csa.write.too-many-pieces]\n");
    const auto kif = kifu::test::run_kifu("convert -t kifu -", usi);
    CHECK(kif.status == 0);
    CHECK(kif.out.find("先手の持駒：飛三") != std::string::npos);
    // A pawn on the last rank: a warning, the position is still written.
    const auto pawn = kifu::test::run_kifu("position --sfen 'P3k4/9/9/9/9/9/9/9/4K4 b -' -t shogi64");
    CHECK(pawn.status == 0);
    CHECK(pawn.out == "6OgAAAAAAAAAAAOoAAA\n");
    CHECK(pawn.err == "--sfen: warning: Black's FU on 91 can never move [shogi.position.dead-piece]\n");
    const auto code = kifu::test::run_kifu("position --shogi64 6OgAAAAAAAAAAAOoAAA");
    CHECK(code.status == 0);
    CHECK(code.out == "P3k4/9/9/9/9/9/9/9/4K4 b - 1\n");
    CHECK(code.err == "--shogi64: warning: Black's FU on 91 can never move [shogi.position.dead-piece]\n");
    // The tsume layout is not flagged.
    const auto tsume = kifu::test::run_kifu("position --sfen '4k4/9/4P4/9/9/9/9/9/9 b G'");
    CHECK(tsume.status == 0);
    CHECK(tsume.err.empty());
}

TEST_CASE("kifu position draws every game as a text diagram or an SVG picture", "[cli][position]") {
    const std::filesystem::path dir = kifu::test::data_dir() / "cli" / "positions";
    // Go: sgfmill's ascii_boards; othello: GGS's board. Both are the default form of their game.
    const auto go = kifu::test::run_kifu("position samples/short-9x9.sgf");
    CHECK(go.status == 0);
    CHECK(go.err.empty());
    CHECK(go.out == kifu::test::slurp(dir / "go-9x9.txt"));
    const auto othello = kifu::test::run_kifu("position samples/othello-opening.ggf -t text");
    CHECK(othello.status == 0);
    CHECK(othello.out == kifu::test::slurp(dir / "othello.txt"));
    // --ply counts passes as moves; 0 is the start.
    const auto start = kifu::test::run_kifu("position samples/othello-opening.ggf --ply 0");
    CHECK(start.out ==
          "  A B C D E F G H\n"
          "1 - - - - - - - - 1\n"
          "2 - - - - - - - - 2\n"
          "3 - - - - - - - - 3\n"
          "4 - - - O * - - - 4\n"
          "5 - - - * O - - - 5\n"
          "6 - - - - - - - - 6\n"
          "7 - - - - - - - - 7\n"
          "8 - - - - - - - - 8\n"
          "  A B C D E F G H\n"
          "* to move (Black), * 2, O 2\n");
    for (const char* name : {"go-9x9", "othello", "eval"}) {
        INFO(name);
        const std::string input = std::string(name) == "go-9x9"    ? "samples/short-9x9.sgf"
                                  : std::string(name) == "othello" ? "samples/othello-opening.ggf"
                                                                   : "cli/positions/eval.kif";
        const auto svg = kifu::test::run_kifu("position " + input + " -t svg");
        CHECK(svg.status == 0);
        CHECK(svg.out == kifu::test::slurp(dir / (std::string(name) + ".svg")));
    }
    // SFEN strings draw too.
    const auto sfen = kifu::test::run_kifu("position --sfen startpos -t svg");
    CHECK(sfen.out.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
    CHECK(sfen.out.ends_with("</svg>\n"));
}

TEST_CASE("kifu position says which forms a game has and which game of a file it draws", "[cli][position]") {
    const auto sfen = kifu::test::run_kifu("position samples/short-9x9.sgf -t sfen");
    CHECK(sfen.status == 2);
    CHECK(sfen.err == "kifu: error: samples/short-9x9.sgf: game 1 is a go game; -t sfen is a shogi form (a go position "
                      "is shown with -t text or -t svg)\n");
    const auto past = kifu::test::run_kifu("position samples/short-9x9.sgf --ply 99");
    CHECK(past.status == 2);
    CHECK(past.err == "kifu: error: samples/short-9x9.sgf: game 1: the main line has 8 moves; ply 99 is past its end\n");
    const auto many = kifu::test::run_kifu("position cli/positions/games.usi -t svg");
    CHECK(many.status == 2);
    CHECK(many.out.empty());
    CHECK(many.err == "kifu: error: cli/positions/games.usi: the input holds 3 games and -t svg draws one picture; "
                      "choose one with --number N\n");
    const auto second = kifu::test::run_kifu("position cli/positions/games.usi --number 2");
    CHECK(second.status == 0);
    const auto all = kifu::test::run_kifu("position cli/positions/games.usi");
    CHECK(all.out.find(second.out) != std::string::npos);
    CHECK(second.out.find('\n') == second.out.size() - 1);  // one SFEN
    const auto none = kifu::test::run_kifu("position cli/positions/games.usi --number 9");
    CHECK(none.status == 2);
    CHECK(none.err == "kifu: error: cli/positions/games.usi: --number 9 asks for a game the input does not hold (3 games)\n");
}
