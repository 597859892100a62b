// The CSA format: golden records (tests/data/shogi/csa/*.csa, each with the whole expected
// JKF of every game in <name>.json), every diagnostic the builder and grammar give, lenient
// reading, the sniffer and the trace.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <kifu/format.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

#include "shogi/csa_builder.hpp"
#include "shogi/formats.hpp"
#include "support/corpus.hpp"
#include "shogi/corpus_support.hpp"

namespace {

// Reads bytes as the library does: sniff, decode (CP932 unless declared or valid UTF-8), read.
kifu::read_result read_csa(const std::string& bytes, kifu::read_mode mode = kifu::read_mode::strict,
                           const std::string& name = "t.csa") {
    kifu::read_options options;
    options.mode = mode;
    return kifu::test::read_bytes(kifu::shogi::csa_format(), bytes, name, options);
}

using kifu::test::diagnostics_of;

nlohmann::json records_of(const kifu::read_result& r) {
    nlohmann::json all = nlohmann::json::array();
    for (const kifu::record& game : r.records) all.push_back(nlohmann::json::parse(kifu::to_jkf(game)));
    return all;
}

struct failure {
    std::string csa;
    std::string expected;  // every diagnostic, gcc form, one per line
};

void check_failures(const std::vector<failure>& cases, kifu::read_mode mode = kifu::read_mode::strict) {
    for (const failure& c : cases) {
        INFO(c.csa);
        const kifu::read_result r = read_csa(c.csa, mode);
        CHECK(diagnostics_of(r) == c.expected);
        CHECK_FALSE(r.ok());
    }
}

}  // namespace

TEST_CASE("csa: golden records, one per construct", "[csa]") {
    const std::filesystem::path dir = kifu::test::data_dir() / "shogi" / "csa";
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() == ".csa") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 16);
    for (const std::filesystem::path& file : files) {
        INFO(file.filename().string());
        const kifu::read_result r = read_csa(kifu::test::slurp(file));
        CHECK(diagnostics_of(r).empty());
        std::filesystem::path expected = file;
        expected.replace_extension(".json");
        CHECK(records_of(r) == nlohmann::json::parse(kifu::test::slurp(expected)));
    }
}

TEST_CASE("csa: a CP932 file decodes before parsing (十 has a 0x5C trail byte)", "[csa]") {
    // '十段\n as CP932: 十 = 8F 5C, 段 = 92 69.
    const std::string bytes = "V2.2\nPI\n+\n'\x8F\x5C\x92\x69\n+7776FU\n";
    const kifu::read_result r = read_csa(bytes);
    REQUIRE(r.ok());
    CHECK(kifu::to_jkf(r.records.at(0)) ==
          R"({"header":{},"initial":{"preset":"HIRATE"},"moves":[{"comments":["十段"]},)"
          R"({"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]})");
}

TEST_CASE("csa: syntax errors say what was expected, where", "[csa]") {
    check_failures({
        {"V2.2\nPI\n+\n+7776FU\nX\n",
         "t.csa:5:1: error: expected a CSA statement: V, N, $, P, +, -, T, %, ' or / [csa.syntax]\n"},
        {"PI\n+\n+7776FUX\n", "t.csa:3:8: error: expected ',' or the end of the line [csa.syntax]\n"},
        {"PI\n+\n+77\n", "t.csa:3:4: error: expected a square (two digits) [csa.syntax]\n"},
        {"PI\n+\n+7776F\n", "t.csa:3:7: error: expected a piece code (two capital letters, as in FU) [csa.syntax]\n"},
        {"P1-KY-KE\n", "t.csa:1:9: error: expected nine board cells, each ' * ' or a piece such as +FU [csa.syntax]\n"},
        {"PX\n", "t.csa:1:2: error: expected P1 to P9, PI, P+ or P- [csa.syntax]\n"},
        {"P+00F\n", "t.csa:1:3: error: expected ',' or the end of the line [csa.syntax]\n"},
        {"$EVENT\n", "t.csa:1:7: error: expected ':' after the header key [csa.syntax]\n"},
        {"$:x\n", "t.csa:1:2: error: expected a header key, as in $EVENT: [csa.syntax]\n"},
        {"PI\n+\n+7776FU\nT\n", "t.csa:4:2: error: expected the seconds after T, as in T12 or T6.123 [csa.syntax]\n"},
        {"PI\n+\n%\n", "t.csa:3:2: error: expected a word after %, as in %TORYO [csa.syntax]\n"},
        {"V\n", "t.csa:1:2: error: expected a version number, as in V2.2 [csa.syntax]\n"},
        {"N*x\n", "t.csa:1:2: error: expected + or - [csa.syntax]\n"},
        {"  \nPI\n+\n +7776FU x\n", "t.csa:4:10: error: expected ',' or the end of the line [csa.syntax]\n"},
    });
}

