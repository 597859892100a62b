// Golden tests of the normalizer: raw JKF built here, normalized, compared as a whole.

#include "shogi/shogi_test_util.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>

#include <kifu/read.hpp>
#include <kifu/record.hpp>

using namespace kifu::test;
using pk = piece_kind;
using kifu::read_mode;

namespace {

move_format csa(int from, int to, pk k, color c, int seconds) {
    move_format f = mv(from, to, k);
    f.move->color = c;
    f.time = move_time{time_value{std::nullopt, seconds / 60, seconds % 60, std::nullopt}, std::nullopt};
    return f;
}

move_format with_forks(move_format f, std::vector<std::vector<move_format>> forks) {
    f.forks = std::move(forks);
    return f;
}

move_format ki2(int to, pk k, const char* relative = "", std::optional<bool> promote = std::nullopt) {
    move_format f = mv(0, to, k, promote);
    f.move->relative = relative;
    return f;
}

}  // namespace

TEST_CASE("normalize: the worked example of shogi.md 5.9 (KIF)", "[shogi][normalize]") {
    jkf r = record_from_preset("", {mv(77, 76, pk::fu), mv(33, 34, pk::fu), mv(88, 22, pk::ka), same(31, pk::gi),
                                    drop(45, pk::ka), special("CHUDAN")});
    r.set_header("先手", "na2hiro");
    r.set_header("後手", "うひょ");
    CHECK(run(r).empty());
    require_jkf(r, R"({"header":{"先手":"na2hiro","後手":"うひょ"},
 "moves":[{},
  {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}},
  {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}},
  {"move":{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"KA","capture":"KA","promote":false}},
  {"move":{"from":{"x":3,"y":1},"to":{"x":2,"y":2},"color":1,"piece":"GI","capture":"KA","same":true}},
  {"move":{"to":{"x":4,"y":5},"color":0,"piece":"KA"}},
  {"special":"CHUDAN"}]})");
}

TEST_CASE("normalize: CSA promotion by kind, same, relative and running totals", "[shogi][normalize]") {
    jkf r = record_from_preset("", {csa(77, 76, pk::fu, color::black, 12), csa(33, 34, pk::fu, color::white, 6),
                                    csa(88, 22, pk::um, color::black, 50), csa(31, 22, pk::gi, color::white, 5),
                                    csa(0, 14, pk::ka, color::black, 3), csa(41, 32, pk::ki, color::white, 65),
                                    csa(14, 23, pk::um, color::black, 1), csa(22, 23, pk::gi, color::white, 0)});
    move_format toryo = special("TORYO");
    toryo.time = move_time{time_value{std::nullopt, 0, 2, std::nullopt}, std::nullopt};
    r.moves.push_back(toryo);
    CHECK(run(r, source_format::csa).empty());
    require_jkf(r, R"({"header":{},"moves":[{},
  {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},"time":{"now":{"m":0,"s":12},"total":{"h":0,"m":0,"s":12}}},
  {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"},"time":{"now":{"m":0,"s":6},"total":{"h":0,"m":0,"s":6}}},
  {"move":{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"KA","capture":"KA","promote":true},"time":{"now":{"m":0,"s":50},"total":{"h":0,"m":1,"s":2}}},
  {"move":{"from":{"x":3,"y":1},"to":{"x":2,"y":2},"color":1,"piece":"GI","capture":"UM","same":true},"time":{"now":{"m":0,"s":5},"total":{"h":0,"m":0,"s":11}}},
  {"move":{"to":{"x":1,"y":4},"color":0,"piece":"KA"},"time":{"now":{"m":0,"s":3},"total":{"h":0,"m":1,"s":5}}},
  {"move":{"from":{"x":4,"y":1},"to":{"x":3,"y":2},"color":1,"piece":"KI"},"time":{"now":{"m":1,"s":5},"total":{"h":0,"m":1,"s":16}}},
  {"move":{"from":{"x":1,"y":4},"to":{"x":2,"y":3},"color":0,"piece":"KA","capture":"FU","promote":true},"time":{"now":{"m":0,"s":1},"total":{"h":0,"m":1,"s":6}}},
  {"move":{"from":{"x":2,"y":2},"to":{"x":2,"y":3},"color":1,"piece":"GI","capture":"UM","same":true},"time":{"now":{"m":0,"s":0},"total":{"h":0,"m":1,"s":16}}},
  {"special":"TORYO","time":{"now":{"m":0,"s":2},"total":{"h":0,"m":1,"s":8}}}]})");
}

