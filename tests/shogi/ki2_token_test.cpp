// The KI2 move-line reader (runtime/src/shogi/ki2_token.hpp), which reads a line's tokens from
// its bytes: against a reference that reads them character by character with the shared
// Kakinoki lookups (digit_of, piece_of_kanji), over every token shape the format accepts (each
// token also read whole through the format first); and every way a move line can break its
// syntax, with the messages and positions the grammar gave when it matched the tokens itself.

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

#include "shogi/formats.hpp"
#include "shogi/kakinoki.hpp"
#include "shogi/ki2_token.hpp"

namespace {

using namespace kifu::shogi;
using namespace kifu::shogi::detail;

// The code points of a UTF-8 string, one string_view each.
std::vector<std::string_view> characters(std::string_view s) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = utf8_length(s[i]);
        out.push_back(s.substr(i, n));
        i += n;
    }
    return out;
}

// What the token means, read slowly: a character at a time, compared as strings.
ki2_token reference(std::string_view token) {
    const std::vector<std::string_view> c = characters(token);
    ki2_token t;
    t.side = c[0] == "▲" || c[0] == "▼" || c[0] == "☗" ? color::black : color::white;
    std::size_t i = 1;
    const bool file = c[i].size() == 1 ? (c[i][0] >= '1' && c[i][0] <= '9') : (c[i] >= "１" && c[i] <= "９");
    if (!file && c[i] != "同") {
        t.word = token.substr(c[0].size());
        return t;
    }
    if (file) {
        t.to = square{static_cast<std::int8_t>(digit_of(c[i])), static_cast<std::int8_t>(digit_of(c[i + 1]))};
        i += 2;
    }
    if (i < c.size() && c[i] == "同") {
        t.same = true;
        ++i;
        while (i < c.size() && (c[i] == " " || c[i] == "　")) ++i;
    }
    if (c[i] == "成") {
        t.piece = piece_of_kanji(std::string(c[i]) + std::string(c[i + 1]));
        i += 2;
    } else {
        t.piece = piece_of_kanji(c[i]);
        ++i;
    }
    for (; i < c.size(); ++i) {
        const std::string_view x = c[i];
        if (x == "(") {
            t.from = square{static_cast<std::int8_t>(digit_of(c[i + 1])), static_cast<std::int8_t>(digit_of(c[i + 2]))};
            break;
        }
        if (x == "不") {
            t.promote = false;
            ++i;
        } else if (x == "生") {
            t.promote = false;
        } else if (x == "成") {
            t.promote = true;
        } else if (x == "打") {
            t.drop = true;
        } else {
            const std::string_view words[] = {"左", "直", "右", "上", "行", "寄", "引"};
            const char letters[] = {'L', 'C', 'R', 'U', 'U', 'M', 'D'};
            for (std::size_t k = 0; k < 7; ++k) {
                if (x == words[k]) t.add_relative(letters[k]);
            }
        }
    }
    return t;
}

std::string describe(const ki2_token& t) {
    std::string s = t.side == color::black ? "black" : "white";
    s += " word=" + std::string(t.word);
    if (t.to) s += " to=" + std::to_string(t.to->x) + std::to_string(t.to->y);
    if (t.same) s += " same";
    if (t.piece) s += " piece=" + std::string(to_csa(*t.piece));
    if (t.promote) s += *t.promote ? " promote" : " no-promote";
    if (t.drop) s += " drop";
    if (t.from) s += " from=" + std::to_string(t.from->x) + std::to_string(t.from->y);
    s += " relative=" + std::string(t.relative, t.relative_size);
    return s;
}

// The grammar reads the token whole (as the only thing on a line, with the normalizer off).
bool grammar_accepts(const std::string& token) {
    const kifu::format_info ki2 = ki2_format();
    kifu::read_options options;
    options.normalize = false;
    kifu::read_result r;
    ki2.read_text(kifu::source_text("t.ki2", token + "\n", "UTF-8"), options, r);
    return r.ok();
}

void check(const std::string& token, bool through_grammar) {
    INFO(token);
    if (through_grammar) REQUIRE(grammar_accepts(token));
    CHECK(describe(read_ki2_token(token)) == describe(reference(token)));
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

TEST_CASE("ki2 token: every mark, destination and piece", "[ki2]") {
    int compared = 0;
    for (const std::string& mark : marks) {
        for (const std::string& to : destinations()) {
            for (const std::string& piece : pieces) {
                // The grammar itself only on a sample: reading 56,000 one-line files is slow.
                check(mark + to + piece, compared % 97 == 0);
                ++compared;
            }
        }
    }
    CHECK(compared == 6 * (18 * 27 + 8) * 19);
}

TEST_CASE("ki2 token: what may follow the piece", "[ki2]") {
    const std::vector<std::string> relatives{"",   "左",   "直",   "右",   "上",   "寄",   "引",   "行",
                                             "左上", "左寄", "左引", "直上", "直行", "右上", "右寄", "右引"};
    const std::vector<std::string> endings{"", "成", "不成", "生", "打"};
    int compared = 0;
    for (const std::string& relative : relatives) {
        for (const std::string& ending : endings) {
            for (const std::string source : {"", "(77)", "(19)"}) {
                for (const std::string piece : {"歩", "成銀", "龍"}) {
                    for (const std::string start : {"▲７六", "△同　", "▽2三同"}) {
                        const std::string token = start + piece + relative + ending + source;
                        // 打 with a relative word or an origin is the builder's error, not a token to read.
                        const bool drop_error = ending == "打" && (!relative.empty() || !source.empty());
                        check(token, !drop_error);
                        ++compared;
                    }
                }
            }
        }
    }
    CHECK(compared == 16 * 5 * 3 * 3 * 3);
}

TEST_CASE("ki2 token: terminal words", "[ki2]") {
    for (const std::string& mark : marks) {
        for (const char* word : {"投了", "中断", "千日手", "詰み", "反則負け", "持将棋"}) {
            check(mark + word, true);
            CHECK(read_ki2_token(mark + word).word == word);
        }
        // Words the builder rejects are still read as words, also those that start like a
        // full-width digit (EF BC …) or like 同 (E5 90 …).
        for (const char* word : {"ｘ", "！投了", "Ａ", "０", "吐", "x"}) {
            check(mark + word, false);
            CHECK(read_ki2_token(mark + word).word == word);
        }
    }
}

TEST_CASE("ki2 token: a line's tokens, their offsets and what separates them", "[ki2]") {
    // Spaces, a tab, ideographic spaces and nothing at all between tokens; trailing blanks.
    const std::string line = "  ▲７六歩    △同　歩\t▲2六歩　△投了▽８四歩 \u3000";
    ki2_line_reader reader(line);
    std::vector<std::string> got;
    ki2_token t;
    ki2_line_reader::result r;
    while ((r = reader.next(t)) == ki2_line_reader::result::token) got.push_back(std::to_string(t.offset) + " " + describe(t));
    CHECK(r == ki2_line_reader::result::end);
    const std::vector<std::string> expected{
        "2 black word= to=76 piece=FU relative=",
        "18 white word= same piece=FU relative=",
        "31 black word= to=26 piece=FU relative=",
        "44 white word=投了 relative=",
        "53 white word= to=84 piece=FU relative=",
    };
    CHECK(got == expected);
}

TEST_CASE("ki2 token: each way a move line breaks, where and how it is reported", "[ki2]") {
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