TEST_CASE("csa: semantic errors", "[csa]") {
    check_failures({
        // csa.bad-piece
        {"PI\n+\n+7776XX\n", "t.csa:3:6: error: unknown piece code 'XX' (ply 1) [csa.bad-piece]\n"},
        {"P1 *  *  *  *  *  *  *  * +XX\n", "t.csa:1:28: error: unknown piece code 'XX' [csa.bad-piece]\n"},
        {"P+00OU\n", "t.csa:1:5: error: a hand holds only FU KY KE GI KI KA HI, not OU [csa.bad-piece]\n"},
        {"PI22XY\n", "t.csa:1:5: error: unknown piece code 'XY' [csa.bad-piece]\n"},
        // csa.bad-square
        {"PI\n+\n+7076FU\n", "t.csa:3:2: error: expected an origin 11 to 99 or 00 (a drop), not 70 (ply 1) [csa.bad-square]\n"},
        {"PI\n+\n+7706FU\n", "t.csa:3:4: error: expected a destination 11 to 99, not 06 (ply 1) [csa.bad-square]\n"},
        {"P+05FU\n", "t.csa:1:3: error: expected a square 11 to 99 or 00 (the hand), not 05 [csa.bad-square]\n"},
        {"PI00KA\n", "t.csa:1:3: error: PI removes pieces from squares 11 to 99, not 00 [csa.bad-square]\n"},
        {"P-11AL\n", "t.csa:1:3: error: AL (all remaining pieces) goes with 00, the hand [csa.bad-square]\n"},
        // csa.bad-time
        {"PI\n+\n+7776FU\nT99999999999\n", "t.csa:4:1: error: the time T99999999999 is too large (ply 1) [csa.bad-time]\n"},
        // csa.pi-removal-mismatch
        {"PI82KA\n+\n",
         "t.csa:1:3: error: PI82KA removes a piece that is not there in the 平手 position [csa.pi-removal-mismatch]\n"},
        {"PI55FU\n+\n",
         "t.csa:1:3: error: PI55FU removes a piece that is not there in the 平手 position [csa.pi-removal-mismatch]\n"},
        // csa.missing-side
        {"PI\n+7776FU\n",
         "t.csa:2:1: error: the position needs a side-to-move line (+ or -) before the first move [csa.missing-side]\n"},
        {"V2.2\nPI\n", "t.csa:3:1: error: the position needs a side-to-move line (+ or -) [csa.missing-side]\n"},
        // csa.misplaced
        {"PI\n+\nP1 *  *  *  *  *  *  *  *  * \n",
         "t.csa:3:1: error: a position line after the side to move (+ or -) [csa.misplaced]\n"},
        {"PI\nP1 *  *  *  *  *  *  *  *  * \n",
         "t.csa:2:1: error: P1 to P9 rows cannot be combined with PI [csa.misplaced]\n"},
        {"P+00FU\nPI\n",
         "t.csa:2:1: error: PI must be the first position line and cannot be combined with P1 to P9 rows [csa.misplaced]\n"},
        {"PI\n+\nT12\n", "t.csa:3:1: error: a time line with no move before it [csa.misplaced]\n"},
        {"PI\n+\n+7776FU,T1,T2\n", "t.csa:3:12: error: a second time line for the same move [csa.misplaced]\n"},
        {"PI\n+\n-\n", "t.csa:3:1: error: a second side-to-move line (a new game starts after a '/' line) [csa.misplaced]\n"},
        {"PI\n+\n+7776FU\nV2.2\n",
         "t.csa:4:1: error: a version line among the moves (a new game starts after a '/' line) [csa.misplaced]\n"},
        {"P-00AL00FU\n", "t.csa:1:7: error: 00AL gives all remaining pieces and must come last [csa.misplaced]\n"},
        {"P-00AL\nP+00FU\n",
         "t.csa:2:1: error: a position line after 00AL, which gives all remaining pieces and must come last "
         "[csa.misplaced]\n"},
        // csa.too-many-pieces
        {"PI\nP+00FU\n+\n", "t.csa:3:1: error: the position has more FU than a set holds [csa.too-many-pieces]\n"},
        {"P+00KA00KA00KA\nP-00AL\n", "t.csa:2:3: error: the position has more KA than a set holds [csa.too-many-pieces]\n"},
        {"P+55OU44OU\nP-33OU\n+\n", "t.csa:3:1: error: the position has more than two kings [csa.too-many-pieces]\n"},
    });
}

