// Board diagrams (BOD rows) and hands lines, read by the same rules in grammars/kif.peg and
// grammars/ki2.peg: what reads, what the grammar rejects (kif.syntax / ki2.syntax, at the
// character that does not fit), and what the header code rejects (bad-board: counts and pieces).

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

#include "shogi/ki2_builder.hpp"
#include "shogi/kif_builder.hpp"
#include "shogi/shogi_test_util.hpp"

namespace {

using kifu::shogi::jkf;

struct read_back {
    bool ok = false;
    std::vector<jkf> records;
    std::string diagnostics;  // gcc form, one per line
};

// Reads `text` as KIF (ki2 false) or KI2; `name` is t.kif or t.ki2.
read_back read(const std::string& text, bool ki2, kifu::read_mode mode = kifu::read_mode::strict) {
    const kifu::source_text source(ki2 ? "t.ki2" : "t.kif", text, "UTF-8");
    read_back out;
    std::vector<kifu::diagnostic> ds;
    out.ok = (ki2 ? kifu::shogi::detail::parse_ki2 : kifu::shogi::detail::parse_kif)(source, mode, out.records, ds);
    for (const auto& d : ds) out.diagnostics += kifu::format_gcc(d) + "\n";
    return out;
}

nlohmann::json initial_of(const read_back& r) {
    REQUIRE(r.records.size() == 1);
    return nlohmann::json::parse(kifu::test::jkf_text(r.records[0]))["initial"];
}

const std::string empty_row = "| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n";

std::string rows(int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += empty_row;
    return out;
}

// A move that each format can follow a board with.
std::string a_move(bool ki2) { return ki2 ? "▲１二玉\n" : "   1 １二玉(11)\n"; }

}  // namespace

TEST_CASE("kakinoki board: rows and hands lines that read", "[kakinoki][board]") {
    for (const bool ki2 : {false, true}) {
        INFO((ki2 ? "KI2" : "KIF"));
        SECTION("marks, pieces, promoted pieces, a rank after the bar and none") {
            const read_back r = read("|v香+桂^銀V金 ・ と 龍 竜 全|一\n| ・ ・ ・ ・ ・ ・ ・ ・v玉|\n" + rows(7) +
                                         "+---------------------------+\n" + a_move(ki2),
                                     ki2);
            CHECK(r.diagnostics.empty());
            const nlohmann::json initial = initial_of(r);
            const nlohmann::json& board = initial["data"]["board"];
            CHECK(board[8][0] == nlohmann::json::parse(R"({"color":1,"kind":"KY"})"));
            CHECK(board[7][0] == nlohmann::json::parse(R"({"color":0,"kind":"KE"})"));
            CHECK(board[6][0] == nlohmann::json::parse(R"({"color":0,"kind":"GI"})"));
            CHECK(board[5][0] == nlohmann::json::parse(R"({"color":1,"kind":"KI"})"));
            CHECK(board[4][0] == nlohmann::json::parse("{}"));
            CHECK(board[3][0] == nlohmann::json::parse(R"({"color":0,"kind":"TO"})"));
            CHECK(board[2][0] == nlohmann::json::parse(R"({"color":0,"kind":"RY"})"));
            CHECK(board[1][0] == nlohmann::json::parse(R"({"color":0,"kind":"RY"})"));
            CHECK(board[0][0] == nlohmann::json::parse(R"({"color":0,"kind":"NG"})"));
        }
        SECTION("a partial diagram: the right-hand files") {
            std::string corner;
            for (int i = 0; i < 3; ++i) corner += "| ・ ・ ・|\n";
            const read_back r = read("|v玉 ・ ・|\n" + corner + a_move(ki2), ki2);
            CHECK(r.diagnostics.empty());
            CHECK(initial_of(r)["data"]["board"][2][0] == nlohmann::json::parse(R"({"color":1,"kind":"OU"})"));
        }
        SECTION("hands: separators of any kind or none, counts up to 十八, なし, an empty value, 下手/上手") {
            const read_back r = read("上手の持駒 :飛角、金二\t香歩十八　\n下手の持駒：なし　\n後手の持駒：銀十一\n先手の持駒：\n" +
                                         rows(9) + a_move(ki2),
                                     ki2);
            CHECK(r.diagnostics.empty());
            CHECK(initial_of(r)["data"]["hands"] ==
                  nlohmann::json::parse(R"([{"FU":0,"KY":0,"KE":0,"GI":0,"KI":0,"KA":0,"HI":0},
                                            {"FU":0,"KY":0,"KE":0,"GI":11,"KI":0,"KA":0,"HI":0}])"));
        }
        SECTION("a key that only looks like a hands key is a header") {
            const read_back r = read("先手の持ち駒：何か\n" + a_move(ki2), ki2);
            CHECK(r.diagnostics.empty());
            REQUIRE(r.records.size() == 1);
            CHECK(r.records[0].find_header("先手の持ち駒") != nullptr);
        }
    }
}

