// The GGF reader: whole-JSON golden records of our own files, and each diagnostic it raises.

#include <catch2/catch.hpp>

#include <kifu/format.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/read.hpp>

#include "othello/formats.hpp"
#include "support/corpus.hpp"

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace othello = kifu::othello;
namespace test = kifu::test;

namespace {

const std::string std8 = "BO[8 ---------------------------O*------*O--------------------------- *]";
const std::string std4 = "BO[4 ---- -O*- -*O- ---- *]";

kifu::read_result read(const std::string& text, kifu::read_mode mode = kifu::read_mode::lenient) {
    kifu::read_options options;
    options.mode = mode;
    const kifu::source_text source("t.ggf", text, "UTF-8");
    kifu::read_result result;
    othello::ggf_format().read_text(source, options, result);
    return result;
}

// "severity code line:column [ply p]" per diagnostic, in order.
std::vector<std::string> summary(const kifu::read_result& r) {
    std::vector<std::string> out;
    for (const kifu::diagnostic& d : r.diagnostics) {
        std::string s = std::string(kifu::to_string(d.severity)) + " " + d.code + " " + std::to_string(d.line) + ":" +
                        std::to_string(d.column);
        if (d.ply >= 0) s += " ply " + std::to_string(d.ply);
        out.push_back(s);
    }
    return out;
}

std::vector<std::string> messages(const kifu::read_result& r) {
    std::vector<std::string> out;
    for (const kifu::diagnostic& d : r.diagnostics) out.push_back(d.message);
    return out;
}

const othello::record& game(const kifu::read_result& r, std::size_t i) { return *r.records.at(i).get<othello::record>(); }

using strings = std::vector<std::string>;

}  // namespace

TEST_CASE("ggf: a file of matches, sizes and passes gives the golden records", "[othello][ggf]") {
    const auto dir = test::data_dir() / "othello" / "ggf";
    const kifu::read_result r = read(test::slurp(dir / "match.ggf"));
    CHECK(summary(r).empty());
    REQUIRE(r.records.size() == 6);
    std::string json;
    for (const kifu::record& rec : r.records) json += kifu::to_jkf(rec, {true}) + "\n";
    // Written from this output with KIFU_UPDATE_GOLDEN=1 and checked by hand against the games
    // tests/data/othello/ggf/match.ggf was made from (a separate Python replay).
    const auto golden_path = dir / "match.json";
    if (std::getenv("KIFU_UPDATE_GOLDEN") != nullptr) {
        std::ofstream(golden_path, std::ios::binary) << json;
    }
    CHECK(json == test::slurp(golden_path));

    // The facts the golden file shows, spelled out.
    CHECK(game(r, 0).transcript() == "f5f6e6f4g6");
    CHECK(game(r, 1).transcript() == "f5f6");
    CHECK(game(r, 2).transcript() == "d3d2d1b4a1b1a3d4c4--c1--a4");
    CHECK(game(r, 2).passes_recorded == 2);
    CHECK(game(r, 2).final_counts == othello::disc_counts{14, 1, 1});
    CHECK(game(r, 2).end == othello::game_end::blocked);
    CHECK(game(r, 3).final_counts == othello::disc_counts{6, 10, 0});
    CHECK(game(r, 3).end == othello::game_end::full);
    CHECK(game(r, 4).initial.octagon);
    CHECK(game(r, 4).final_counts == othello::disc_counts{5, 2, 81});
    CHECK(game(r, 5).initial.to_move == othello::color::white);
    CHECK(!game(r, 5).initial.is_standard());
    CHECK(game(r, 0).notes.size() == 4);

    // Through the registry: detected by content and by extension.
    const std::string bytes = test::slurp(dir / "match.ggf");
    CHECK(kifu::detect(bytes, "games.txt").format->name == "ggf");
    CHECK(kifu::detect(bytes, "games.ggf").format->name == "ggf");
    const kifu::read_result via = kifu::read_buffer(bytes, "games.ggf");
    CHECK(via.format == "ggf");
    CHECK(via.records.size() == 6);
}