TEST_CASE("csa: an unknown version is a warning", "[csa]") {
    const kifu::read_result r = read_csa("V2.22\nPI\n+\n+7776FU\n");
    CHECK(diagnostics_of(r) ==
          "t.csa:1:1: warning: unknown CSA version V2.22 (known: V2, V2.1, V2.2, V3.0); read as V3.0 "
          "[csa.unknown-version]\n");
    CHECK(r.ok());
    CHECK(r.records.size() == 1);
}

TEST_CASE("csa: the normalizer checks the moves, and the signs", "[csa]") {
    const kifu::read_result r = read_csa("PI\n+\n+7776FU\n+3334FU\n");
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].code == "shogi.wrong-turn");
    CHECK(r.diagnostics[0].line == 4);
    CHECK(r.diagnostics[0].ply == 2);
    CHECK(r.records.empty());
}

TEST_CASE("csa: strict mode keeps the games completed before an error", "[csa]") {
    const kifu::read_result r = read_csa("PI\n+\n+7776FU\n/\nPI\n+\n+7776XX\n/\nPI\n+\n");
    CHECK(diagnostics_of(r) == "t.csa:7:6: error: unknown piece code 'XX' (ply 1) [csa.bad-piece]\n");
    REQUIRE(r.records.size() == 1);
    CHECK(kifu::to_jkf(r.records[0]) ==
          R"({"header":{},"initial":{"preset":"HIRATE"},"moves":[{},)"
          R"({"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]})");
}

TEST_CASE("csa: strict mode keeps the games completed before a syntax error", "[csa]") {
    const kifu::read_result r = read_csa("PI\n+\n+7776FU\n/\nPI\n+\n+7776FU\n?\n");
    CHECK(diagnostics_of(r) ==
          "t.csa:8:1: error: expected a CSA statement: V, N, $, P, +, -, T, %, ' or / [csa.syntax]\n");
    CHECK(r.records.size() == 1);
}

TEST_CASE("csa: lenient mode goes on into the next game", "[csa]") {
    const kifu::read_result r =
        read_csa("PI\n+\n+7776FU\n+7776XX\n/\nPI\n?\n+\n+2726FU\n", kifu::read_mode::lenient);
    CHECK(diagnostics_of(r) ==
          "t.csa:4:6: error: unknown piece code 'XX' (ply 2) [csa.bad-piece]\n"
          "t.csa:7:1: error: expected a CSA statement: V, N, $, P, +, -, T, %, ' or / [csa.syntax]\n");
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[1].get<kifu::shogi::jkf>()->moves.size() == 2);
}

