// What KIF and KI2 share (runtime/src/shogi/kakinoki.hpp): vocabulary tables, summaries, the
// header section with its board diagram, variation attachment and the encoding declaration.

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

#include "shogi/kakinoki.hpp"
#include "shogi/ki2_builder.hpp"
#include "shogi/kif_builder.hpp"
#include "shogi/shogi_test_util.hpp"

namespace {

using namespace kifu::shogi;
using namespace kifu::shogi::detail;

kifu::source_text text_of(const std::string& s) { return kifu::source_text("t.kif", s, "UTF-8"); }

std::string gcc(const std::vector<kifu::diagnostic>& ds) {
    std::string out;
    for (const auto& d : ds) out += kifu::format_gcc(d) + "\n";
    return out;
}

}  // namespace

TEST_CASE("kakinoki: all 17 手合割 names, whitespace stripped", "[kakinoki]") {
    const std::vector<std::pair<const char*, const char*>> names{
        {"平手", "HIRATE"},       {"香落ち", "KY"},      {"右香落ち", "KY_R"},    {"角落ち", "KA"},
        {"飛車落ち", "HI"},       {"飛香落ち", "HIKY"},  {"二枚落ち", "2"},       {"三枚落ち", "3"},
        {"四枚落ち", "4"},        {"五枚落ち", "5"},     {"左五枚落ち", "5_L"},   {"六枚落ち", "6"},
        {"左七枚落ち", "7_L"},    {"右七枚落ち", "7_R"}, {"八枚落ち", "8"},       {"十枚落ち", "10"},
        {"その他", "OTHER"},
    };
    for (const auto& [name, preset] : names) CHECK(preset_of_handicap(name) == preset);
    CHECK(preset_of_handicap("平手　　") == "HIRATE");
    CHECK(preset_of_handicap(" 香 落ち\t") == "KY");
    CHECK(preset_of_handicap("詰将棋").empty());
    CHECK(preset_of_handicap("").empty());
}

TEST_CASE("kakinoki: special words, unknown ones give nothing", "[kakinoki]") {
    const std::vector<std::pair<const char*, const char*>> words{
        {"投了", "TORYO"},       {"中断", "CHUDAN"},          {"封じ手", "CHUDAN"},      {"持将棋", "JISHOGI"},
        {"千日手", "SENNICHITE"}, {"詰み", "TSUMI"},           {"詰", "TSUMI"},           {"不詰", "FUZUMI"},
        {"切れ負け", "TIME_UP"}, {"時間切れ", "TIME_UP"},     {"反則勝ち", "ILLEGAL_ACTION"}, {"反則負け", "ILLEGAL_MOVE"},
        {"入玉勝ち", "KACHI"},   {"最大手数", "MAX_MOVES"},
    };
    for (const auto& [word, special] : words) CHECK(special_of_word(word) == special);
    CHECK(special_of_word("不戦勝").empty());
    CHECK(special_of_word("投").empty());
}

TEST_CASE("kakinoki: pieces, digits and counts as written", "[kakinoki]") {
    CHECK(piece_of_kanji("歩") == piece_kind::fu);
    CHECK(piece_of_kanji("王") == piece_kind::ou);
    CHECK(piece_of_kanji("玉") == piece_kind::ou);
    CHECK(piece_of_kanji("成香") == piece_kind::ny);
    CHECK(piece_of_kanji("杏") == piece_kind::ny);
    CHECK(piece_of_kanji("圭") == piece_kind::nk);
    CHECK(piece_of_kanji("全") == piece_kind::ng);
    CHECK(piece_of_kanji("竜") == piece_kind::ry);
    CHECK(piece_of_kanji("龍") == piece_kind::ry);
    CHECK_FALSE(piece_of_kanji("成"));
    CHECK(digit_of("7") == 7);
    CHECK(digit_of("７") == 7);
    CHECK(digit_of("七") == 7);
    CHECK(digit_of("0") == 0);
    CHECK(digit_of("十") == 0);
    CHECK(kanji_count_of("十八") == 18);
    CHECK(kanji_count_of("十") == 10);
    CHECK(kanji_count_of("三") == 3);
    CHECK(kanji_count_of("十九") == 0);
    CHECK(kanji_count_of("x") == 0);
}