TEST_CASE("ggf: pass spellings and move values", "[othello][ggf]") {
    // Every prefix of PASS of length 2 or more in any case, and `--`; squares in any case.
    for (const char* pass : {"PA", "pa", "Pas", "pass", "PASS", "--", " pass "}) {
        INFO(pass);
        const kifu::read_result r = read("(;GM[Othello]TY[4]" + std4 + "B[b1]W[c1]B[D3]W[A1]B[" + pass + "]W[a3];)");
        CHECK(summary(r).empty());
        REQUIRE(r.records.size() == 1);
        CHECK(game(r, 0).transcript() == "b1c1d3a1--a3");
        CHECK(game(r, 0).moves[4].pass == othello::pass_kind::recorded);
    }
    for (const char* not_pass : {"p", "P", "pax", "passe"}) {
        INFO(not_pass);
        const kifu::read_result r = read("(;GM[Othello]" + std4 + "B[b1]W[c1]B[d3]W[a1]B[" + not_pass + "];)");
        CHECK(summary(r) == strings{"error ggf.bad-square 1:61 ply 5"});
    }
}

TEST_CASE("ggf: broken games are reported and the next game is read", "[othello][ggf]") {
    const std::string next = "(;GM[Othello]" + std8 + "B[f5];)";
    SECTION("a value without ']' before the next game") {
        const kifu::read_result r = read("(;GM[Othello]PC[no end\n" + next);
        CHECK(summary(r) == strings{"error ggf.unterminated-value 1:14"});
        REQUIRE(r.records.size() == 1);
        CHECK(r.records[0].index == 2);
        CHECK(game(r, 0).transcript() == "f5");
        CHECK(read("(;GM[Othello]PC[no end\n" + next, kifu::read_mode::strict).records.empty());
    }
    SECTION("a value without ']' at the end of the input") {
        const kifu::read_result r = read(next + "\n(;GM[Othello]PB[x;)\n");
        CHECK(summary(r) == strings{"error ggf.unterminated-value 2:14"});
        CHECK(r.records.size() == 1);
    }
    SECTION("a game without ';)'") {
        const kifu::read_result r = read("(;GM[Othello]" + std8 + "B[f5]\n" + next + "\n" + "(;GM[Othello]" + std8);
        CHECK(summary(r) == strings{"error ggf.unclosed-game 1:1", "error ggf.unclosed-game 3:1"});
        CHECK(messages(r) == strings{"the game has no ';)' before the next '(;'",
                                     "the game has no ';)' before the end of the input"});
        CHECK(r.records.size() == 1);
    }
    SECTION("no BO") {
        const kifu::read_result r = read("(;GM[Othello]TY[s8r5]B[F5]W[D6];)\n" + next);
        CHECK(summary(r) == strings{"error ggf.missing-board 1:1"});
        CHECK(r.records.size() == 1);
    }
    SECTION("no game at all") {
        const kifu::read_result r = read("just text\n");
        CHECK(summary(r) == strings{"error ggf.no-games 1:1"});
        CHECK(r.records.empty());
    }
}

TEST_CASE("ggf: bad boards", "[othello][ggf]") {
    auto problem = [](const std::string& bo) {
        const kifu::read_result r = read("(;GM[Othello]BO[" + bo + "];)");
        CHECK(r.records.empty());
        REQUIRE(summary(r) == strings{"error ggf.bad-board 1:14"});
        return r.diagnostics[0].message;
    };
    CHECK(problem("9 ---------") == "BO: board size 9 is none of 4, 6, 8, 10, 12, 14 and 88; the game is skipped");
    CHECK(problem("* ---") == "BO: the board text does not start with its size; the game is skipped");
    CHECK(problem("4 ---- -O*- -*O- ----") == "BO: the board text has no side to move; the game is skipped");
    CHECK(problem("4 ---- -O*- -*O- ---- -") == "BO: '-' is no side to move ('*' or 'O'); the game is skipped");
    CHECK(problem("4 ---- -O*- -*O- ---- * x") == "BO: the board text has too many characters; the game is skipped");
    CHECK(problem("4 ---- -O*- -*O- --?- *") == "BO: '?' is no square of a board text; the game is skipped");
    CHECK(problem("4 ---- -O*- -*O-") == "BO: the board text has too few squares; the game is skipped");
    // NBoard's spellings of the cells are accepted.
    const kifu::read_result r = read("(;GM[Othello]BO[4 .... .ox. _Xo0 ____ x]B[b1];)");
    CHECK(summary(r).empty());
    CHECK(game(r, 0).transcript() == "b1");
}