TEST_CASE("normalize: CSA writes a horse moving as UM, which is no promotion", "[shogi][normalize]") {
    jkf r = record_from_sfen("4k4/9/9/9/9/9/9/9/+B3K4 b - 1", {csa(99, 88, pk::um, color::black, 0)});
    CHECK(run(r, source_format::csa).empty());
    REQUIRE(r.moves[1].move);
    CHECK(r.moves[1].move->piece == pk::um);
    CHECK_FALSE(r.moves[1].move->promote);
}

TEST_CASE("normalize: forks, a nested fork whose first move is 同", "[shogi][normalize]") {
    // ▲７六歩 △３四歩 ▲２六歩 △８四歩 / 変化：3手 ▲２二角成 △同　銀 / 変化：4手 △同　飛
    std::vector<move_format> variation{mv(88, 22, pk::ka, true),
                                       with_forks(same(31, pk::gi), {{same(82, pk::hi)}})};
    jkf r = record_from_preset("", {mv(77, 76, pk::fu), mv(33, 34, pk::fu), with_forks(mv(27, 26, pk::fu), {variation}),
                                    mv(83, 84, pk::fu)});
    CHECK(run(r).empty());
    require_jkf(r, R"({"header":{},"moves":[{},
  {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}},
  {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}},
  {"move":{"from":{"x":2,"y":7},"to":{"x":2,"y":6},"color":0,"piece":"FU"},
   "forks":[[
     {"move":{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"KA","capture":"KA","promote":true}},
     {"move":{"from":{"x":3,"y":1},"to":{"x":2,"y":2},"color":1,"piece":"GI","capture":"UM","same":true},
      "forks":[[{"move":{"from":{"x":8,"y":2},"to":{"x":2,"y":2},"color":1,"piece":"HI","capture":"UM","same":true}}]]}]]},
  {"move":{"from":{"x":8,"y":3},"to":{"x":8,"y":4},"color":1,"piece":"FU"}}]})");
}

TEST_CASE("normalize: a fork on the main line whose first move is 同 of the move before", "[shogi][normalize]") {
    jkf r = record_from_preset("", {mv(77, 76, pk::fu), mv(33, 34, pk::fu), mv(88, 22, pk::ka, true),
                                    with_forks(same(31, pk::gi), {{same(82, pk::hi), drop(55, pk::ka)}, {mv(41, 32, pk::ki)}})});
    CHECK(run(r).empty());
    require_jkf(r, R"({"header":{},"moves":[{},
  {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}},
  {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}},
  {"move":{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"KA","capture":"KA","promote":true}},
  {"move":{"from":{"x":3,"y":1},"to":{"x":2,"y":2},"color":1,"piece":"GI","capture":"UM","same":true},
   "forks":[[{"move":{"from":{"x":8,"y":2},"to":{"x":2,"y":2},"color":1,"piece":"HI","capture":"UM","same":true}},
             {"move":{"to":{"x":5,"y":5},"color":0,"piece":"KA"}}],
            [{"move":{"from":{"x":4,"y":1},"to":{"x":3,"y":2},"color":1,"piece":"KI"}}]]}]})");
}

TEST_CASE("normalize: KI2 back-solves origins and keeps the written relative and promotion", "[shogi][normalize]") {
    // ▲７六歩 △３四歩 ▲２二角成 △同銀 ▲５八金右 △４二飛 ▲４五角打 (角 in hand; 打 written)
    move_format recapture = ki2(0, pk::gi);
    recapture.move->same = true;
    jkf r = record_from_preset("", {ki2(76, pk::fu), ki2(34, pk::fu), ki2(22, pk::ka, "", true), recapture,
                                    ki2(58, pk::ki, "R"), ki2(42, pk::hi), ki2(45, pk::ka, "H")});
    CHECK(run(r, source_format::ki2).empty());
    require_jkf(r, R"({"header":{},"moves":[{},
  {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}},
  {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}},
  {"move":{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"KA","capture":"KA","promote":true}},
  {"move":{"from":{"x":3,"y":1},"to":{"x":2,"y":2},"color":1,"piece":"GI","capture":"UM","same":true}},
  {"move":{"from":{"x":4,"y":9},"to":{"x":5,"y":8},"color":0,"piece":"KI","relative":"R"}},
  {"move":{"from":{"x":8,"y":2},"to":{"x":4,"y":2},"color":1,"piece":"HI"}},
  {"move":{"to":{"x":4,"y":5},"color":0,"piece":"KA","relative":"H"}}]})");
}

