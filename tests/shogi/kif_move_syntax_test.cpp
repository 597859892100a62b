// A KIF move line, as grammars/kif.peg's rules for its parts read it: lines that break the
// syntax at each place one of those rules raises (the message and line:col of the cut that
// fails), and the records of lines that read.

#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <kifu/format.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>
#include <kifu/text.hpp>

#include "shogi/corpus_support.hpp"
#include "shogi/formats.hpp"

namespace {

kifu::read_result read_kif(const std::string& bytes, kifu::read_mode mode) {
    kifu::decode_options decoding;
    decoding.forced = "UTF-8";
    kifu::read_result out;
    const kifu::source_text text = kifu::decode("t.kif", bytes, decoding, out.diagnostics);
    kifu::read_options options;
    options.mode = mode;
    kifu::shogi::kif_format().read_text(text, options, out);
    return out;
}

struct line_case {
    std::string kif;
    std::string strict;   // every diagnostic of a strict read, gcc form
    std::string lenient;  // the same, lenient
    std::string jkf;      // the lenient record
};

}  // namespace

TEST_CASE("kif move line: every way a line breaks, where and how the grammar reports it", "[kif]") {
    const std::vector<line_case> cases{
        {"   1 先手\n",
         "t.kif:1:8: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         "t.kif:1:8: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 後手　\n",
         "t.kif:1:9: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         "t.kif:1:9: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 \n",
         "t.kif:1:6: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         "t.kif:1:6: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1",
         "t.kif:1:5: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         "t.kif:1:5: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ▲\n",
         "t.kif:1:7: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         "t.kif:1:7: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ▲ ７六歩(77)\n",
         "t.kif:1:7: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         "t.kif:1:7: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ☖７六歩(77)\n",
         "",
         "",
         R"({"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]})"},
        {"   1 ７六\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 同\n",
         "t.kif:1:7: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         "t.kif:1:7: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 同　\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 同　X(77)\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六成(77)\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六成X(77)\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         "t.kif:1:8: error: expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六成銀成(77)\n",
         "t.kif:1:4: error: +7776NG: the origin square holds another kind of piece than the move says (ply 1) [shogi.illegal.wrong-piece]\n",
         "t.kif:1:4: error: +7776NG: the origin square holds another kind of piece than the move says (ply 1) [shogi.illegal.wrong-piece]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩不(77)\n",
         "t.kif:1:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n",
         "t.kif:1:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩\n",
         "t.kif:1:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n",
         "t.kif:1:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩 (7)\n",
         "t.kif:1:10: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n",
         "t.kif:1:10: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(70)\n",
         "t.kif:1:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n",
         "t.kif:1:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77\n",
         "t.kif:1:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n",
         "t.kif:1:9: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩打 \n",
         "t.kif:1:4: error: +0076FU: the dropped piece is not in the mover's hand (ply 1) [shogi.illegal.not-in-hand]\n",
         "t.kif:1:4: error: +0076FU: the dropped piece is not in the mover's hand (ply 1) [shogi.illegal.not-in-hand]\n",
         R"({"header":{},"moves":[{}]})"},
        // A digit starts a destination, never a terminal word: a line cut after the file is an
        // error where the rank should be, with or without a line break after it.
        {"   1 ７X\n",
         "t.kif:1:7: error: expected the rank of the destination, as in ７六 [kif.syntax]\n",
         "t.kif:1:7: error: expected the rank of the destination, as in ７六 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)\n  38 ９",
         "t.kif:2:7: error: expected the rank of the destination, as in ７六 [kif.syntax]\n",
         "t.kif:2:7: error: expected the rank of the destination, as in ７六 [kif.syntax]\n",
         R"({"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]})"},
        {"   1 ７六歩(77)\n  38 ９\n",
         "t.kif:2:7: error: expected the rank of the destination, as in ７六 [kif.syntax]\n",
         "t.kif:2:7: error: expected the rank of the destination, as in ７六 [kif.syntax]\n",
         R"({"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]})"},
        {"   1 ０\n",
         "t.kif:1:6: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         "t.kif:1:6: error: expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 7七歩(77)\n",
         "t.kif:1:4: error: +7777FU: the destination holds one of the mover's own pieces (ply 1) [shogi.illegal.own-piece-at-destination]\n",
         "t.kif:1:4: error: +7777FU: the destination holds one of the mover's own pieces (ply 1) [shogi.illegal.own-piece-at-destination]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７7歩(77)\n",
         "t.kif:1:4: error: +7777FU: the destination holds one of the mover's own pieces (ply 1) [shogi.illegal.own-piece-at-destination]\n",
         "t.kif:1:4: error: +7777FU: the destination holds one of the mover's own pieces (ply 1) [shogi.illegal.own-piece-at-destination]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ９一香成 (11)\n",
         "t.kif:1:4: error: +1191NY: the origin square holds the opponent's piece (ply 1) [shogi.illegal.opponent-piece]\n",
         "t.kif:1:4: error: +1191NY: the origin square holds the opponent's piece (ply 1) [shogi.illegal.opponent-piece]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(\n",
         "t.kif:1:14: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         "t.kif:1:14: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)( \n",
         "t.kif:1:15: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         "t.kif:1:15: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(1234567:00)\n",
         "t.kif:1:20: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         "t.kif:1:20: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(0:123)\n",
         "t.kif:1:18: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         "t.kif:1:18: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(0:12:345)\n",
         "t.kif:1:18: error: expected ')' closing the time [kif.syntax]\n",
         "t.kif:1:18: error: expected ')' closing the time [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(0:12:)\n",
         "t.kif:1:18: error: expected ')' closing the time [kif.syntax]\n",
         "t.kif:1:18: error: expected ')' closing the time [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(0:12/)\n",
         "t.kif:1:18: error: expected ')' closing the time [kif.syntax]\n",
         "t.kif:1:18: error: expected ')' closing the time [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(0:12/ 1:)\n",
         "t.kif:1:18: error: expected ')' closing the time [kif.syntax]\n",
         "t.kif:1:18: error: expected ')' closing the time [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(0:12 x)\n",
         "t.kif:1:19: error: expected ')' closing the time [kif.syntax]\n",
         "t.kif:1:19: error: expected ')' closing the time [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)( 0:16/00:00:16) x\n",
         "t.kif:1:30: error: expected the end of the line [kif.syntax]\n",
         "t.kif:1:30: error: expected the end of the line [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)( 0:16/00:00:16)(\n",
         "t.kif:1:30: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         "t.kif:1:30: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)( 0:16/00:00:16) (1:00)+ \n",
         "",
         "",
         R"({"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"time":{"now":{"m":0,"s":16},"total":{"h":0,"m":0,"s":16}}}]})"},
        {"   1 ７六歩(77)( 0:16/00:00:16)++\n",
         "t.kif:1:30: error: expected the end of the line [kif.syntax]\n",
         "t.kif:1:30: error: expected the end of the line [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)+x\n",
         "t.kif:1:14: error: expected the end of the line [kif.syntax]\n",
         "t.kif:1:14: error: expected the end of the line [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 投了 x\n",
         "t.kif:1:9: error: expected the end of the line [kif.syntax]\n",
         "t.kif:1:9: error: expected the end of the line [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 投了(\n",
         "t.kif:1:9: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         "t.kif:1:9: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 先手　反則負け\n",
         "",
         "",
         R"({"header":{},"moves":[{},{"special":"+ILLEGAL_ACTION"}]})"},
        {"   1 先手反則負け (0:01)\n",
         "",
         "",
         R"({"header":{},"moves":[{},{"time":{"now":{"m":0,"s":1}},"special":"+ILLEGAL_ACTION"}]})"},
        {"   1 ７六歩(77)\t( 0:16/00:00:16)\r\n",
         "",
         "",
         R"({"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"time":{"now":{"m":0,"s":16},"total":{"h":0,"m":0,"s":16}}}]})"},
        {"   1　７六歩(77)　\n",
         "",
         "",
         R"({"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]})"},
        // Ten digits or more are no ply, but the line is a move line all the same.
        {"1234567890 ７六歩(77)\n",
         "t.kif:1:1: error: this line is numbered 1234567890 but is ply 1 of its line of play (ply 1) [kif.ply-number]\n",
         "t.kif:1:1: error: this line is numbered 1234567890 but is ply 1 of its line of play (ply 1) [kif.ply-number]\n",
         R"({"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]})"},
        {"123456789 ７六歩(77)\n",
         "t.kif:1:1: error: this line is numbered 123456789 but is ply 1 of its line of play (ply 1) [kif.ply-number]\n",
         "t.kif:1:1: error: this line is numbered 123456789 but is ply 1 of its line of play (ply 1) [kif.ply-number]\n",
         R"({"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]})"},
        {"   1 ７六歩(77)(:1)\n",
         "t.kif:1:14: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         "t.kif:1:14: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(1:2:3:4)\n",
         "t.kif:1:19: error: expected ')' closing the time [kif.syntax]\n",
         "t.kif:1:19: error: expected ')' closing the time [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(12)\n",
         "t.kif:1:16: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         "t.kif:1:16: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 同銀(31)\n",
         "t.kif:1:4: error: +31??GI: the move says 同 (same square) but no move precedes it (ply 1) [shogi.same-without-previous]\n",
         "t.kif:1:4: error: +31??GI: the move says 同 (same square) but no move precedes it (ply 1) [shogi.same-without-previous]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 成香\n",
         "t.kif:1:6: warning: unknown terminal word '成香'; kept as the special as written (ply 1) [kif.unknown-special]\n",
         "t.kif:1:6: warning: unknown terminal word '成香'; kept as the special as written (ply 1) [kif.unknown-special]\n",
         R"({"header":{},"moves":[{},{"special":"成香"}]})"},
        {"   1 ７六歩(77)( 0:16/00:00:1\n",
         "t.kif:1:27: error: expected ')' closing the time [kif.syntax]\n",
         "t.kif:1:27: error: expected ')' closing the time [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(0:16/00:00:16\r\n",
         "t.kif:1:27: error: expected ')' closing the time [kif.syntax]\n",
         "t.kif:1:27: error: expected ')' closing the time [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
        {"   1 ７六歩(77)(１:00)\n",
         "t.kif:1:14: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         "t.kif:1:14: error: expected a time such as 0:16 or 00:00:16 [kif.syntax]\n",
         R"({"header":{},"moves":[{}]})"},
    };
    for (const line_case& c : cases) {
        INFO(c.kif);
        const kifu::read_result strict = read_kif(c.kif, kifu::read_mode::strict);
        CHECK(kifu::test::diagnostics_of(strict) == c.strict);
        kifu::read_result lenient = read_kif(c.kif, kifu::read_mode::lenient);
        // The line's own diagnostics and moves: the ERROR a lenient cut ends with (and its
        // shogi.cut warning) is tested in normalize_test.cpp.
        std::erase_if(lenient.diagnostics, [](const kifu::diagnostic& d) { return d.code == "shogi.cut"; });
        CHECK(kifu::test::diagnostics_of(lenient) == c.lenient);
        REQUIRE(lenient.records.size() == 1);
        nlohmann::json got = nlohmann::json::parse(kifu::to_jkf(lenient.records[0]));
        if (got["moves"].back().value("special", "") == "ERROR") got["moves"].erase(got["moves"].size() - 1);
        CHECK(got == nlohmann::json::parse(c.jkf));
    }
}

TEST_CASE("kif move line: the trace names the rules of the destination, piece, origin and time", "[kif]") {
    const kifu::format_entry* format = kifu::find_format_entry("kif");
    REQUIRE(format != nullptr);
    REQUIRE(format->trace != nullptr);
    kifu::decode_options decoding;
    decoding.forced = "UTF-8";
    std::vector<kifu::diagnostic> diagnostics;
    const kifu::source_text text = kifu::decode("t.kif", "   1 ７六歩(77)   ( 0:16/00:00:16)\n", decoding, diagnostics);
    std::string trace;
    REQUIRE(format->trace(text, trace));
    for (const char* rule : {"destination", "to_file", "to_rank", "piece", "origin", "from_square", "time", "now_clock",
                             "total_clock", "clock_number", "clock_field", "time_close"}) {
        INFO(rule);
        // In the grammar's terms: `  rule line:col matched "text"`.
        CHECK(std::regex_search(trace, std::regex(std::string(" ") + rule + " 1:[0-9]+ matched \"")));
    }
}