TEST_CASE("ggf: replay problems stop the game with the ply", "[othello][ggf]") {
    SECTION("a square off the board") {
        const kifu::read_result r = read("(;GM[Othello]" + std8 + "B[f5]W[i1];)");
        CHECK(summary(r) == strings{"error ggf.bad-square 1:91 ply 2"});
        CHECK(messages(r) == strings{"'i1' is neither a square of the 8×8 board nor a pass"});
        REQUIRE(r.records.size() == 1);
        CHECK(game(r, 0).transcript() == "f5");
        CHECK(game(r, 0).stop == othello::replay_stop{2, "ggf.bad-square", std::nullopt});
        CHECK(read("(;GM[Othello]" + std8 + "B[f5]W[i1];)", kifu::read_mode::strict).records.empty());
    }
    SECTION("a cut corner of the octagon") {
        const kifu::read_result r = read("(;GM[Othello]BO[88 " + std::string(38, '-') + "O*--------*O" +
                                         std::string(38, '-') + " *]B[b1];)");
        CHECK(summary(r) == strings{"error ggf.bad-square 1:111 ply 1"});
        CHECK(messages(r) == strings{"b1 is a cut corner of the octagon board"});
    }
    SECTION("an illegal move") {
        const kifu::read_result r = read("(;GM[Othello]" + std8 + "B[f5]W[a1];)");
        CHECK(summary(r) == strings{"warning othello.illegal-move 1:91 ply 2"});
        CHECK(messages(r) == strings{"white cannot play a1"});
        CHECK(game(r, 0).stop == othello::replay_stop{2, "othello.illegal-move", othello::square{1, 1}});
    }
    SECTION("a pass with a legal move") {
        const kifu::read_result r = read("(;GM[Othello]" + std8 + "B[pass];)");
        CHECK(summary(r) == strings{"warning othello.illegal-move 1:86 ply 1"});
        CHECK(messages(r) == strings{"black passes but has a legal move"});
    }
    SECTION("out of turn") {
        const kifu::read_result r = read("(;GM[Othello]" + std8 + "W[f5];)");
        CHECK(summary(r) == strings{"warning othello.illegal-move 1:86 ply 1"});
        CHECK(messages(r) == strings{"white plays f5 but it is black's turn and black can move"});
    }
    SECTION("a pass the record does not write is inserted") {
        const kifu::read_result r =
            read("(;GM[Othello]" + std4 + "B[a2]W[a3]B[b4]W[c1]B[a4]B[d3]W[c4]B[b1]W[a1]B[d4]W[d2]B[d1];)");
        CHECK(summary(r) == strings{"warning ggf.missing-pass 1:66 ply 6"});
        REQUIRE(r.records.size() == 1);
        CHECK(game(r, 0).transcript() == "a2a3b4c1a4--d3c4b1a1d4d2d1");
        CHECK(game(r, 0).passes_inserted == 1);
        CHECK(game(r, 0).moves[5].pass == othello::pass_kind::inserted);
    }
}

TEST_CASE("ggf: warnings keep the game", "[othello][ggf]") {
    SECTION("junk inside a game, and text between games") {
        const kifu::read_result r = read("1 (;GM[Othello]" + std8 + "B[d3]//1.22]W[c5];) 2 x\n");
        CHECK(summary(r) == strings{"warning ggf.junk 1:93"});
        CHECK(game(r, 0).transcript() == "d3c5");
    }
    SECTION("unknown properties are kept") {
        const kifu::read_result r = read("(;GM[Othello]XY[1]XY[2]" + std8 + ";)");
        CHECK(summary(r) == strings{"warning ggf.unknown-property 1:14"});
        CHECK(*game(r, 0).find_header("XY") == "2");
    }
    SECTION("results") {
        for (const char* ok : {"+40.00", "-3", "+64.00:r", "0:s", "?", "+1:t", "-12.5:l"}) {
            CHECK(summary(read(std::string("(;GM[Othello]RE[") + ok + "]" + std8 + ";)")).empty());
        }
        const kifu::read_result r = read("(;GM[Othello]RE[aborted]" + std8 + ";)");
        CHECK(summary(r) == strings{"warning ggf.bad-result 1:14"});
        CHECK(summary(read("(;GM[Othello]RE[+3:x]" + std8 + ";)")) == strings{"warning ggf.bad-result 1:14"});
        CHECK(*game(r, 0).find_header("RE") == "aborted");
    }
    SECTION("an evaluation that is no number") {
        const kifu::read_result r = read("(;GM[Othello]" + std8 + "B[f5/abc/1.5];)");
        CHECK(summary(r) == strings{"warning ggf.bad-eval 1:86 ply 1"});
        REQUIRE(game(r, 0).notes.size() == 1);
        CHECK(game(r, 0).notes[0] == othello::move_note{0, std::nullopt, "1.5"});
        CHECK(summary(read("(;GM[Othello]" + std8 + "B[f5/inf];)")) == strings{"warning ggf.bad-eval 1:86 ply 1"});
    }
}