TEST_CASE("normalize: ILLEGAL_ACTION gets the sign of the side that moved last", "[shogi][normalize]") {
    // Main line: ▲７六歩 反則勝ち (Black moved last → +); variation 1手: ▲２六歩 △９四歩 反則勝ち (−).
    jkf r = record_from_preset(
        "", {with_forks(mv(77, 76, pk::fu), {{mv(27, 26, pk::fu), mv(93, 94, pk::fu), special("ILLEGAL_ACTION")}}),
             special("ILLEGAL_ACTION")});
    CHECK(run(r).empty());
    require_jkf(r, R"({"header":{},"moves":[{},
  {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},
   "forks":[[{"move":{"from":{"x":2,"y":7},"to":{"x":2,"y":6},"color":0,"piece":"FU"}},
             {"move":{"from":{"x":9,"y":3},"to":{"x":9,"y":4},"color":1,"piece":"FU"}},
             {"special":"-ILLEGAL_ACTION"}]]},
  {"special":"+ILLEGAL_ACTION"}]})");
}

TEST_CASE("normalize: CSA boards equal to a preset become the preset (3 = 飛角香 from 1一)", "[shogi][normalize]") {
    auto board_without = [](std::vector<int> removed, color side) {
        position p = *position::from_preset("HIRATE");
        for (int s : removed) p.set(sq(s), std::nullopt);
        p.set_side_to_move(side);
        jkf r;
        r.initial = initial_format{"OTHER", p.to_state()};
        r.moves.emplace_back();
        return r;
    };
    jkf three = board_without({82, 22, 11}, color::white);  // PI82HI22KA11KY, -
    three.moves.push_back(mv(33, 34, pk::fu));
    CHECK(run(three, source_format::csa).empty());
    require_jkf(three, R"({"header":{},"initial":{"preset":"3"},"moves":[{},
  {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}}]})");

    // PI82HI22KA91KY is no preset (json-kifu-format's table wrongly calls it 3).
    jkf other = board_without({82, 22, 91}, color::white);
    const jkf before = other;
    CHECK(run(other, source_format::csa).empty());
    CHECK(other == before);

    jkf hirate = board_without({}, color::black);
    CHECK(run(hirate, source_format::csa).empty());
    require_jkf(hirate, R"({"header":{},"initial":{"preset":"HIRATE"},"moves":[{}]})");

    // The right board with the wrong side to move is no preset either.
    jkf ky_black = board_without({11}, color::black);
    const jkf ky_before = ky_black;
    CHECK(run(ky_black, source_format::csa).empty());
    CHECK(ky_black == ky_before);

    // Every handicap round-trips through its board.
    for (const char* name : {"KY", "KY_R", "KA", "HI", "HIKY", "2", "3", "4", "5", "5_L", "6", "7_L", "7_R", "8", "10"}) {
        jkf r;
        r.initial = initial_format{"OTHER", position::from_preset(name)->to_state()};
        r.moves.emplace_back();
        CHECK(run(r, source_format::csa).empty());
        CHECK(r.initial == initial_format{name, std::nullopt});
    }
}

TEST_CASE("normalize: KIF HIRATE with a board diagram becomes OTHER", "[shogi][normalize]") {
    jkf r;
    auto p = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    r.initial = initial_format{"HIRATE", p->to_state()};
    r.moves.emplace_back();
    r.moves.push_back(drop(52, pk::ki));
    CHECK(run(r).empty());
    jkf expected;
    expected.initial = initial_format{"OTHER", p->to_state()};
    expected.moves.emplace_back();
    expected.moves.push_back(drop(52, pk::ki));
    expected.moves[1].move->color = color::black;
    CHECK(r == expected);
}

