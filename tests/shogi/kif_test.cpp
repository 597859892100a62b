// The KIF format: golden records (tests/data/shogi/kif/*.kif[u], each with its whole expected
// JKF and diagnostics in <name>.json), the raw record before normalization, every diagnostic
// the builder and grammar give (strict errors at line:col), lenient reading, the sniffer and
// encoding detection, and the trace.

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

#include "shogi/formats.hpp"
#include "support/corpus.hpp"
#include "shogi/corpus_support.hpp"

namespace {

using nlohmann::json;

// Reads bytes as the library does: detect the encoding for KIF, decode, read.
kifu::read_result read_kif(const std::string& bytes, kifu::read_mode mode = kifu::read_mode::strict,
                           const std::string& name = "t.kif", bool normalize = true) {
    const kifu::format_entry kif = kifu::shogi::kif_format();
    kifu::decode_options decoding;
    decoding.forced = kifu::detect(bytes, kif).encoding;
    kifu::read_result out;
    const kifu::source_text text = kifu::decode(name, bytes, decoding, out.diagnostics);
    kifu::read_options options;
    options.mode = mode;
    options.normalize = normalize;
    kif.read_text(text, options, out);
    return out;
}

using kifu::test::diagnostics_of;

json jkf_of(const kifu::read_result& r) {
    REQUIRE(r.records.size() == 1);
    return json::parse(kifu::to_jkf(r.records[0]));
}

struct failure {
    std::string kif;
    std::string expected;  // every diagnostic, gcc form, one per line
};

void check_diagnostics(const std::vector<failure>& cases, kifu::read_mode mode = kifu::read_mode::strict) {
    for (const failure& c : cases) {
        INFO(c.kif);
        const kifu::read_result r = read_kif(c.kif, mode);
        CHECK(diagnostics_of(r) == c.expected);
    }
}

}  // namespace

TEST_CASE("kif: golden records, one per construct", "[kif]") {
    const std::filesystem::path dir = kifu::test::data_dir() / "shogi" / "kif";
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const auto ext = entry.path().extension();
        if (ext == ".kif" || ext == ".kifu") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 9);
    for (const std::filesystem::path& file : files) {
        INFO(file.filename().string());
        const kifu::read_result r = read_kif(kifu::test::slurp(file), kifu::read_mode::strict, file.filename().string());
        std::filesystem::path expected_file = file;
        expected_file.replace_extension(".json");
        const json expected = json::parse(kifu::test::slurp(expected_file));
        json diagnostics = json::array();
        for (const kifu::diagnostic& d : r.diagnostics) diagnostics.push_back(kifu::format_gcc(d));
        CHECK(diagnostics == expected["diagnostics"]);
        CHECK(jkf_of(r) == expected["jkf"]);
    }
}

