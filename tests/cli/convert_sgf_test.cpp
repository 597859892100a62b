// kifu convert -t sgf: whole SGF outputs of go inputs (SGF with a variation, an NHK score file),
// what they read back as, one file per input with -o, and the usage error (exit 2) of a game
// that is not go.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/run_kifu.hpp"

TEST_CASE("kifu convert -t sgf writes an SGF game with its variations") {
    const auto r = kifu::test::run_kifu("convert -t sgf samples/short-9x9.sgf");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out ==
          "(;FF[4]GM[1]SZ[9]CA[UTF-8]AP[kifu samples]PB[Black Sample]PW[White Sample]KM[6.5]RE[B+R]"
          "C[A short 9x9 game written for kifu's samples, with one variation.];B[ee];W[gc];B[cg]\n"
          "(;W[gg];B[ge];W[fc];B[gd];W[hd])\n"
          "(;W[cc];B[dc];W[cd]))\n");
}

TEST_CASE("kifu convert -t sgf turns an NHK score file into SGF") {
    const auto r = kifu::test::run_kifu("convert -t sgf fuzz/nhk/three-moves.txt");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out ==
          "(;FF[4]CA[UTF-8]GM[1]SZ[19]EV[第57回NHK杯]GN[1回戦第1局]DT[2009-11-02]PB[青木 一郎]BR[七段]"
          "PW[赤井 二郎]WR[名人]RE[W+3.5];B[pd];W[dd];B[pq])\n");
}

TEST_CASE("kifu convert -t sgf output reads back as the same game") {
    const auto dir = kifu::test::scratch_dir("sgf-round-trip");
    for (const std::string input : {"samples/short-9x9.sgf", "fuzz/nhk/three-moves.txt"}) {
        const auto sgf = kifu::test::run_kifu("convert -t sgf -o '" + dir.string() + "' " + input);
        REQUIRE(sgf.status == 0);
        const std::string stem = std::filesystem::path(input).stem().string();
        const auto direct = kifu::test::run_kifu("convert " + input);
        const auto again = kifu::test::run_kifu("convert '" + (dir / (stem + ".sgf")).string() + "'");
        CHECK(direct.status == 0);
        CHECK(again.status == 0);
        CHECK(again.out == direct.out);
    }
}

TEST_CASE("kifu convert -t sgf with a game that is not go is a usage error (exit 2)") {
    const auto r = kifu::test::run_kifu("convert -t sgf samples/yagura-opening.csa samples/short-9x9.sgf");
    CHECK(r.status == 2);
    CHECK(r.err == "kifu: error: samples/yagura-opening.csa: game 1 is a shogi game; -t sgf writes go games only\n");
    // The go input after it is still written.
    CHECK(r.out.starts_with("(;FF[4]GM[1]SZ[9]"));
    const auto othello = kifu::test::run_kifu("convert -t sgf samples/othello-opening.ggf");
    CHECK(othello.status == 2);
    CHECK(othello.err == "kifu: error: samples/othello-opening.ggf: game 1 is an othello game; -t sgf writes go games only\n");
    CHECK(othello.out.empty());
}

TEST_CASE("kifu convert -t sgf labels its UTF-8 output CA[UTF-8] whatever the input declared") {
    // 柯洁 in GB2312 under CA[GB2312]: written as UTF-8, so the charset written says UTF-8.
    const auto file = kifu::test::scratch_dir("sgf-charset") / "gb2312.sgf";
    std::ofstream(file, std::ios::binary) << "(;GM[1]SZ[9]CA[GB2312]PB[\xBF\xC2\xBD\xE0];B[ee])";
    const auto r = kifu::test::run_kifu("convert -t sgf '" + file.string() + "'");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out == "(;GM[1]SZ[9]CA[UTF-8]PB[\xE6\x9F\xAF\xE6\xB4\x81];B[ee])\n");
}
