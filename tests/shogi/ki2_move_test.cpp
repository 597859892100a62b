// KI2 move tokens as grammars/ki2.peg and the builder read them: against a reference that reads
// them character by character with the shared Kakinoki lookups (digit_of, piece_of_kanji), over
// every token shape the format accepts; and every way a move line can break its syntax, with its
// message and position.

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/format.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

#include "core/utf8.hpp"
#include "shogi/formats.hpp"
#include "shogi/kakinoki.hpp"

namespace {

using namespace kifu::shogi;
using namespace kifu::shogi::detail;

// The code points of a UTF-8 string, one string_view each.
std::vector<std::string_view> characters(std::string_view s) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = kifu::detail::utf8_length(s[i]);
        out.push_back(s.substr(i, n));
        i += n;
    }
    return out;
}

// What the token means, read slowly: a character at a time, compared as strings; described as
// describe() describes a JKF move.
std::string reference(std::string_view token) {
    const std::vector<std::string_view> c = characters(token);
    std::string s = c[0] == "▲" || c[0] == "▼" || c[0] == "☗" ? "black" : "white";
    std::size_t i = 1;
    const bool file = c[i].size() == 1 ? (c[i][0] >= '1' && c[i][0] <= '9') : (c[i] >= "１" && c[i] <= "９");
    if (!file && c[i] != "同") {
        return "special=" + std::string(special_of_word(token.substr(c[0].size())));
    }
    if (file) {
        s += " to=" + std::to_string(digit_of(c[i])) + std::to_string(digit_of(c[i + 1]));
        i += 2;
    }
    if (i < c.size() && c[i] == "同") {
        s += " same";
        ++i;
        while (i < c.size() && (c[i] == " " || c[i] == "　")) ++i;
    }
    if (c[i] == "成") {
        s += " piece=" + std::string(to_csa(*piece_of_kanji(std::string(c[i]) + std::string(c[i + 1]))));
        i += 2;
    } else {
        s += " piece=" + std::string(to_csa(*piece_of_kanji(c[i])));
        ++i;
    }
    std::string promote;
    std::string relative;
    std::string from;
    for (; i < c.size(); ++i) {
        const std::string_view x = c[i];
        if (x == "(") {
            from = " from=" + std::to_string(digit_of(c[i + 1])) + std::to_string(digit_of(c[i + 2]));
            break;
        }
        if (x == "不") {
            promote = " no-promote";
            ++i;
        } else if (x == "生") {
            promote = " no-promote";
        } else if (x == "成") {
            promote = " promote";
        } else if (x == "打") {
            relative = "H";
        } else {
            const std::string_view words[] = {"左", "直", "右", "上", "行", "寄", "引"};
            const char letters[] = {'L', 'C', 'R', 'U', 'U', 'M', 'D'};
            for (std::size_t k = 0; k < 7; ++k) {
                if (x == words[k]) relative += letters[k];
            }
        }
    }
    return s + promote + from + " relative=" + relative;
}

std::string describe(const move_format& e) {
    if (!e.move) return "special=" + e.special;
    const move_data& m = *e.move;
    std::string s = m.color == color::black ? "black" : "white";
    if (m.to) s += " to=" + std::to_string(m.to->x) + std::to_string(m.to->y);
    if (m.same) s += " same";
    if (m.piece) s += " piece=" + std::string(to_csa(*m.piece));
    if (m.promote) s += *m.promote ? " promote" : " no-promote";
    if (m.from) s += " from=" + std::to_string(m.from->x) + std::to_string(m.from->y);
    s += " relative=" + m.relative;
    return s;
}

// Reads the tokens through the format, one a line (the normalizer off), and compares each move
// with the reference reading of its token.
void check(const std::vector<std::string>& tokens) {
    std::string text;
    for (const std::string& t : tokens) text += t + "\n";
    kifu::read_options options;
    options.normalize = false;
    kifu::read_result r;
    ki2_format().read_text(kifu::source_text("t.ki2", text, "UTF-8"), options, r);
    REQUIRE(r.ok());
    REQUIRE(r.records.size() == 1);
    const std::vector<move_format>& moves = r.records[0].get<jkf>()->moves;
    REQUIRE(moves.size() == tokens.size() + 1);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        INFO(tokens[i]);
        CHECK(describe(moves[i + 1]) == reference(tokens[i]));
    }
}

const std::vector<std::string> marks{"▲", "△", "▼", "▽", "☗", "☖"};
const std::vector<std::string> pieces{"歩", "香", "桂", "銀", "金", "角", "飛", "玉", "王", "と",
                                      "成香", "成桂", "成銀", "杏", "圭", "全", "馬", "龍", "竜"};

std::vector<std::string> destinations() {
    const std::vector<std::string> files{"1", "2", "3", "4", "5", "6", "7", "8", "9",
                                         "１", "２", "３", "４", "５", "６", "７", "８", "９"};
    std::vector<std::string> ranks = files;
    for (const char* k : {"一", "二", "三", "四", "五", "六", "七", "八", "九"}) ranks.emplace_back(k);
    std::vector<std::string> out;
    for (const std::string& f : files) {
        for (const std::string& r : ranks) out.push_back(f + r);
    }
    for (const char* s : {"同", "同　", "同 ", "同　　", "同 　", "７六同", "7六同　", "76同 "}) out.emplace_back(s);
    return out;
}

}  // namespace