// piece_of_kanji and digit_of compare code points, not strings: every name maps, and text that
// is longer, shorter, a prefix or not one character does not.
TEST_CASE("kakinoki: every piece name and digit, and near misses", "[kakinoki]") {
    const std::vector<std::pair<std::string, piece_kind>> pieces{
        {"歩", piece_kind::fu},   {"香", piece_kind::ky},   {"桂", piece_kind::ke},   {"銀", piece_kind::gi},
        {"金", piece_kind::ki},   {"角", piece_kind::ka},   {"飛", piece_kind::hi},   {"玉", piece_kind::ou},
        {"王", piece_kind::ou},   {"と", piece_kind::to},   {"成香", piece_kind::ny}, {"成桂", piece_kind::nk},
        {"成銀", piece_kind::ng}, {"杏", piece_kind::ny},   {"圭", piece_kind::nk},   {"全", piece_kind::ng},
        {"馬", piece_kind::um},   {"龍", piece_kind::ry},   {"竜", piece_kind::ry},
    };
    for (const auto& [name, kind] : pieces) {
        CAPTURE(name);
        CHECK(piece_of_kanji(name) == kind);
        CHECK_FALSE(piece_of_kanji(name + "歩"));
        CHECK_FALSE(piece_of_kanji(name.substr(0, name.size() - 1)));
    }
    for (const char* miss : {"", "成", "成金", "成成", "x", "歩 ", "FU", "\xE6\xAD", "\xE6\xAD\xA9\xA9"}) {
        CAPTURE(miss);
        CHECK_FALSE(piece_of_kanji(miss));
    }
    const std::vector<std::string> kanji{"一", "二", "三", "四", "五", "六", "七", "八", "九"};
    const std::vector<std::string> wide{"１", "２", "３", "４", "５", "６", "７", "８", "９"};
    for (int i = 1; i <= 9; ++i) {
        CHECK(digit_of(std::string(1, static_cast<char>('0' + i))) == i);
        CHECK(digit_of(kanji[static_cast<std::size_t>(i - 1)]) == i);
        CHECK(digit_of(wide[static_cast<std::size_t>(i - 1)]) == i);
        CHECK(digit_of(wide[static_cast<std::size_t>(i - 1)] + "1") == 0);
    }
    for (const char* miss : {"", "0", "０", "十", "11", "a", "歩", "\xEF\xBC", "\xEF\xBC\x91\x91"}) {
        CAPTURE(miss);
        CHECK(digit_of(miss) == 0);
    }
    CHECK(code_point_of("▲") == U'▲');
    CHECK(code_point_of("a") == U'a');
    CHECK(code_point_of("\xC3\xA9") == 0);  // two-byte characters are not needed
    CHECK(code_point_of("\xE6\xAD") == 0);
    CHECK(code_point_of("\xE6\x41\xA9") == 0);
}