TEST_CASE("kif: the raw record is json-kifu-format's parser output plus 不成", "[kif]") {
    const kifu::read_result r = read_kif(
        "手合割：平手\n"
        "   1 ７六歩(77)\n"
        "   2 ３四歩(33)\n"
        "   3 ２二角不成(88)\n"
        "   4 同　銀(31)\n"
        "   5 ４五角打\n"
        "   6 反則勝ち\n",
        kifu::read_mode::strict, "t.kif", false);
    CHECK(diagnostics_of(r).empty());
    CHECK(jkf_of(r) == json::parse(R"({"header":{"手合割":"平手"},"initial":{"preset":"HIRATE"},"moves":[{},
        {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},
        {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},
        {"move":{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":false}},
        {"move":{"from":{"x":3,"y":1},"same":true,"piece":"GI"}},
        {"move":{"to":{"x":4,"y":5},"piece":"KA"}},
        {"special":"ILLEGAL_ACTION"}]})"));
}

TEST_CASE("kif: strict errors point at the line and column", "[kif]") {
    check_diagnostics({
        {"手合割：平手\n   1 ７六歩\n",
         "t.kif:2:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n"},
        {"   1 ７六玄(77)\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n"},
        {"   1 ７六歩(77)   ( 0:16/00:00:16\n",
         "t.kif:1:31: error: expected ')' closing the time [kif.syntax]\n"},
        {"   1 ７六歩(77) (x)\n", "t.kif:1:15: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n"},
        {"   1 ７六歩(77) abc\n", "t.kif:1:14: error: expected the end of the line [kif.syntax]\n"},
        {"   1\n",
         "t.kif:1:5: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n"},
        // A line with no known start is read as a header: the colon is missing after `先手`.
        {"先手\n",
         "t.kif:1:3: error: expected a KIF line: key：value, a move such as '1 ７六歩(77)', *comment, 変化：N手 or まで… "
         "[kif.syntax]\n"},
        {"   1 ７六歩(77)\n変化：x手\n", "t.kif:2:4: error: expected the ply of the variation, as in 変化：9手 [kif.syntax]\n"},
    });
}

TEST_CASE("kif: every builder diagnostic", "[kif]") {
    check_diagnostics({
        // kif.misplaced: the board after the moves.
        {"   1 ７六歩(77)\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n",
         "t.kif:2:1: error: a board diagram row after the first move [kif.misplaced]\n"},
        {"   1 ７六歩(77)\n先手の持駒：なし\n", "t.kif:2:1: error: a hands line after the first move [kif.misplaced]\n"},
        {"   1 ７六歩(77)\n先手番\n", "t.kif:2:1: error: a side-to-move line after the first move [kif.misplaced]\n"},
        // kif.bad-variation: ply 9 of a line of 2.
        {"   1 ７六歩(77)\n   2 ３四歩(33)\n変化：9手\n   9 ２六歩(27)\n",
         "t.kif:3:1: error: 変化：9手 does not attach: the line it branches from has 2 plies [kif.bad-variation]\n"},
        {"   1 ７六歩(77)\n変化：0手\n",
         "t.kif:2:1: error: 変化：0手 does not attach: the line it branches from has 1 plies [kif.bad-variation]\n"},
        // kif.bad-board: what the grammar reads but the board or hand cannot be (the syntax is in
        // kakinoki_board_test.cpp).
        {"後手の持駒：歩十九\n", "t.kif:1:1: error: cannot read the count '十九' in a hands line [kif.bad-board]\n"},
        {"後手の持駒：と\n", "t.kif:1:1: error: a hand holds only 歩 香 桂 銀 金 角 飛, not と [kif.bad-board]\n"},
        {"| ・|\n| ・ ・|\n", "t.kif:2:1: error: board rows differ in width [kif.bad-board]\n"},
        // kif.incomplete-board
        {"| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ 玉|二\n",
         "t.kif:1:1: error: the board diagram has 2 rows instead of nine [kif.incomplete-board]\n"},
        // kif.missing-board
        {"先手の持駒：歩\n   1 ７六歩(77)\n", "t.kif:1:1: error: pieces in hand are given but no board diagram [kif.missing-board]\n"},
        // kif.ply-number: a number skipped, repeated, or a block's first move not at its 変化 ply.
        {"   1 ７六歩(77)\n   3 ３四歩(33)\n",
         "t.kif:2:4: error: this line is numbered 3 but is ply 2 of its line of play (ply 2) [kif.ply-number]\n"},
        {"   1 ７六歩(77)\n   2 ３四歩(33)\n   2 ２六歩(27)\n",
         "t.kif:3:4: error: this line is numbered 2 but is ply 3 of its line of play (ply 3) [kif.ply-number]\n"},
        {"   1 ７六歩(77)\n   2 ３四歩(33)\n変化：2手\n   3 ８四歩(83)\n",
         "t.kif:4:4: error: this line is numbered 3 but is ply 2 of its line of play (ply 2) [kif.ply-number]\n"},
        // A number no ply can have (2^32, with a time column whose ':' a header line would take)
        // is still a move line.
        {"   1 ７六歩(77)\n4294967296 ３四歩(33)   ( 0:01/00:00:01)\n",
         "t.kif:2:1: error: this line is numbered 4294967296 but is ply 2 of its line of play (ply 2) [kif.ply-number]\n"},
    });
}

TEST_CASE("kif: each variation block numbers its moves from its own ply", "[kif]") {
    const kifu::read_result r = read_kif(
        "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n"
        "変化：2手\n   2 ８四歩(83)\n   3 ６八銀(79)\n"
        "変化：3手\n   3 ２六歩(27)\n"
        "変化：1手\n   1 ２六歩(27)\n   2 ３四歩(33)\n");
    CHECK(diagnostics_of(r).empty());
    CHECK(r.ok());
}

TEST_CASE("kif: a lenient read reports a contradicting move number and goes on in the order of the lines", "[kif]") {
    const kifu::read_result r = read_kif("   1 ７六歩(77)\n   2 ３四歩(33)\n   2 ２六歩(27)\n   5 ８四歩(83)\n",
                                         kifu::read_mode::lenient);
    CHECK(diagnostics_of(r) ==
          "t.kif:3:4: error: this line is numbered 2 but is ply 3 of its line of play (ply 3) [kif.ply-number]\n"
          "t.kif:4:4: error: this line is numbered 5 but is ply 4 of its line of play (ply 4) [kif.ply-number]\n");
    CHECK(jkf_of(r) == json::parse(R"({"header":{},"moves":[{},
        {"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},
        {"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},
        {"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}},
        {"move":{"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}}]})"));
}

TEST_CASE("kif: warnings keep the record", "[kif]") {
    const std::vector<failure> cases{
        {"手合割：詰将棋\n   1 ７六歩(77)\n",
         "t.kif:1:1: warning: unknown 手合割 '詰将棋' and no board diagram; starting from 平手 [kif.unknown-handicap]\n"},
        {"手合割：その他\n   1 ７六歩(77)\n",
         "t.kif:1:1: warning: 手合割 その他 needs a board diagram; starting from 平手 [kif.missing-board]\n"},
        {"   1 ７六歩(77)\n変化：1手\n\n",
         "t.kif:2:1: warning: 変化：1手 has no moves [kif.empty-variation]\n"},
        {"   1 ７六歩(77)\nまで1手で何か\n",
         "t.kif:2:1: warning: cannot read the summary 'まで1手で何か'; kept as a comment [kif.unknown-summary]\n"},
        {"   1 ７六歩(77)\n   2 不戦敗\n",
         "t.kif:2:6: warning: unknown terminal word '不戦敗'; kept as the special as written (ply 2) [kif.unknown-special]\n"},
    };
    check_diagnostics(cases);
    for (const failure& c : cases) {
        INFO(c.kif);
        const kifu::read_result r = read_kif(c.kif);
        CHECK(r.ok());
        CHECK(r.records.size() == 1);
    }
    // The empty block is dropped; the unread summary stays as a comment.
    CHECK(jkf_of(read_kif("   1 ７六歩(77)\n変化：1手\n"))["moves"][1].count("forks") == 0);
    CHECK(jkf_of(read_kif("   1 ７六歩(77)\nまで1手で何か\n"))["moves"][1]["comments"] == json::array({"まで1手で何か"}));
}

TEST_CASE("kif: lenient reading reports every bad line and keeps the rest", "[kif]") {
    const std::string text =
        "手合割：平手\n"
        "   1 ７六歩(77)\n"
        "   2 ３四歩\n"          // no origin: the line of play is cut here
        "   2 ３四歩(33)\n"
        "変化：7手\n"             // does not attach: its moves are skipped
        "   7 ２六歩(27)\n"
        "変化：2手\n"             // an alternative to the unreadable move: kept, a fork of the cut
        "   2 ８四歩(83)\n";
    const kifu::read_result r = read_kif(text, kifu::read_mode::lenient);
    // (The parser's diagnostics, then the normalizer's: read_file puts them in text order.)
    CHECK(diagnostics_of(r) ==
          "t.kif:3:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n"
          "t.kif:5:1: error: 変化：7手 does not attach: the line it branches from has 3 plies [kif.bad-variation]\n"
          "t.kif:3:4: warning: the game is cut here; 2 source line(s) after it are kept as 'unplayed:' comments of an "
          "ERROR special (ply 2) [shogi.cut]\n");
    CHECK(jkf_of(r) == json::parse(R"x({"header":{"手合割":"平手"},"initial":{"preset":"HIRATE"},"moves":[{},
        {"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},
        {"comments":["kifu: the game is cut at line 3: expected the origin square, as in (77), or 打 for a drop",
                     "unplayed:    2 ３四歩","unplayed:    2 ３四歩(33)"],
         "special":"ERROR",
         "forks":[[{"move":{"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}}]]}]})x"));
    // Strict: nothing is kept after the first error.
    const kifu::read_result strict = read_kif(text);
    CHECK(strict.records.empty());
    CHECK(diagnostics_of(strict) == "t.kif:3:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n");
}

TEST_CASE("kif: a block one past the end of its line continues it (激指)", "[kif]") {
    const kifu::read_result r = read_kif(
        "手合割：平手\n   1 ７六歩(77)\n   2 ４二銀(31)\n#--separator--\n変化：3手\n   3 ６八銀(79)\n   4 ３四歩(33)\n");
    CHECK(diagnostics_of(r).empty());
    CHECK(jkf_of(r)["moves"].size() == 5);
    CHECK(jkf_of(r)["moves"][4]["move"]["to"] == json::parse(R"({"x":3,"y":4})"));
}

TEST_CASE("kif: lenient mode skips the block of a 変化 line that does not read", "[kif]") {
    const kifu::read_result r = read_kif("   1 ７六歩(77)\n   2 ３四歩(33)\n変化：2手です\n   2 ８四歩(83)\n   3 ２六歩(27)\n",
                                         kifu::read_mode::lenient);
    CHECK(diagnostics_of(r) == "t.kif:3:6: error: expected the end of the line [kif.syntax]\n");
    CHECK(jkf_of(r)["moves"].size() == 3);
    CHECK(jkf_of(r)["moves"][2].count("forks") == 0);
}

TEST_CASE("kif: a comment holding '：' before the moves stays a comment", "[kif]") {
    const json j = jkf_of(read_kif("手合割：平手\n*URL：http://x\n   1 ７六歩(77)\n"));
    CHECK(j["header"] == json::parse(R"({"手合割":"平手"})"));
    CHECK(j["moves"][0] == json::parse(R"({"comments":["URL：http://x"]})"));
}

TEST_CASE("kif: detection by content and encoding", "[kif]") {
    const std::string utf8 = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
    const kifu::detection d = kifu::detect(utf8, "");
    REQUIRE(d.format);
    CHECK(d.format->name == "kif");
    CHECK(d.encoding == "UTF-8");
    // `#KIF … encoding=Shift_JIS` first line, ASCII only otherwise → CP932 as declared.
    std::string declared;
    CHECK(kifu::shogi::kif_format().sniff("#KIF version=2.0 encoding=Shift_JIS\n", declared) == 100);
    CHECK(declared == "CP932");
    // A declaration the bytes contradict loses: UTF-8 declared on CP932 bytes (手合割：平手).
    const std::string cp932 = "#KIF version=2.0 encoding=UTF-8\n\x8e\xe8\x8d\x87\x8a\x84\x81\x46\x95\xbd\x8e\xe8\n";
    CHECK(kifu::shogi::kif_format().sniff(cp932, declared) == 100);
    CHECK(declared.empty());
    CHECK(kifu::detect(cp932, "a.kif").encoding == "CP932");
    // `.kifu` is UTF-8 when valid; a CSA record is not KIF.
    CHECK(kifu::detect(utf8, "a.kifu").encoding == "UTF-8");
    CHECK(kifu::shogi::kif_format().sniff("V2.2\nPI\n+\n+7776FU\n", declared) == 0);
    CHECK(kifu::shogi::kif_format().sniff("▲７六歩 △３四歩\n", declared) == 0);
}

TEST_CASE("kif: the trace of the grammar", "[kif]") {
    const kifu::format_entry kif = kifu::shogi::kif_format();
    std::vector<kifu::diagnostic> ds;
    const kifu::source_text text = kifu::decode("t.kif", "   1 ７六歩(77)\n", kifu::decode_options{}, ds);
    std::string out;
    CHECK(kif.trace(text, out));
    CHECK(out.find("move_line 1:4") != std::string::npos);
}

// grammars/kif.peg reads the common time shape ` 0:16/00:00:16` as a plain character sequence
// (usual_time) and every other shape with the general rule (any_time): both must give the
// same times, and a time that only looks like the common shape must fail where the general
// rule fails (positions as json-kifu-format-era kifu reported them).
TEST_CASE("kif: times in the common shape and around it read as by the general rule", "[kif]") {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"( 0:16/00:00:16)", R"({"now":{"m":0,"s":16},"total":{"h":0,"m":0,"s":16}})"},
        {"(12:05/01:02:03)", R"({"now":{"m":12,"s":5},"total":{"h":1,"m":2,"s":3}})"},
        {"(  0:16/00:00:16)", R"({"now":{"m":0,"s":16},"total":{"h":0,"m":0,"s":16}})"},
        {"(123:05/01:02:03)", R"({"now":{"m":123,"s":5},"total":{"h":1,"m":2,"s":3}})"},
        {"( 0:16/00:00:16 )", R"({"now":{"m":0,"s":16},"total":{"h":0,"m":0,"s":16}})"},
        {"( 0:16)", R"({"now":{"m":0,"s":16}})"},
        {"(1:02:03/00:00:16)", R"({"now":{"m":62,"s":3},"total":{"h":0,"m":0,"s":16}})"},
        {"( 0:16/0:16)", R"({"now":{"m":0,"s":16},"total":{"h":0,"m":0,"s":16}})"},
        // The builder reads 15- and 16-byte times of the common shape at fixed places, others
        // (a blank where a digit would be) in order.
        {"(0:16/00:00:16)", R"({"now":{"m":0,"s":16},"total":{"h":0,"m":0,"s":16}})"},
        {"(99:59/98:57:56)", R"({"now":{"m":99,"s":59},"total":{"h":98,"m":57,"s":56}})"},
        {"( 0:1 / 0:00:16)", R"({"now":{"m":0,"s":1},"total":{"h":0,"m":0,"s":16}})"},
        {"( 0:16/ 0:00:16)", R"({"now":{"m":0,"s":16},"total":{"h":0,"m":0,"s":16}})"},
        {"(0:16 / 1:02:03)", R"({"now":{"m":0,"s":16},"total":{"h":1,"m":2,"s":3}})"},
    };
    for (const auto& [time, expected] : cases) {
        INFO(time);
        const kifu::read_result r = read_kif("   1 ７六歩(77)   " + time + "\n", kifu::read_mode::strict, "t.kif", false);
        CHECK(diagnostics_of(r).empty());
        CHECK(jkf_of(r)["moves"][1]["time"] == json::parse(expected));
    }
    check_diagnostics({
        {"   1 ７六歩(77)   ( 0:16/00:00:160)\n", "t.kif:1:28: error: expected ')' closing the time [kif.syntax]\n"},
        {"   1 ７六歩(77)   ( 0:16/00:00:1x)\n", "t.kif:1:30: error: expected ')' closing the time [kif.syntax]\n"},
        {"   1 ７六歩(77)   ( 0:16/00:00:16\n", "t.kif:1:31: error: expected ')' closing the time [kif.syntax]\n"},
        {"   1 ７六歩(77)   ( 0:1x/00:00:16)\n", "t.kif:1:21: error: expected ')' closing the time [kif.syntax]\n"},
    });
}

// The builder counts lines itself between the elements it places (not through the text's line
// index): every element must still point at its ply number as source_text would place it, over
// LF, CRLF and lone CR line ends, blank lines, comments short and long, leading U+3000, a move
// line lenient mode cannot read (an element without a move stands for it), a variation and a
// last line without a line break.
TEST_CASE("kif: elements point at the line and column of their ply numbers", "[kif]") {
    const std::vector<std::pair<std::string, std::string>> lines{
        {"手合割：平手", "\n"},
        {"手数----指手---------消費時間--", "\r\n"},
        {"   1 ７六歩(77)   ( 0:16/00:00:16)", "\r\n"},
        {"*short", "\r"},
        {"\u3000 2 ３四歩(33)", "\r"},
        {"", "\r\n"},
        {"*" + std::string(300, 'x'), "\n"},
        {"3 ２六歩(27)", "\n"},
        {"   4 ８四歩(83)   ( 0:1x)", "\n"},
        {"\t4 ８四歩(83)", "\r\n"},
        {"  5 投了", "\n"},
        {"変化：3手", "\n"},
        {"   3 ７八金(69)", ""},
    };
    std::string kif;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> expected;  // (line, column) of each good move line
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& l = lines[i].first;
        kif += l + lines[i].second;
        const std::size_t digit = l.find_first_of("0123456789");
        if (l.find("変化") == std::string::npos && digit != std::string::npos) {
            // Blanks before the number: ASCII ones, or U+3000 (three bytes, one column).
            const std::uint32_t column = 1 + static_cast<std::uint32_t>(l.starts_with("\u3000") ? digit - 2 : digit);
            expected.emplace_back(static_cast<std::uint32_t>(i + 1), column);
        }
    }
    const kifu::read_result r = read_kif(kif, kifu::read_mode::lenient, "t.kif", false);
    REQUIRE(r.records.size() == 1);
    const auto* game = r.records[0].get<kifu::shogi::jkf>();
    REQUIRE(game != nullptr);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> found;
    for (std::size_t i = 1; i < game->moves.size(); ++i) found.emplace_back(game->moves[i].line, game->moves[i].column);
    REQUIRE(game->moves.size() > 3);
    REQUIRE(game->moves[3].forks.size() == 1);
    for (const auto& element : game->moves[3].forks[0]) found.emplace_back(element.line, element.column);
    CHECK(found == expected);
    // The lines counted are source_text's (the same text, decoded as the reader does).
    std::vector<kifu::diagnostic> ds;
    const kifu::source_text text = kifu::decode("t.kif", kif, kifu::decode_options{}, ds);
    for (const auto& [line, column] : found) {
        INFO(line);
        const std::string_view l = text.line_text(line);
        CHECK(l.find_first_of("0123456789") != std::string_view::npos);
    }
}
