// Which game of an input an error belongs to (record::has_error): a lenient read keeps what it
// could read of a broken game and marks it, in files of many games (CSA, SGF, GGF, WTHOR)
// and in inputs of one game.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <kifu/read.hpp>

namespace {

kifu::read_result lenient_read(const std::string& text, const std::string& name) {
    kifu::read_options o;
    o.mode = kifu::read_mode::lenient;
    return kifu::read_buffer(text, name, o);
}

// Each record's game number and mark: "1 2! 3" has game 2 marked.
std::string marks(const kifu::read_result& r) {
    std::string out;
    for (const kifu::record& g : r.records) {
        out += (out.empty() ? "" : " ") + std::to_string(g.index) + (g.has_error ? "!" : "");
    }
    return out;
}

std::string codes(const kifu::read_result& r) {
    std::string out;
    for (const kifu::diagnostic& d : r.diagnostics) {
        if (d.severity == kifu::severity::error) out += std::to_string(d.line) + ":" + d.code + " ";
    }
    return out;
}

std::string wthor_header(std::uint32_t games) {
    std::string h{20, 22, 6, 26};
    for (int i = 0; i < 4; ++i) h += static_cast<char>((games >> (8 * i)) & 0xff);
    h += std::string{0, 0, static_cast<char>(2001 & 0xff), static_cast<char>(2001 >> 8), 8, 0, 22, 0};
    return h;
}

std::string wthor_game(const std::vector<std::uint8_t>& moves) {
    std::string g(8, '\0');
    g[6] = 36;
    for (std::size_t i = 0; i < 60; ++i) g += static_cast<char>(i < moves.size() ? moves[i] : 0);
    return g;
}

}  // namespace

TEST_CASE("game_errors_csa_marks_the_game_each_error_is_in", "[read]") {
    // Game 2 has a line the grammar rejects after its moves, game 3 a move from an empty
    // square, game 5 a broken first line; games 1 and 4 are whole.
    const std::string text =
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\n"
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n+88X2KA\n/\n"
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n+7775FU\n-1112KY\n/\n"
        "V2.2\nPI\n+\n+2726FU\n%CHUDAN\n/\n"
        "Vx.y\nPI\n+\n+5756FU\n";
    const kifu::read_result r = lenient_read(text, "games.csa");
    INFO(codes(r));
    CHECK(marks(r) == "1 2! 3! 4 5!");
    CHECK(codes(r) == "13:csa.syntax 20:shogi.illegal.empty-origin 29:csa.syntax ");
}

TEST_CASE("game_errors_sgf_marks_the_game_each_error_is_in", "[read]") {
    // Game 2 has a point that is none, game 4 (on the line of game 3) a value never closed.
    const std::string text =
        "(;GM[1]FF[4]SZ[9];B[cc];W[gg])\n"
        "(;GM[1]FF[4]SZ[9];B[cc];W[g!];B[dd])\n"
        "(;GM[1]FF[4]SZ[9];B[dd];W[ee])(;GM[1]FF[4]SZ[9];B[ee];W[ff\n";
    const kifu::read_result r = lenient_read(text, "games.sgf");
    INFO(codes(r));
    CHECK(marks(r) == "1 2! 3 4!");
}

TEST_CASE("game_errors_ggf_marks_the_game_each_error_is_in", "[read]") {
    const std::string board = "BO[8 ---------------------------O*------*O--------------------------- *]";
    const std::string text = "(;GM[Othello]TY[8]" + board + "B[f5]W[d6];)\n" +  //
                             "(;GM[Othello]TY[8]" + board + "B[f5]W[z9]B[c3];)\n" +  //
                             "(;GM[Othello]TY[8]" + board + "B[d3]W[c5];)\n";
    const kifu::read_result r = lenient_read(text, "games.ggf");
    INFO(codes(r));
    CHECK(marks(r) == "1 2! 3");
}

TEST_CASE("game_errors_wthor_marks_the_game_each_error_is_in", "[read]") {
    // f5 d6 c3; then a move code that is no square (99); then f5 d6.
    const std::string bytes = wthor_header(3) + wthor_game({56, 64, 33}) + wthor_game({56, 99, 33}) + wthor_game({56, 64});
    const kifu::read_result r = lenient_read(bytes, "games.wtb");
    INFO(codes(r));
    CHECK(marks(r) == "1 2! 3");
}

TEST_CASE("game_errors_an_input_of_one_game_marks_it", "[read]") {
    const kifu::read_result broken = lenient_read("V2.2\nPI\n+\n+7776FU\n-3334FU\n+88X2KA\n", "one.csa");
    CHECK(marks(broken) == "1!");
    const kifu::read_result whole = lenient_read("V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n", "one.csa");
    CHECK(marks(whole) == "1");
    // Strict reads keep no game with an error: the one game left of two is whole.
    const kifu::read_result strict = kifu::read_buffer("V2.2\nPI\n+\n+7776FU\n/\nV2.2\nPI\n+\n+88X2KA\n", "two.csa");
    CHECK(marks(strict) == "1");
    // A broken GGF game is skipped by the reader: the game left is whole.
    const std::string board = "BO[8 ---------------------------O*------*O--------------------------- *]";
    const kifu::read_result ggf = lenient_read("(;GM[Othello]TY[8]" + board + "B[f5];)\n(;GM[Othello]TY[8]B[f5];)\n", "two.ggf");
    CHECK(marks(ggf) == "1");
}

TEST_CASE("game_errors_usi_marks_the_game_each_error_is_in", "[read]") {
    // Line 2 moves from an empty square; line 3 is no position (the grammar rejects it: no
    // record).
    const kifu::read_result r =
        lenient_read("position startpos moves 7g7f\nposition startpos moves 7g7f 7f7e 7e7d\nposition nonsense\n"
                     "position startpos moves 2g2f\n", "games.usi");
    INFO(codes(r));
    CHECK(marks(r) == "1 2! 3");
}