TEST_CASE("normalize: handicap games start with White", "[shogi][normalize]") {
    jkf ok = record_from_preset("KY", {mv(33, 34, pk::fu)});
    CHECK(run(ok).empty());
    require_jkf(ok, R"({"header":{},"initial":{"preset":"KY"},"moves":[{},
  {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}}]})");
    jkf bad = record_from_preset("KY", {mv(77, 76, pk::fu)});
    CHECK(codes(run(bad)) == std::vector<std::string>{"shogi.illegal.opponent-piece"});
}

TEST_CASE("normalize: strict stops at the first illegal move, lenient goes on with other lines", "[shogi][normalize]") {
    // Main line: ▲７六歩 △３四歩 (variation: △８四歩 ▲５五歩(56)?? ) ▲５五歩(56)?? △８四歩
    auto make = [] {
        return record_from_preset(
            "", {mv(77, 76, pk::fu),
                 with_forks(mv(33, 34, pk::fu), {{at_line(mv(83, 84, pk::fu), 20), at_line(mv(56, 55, pk::fu), 21)},
                                                 {at_line(mv(41, 32, pk::ki), 30)}}),
                 at_line(mv(56, 55, pk::fu), 12), mv(83, 84, pk::fu)});
    };
    jkf strict = make();
    auto ds = run(strict, source_format::kif, read_mode::strict);
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].code == "shogi.illegal.empty-origin");
    CHECK(ds[0].ply == 3);
    CHECK(ds[0].line == 12);
    CHECK(ds[0].message == "+5655FU: there is no piece on the origin square");
    CHECK(strict.moves.size() == 3);  // the moves before the error stay

    jkf lenient = make();
    ds = run(lenient, source_format::kif, read_mode::lenient);
    // Each cut line of play ends in an ERROR that says where and why and keeps what it did not play.
    CHECK(codes(ds) == std::vector<std::string>{"shogi.illegal.empty-origin", "shogi.cut", "shogi.illegal.empty-origin",
                                                "shogi.cut"});
    CHECK(ds[2].ply == 3);
    CHECK(ds[2].line == 21);
    require_jkf(lenient, R"({"header":{},"moves":[{},
  {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}},
  {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"},
   "forks":[[{"move":{"from":{"x":8,"y":3},"to":{"x":8,"y":4},"color":1,"piece":"FU"}},
             {"comments":["kifu: the game is cut at line 21: +5655FU: there is no piece on the origin square",
                          "unplayed: +5655FU"],"special":"ERROR"}],
            [{"move":{"from":{"x":4,"y":1},"to":{"x":3,"y":2},"color":1,"piece":"KI"}}]]},
  {"comments":["kifu: the game is cut at line 12: +5655FU: there is no piece on the origin square",
               "unplayed: +5655FU","unplayed: -8384FU"],"special":"ERROR"}]})");
}

