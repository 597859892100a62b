// The KI2 format: golden records (tests/data/shogi/ki2/*.ki2 and *.ki2u, each with the whole
// expected JKF in <name>.json), every diagnostic the grammar, the builder and the shared
// Kakinoki code give with the ki2 prefix, the normalizer's checks on KI2 moves, lenient
// reading, raw records, the sniffer and the trace.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <kifu/format.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

#include "core/utf8.hpp"
#include "shogi/formats.hpp"
#include "shogi/kakinoki.hpp"
#include "support/corpus.hpp"
#include "shogi/corpus_support.hpp"

namespace {

// Reads bytes as the library does: sniff, decode (CP932 unless declared or valid UTF-8), read.
kifu::read_result read_ki2(const std::string& bytes, kifu::read_mode mode = kifu::read_mode::strict,
                           const std::string& name = "t.ki2") {
    kifu::read_options options;
    options.mode = mode;
    return kifu::test::read_bytes(kifu::shogi::ki2_format(), bytes, name, options);
}

using kifu::test::diagnostics_of;

struct failure {
    std::string ki2;
    std::string expected;  // every diagnostic, gcc form, one per line
};

// Each text fails (strict: no record) with exactly these diagnostics.
void check_failures(const std::vector<failure>& cases) {
    for (const failure& c : cases) {
        INFO(c.ki2);
        const kifu::read_result r = read_ki2(c.ki2);
        CHECK(diagnostics_of(r) == c.expected);
        CHECK_FALSE(r.ok());
        CHECK(r.records.empty());
    }
}

// Each text is read (with warnings only) into one record.
void check_warnings(const std::vector<failure>& cases) {
    for (const failure& c : cases) {
        INFO(c.ki2);
        const kifu::read_result r = read_ki2(c.ki2);
        CHECK(diagnostics_of(r) == c.expected);
        CHECK(r.ok());
        CHECK(r.records.size() == 1);
    }
}

nlohmann::json jkf_of(const kifu::read_result& r) {
    REQUIRE(r.records.size() == 1);
    return nlohmann::json::parse(kifu::to_jkf(r.records[0]));
}

}  // namespace

TEST_CASE("ki2: golden records, one per construct", "[ki2]") {
    const std::filesystem::path dir = kifu::test::data_dir() / "shogi" / "ki2";
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() == ".ki2" || entry.path().extension() == ".ki2u") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() == 8);
    for (const std::filesystem::path& file : files) {
        INFO(file.filename().string());
        const kifu::read_result r = read_ki2(kifu::test::slurp(file), kifu::read_mode::strict, file.filename().string());
        CHECK(diagnostics_of(r).empty());
        std::filesystem::path expected = file;
        expected.replace_extension(".json");
        CHECK(jkf_of(r) == nlohmann::json::parse(kifu::test::slurp(expected)));
    }
}

TEST_CASE("ki2: syntax errors say what was expected, where", "[ki2]") {
    check_failures({
        {"▲７X歩\n", "t.ki2:1:3: error: expected a rank (一 to 九 or a digit) after the file [ki2.syntax]\n"},
        {"▲７六X\n",
         "t.ki2:1:4: error: expected a piece (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜) [ki2.syntax]\n"},
        {"▲\n",
         "t.ki2:1:2: error: expected a move such as ７六歩, or a terminal word such as 投了, after the mark "
         "[ki2.syntax]\n"},
        {"▲７六歩 △歩\n",
         "t.ki2:1:7: error: expected a move such as ７六歩 or a terminal word such as 投了, not '歩' [ki2.syntax]\n"},
        {"▲７六歩 x\n", "t.ki2:1:6: error: expected another move (▲ or △) or the end of the line [ki2.syntax]\n"},
        {"▲７六歩(7)\n", "t.ki2:1:7: error: expected an origin square of two digits 1-9, as in (77) [ki2.syntax]\n"},
        {"▲５五角左打\n",
         "t.ki2:1:1: error: a drop (打) has no origin: it takes neither 左/直/右/上/寄/引 nor (xy) [ki2.syntax]\n"},
        {"変化：x手\n", "t.ki2:1:4: error: expected the ply of the variation, as in 変化：12手 [ki2.syntax]\n"},
        {"先手：a\nこんにちは\n",
         "t.ki2:2:1: error: expected a KI2 line: a move (▲ or △), a header 'key：value', a comment '*', まで…, "
         "変化：N手 or a board line [ki2.syntax]\n"},
    });
}