TEST_CASE("ki2 move token: every mark, destination and piece", "[ki2]") {
    std::vector<std::string> tokens;
    for (const std::string& mark : marks) {
        for (const std::string& to : destinations()) {
            for (const std::string& piece : pieces) tokens.push_back(mark + to + piece);
        }
    }
    CHECK(tokens.size() == 6 * (18 * 27 + 8) * 19);
    check(tokens);
}

TEST_CASE("ki2 move token: what may follow the piece", "[ki2]") {
    const std::vector<std::string> relatives{"",   "左",   "直",   "右",   "上",   "寄",   "引",   "行",
                                             "左上", "左寄", "左引", "直上", "直行", "右上", "右寄", "右引"};
    const std::vector<std::string> endings{"", "成", "不成", "生", "打"};
    std::vector<std::string> tokens;
    for (const std::string& relative : relatives) {
        for (const std::string& ending : endings) {
            for (const std::string source : {"", "(77)", "(19)"}) {
                for (const std::string piece : {"歩", "成銀", "龍"}) {
                    for (const std::string start : {"▲７六", "△同　", "▽2三同"}) {
                        // 打 with a relative word or an origin is the builder's error (below).
                        if (ending == "打" && (!relative.empty() || !source.empty())) continue;
                        tokens.push_back(start + piece + relative + ending + source);
                    }
                }
            }
        }
    }
    CHECK(tokens.size() == 16 * 5 * 3 * 3 * 3 - (15 * 3 + 2) * 3 * 3);
    check(tokens);
}

TEST_CASE("ki2 move token: terminal words", "[ki2]") {
    for (const std::string& mark : marks) {
        for (const char* word : {"投了", "中断", "千日手", "詰み", "反則負け", "持将棋"}) check({mark + word});
    }
}

TEST_CASE("ki2 move token: a line's tokens, their columns and what separates them", "[ki2]") {
    // Spaces, a tab, ideographic spaces and nothing at all between tokens; trailing blanks.
    const std::string text = "  ▲７六歩    △同　歩\t▲2六歩　△投了▽８四歩 \u3000\n";
    kifu::read_options options;
    options.normalize = false;
    kifu::read_result r;
    ki2_format().read_text(kifu::source_text("t.ki2", text, "UTF-8"), options, r);
    REQUIRE(r.ok());
    std::vector<std::string> got;
    for (const move_format& e : r.records[0].get<jkf>()->moves) {
        if (e.move || !e.special.empty()) got.push_back(std::to_string(e.column) + " " + describe(e));
    }
    const std::vector<std::string> expected{
        "3 black to=76 piece=FU relative=",
        "11 white same piece=FU relative=",
        "16 black to=26 piece=FU relative=",
        "22 special=TORYO",
        "24 white to=84 piece=FU relative=",
    };
    CHECK(got == expected);
}