TEST_CASE("kakinoki: まで summaries, read by both grammars", "[kakinoki]") {
    struct c {
        const char* text;
        const char* special;  // of the element the summary adds; "" adds none
        int moves;
    };
    const std::vector<c> cases{
        {"まで64手で後手の勝ち", "TORYO", 64},
        {"まで3手で上手の勝ち", "TORYO", 3},
        {"まで2手で先手の反則勝ち", "-ILLEGAL_ACTION", 2},
        {"まで2手で後手の反則勝ち", "+ILLEGAL_ACTION", 2},
        {"まで2手で先手の反則負け", "ILLEGAL_MOVE", 2},
        {"まで80手で時間切れにより先手の勝ち", "TIME_UP", 80},
        {"まで80手で後手の切れ負け", "TIME_UP", 80},
        {"まで12手で中断", "CHUDAN", 12},
        {"まで12手で封じ手", "CHUDAN", 12},
        {"まで100手で持将棋", "JISHOGI", 100},
        {"まで100手で千日手", "SENNICHITE", 100},
        {"まで256手で最大手数", "MAX_MOVES", 256},
        {"まで7手詰", "TSUMI", 7},
        {"まで7手で詰み", "TSUMI", 7},
        {"まで9手で不詰", "FUZUMI", 9},
        {"まで150手で先手の入玉勝ち", "KACHI", 150},
        {"まで、64手", "", 64},
        {"まで1手で後手の勝ち　 ", "TORYO", 1},
    };
    for (const bool ki2 : {false, true}) {
        for (const c& x : cases) {
            INFO((ki2 ? "KI2: " : "KIF: ") << x.text);
            const kifu::source_text text = text_of(std::string(ki2 ? "▲７六歩\n" : "   1 ７六歩(77)\n") + x.text + "\n");
            std::vector<jkf> records;
            std::vector<kifu::diagnostic> ds;
            CHECK((ki2 ? parse_ki2 : parse_kif)(text, kifu::read_mode::strict, records, ds));
            // KI2 checks the count against the moves; KIF leaves it to the move lines.
            CHECK(gcc(ds) == (ki2 && x.moves != 1 ? "t.kif:2:1: warning: the summary counts " + std::to_string(x.moves) +
                                                        " moves but the line has 1 [ki2.summary-mismatch]\n"
                                                  : std::string()));
            REQUIRE(records.size() == 1);
            const nlohmann::json moves = nlohmann::json::parse(kifu::test::jkf_text(records[0]))["moves"];
            if (*x.special == '\0') {
                CHECK(moves.size() == 2);
            } else {
                REQUIRE(moves.size() == 3);
                CHECK(moves[2]["special"] == x.special);
            }
        }
        // Another shape is kept as a comment of the last move.
        for (const char* other : {"まで手で中断", "まで1手で何か", "まで 1手で中断", "まで1234567890手"}) {
            INFO((ki2 ? "KI2: " : "KIF: ") << other);
            const kifu::source_text text = text_of(std::string(ki2 ? "▲７六歩\n" : "   1 ７六歩(77)\n") + other + "\n");
            std::vector<jkf> records;
            std::vector<kifu::diagnostic> ds;
            CHECK((ki2 ? parse_ki2 : parse_kif)(text, kifu::read_mode::strict, records, ds));
            CHECK(gcc(ds) == std::string("t.kif:2:1: warning: cannot read the summary '") + other + "'; kept as a comment [" +
                                 (ki2 ? "ki2" : "kif") + ".unknown-summary]\n");
            REQUIRE(records.size() == 1);
            const nlohmann::json moves = nlohmann::json::parse(kifu::test::jkf_text(records[0]))["moves"];
            REQUIRE(moves.size() == 2);
            CHECK(moves[1]["comments"] == nlohmann::json::array({other}));
        }
    }
}

TEST_CASE("kakinoki: the header section with a board diagram", "[kakinoki]") {
    // The same header in KIF and KI2: both grammars read the rows and hands lines, the header
    // puts their parts together.
    const std::string header =
        "手合割：平手　\n先手：\n後手の持駒：飛角金二　香 歩十八 \n先手の持駒：なし\n"
        "|v香 ・ ・ ・ ・ ・ ・ ・+玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・V王|二\n";
    std::string rows;
    for (int i = 0; i < 7; ++i) rows += "| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n";
    for (const bool ki2 : {false, true}) {
        const kifu::source_text text = text_of(header + rows + "後手番\n");
        std::vector<jkf> records;
        std::vector<kifu::diagnostic> ds;
        CHECK((ki2 ? parse_ki2 : parse_kif)(text, kifu::read_mode::strict, records, ds));
        CHECK(ds.empty());
        REQUIRE(records.size() == 1);
        const nlohmann::json j = nlohmann::json::parse(kifu::test::jkf_text(records[0]));
        CHECK(j["header"] == nlohmann::json::parse(R"({"手合割":"平手　","先手":""})"));
        CHECK(j["initial"]["preset"] == "OTHER");
        CHECK(j["initial"]["data"]["color"] == 1);
        CHECK(j["initial"]["data"]["hands"] ==
              nlohmann::json::parse(R"([{"FU":0,"KY":0,"KE":0,"GI":0,"KI":0,"KA":0,"HI":0},
                                        {"FU":18,"KY":1,"KE":0,"GI":0,"KI":2,"KA":1,"HI":1}])"));
        CHECK(j["initial"]["data"]["board"][8][0] == nlohmann::json::parse(R"({"color":1,"kind":"KY"})"));
        CHECK(j["initial"]["data"]["board"][0][0] == nlohmann::json::parse(R"({"color":0,"kind":"OU"})"));
        CHECK(j["initial"]["data"]["board"][0][1] == nlohmann::json::parse(R"({"color":1,"kind":"OU"})"));
    }
}

