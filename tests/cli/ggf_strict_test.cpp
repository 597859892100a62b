// A strict read of a GGF archive stops at its first bad game. Its error said "it is skipped",
// as if the next games were read; every later game was dropped. The message now says what
// happens in each mode.

#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "cli/run_kifu.hpp"

namespace {

std::size_t lines_of(const std::string& s) {
    std::size_t n = 0;
    for (const char c : s) n += c == '\n' ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("cli_ggf_strict_read_says_it_stops_at_a_bad_game", "[cli][othello]") {
    const auto file = kifu::test::scratch_dir("ggf-strict") / "archive.ggf";
    const std::string good =
        "(;GM[Othello]PC[t]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
        "B[d3]W[c5];)\n";
    std::ofstream(file) << good << "(;GM[Othello]PB[x]PW[y]B[d3];)\n" << good << good;
    const std::string where = file.string() + ":2:1: error: the game has no BO (start position)";

    const auto strict = kifu::test::run_kifu("convert --jsonl '" + file.string() + "'");
    CHECK(strict.status == 1);
    CHECK(lines_of(strict.out) == 1);
    CHECK(strict.err == where +
                            "; strict reading stops here: this game and every game after it are left out (--lenient "
                            "skips only this game) [ggf.missing-board]\n");
    // The same read, not streamed (-t ggf reads the file whole).
    const auto whole = kifu::test::run_kifu("convert -t ggf '" + file.string() + "'");
    CHECK(whole.status == 1);
    CHECK(whole.err == strict.err);

    const auto lenient = kifu::test::run_kifu("convert --jsonl --lenient '" + file.string() + "'");
    CHECK(lenient.status == 1);
    CHECK(lines_of(lenient.out) == 3);
    CHECK(lenient.err == where + "; the game is skipped [ggf.missing-board]\n");
    const auto lint = kifu::test::run_kifu("lint '" + file.string() + "'");
    CHECK(lint.out == where + "; the game is skipped [ggf.missing-board]\n");

    // An error of a replay (a move off the board) stops a strict read too, and says so.
    std::ofstream(file) << good
                        << "(;GM[Othello]PC[t]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O------------"
                           "--------------- *]B[z9];)\n"
                        << good;
    const auto replay = kifu::test::run_kifu("convert --jsonl '" + file.string() + "'");
    CHECK(replay.status == 1);
    CHECK(lines_of(replay.out) == 1);
    CHECK(replay.err.find("; strict reading stops here: this game and every game after it are left out") !=
          std::string::npos);
}