TEST_CASE("ki2 move token: each way a move line breaks, where and how it is reported", "[ki2]") {
    // One broken line each (lenient: each is reported and skipped), with the diagnostics that
    // the grammar gave when its rules matched the tokens (taken from that implementation): a
    // cut after the mark, the file, the destination and the parenthesis, a token that goes on
    // past its end, a bad terminal word and the builder's drop check.
    const std::string text =
        "▲\n"
        "△ \n"
        "▲　７六歩\n"
        "▲同\t歩\n"
        "▲７\n"
        "▲７六\n"
        "▲７六成\n"
        "▲７六成X\n"
        "▲７六歩(\n"
        "▲７六歩(7)\n"
        "▲７六歩(77\n"
        "▲７六歩(77X\n"
        "▲77歩\n"
        "▲０六歩\n"
        "▲１ 六歩\n"
        "▲同▲\n"
        "▲同　▲７六歩\n"
        "▲５七銀右上成不\n"
        "▲５七銀右右\n"
        "▲５七銀上上\n"
        "▲５七銀不生\n"
        "▲５七銀打打\n"
        "▲５七銀生(68)X\n"
        "▲７六歩 △３四歩X\n"
        "▲２六歩\t x\n"
        "△同 ３四歩\n"
        "▲投了 x\n"
        "△投同 了\n"
        "▲５五角打(77)\n"
        "▲５五角右打\n"
        "△ｘ\n"
        "▲７六歩　△\n";
    kifu::read_options options;
    options.mode = kifu::read_mode::lenient;
    options.normalize = false;
    kifu::read_result r;
    ki2_format().read_text(kifu::source_text("t.ki2", text, "UTF-8"), options, r);
    std::vector<std::string> got;
    for (const kifu::diagnostic& d : r.diagnostics) {
        CHECK(d.code == "ki2.syntax");
        got.push_back(std::to_string(d.line) + ":" + std::to_string(d.column) + ": error: " + d.message);
    }
    const std::vector<std::string> expected{
        "1:2: error: expected a move such as ７六歩, or a terminal word such as 投了, after the mark",
        "2:2: error: expected a move such as ７六歩, or a terminal word such as 投了, after the mark",
        "3:2: error: expected a move such as ７六歩, or a terminal word such as 投了, after the mark",
        "4:3: error: expected a piece (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜)",
        "5:3: error: expected a rank (一 to 九 or a digit) after the file",
        "6:4: error: expected a piece (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜)",
        "7:4: error: expected a piece (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜)",
        "8:4: error: expected a piece (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜)",
        "9:6: error: expected an origin square of two digits 1-9, as in (77)",
        "10:7: error: expected an origin square of two digits 1-9, as in (77)",
        "11:8: error: expected \")\"",
        "12:8: error: expected \")\"",
        "14:2: error: expected a move such as ７六歩 or a terminal word such as 投了, not '０六歩'",
        "15:3: error: expected a rank (一 to 九 or a digit) after the file",
        "16:3: error: expected a piece (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜)",
        "17:4: error: expected a piece (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜)",
        "18:8: error: expected another move (▲ or △) or the end of the line",
        "19:6: error: expected another move (▲ or △) or the end of the line",
        "20:6: error: expected another move (▲ or △) or the end of the line",
        "21:5: error: expected another move (▲ or △) or the end of the line",
        "22:6: error: expected another move (▲ or △) or the end of the line",
        "23:10: error: expected another move (▲ or △) or the end of the line",
        "24:10: error: expected another move (▲ or △) or the end of the line",
        "25:7: error: expected another move (▲ or △) or the end of the line",
        "26:4: error: expected a piece (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜)",
        "27:5: error: expected another move (▲ or △) or the end of the line",
        "28:2: error: expected a move such as ７六歩 or a terminal word such as 投了, not '投同'",
        "29:1: error: a drop (打) has no origin: it takes neither 左/直/右/上/寄/引 nor (xy)",
        "30:1: error: a drop (打) has no origin: it takes neither 左/直/右/上/寄/引 nor (xy)",
        "31:2: error: expected a move such as ７六歩 or a terminal word such as 投了, not 'ｘ'",
        "32:7: error: expected a move such as ７六歩, or a terminal word such as 投了, after the mark",
    };
    CHECK(got == expected);
    // The tokens before an error on their line are kept: ▲７七歩 (from ▲77歩 ), the six 5七銀
    // before what follows them, ▲７六歩 △３四歩 before X, ▲２六歩, 投了 before x, ▲７六歩.
    REQUIRE(r.records.size() == 1);
    CHECK(kifu::to_jkf(r.records[0]) ==
          R"({"header":{},"moves":[{},{"move":{"color":0,"to":{"x":7,"y":7},"piece":"FU"}},)"
          R"({"move":{"color":0,"to":{"x":5,"y":7},"piece":"GI","promote":true,"relative":"RU"}},)"
          R"({"move":{"color":0,"to":{"x":5,"y":7},"piece":"GI","relative":"R"}},)"
          R"({"move":{"color":0,"to":{"x":5,"y":7},"piece":"GI","relative":"U"}},)"
          R"({"move":{"color":0,"to":{"x":5,"y":7},"piece":"GI"}},)"
          R"({"move":{"color":0,"to":{"x":5,"y":7},"piece":"GI","relative":"H"}},)"
          R"({"move":{"color":0,"from":{"x":6,"y":8},"to":{"x":5,"y":7},"piece":"GI","promote":false}},)"
          R"({"move":{"color":0,"to":{"x":7,"y":6},"piece":"FU"}},{"move":{"color":1,"to":{"x":3,"y":4},"piece":"FU"}},)"
          R"({"move":{"color":0,"to":{"x":2,"y":6},"piece":"FU"}},{"special":"TORYO"},)"
          R"({"move":{"color":0,"to":{"x":7,"y":6},"piece":"FU"}}]})");
}

TEST_CASE("ki2 move token: the trace names the rules of the destination, piece, relative words and promotion", "[ki2]") {
    const kifu::format_entry* format = kifu::find_format_entry("ki2");
    REQUIRE(format != nullptr);
    REQUIRE(format->trace != nullptr);
    kifu::decode_options decoding;
    decoding.forced = "UTF-8";
    std::vector<kifu::diagnostic> diagnostics;
    const kifu::source_text text = kifu::decode("t.ki2", "▲５七銀右上成\n", decoding, diagnostics);
    std::string trace;
    REQUIRE(format->trace(text, trace));
    // In the grammar's terms: `  rule line:col matched "text"`.
    for (const char* expected : {"side 1:1 matched \"▲\"", "destination 1:2 matched \"５七\"", "piece 1:4 matched \"銀\"",
                                 "relative 1:5 matched \"右上\"", "promotion 1:7 matched \"成\""}) {
        INFO(expected);
        CHECK(trace.find(std::string(" ") + expected + "\n") != std::string::npos);
    }
}