TEST_CASE("ki2: errors of the builder and the shared header code", "[ki2]") {
    const std::string rows = "| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n";
    check_failures({
        // ki2.misplaced
        {"▲７六歩\n" + rows, "t.ki2:2:1: error: a board diagram row after the first move [ki2.misplaced]\n"},
        {"▲７六歩\n後手番\n", "t.ki2:2:1: error: a side-to-move line (後手番) after the first move [ki2.misplaced]\n"},
        // Strict: the first error ends the read, whatever the grammar finds after it.
        {"▲７六歩\n後手番\nこんにちは\n",
         "t.ki2:2:1: error: a side-to-move line (後手番) after the first move [ki2.misplaced]\n"},
        {"▲７六歩\n先手の持駒：歩\n", "t.ki2:2:1: error: a hands line after the first move [ki2.misplaced]\n"},
        // ki2.bad-variation
        {"▲７六歩\n変化：3手\n▲２六歩\n",
         "t.ki2:2:1: error: 変化：3手 does not attach: the line it branches from has 1 plies [ki2.bad-variation]\n"},
        // ki2.bad-board
        {"後手の持駒：歩x\n▲７六歩\n",
         "t.ki2:1:8: error: expected a piece in hand such as 歩 or 歩二 (or なし for none) in a hands line [ki2.syntax]\n"},
        {"後手の持駒：玉\n▲７六歩\n", "t.ki2:1:1: error: a hand holds only 歩 香 桂 銀 金 角 飛, not 玉 [ki2.bad-board]\n"},
        // ki2.incomplete-board
        {rows + "▲１二玉\n", "t.ki2:1:1: error: the board diagram has 2 rows instead of nine [ki2.incomplete-board]\n"},
        // ki2.missing-board
        {"先手の持駒：歩\n▲５五歩\n",
         "t.ki2:1:1: error: pieces in hand are given but no board diagram [ki2.missing-board]\n"},
    });
}

TEST_CASE("ki2: warnings keep the record", "[ki2]") {
    check_warnings({
        // ki2.unknown-handicap
        {"手合割：詰将棋\n▲７六歩\n",
         "t.ki2:1:1: warning: unknown 手合割 '詰将棋' and no board diagram; starting from 平手 [ki2.unknown-handicap]\n"},
        // ki2.missing-board
        {"手合割：その他\n▲７六歩\n",
         "t.ki2:1:1: warning: 手合割 その他 needs a board diagram; starting from 平手 [ki2.missing-board]\n"},
        // ki2.summary-mismatch
        {"▲７六歩\nまで2手で中断\n", "t.ki2:2:1: warning: the summary counts 2 moves but the line has 1 [ki2.summary-mismatch]\n"},
        // ki2.empty-variation
        {"▲７六歩 △３四歩\n変化：2手\n*検討\n",
         "t.ki2:2:1: warning: 変化：2手 has no moves; its comments are dropped [ki2.empty-variation]\n"},
    });
}

TEST_CASE("ki2: an unknown summary is kept as a comment", "[ki2]") {
    const kifu::read_result r = read_ki2("▲７六歩\n  まで1手で何か\n");
    CHECK(diagnostics_of(r) ==
          "t.ki2:2:3: warning: cannot read the summary 'まで1手で何か'; kept as a comment [ki2.unknown-summary]\n");
    CHECK(jkf_of(r) == nlohmann::json::parse(
                           R"({"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},)"
                           R"("piece":"FU"},"comments":["まで1手で何か"]}]})"));
}

TEST_CASE("ki2: the normalizer checks the marks and solves the origins", "[ki2]") {
    check_failures({
        // The ▲/△ mark is the move's colour: a wrong one is caught.
        {"▲７六歩 ▲２六歩\n",
         "t.ki2:1:6: error: -0026FU: the move is marked as Black's but White is to move (ply 2) [shogi.wrong-turn]\n"},
        {"△３四歩\n", "t.ki2:1:1: error: +0034FU: the move is marked as White's but Black is to move (ply 1) [shogi.wrong-turn]\n"},
        // Two golds reach 5八 and nothing tells them apart.
        {"▲７六歩\n△３四歩\n▲５八金\n",
         "t.ki2:3:1: error: +0058KI: more than one piece fits the move's relative notation (ply 3) [shogi.relative.ambiguous]\n"},
        {"▲５八金直\n", "t.ki2:1:1: error: +0058KI: no piece fits the move's relative notation (ply 1) [shogi.relative.no-match]\n"},
        // 同 with nothing before it.
        {"▲同　歩\n", "t.ki2:1:1: error: +00??FU: the move says 同 (same square) but no move precedes it (ply 1) [shogi.same-without-previous]\n"},
        // `７六同` names the square and 同 both: they must agree.
        {"▲７六歩 △３四歩 ▲３三同角成\n",
         "t.ki2:1:11: error: +0033UM: the move says 同 but names another square than the previous move's "
         "(ply 3) [shogi.same-mismatch]\n"},
    });
}