TEST_CASE("kakinoki: 手番 header, handicap without board, unknown handicap", "[kakinoki]") {
    const kifu::source_text text = text_of("手合割：詰将棋\n");
    {
        kakinoki_header h(text, kifu::read_mode::strict, "ki2");
        h.header_line("手合割", "八枚落ち", 0);
        jkf r;
        std::vector<kifu::diagnostic> ds;
        CHECK(h.finish(r, ds));
        REQUIRE(r.initial);
        CHECK(r.initial->preset == "8");
        CHECK_FALSE(r.initial->data);
    }
    {
        kakinoki_header h(text, kifu::read_mode::strict, "ki2");
        h.header_line("手合割", "詰将棋", 0);
        jkf r;
        std::vector<kifu::diagnostic> ds;
        CHECK(h.finish(r, ds));  // a warning only
        CHECK_FALSE(r.initial);
        CHECK(gcc(ds) ==
              "t.kif:1:1: warning: unknown 手合割 '詰将棋' and no board diagram; starting from 平手 [ki2.unknown-handicap]\n");
    }
}

TEST_CASE("kakinoki: variations attach as json-kifu-format attaches them", "[kakinoki]") {
    const kifu::source_text text = text_of("x");
    std::vector<move_format> main(4);  // start + plies 1..3
    fork_builder forks(main);
    std::vector<kifu::diagnostic> ds;
    // 変化：3手 → main[3]; 変化：2手 (closes the first) → main[2]; 変化：3手 inside it → its [1].
    auto* a = forks.begin_variation(3, 0, text, "kif", kifu::read_mode::strict, ds);
    REQUIRE(a);
    a->resize(1);
    auto* b = forks.begin_variation(2, 0, text, "kif", kifu::read_mode::strict, ds);
    REQUIRE(b);
    b->resize(3);
    auto* c = forks.begin_variation(3, 0, text, "kif", kifu::read_mode::strict, ds);
    REQUIRE(c);
    CHECK(main[3].forks.size() == 1);
    CHECK(main[2].forks.size() == 1);
    CHECK(&(*b)[1].forks.front() == c);
    // Another 変化：3手 right after: a sibling in the same forks array.
    c->resize(1);
    auto* d = forks.begin_variation(3, 0, text, "kif", kifu::read_mode::strict, ds);
    REQUIRE(d);
    CHECK((*b)[1].forks.size() == 2);
    CHECK(forks.drop_empty_variation());
    CHECK((*b)[1].forks.size() == 1);
    // Ply 9 does not exist on the line on top (b again, plies 2 to 4): an error, nothing changes.
    CHECK(forks.begin_variation(9, 0, text, "kif", kifu::read_mode::strict, ds) == nullptr);
    CHECK(gcc(ds) == "t.kif:1:1: error: 変化：9手 does not attach: the line it branches from has 4 plies [kif.bad-variation]\n");
    CHECK(ds.size() == 1);
}

TEST_CASE("kakinoki: the #KIF encoding declaration", "[kakinoki]") {
    CHECK(declared_kakinoki_encoding("#KIF version=2.0 encoding=Shift_JIS\r\n") == "CP932");
    CHECK(declared_kakinoki_encoding("\xEF\xBB\xBF#KIF version=2.0 encoding=UTF-8\n") == "UTF-8");
    CHECK(declared_kakinoki_encoding("#KI2 version=2.0 encoding=utf-8\n") == "UTF-8");
    CHECK(declared_kakinoki_encoding("# encoding=UTF-8\n").empty());
    CHECK(declared_kakinoki_encoding("#KIF version=2.0\n").empty());
    CHECK(declared_kakinoki_encoding("").empty());
    // The bytes beat a declaration they contradict (Kifu for Windows wrote encoding=UTF-8 on
    // Shift_JIS files); the judgement stops at the last line break of the window.
    CHECK(declared_kakinoki_encoding("#KIF version=2.0 encoding=UTF-8\n\x8E\xE8\x8D\x87\x8A\x84\n").empty());
    CHECK(declared_kakinoki_encoding("#KIF version=2.0 encoding=Shift_JIS\n\xE6\x89\x8B\n") == "UTF-8");
    CHECK(declared_kakinoki_encoding("#KI2 version=2.0 encoding=Shift_JIS\n\x8E\xE8\n") == "CP932");
    CHECK(declared_kakinoki_encoding("#KIF version=2.0 encoding=UTF-8\n\xE6\x89\x8B\n\xE6\x89") == "UTF-8");
}