TEST_CASE("csa: lenient mode reports every bad line and reads the rest", "[csa]") {
    const kifu::read_result r = read_csa(
        "V2.2\nPI\n+\n+7776FU\nXYZ\n-3334FU\nT\n+2726XX\n+2726FU,T5\n%TORYO\n", kifu::read_mode::lenient);
    CHECK(diagnostics_of(r) ==
          "t.csa:5:1: error: expected a CSA statement: V, N, $, P, +, -, T, %, ' or / [csa.syntax]\n"
          "t.csa:7:2: error: expected the seconds after T, as in T12 or T6.123 [csa.syntax]\n"
          "t.csa:8:6: error: unknown piece code 'XX' (ply 3) [csa.bad-piece]\n");
    REQUIRE(r.records.size() == 1);
    CHECK(kifu::to_jkf(r.records[0]) ==
          R"({"header":{},"initial":{"preset":"HIRATE"},"moves":[{},)"
          R"({"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},)"
          R"({"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},)"
          R"({"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"},)"
          R"("time":{"now":{"m":0,"s":5},"total":{"h":0,"m":0,"s":5}}},{"special":"TORYO"}]})");
}

TEST_CASE("csa: raw records (no normalization) are json-kifu-format's parser output plus the sign", "[csa]") {
    const kifu::format_entry csa = kifu::shogi::csa_format();
    const kifu::source_text text("t.csa", "PI82HI\n-\n-3334FU\nT3\n+8822UM\n", "UTF-8");
    kifu::read_options options;
    options.normalize = false;
    kifu::read_result r;
    csa.read_text(text, options, r);
    REQUIRE(r.ok());
    const std::string row = R"([{},{},{},{},{},{},{},{},{}])";
    nlohmann::json expected = nlohmann::json::parse(
        R"({"header":{},"moves":[{},{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},)"
        R"("time":{"now":{"m":0,"s":3}}},{"move":{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"UM"}}]})");
    const nlohmann::json got = nlohmann::json::parse(kifu::to_jkf(r.records.at(0)));
    CHECK(got["initial"]["preset"] == "OTHER");
    CHECK(got["initial"]["data"]["color"] == 1);
    CHECK(got["initial"]["data"]["board"][7][1] == nlohmann::json::object());   // 8二 removed
    CHECK(got["initial"]["data"]["board"][1][1] == nlohmann::json::parse(R"({"color":1,"kind":"KA"})"));
    nlohmann::json without_initial = got;
    without_initial.erase("initial");
    CHECK(without_initial == expected);
}

TEST_CASE("csa: the sniffer", "[csa]") {
    const kifu::format_entry csa = kifu::shogi::csa_format();
    std::string declared;
    CHECK(csa.sniff("'CSA encoding=UTF-8\nV3.0\nPI\n+\n", declared) == 100);
    CHECK(declared == "UTF-8");
    declared.clear();
    CHECK(csa.sniff("'CSA encoding=SHIFT_JIS\r\nV3.0\r\n", declared) == 100);
    CHECK(declared == "CP932");
    declared.clear();
    CHECK(csa.sniff("'encoding=Shift_JIS\nV2.2\nN+a\nPI\n+\n+7776FU,T1\n", declared) == 100);
    CHECK(declared == "CP932");
    declared.clear();
    CHECK(csa.sniff("V2.2\nN+a\n$EVENT:x\nPI\n+\n+7776FU\nT1\n%TORYO\n", declared) == 100);
    CHECK(declared.empty());
    CHECK(csa.sniff("+7776FU,T1,-3334FU\n", declared) == 100);
    CHECK(csa.sniff("# KIF\n手合割：平手\n   1 ７六歩(77)\n", declared) == 0);
    CHECK(csa.sniff("(;GM[1]FF[4]SZ[19];B[pd])\n", declared) == 0);
    CHECK(csa.sniff("{\"header\":{},\"moves\":[{}]}", declared) == 0);
    CHECK(csa.sniff("Notes\nPlayer one\nThe end\n", declared) == 0);
}