TEST_CASE("ki2: a pinned piece only helps when the notation leaves two legal pieces", "[ki2]") {
    // Golds on 6八 and 5八, the 5八 one pinned by the rook on 5一: both may go to 5七 (the
    // pinned one along the pin), so ▲５七金 stays ambiguous; ▲６七金右 names the pinned one
    // leaving the 5-file and is illegal (▲６七金 alone is the 6八 gold: pinned_and_drops.ki2).
    const std::string position =
        "後手の持駒：なし\n"
        "|v玉 ・ ・ ・v飛 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ 金 金 ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n"
        "先手の持駒：なし\n";
    check_failures({
        {position + "▲５七金\n",
         "t.ki2:12:1: error: +0057KI: more than one piece fits the move's relative notation "
         "(ply 1) [shogi.relative.ambiguous]\n"},
    });
    const kifu::read_result r = read_ki2(position + "▲６七金右\n");
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].code.rfind("shogi.illegal.", 0) == 0);
    CHECK(r.diagnostics[0].line == 12);
}

TEST_CASE("ki2: lenient mode reports every bad line and reads the rest", "[ki2]") {
    const kifu::read_result r = read_ki2(
        "先手：a\n"
        "▲７六歩 △３四歩 ▲２六X\n"
        "▲２六歩 △８四歩\n"
        "こんにちは\n"
        "まで4手で中断\n"
        "変化：9手\n"
        "▲２五歩\n"
        "変化：4手\n"
        "△４四歩\n",
        kifu::read_mode::lenient);
    CHECK(diagnostics_of(r) ==
          "t.ki2:2:14: error: expected a piece (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜) [ki2.syntax]\n"
          "t.ki2:4:1: error: expected a KI2 line: a move (▲ or △), a header 'key：value', a comment '*', まで…, "
          "変化：N手 or a board line [ki2.syntax]\n"
          "t.ki2:6:1: error: 変化：9手 does not attach: the line it branches from has 5 plies [ki2.bad-variation]\n");
    CHECK(jkf_of(r) == nlohmann::json::parse(
                           R"({"header":{"先手":"a"},"moves":[{},)"
                           R"({"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},)"
                           R"({"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},)"
                           R"({"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}},)"
                           R"({"move":{"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"},"forks":[[)"
                           R"({"move":{"color":1,"from":{"x":4,"y":3},"to":{"x":4,"y":4},"piece":"FU"}}]]},)"
                           R"({"special":"CHUDAN"}]})"));
}

TEST_CASE("ki2: raw records are json-kifu-format's KI2 parser output plus the mark", "[ki2]") {
    const kifu::format_entry ki2 = kifu::shogi::ki2_format();
    // The tokens only need to be well formed: nothing is replayed, no origin is solved.
    kifu::read_options options;
    options.normalize = false;
    kifu::read_result r;
    ki2.read_text(kifu::source_text("t.ki2",
                                    "▲７六歩 △同　歩 ▲５七銀右上成 △５五角打 ▲２二角不成(88) △同 銀\n"
                                    "▲２八銀直行 △投了\nまで7手で先手の勝ち\n",
                                    "UTF-8"),
                  options, r);
    CHECK(diagnostics_of(r).empty());
    CHECK(jkf_of(r) ==
          nlohmann::json::parse(
              R"({"header":{},"moves":[{},)"
              R"({"move":{"color":0,"to":{"x":7,"y":6},"piece":"FU"}},)"
              R"({"move":{"color":1,"same":true,"piece":"FU"}},)"
              R"({"move":{"color":0,"to":{"x":5,"y":7},"piece":"GI","promote":true,"relative":"RU"}},)"
              R"({"move":{"color":1,"to":{"x":5,"y":5},"piece":"KA","relative":"H"}},)"
              R"({"move":{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":false}},)"
              R"({"move":{"color":1,"same":true,"piece":"GI"}},)"
              R"({"move":{"color":0,"to":{"x":2,"y":8},"piece":"GI","relative":"CU"}},)"
              R"({"special":"TORYO"}]})"));
}

