// Shogi position rows (kifu/shogi/positions.hpp): which comments carry an evaluation, and the
// result of each ending from either side's view. Whole outputs: tests/cli/convert_usi_test.cpp.

#include <catch2/catch.hpp>

#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/positions.hpp>

using namespace kifu::shogi;

TEST_CASE("positions: evaluations as engines and GUIs write them in comments", "[positions]") {
    CHECK(evaluation_of("** 30 -8384FU #1234") == 30);       // floodgate CSA '**
    CHECK(evaluation_of("**-1200 +2726FU") == -1200);
    CHECK(evaluation_of("#評価値=+108") == 108);              // ShogiHome
    CHECK(evaluation_of("**解析 0 ○ 候補1 時間 00:01.0 深さ 12/20 評価値 -31 読み筋 ▲２六歩(27)") == -31);  // ShogiGUI
    CHECK(evaluation_of("評価値：45") == 45);
    CHECK(evaluation_of("評価値:\u3000-7") == -7);
    CHECK_FALSE(evaluation_of("好手！"));
    CHECK_FALSE(evaluation_of("評価値 +詰 5"));
    CHECK_FALSE(evaluation_of("* 30"));
    CHECK_FALSE(evaluation_of("**"));
}

TEST_CASE("positions: the result of each ending from both sides", "[positions]") {
    struct ending {
        const char* text;  // USI main line, then the CSA special
        std::optional<int> black;
    };
    const ending cases[] = {
        {"+7776FU\n%TORYO\n", 1},          // White to move resigns
        {"+7776FU\n-3334FU\n%TSUMI\n", -1},  // Black to move is mated
        {"+7776FU\n%KACHI\n", -1},         // White to move declares a win
        {"+7776FU\n%SENNICHITE\n", 0},
        {"+7776FU\n%JISHOGI\n", 0},
        {"+7776FU\n%MAX_MOVES\n", 0},
        {"+7776FU\n%TIME_UP\n", 1},
        {"+7776FU\n%+ILLEGAL_ACTION\n", -1},
        {"+7776FU\n%-ILLEGAL_ACTION\n", 1},
        {"+7776FU\n%CHUDAN\n", std::nullopt},
        {"+7776FU\n", std::nullopt},
    };
    for (const ending& e : cases) {
        INFO(e.text);
        kifu::read_options options;
        options.format = "csa";
        const kifu::read_result r = kifu::read_buffer(std::string("V2.2\nPI\n+\n") + e.text, "t.csa", options);
        REQUIRE(r.ok());
        const jkf& game = *r.records.at(0).get<jkf>();
        CHECK(result_for(game, color::black) == e.black);
        CHECK(result_for(game, color::white) == (e.black ? std::optional<int>(-*e.black) : std::nullopt));
    }
}