TEST_CASE("kakinoki board: syntax errors come from the grammar, at the character", "[kakinoki][board]") {
    struct bad {
        std::string text;
        std::string expected;  // without "t.kif:" / "t.ki2:" and the code's prefix
    };
    // (The hands lines follow a board: KI2 makes its end-of-header checks also after a syntax
    // error, and a hand without a board would be reported first, at the start of the line.)
    const std::vector<bad> cases{
        {"| ・ ・ ・ ・ ・ ・ ・ ・ x|一\n", "1:19: error: expected a piece or ・ in a board cell [syntax]"},
        {"| ・ ・ 成銀|\n", "1:7: error: expected a piece or ・ in a board cell [syntax]"},
        {"| ・ ・成銀|\n", "1:6: error: expected a cell mark (space or v) in a board row [syntax]"},
        {"|v|\n", "1:3: error: expected a piece or ・ in a board cell [syntax]"},
        {"| ・ ・ ・ ・ ・ ・ ・ ・ ・\n", "1:20: error: a board row must end with '|' [syntax]"},
        {"| ・ ・ \n", "1:7: error: a board row must end with '|' [syntax]"},
        {"|\n", "1:2: error: a board row must end with '|' [syntax]"},
        {"|x・|\n", "1:2: error: expected a cell mark (space or v) in a board row [syntax]"},
        {"| ・ ・\u3000・|\n", "1:6: error: expected a cell mark (space or v) in a board row [syntax]"},
        {rows(9) + "後手の持駒：歩x\n", "10:8: error: expected a piece in hand such as 歩 or 歩二 (or なし for none) in a hands line [syntax]"},
        {rows(9) + "後手の持駒：歩 二\n", "10:9: error: expected a piece in hand such as 歩 or 歩二 (or なし for none) in a hands line [syntax]"},
        {rows(9) + "先手の持駒：成香\n", "10:7: error: expected a piece in hand such as 歩 or 歩二 (or なし for none) in a hands line [syntax]"},
        {rows(9) + "先手の持駒：なし歩\n", "10:9: error: expected a piece in hand such as 歩 or 歩二 (or なし for none) in a hands line [syntax]"},
    };
    for (const bool ki2 : {false, true}) {
        const std::string name = ki2 ? "t.ki2:" : "t.kif:";
        const std::string prefix = ki2 ? "[ki2." : "[kif.";
        for (const bad& c : cases) {
            INFO(name << " " << c.text);
            const read_back r = read(c.text + a_move(ki2), ki2);
            CHECK_FALSE(r.ok);
            CHECK(r.records.empty());
            std::string expected = name + c.expected + "\n";
            expected.replace(expected.find("[syntax]"), 1, prefix);
            CHECK(r.diagnostics == expected);
        }
    }
}

TEST_CASE("kakinoki board: counts and pieces are checked by the header code", "[kakinoki][board]") {
    struct bad {
        std::string text;
        std::string expected;  // as above, with the code's suffix
    };
    const std::vector<bad> cases{
        {rows(10), "10:1: error: a board diagram has at most nine rows [bad-board]"},
        {"| ・ ・ ・ ・ ・ ・ ・ ・ ・ ・|\n", "1:20: error: a board row has more than nine cells [bad-board]"},
        {"||\n", "1:1: error: a board row has no cells [bad-board]"},
        {"| ・ ・|\n| ・|\n", "2:1: error: board rows differ in width [bad-board]"},
        {"先手の持駒：歩十十\n", "1:1: error: cannot read the count '十十' in a hands line [bad-board]"},
        {"先手の持駒：歩二三 角\n", "1:1: error: cannot read the count '二三' in a hands line [bad-board]"},
        {"後手の持駒：金 王\n", "1:1: error: a hand holds only 歩 香 桂 銀 金 角 飛, not 王 [bad-board]"},
        {rows(3), "1:1: error: the board diagram has 3 rows instead of nine [incomplete-board]"},
        {"先手の持駒：歩\n", "1:1: error: pieces in hand are given but no board diagram [missing-board]"},
    };
    for (const bool ki2 : {false, true}) {
        const std::string name = ki2 ? "t.ki2:" : "t.kif:";
        const std::string prefix = ki2 ? "[ki2." : "[kif.";
        for (const bad& c : cases) {
            INFO(name << " " << c.text);
            const read_back r = read(c.text + a_move(ki2), ki2);
            CHECK_FALSE(r.ok);
            std::string expected = name + c.expected + "\n";
            expected.replace(expected.find('['), 1, prefix);
            CHECK(r.diagnostics == expected);
        }
    }
}

TEST_CASE("kakinoki board: lenient reads skip a bad row or hands line and keep the rest", "[kakinoki][board]") {
    for (const bool ki2 : {false, true}) {
        INFO((ki2 ? "KI2" : "KIF"));
        const std::string prefix = ki2 ? "t.ki2:" : "t.kif:";
        const std::string code = ki2 ? "ki2" : "kif";
        // A row cut short after its first cells adds nothing, not even those cells; the hands line
        // keeps the items followed by a separator before the bad character (歩二), not the last one.
        const read_back r = read("先手の持駒：歩二 角x\n|v玉 ・|\n| ・ ・\n| ・ ・|\n" + a_move(ki2), ki2,
                                 kifu::read_mode::lenient);
        CHECK_FALSE(r.ok);
        CHECK(r.diagnostics == prefix + "1:11: error: expected a piece in hand such as 歩 or 歩二 (or なし for none) in a hands line [" +
                                   code + ".syntax]\n" + prefix + "3:6: error: a board row must end with '|' [" + code +
                                   ".syntax]\n");
        const nlohmann::json initial = initial_of(r);
        CHECK(initial["data"]["hands"][0]["FU"] == 2);
        CHECK(initial["data"]["hands"][0]["KA"] == 0);
        CHECK(initial["data"]["board"][1][0] == nlohmann::json::parse(R"({"color":1,"kind":"OU"})"));
        CHECK(initial["data"]["board"][1][1] == nlohmann::json::parse("{}"));
    }
}