TEST_CASE("ki2: the sniffer", "[ki2]") {
    const kifu::format_entry ki2 = kifu::shogi::ki2_format();
    std::string declared;
    CHECK(ki2.sniff("先手：a\n後手：b\n\n▲７六歩    △３四歩\nまで2手で中断\n", declared) == 100);
    CHECK(declared.empty());
    CHECK(ki2.sniff("#KI2 version=2.0 encoding=UTF-8\n▲７六歩 △３四歩\n", declared) == 100);
    CHECK(declared == "UTF-8");
    declared.clear();
    // CP932: 先手：a / ▲７六歩 / まで1手で中断
    CHECK(ki2.sniff("\x90\xE6\x8E\xE8\x81\x46\x61\r\n\x81\xA3\x82\x56\x98\x5A\x95\xE0\r\n"
                    "\x82\xDC\x82\xC5\x31\x8E\xE8\x82\xC5\x92\x86\x92\x66\r\n",
                    declared) == 100);
    CHECK(declared.empty());
    CHECK(ki2.sniff("\xEF\xBB\xBF☗７六歩 ☖３四歩\n", declared) == 100);
    CHECK(ki2.sniff("先手：a\n   1 ７六歩(77)\n   2 ３四歩(33)\n", declared) == 0);
    CHECK(ki2.sniff("V2.2\nPI\n+\n+7776FU\n", declared) == 0);
    CHECK(ki2.sniff("(;GM[1]FF[4]SZ[19];B[pd])\n", declared) == 0);
    CHECK(ki2.sniff("▲７六歩\nsome\nother\ntext\n", declared) == 25);
}

TEST_CASE("ki2: detection by extension and by content", "[ki2]") {
    const std::string utf8 = "先手：a\n▲７六歩 △３四歩\n";
    kifu::detection d = kifu::detect(utf8, "game.ki2u");
    REQUIRE(d.format != nullptr);
    CHECK(d.format->name == "ki2");
    CHECK(d.encoding == "UTF-8");
    d = kifu::detect(utf8, "game.txt");
    REQUIRE(d.format != nullptr);
    CHECK(d.format->name == "ki2");
    // ▲７六歩 in CP932 under .ki2: the fallback.
    d = kifu::detect("\x81\xA3\x82\x56\x98\x5A\x95\xE0\r\n", "game.ki2");
    REQUIRE(d.format != nullptr);
    CHECK(d.format->name == "ki2");
    CHECK(d.encoding == "CP932");
}

TEST_CASE("ki2: the trace shows the grammar's rules", "[ki2]") {
    const kifu::format_entry ki2 = kifu::shogi::ki2_format();
    REQUIRE(ki2.trace != nullptr);
    std::string out;
    CHECK(ki2.trace(kifu::source_text("t.ki2", "▲７六歩 △３四歩\n", "UTF-8"), out));
    CHECK(out.find("move_line 1:1") != std::string::npos);
    out.clear();
    // A line the grammar rejects: a move without its mark. (A move line's tokens are read by
    // the builder, so `▲７X` is the grammar's.)
    CHECK_FALSE(ki2.trace(kifu::source_text("t.ki2", "７六歩\n", "UTF-8"), out));
}

TEST_CASE("ki2: each move's line and column, several moves to a line", "[ki2]") {
    // Moves after wide and narrow characters, tabs and ideographic spaces, a comment between
    // lines, CRLF and CR breaks; the expected columns are the code-point positions of the marks.
    const std::string text = "先手：a\n"
                             "▲７六歩    △３四歩\t▲2六歩　△８四歩\r\n"
                             "*一行のコメント ▲ではない\n"
                             "  ▲２五歩 △８五歩▲７八金　　△同　金(69)\r"
                             "▲５八金右\n";
    kifu::read_options options;
    options.normalize = false;
    kifu::read_result r;
    kifu::shogi::ki2_format().read_text(kifu::source_text("t.ki2", text, "UTF-8"), options, r);
    REQUIRE(r.diagnostics.empty());
    REQUIRE(r.records.size() == 1);
    const auto& moves = r.records[0].get<kifu::shogi::jkf>()->moves;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> got;
    for (std::size_t i = 1; i < moves.size(); ++i) got.emplace_back(moves[i].line, moves[i].column);
    // The reference: every mark that starts a line's token, found a code point at a time.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> expected;
    std::uint32_t line = 1;
    std::uint32_t column = 1;
    bool comment = false;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = kifu::detail::utf8_length(text[i]);
        const std::string c = text.substr(i, n);
        if (c == "\r" || c == "\n") {
            i += c == "\r" && i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
            ++line;
            column = 1;
            comment = false;
            continue;
        }
        if (column == 1 && c == "*") comment = true;
        if (!comment && (c == "▲" || c == "△")) expected.emplace_back(line, column);
        i += n;
        ++column;
    }
    CHECK(expected.size() == 9);
    CHECK(got == expected);
}