TEST_CASE("jkf: the sniffer", "[jkf]") {
    const kifu::format_entry jkf = kifu::shogi::jkf_format();
    std::string declared;
    CHECK(jkf.sniff("\xEF\xBB\xBF  {\"header\":{},\"moves\":[{}]}", declared) == 90);
    CHECK(declared == "UTF-8");
    CHECK(jkf.sniff("{}", declared) == 50);
    CHECK(jkf.sniff("V2.2\n", declared) == 0);
}

TEST_CASE("csa: the trace shows the grammar's rules", "[csa]") {
    const kifu::format_entry csa = kifu::shogi::csa_format();
    REQUIRE(csa.trace != nullptr);
    std::string out;
    CHECK(csa.trace(kifu::source_text("t.csa", "PI\n+\n+7776FU\n", "UTF-8"), out));
    CHECK(out.find("move 3:1 matched \"+7776FU\"\n") != std::string::npos);
    out.clear();
    CHECK_FALSE(csa.trace(kifu::source_text("t.csa", "PI\n+\n+77\n", "UTF-8"), out));
}

TEST_CASE("csa: the piece code table agrees with piece_kind_from_csa on every two bytes", "[csa]") {
    for (int a = 0; a < 256; ++a) {
        for (int b = 0; b < 256; ++b) {
            const std::string code{static_cast<char>(a), static_cast<char>(b)};
            INFO(a << " " << b);
            REQUIRE(kifu::shogi::detail::csa_piece_kind(code[0], code[1]) == kifu::shogi::piece_kind_from_csa(code));
        }
    }
}

TEST_CASE("csa: every raw element points where source_text::position_of puts its statement", "[csa]") {
    // Random texts of moves, times, specials, comments, headers and names (with multi-byte
    // characters), blank lines, several statements on a line, LF / CRLF / lone CR line breaks and
    // bad lines that lenient mode skips; the builder's own line walk must give the positions the
    // line index gives.
    std::mt19937 random(20261121);
    const auto pick = [&random](std::size_t n) { return static_cast<std::size_t>(random() % n); };
    const char* const breaks[] = {"\n", "\r\n", "\r"};
    for (int round = 0; round < 300; ++round) {
        std::string text = "'先手：あ\nPI\n";
        std::vector<std::size_t> located{text.size()};  // moves[0]: the side line
        text += "+";
        bool last_break = true;
        const std::size_t lines = 1 + pick(30);
        for (std::size_t l = 0; l < lines; ++l) {
            text += breaks[pick(3)];
            switch (pick(11)) {
                case 0: located.push_back(text.size()); text += "+7776FU"; break;
                case 1: text += "  "; located.push_back(text.size()); text += "-3334FU,T3"; break;
                case 2: text += "T12"; break;
                case 3: text += "'コメント、+7776FU"; break;
                case 4: text += " \t"; break;  // a blank line
                case 5: text += "XYZ+7776FU"; break;  // skipped
                case 6: located.push_back(text.size()); text += "+2726FU,?"; break;  // a move, then skipped
                case 7:
                    text += "T1 ,";
                    located.push_back(text.size());
                    text += "%TORYO";
                    break;
                case 9: text += "$EVENT:あ:い"; break;
                case 10: text += pick(2) == 0 ? "N+名人" : "V2.2,T1"; break;
                default:
                    located.push_back(text.size());
                    text += "+7776FU , ";
                    located.push_back(text.size());
                    text += "-3334FU,'ω";
                    break;
            }
            last_break = false;
        }
        if (pick(2) == 0) text += breaks[pick(3)], last_break = true;
        INFO(text);
        INFO(last_break);
        const kifu::source_text source("t.csa", text, "UTF-8");
        std::vector<kifu::shogi::jkf> games;
        std::vector<kifu::diagnostic> diagnostics;
        kifu::shogi::detail::parse_csa(source, kifu::read_mode::lenient, games, diagnostics);
        REQUIRE(games.size() == 1);
        const std::vector<kifu::shogi::move_format>& moves = games[0].moves;
        REQUIRE(moves.size() == located.size());
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const kifu::text_position expected = source.position_of(located[i]);
            INFO(i);
            CHECK(moves[i].line == expected.line);
            CHECK(moves[i].column == expected.column);
        }
    }
}