TEST_CASE("normalize: lenient ends a variation whose first move is illegal with an ERROR and says so", "[shogi][normalize]") {
    jkf r = record_from_preset("", {with_forks(mv(77, 76, pk::fu), {{mv(77, 75, pk::fu)}, {mv(27, 26, pk::fu)}}),
                                    with_forks(mv(55, 54, pk::fu), {{mv(33, 34, pk::fu)}})});
    auto ds = run(r, source_format::kif, read_mode::lenient);
    // The alternative to the illegal -5554FU starts from the same position: the cut keeps it
    // as its own fork, nothing is dropped.
    CHECK(codes(ds) == std::vector<std::string>{"shogi.illegal.empty-origin", "shogi.cut",
                                                "shogi.illegal.cannot-move-there", "shogi.cut"});
    CHECK(ds[1].severity == kifu::severity::warning);
    require_jkf(r, R"({"header":{},"moves":[{},
  {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},
   "forks":[[{"comments":["kifu: the game is cut at ply 1: +7775FU: the piece cannot move that way","unplayed: +7775FU"],
              "special":"ERROR"}],
            [{"move":{"from":{"x":2,"y":7},"to":{"x":2,"y":6},"color":0,"piece":"FU"}}]]},
  {"comments":["kifu: the game is cut at ply 2: -5554FU: there is no piece on the origin square","unplayed: -5554FU"],
   "special":"ERROR",
   "forks":[[{"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}}]]}]})");
}

TEST_CASE("normalize: record-level problems each have their code", "[shogi][normalize]") {
    SECTION("a move after the end of the game") {
        jkf r = record_from_preset("", {mv(77, 76, pk::fu), special("TORYO"), mv(33, 34, pk::fu)});
        CHECK(codes(run(r)) == std::vector<std::string>{"shogi.move-after-special"});
        CHECK(r.moves.size() == 3);
    }
    SECTION("a move marked for the wrong side") {
        jkf r = record_from_preset("", {csa(77, 76, pk::fu, color::white, 0)});
        CHECK(codes(run(r, source_format::csa)) == std::vector<std::string>{"shogi.wrong-turn"});
    }
    SECTION("同 on the first move") {
        jkf r = record_from_preset("", {same(77, pk::fu)});
        CHECK(codes(run(r)) == std::vector<std::string>{"shogi.same-without-previous"});
    }
    SECTION("同 with another square") {
        move_format m = mv(33, 34, pk::fu);
        m.move->same = true;
        jkf r = record_from_preset("", {mv(77, 76, pk::fu), m});
        CHECK(codes(run(r)) == std::vector<std::string>{"shogi.same-mismatch"});
    }
    SECTION("a move without destination, a drop without piece") {
        jkf r = record_from_preset("", {mv(77, 0, pk::fu)});
        CHECK(codes(run(r)) == std::vector<std::string>{"shogi.incomplete-move"});
        jkf d = record_from_preset("", {drop(55, pk::fu)});
        d.moves[1].move->piece.reset();
        CHECK(codes(run(d)) == std::vector<std::string>{"shogi.incomplete-move"});
    }
    SECTION("KI2 ambiguity and mismatch") {
        jkf r = record_from_preset("", {ki2(58, pk::ki)});
        CHECK(codes(run(r, source_format::ki2)) == std::vector<std::string>{"shogi.relative.ambiguous"});
        jkf s = record_from_preset("", {ki2(58, pk::ki, "C")});
        CHECK(codes(run(s, source_format::ki2)) == std::vector<std::string>{"shogi.relative.no-match"});
    }
    SECTION("an unknown preset") {
        jkf r = record_from_preset("詰将棋", {});
        CHECK(codes(run(r)) == std::vector<std::string>{"shogi.initial.unknown-preset"});
    }
    SECTION("OTHER without a board") {
        jkf r = record_from_preset("OTHER", {mv(77, 76, pk::fu)});
        auto ds = run(r);
        CHECK(codes(ds) == std::vector<std::string>{"shogi.initial.no-board"});
        CHECK(ds[0].severity == kifu::severity::warning);
        CHECK(r.moves[1].move->color == color::black);
    }
    SECTION("a move or variations on the start entry") {
        jkf r = record_from_preset("", {});
        r.moves[0].move = move_data{};
        CHECK(codes(run(r)) == std::vector<std::string>{"shogi.move-at-start"});
        jkf f = record_from_preset("", {mv(77, 76, pk::fu)});
        f.moves[0].forks = {{mv(27, 26, pk::fu)}};
        CHECK(codes(run(f, source_format::kif, read_mode::lenient)) == std::vector<std::string>{"shogi.fork-at-start"});
        CHECK(f.moves[0].forks.empty());
    }
    SECTION("variations nested too deep") {
        // Each level is an alternative to the first move of the one above it.
        jkf r = record_from_preset("", {mv(77, 76, pk::fu)});
        std::vector<move_format>* line = &r.moves;
        std::size_t at = 1;
        for (int depth = 0; depth < 1001; ++depth) {
            (*line)[at].forks.push_back({mv(27, 26, pk::fu)});
            line = &(*line)[at].forks.back();
            at = 0;
        }
        auto ds = run(r, source_format::kif, read_mode::lenient);
        CHECK(codes(ds) == std::vector<std::string>{"shogi.fork-too-deep"});
    }
}

TEST_CASE("normalize: CSA running totals carry ms, s and m at every boundary", "[shogi][normalize]") {
    // Rooks shuttling (28-38, 82-72) with times that hit every carry; a few huge ones take
    // the general path. Expected: each player's running total in milliseconds, split.
    const long long times[][3] = {{0, 59, 999}, {0, 59, -1}, {0, 0, 1},   {0, 59, 0},   {59, 59, 999}, {0, 1, -1},
                                  {1, 0, 500},  {118, 0, -1}, {0, 58, 500}, {0, 0, -1},  {100000, 7, 3}, {0, 59, 999},
                                  {60, 0, -1},  {0, 30, 499}, {0, 30, 501}, {2, 3, -1},  {0, 0, 0},      {59, 0, -1},
                                  {0, 59, -1},  {0, 1, 998},  {0, 59, 2},   {119, 59, -1}, {0, 0, 999},  {0, 0, 1}};
    std::vector<move_format> moves;
    for (std::size_t i = 0; i < std::size(times); ++i) {
        const bool black = i % 2 == 0;
        const bool out = i % 4 < 2;
        move_format f = black ? mv(out ? 28 : 38, out ? 38 : 28, pk::hi) : mv(out ? 82 : 72, out ? 72 : 82, pk::hi);
        f.time = move_time{time_value{std::nullopt, static_cast<int>(times[i][0]), static_cast<int>(times[i][1]),
                                      times[i][2] < 0 ? std::nullopt : std::optional<int>(static_cast<int>(times[i][2]))},
                           std::nullopt};
        moves.push_back(f);
    }
    jkf r = record_from_preset("", moves);
    CHECK(run(r, source_format::csa).empty());
    std::vector<std::optional<time_value>> got;
    std::vector<std::optional<time_value>> expected;
    std::array<long long, 2> total_ms{};
    std::array<bool, 2> has_ms{};
    for (std::size_t i = 0; i < std::size(times); ++i) {
        const std::size_t c = i % 2;
        total_ms[c] += (times[i][0] * 60 + times[i][1]) * 1000 + (times[i][2] < 0 ? 0 : times[i][2]);
        has_ms[c] = has_ms[c] || times[i][2] >= 0;
        const long long t = total_ms[c];
        expected.push_back(time_value{static_cast<int>(t / 3600000), static_cast<int>(t / 60000 % 60), static_cast<int>(t / 1000 % 60),
                                      has_ms[c] ? std::optional<int>(static_cast<int>(t % 1000)) : std::nullopt});
        REQUIRE(r.moves[i + 1].time);
        got.push_back(r.moves[i + 1].time->total);
    }
    CHECK(got == expected);
}

TEST_CASE("normalize: CSA running totals restart after a move without time and clamp their hours", "[shogi][normalize]") {
    // Each total is the same player's previous total (that of the element two before, when it
    // has one) plus the move's time, normalized, the hours clamped to INT_MAX: the model below,
    // over moves with no time, milliseconds and minutes large enough to reach the clamp.
    std::vector<std::optional<time_value>> nows;
    std::uint32_t seed = 12345;
    auto next = [&] { return seed = seed * 1103515245u + 12345u, seed >> 8; };
    for (int i = 0; i < 400; ++i) {
        // Moves 150 to 329 take INT_MAX minutes or so (each adds 35,791,394 hours: the hours
        // reach INT_MAX in 60 moves of a player), in whole seconds; the others a few minutes,
        // one in ten with milliseconds and one in ten with no time.
        const bool huge = i >= 150 && i < 330;
        const std::uint32_t kind = next() % 10;
        if (huge) {
            nows.push_back(time_value{std::nullopt, INT_MAX - static_cast<int>(next() % 3), static_cast<int>(next() % 60), std::nullopt});
        } else if (kind == 0) {
            nows.emplace_back();  // no time: the next total of this player starts afresh
        } else if (kind == 1) {
            nows.push_back(time_value{std::nullopt, static_cast<int>(next() % 60), static_cast<int>(next() % 60),
                                      static_cast<int>(next() % 1000)});
        } else {
            nows.push_back(time_value{std::nullopt, static_cast<int>(next() % 200), static_cast<int>(next() % 60), std::nullopt});
        }
    }
    std::vector<move_format> moves;
    for (std::size_t i = 0; i < nows.size(); ++i) {
        const bool black = i % 2 == 0;
        const bool out = i % 4 < 2;
        move_format f = black ? mv(out ? 28 : 38, out ? 38 : 28, pk::hi) : mv(out ? 82 : 72, out ? 72 : 82, pk::hi);
        if (nows[i]) f.time = move_time{*nows[i], std::nullopt};
        moves.push_back(f);
    }
    jkf r = record_from_preset("", moves);
    CHECK(run(r, source_format::csa).empty());
    std::vector<std::optional<time_value>> expected(nows.size() + 1);
    std::vector<std::optional<time_value>> got;
    for (std::size_t i = 1; i <= nows.size(); ++i) {
        got.push_back(r.moves[i].time ? r.moves[i].time->total : std::nullopt);
        if (!nows[i - 1]) {
            expected[i].reset();
            continue;
        }
        const time_value& now = *nows[i - 1];
        const std::optional<time_value>& before = i >= 2 ? expected[i - 2] : std::nullopt;
        long long ms = now.ms.value_or(0) + (before ? before->ms.value_or(0) : 0LL);
        long long s = now.s + (before ? before->s : 0LL);
        long long m = now.m + (before ? before->m : 0LL);
        long long h = before ? *before->h : 0LL;
        time_value total;
        if (now.ms || (before && before->ms)) {
            s += ms / 1000;
            total.ms = static_cast<int>(ms % 1000);
        }
        m += s / 60;
        total.s = static_cast<int>(s % 60);
        total.m = static_cast<int>(m % 60);
        total.h = static_cast<int>(std::min<long long>(h + m / 60, INT_MAX));
        expected[i] = total;
    }
    expected.erase(expected.begin());
    CHECK(got == expected);
    // The clamp was reached, and totals restarted after a move without time.
    CHECK(std::count_if(got.begin(), got.end(), [](const auto& t) { return t && t->h == INT_MAX; }) > 0);
}

TEST_CASE("normalize: a lenient cut ends the line with an ERROR that keeps the unplayed lines", "[shogi][normalize]") {
    const std::string kif =
        "手合割：平手\n手数----指手---------消費時間--\n"
        "1 ７六歩(77)\n2 ３四歩(33)\n3 ５五飛(28)\n4 ８四歩(83)\n\n変化：4手\n4 ４四歩(43)\n";
    kifu::read_options options;
    options.mode = read_mode::lenient;
    const kifu::read_result r = kifu::read_buffer(kif, "cut.kif", options);
    REQUIRE(r.records.size() == 1);
    const jkf* game = r.records[0].get<jkf>();
    REQUIRE(game != nullptr);
    REQUIRE(game->moves.size() == 4);
    const move_format& cut = game->moves[3];
    CHECK(cut.special == "ERROR");
    CHECK(!cut.move);
    REQUIRE(cut.comments.size() == 4);
    CHECK(cut.comments[0].starts_with("kifu: the game is cut at line 5: +2855HI: "));
    CHECK(cut.comments[1] == "unplayed: 3 ５五飛(28)");
    CHECK(cut.comments[2] == "unplayed: 4 ８四歩(83)");
    CHECK(cut.comments[3] == "unplayed: 4 ４四歩(43)");  // the variation hanging on them
    std::vector<std::string> found;
    for (const kifu::diagnostic& d : r.diagnostics) found.push_back(d.code);
    CHECK(std::find(found.begin(), found.end(), "shogi.cut") != found.end());
    // Strict mode keeps nothing of the game; the JKF of a cut game reads back unchanged.
    CHECK(kifu::read_buffer(kif, "cut.kif").records.empty());
    const kifu::read_result back = kifu::read_buffer(kifu::to_jkf(r.records[0]), "cut.jkf");
    CHECK(back.ok());
    REQUIRE(back.records.size() == 1);
    CHECK(kifu::to_jkf(back.records[0]) == kifu::to_jkf(r.records[0]));
}

TEST_CASE("normalize: a lenient cut of JKF keeps the unplayed moves in CSA notation", "[shogi][normalize]") {
    const std::string jkf_text =
        R"({"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},)"
        R"({"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},)"
        R"({"move":{"from":{"x":2,"y":8},"to":{"x":5,"y":5},"piece":"HI"}},)"
        R"({"move":{"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}}]})";
    kifu::read_options options;
    options.mode = read_mode::lenient;
    const kifu::read_result r = kifu::read_buffer(jkf_text, "cut.jkf", options);
    REQUIRE(r.records.size() == 1);
    const move_format& cut = r.records[0].get<jkf>()->moves.back();
    CHECK(cut.special == "ERROR");
    REQUIRE(cut.comments.size() == 3);
    CHECK(cut.comments[1] == "unplayed: +2855HI");
    CHECK(cut.comments[2] == "unplayed: -8384FU");
}
