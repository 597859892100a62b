// The JKF model: its writer (whole documents) and the JKF input format (round trips and
// every schema error the reader gives).

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <kifu/format.hpp>
#include <kifu/json_writer.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

#include "shogi/jkf_reader.hpp"
#include "shogi/corpus_support.hpp"

namespace {

using namespace kifu::shogi;

std::string write(const jkf& r, bool pretty = false) {
    std::string out;
    kifu::json_writer w(out, pretty);
    write_jkf_to(w, r);
    return out;
}

kifu::read_result read(const std::string& json, bool normalize = true,
                       kifu::read_mode mode = kifu::read_mode::strict) {
    const kifu::source_text text("t.jkf", json, "UTF-8");
    kifu::read_options options;
    options.normalize = normalize;
    options.mode = mode;
    kifu::read_result out;
    kifu::shogi::detail::read_jkf(text, options, out);
    return out;
}

using kifu::test::diagnostics_of;

square sq(int x, int y) { return square{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}; }

// A record that uses every field the writer knows (not a legal game: the writer does not care).
jkf every_field() {
    jkf r;
    r.set_header("先手", "na2hiro");
    r.set_header("後手", "うひょ");
    r.set_header("先手", "羽生");  // replaces the value, keeps the first position
    state_format s;
    s.color = color::white;
    s.board[4][0] = piece{color::white, piece_kind::ou};
    s.board[4][8] = piece{color::black, piece_kind::ou};
    s.board[0][0] = piece{color::black, piece_kind::ry};
    s.hands[0][0] = 2;  // FU
    s.hands[1][6] = 1;  // HI
    r.initial = initial_format{"OTHER", s};

    move_format start;
    start.comments = {"開始", "\"quoted\""};
    r.moves.push_back(start);

    move_format m1;
    m1.move = move_data{color::black, sq(1, 1), sq(2, 2), piece_kind::ka, true, false, piece_kind::um, "LU"};
    m1.time = move_time{time_value{std::nullopt, 1, 5, 250}, time_value{0, 1, 5, 250}};
    m1.comments = {"c1"};
    move_format alt;
    alt.move = move_data{color::black, std::nullopt, sq(5, 5), piece_kind::fu, std::nullopt, std::nullopt, std::nullopt, "H"};
    move_format alt_end;
    alt_end.special = "TORYO";
    m1.forks = {{alt, alt_end}};
    r.moves.push_back(m1);

    move_format m2;
    m2.special = "CHUDAN";
    m2.time = move_time{time_value{std::nullopt, 0, 3, std::nullopt}, time_value{1, 2, 3, std::nullopt}};
    r.moves.push_back(m2);
    return r;
}

std::string empty_column() { return "[{},{},{},{},{},{},{},{},{}]"; }

}  // namespace

TEST_CASE("jkf: the writer writes every field with json-kifu-format's names", "[jkf]") {
    const std::string expected =
        R"({"header":{"先手":"羽生","後手":"うひょ"},)"
        R"("initial":{"preset":"OTHER","data":{"color":1,"board":[)"
        R"([{"color":0,"kind":"RY"},{},{},{},{},{},{},{},{}],)" +
        empty_column() + "," + empty_column() + "," + empty_column() + "," +
        R"([{"color":1,"kind":"OU"},{},{},{},{},{},{},{},{"color":0,"kind":"OU"}],)" + empty_column() + "," +
        empty_column() + "," + empty_column() + "," + empty_column() + "]," +
        R"("hands":[{"FU":2,"KY":0,"KE":0,"GI":0,"KI":0,"KA":0,"HI":0},{"FU":0,"KY":0,"KE":0,"GI":0,"KI":0,"KA":0,"HI":1}]}},)"
        R"("moves":[{"comments":["開始","\"quoted\""]},)"
        R"({"comments":["c1"],"move":{"color":0,"from":{"x":1,"y":1},"to":{"x":2,"y":2},"piece":"KA","same":true,"promote":false,"capture":"UM","relative":"LU"},)"
        R"("time":{"now":{"m":1,"s":5,"ms":250},"total":{"h":0,"m":1,"s":5,"ms":250}},)"
        R"("forks":[[{"move":{"color":0,"to":{"x":5,"y":5},"piece":"FU","relative":"H"}},{"special":"TORYO"}]]},)"
        R"({"time":{"now":{"m":0,"s":3},"total":{"h":1,"m":2,"s":3}},"special":"CHUDAN"}]})";
    CHECK(write(every_field()) == expected);
}

TEST_CASE("jkf: the writer omits initial when absent and writes an empty start", "[jkf]") {
    jkf r;
    r.moves.emplace_back();
    CHECK(write(r) == R"({"header":{},"moves":[{}]})");
    r.initial = initial_format{"KY", std::nullopt};
    CHECK(write(r) == R"({"header":{},"initial":{"preset":"KY"},"moves":[{}]})");
}

TEST_CASE("jkf: pretty output indents with two spaces", "[jkf]") {
    jkf r;
    r.set_header("a", "b");
    r.moves.emplace_back();
    CHECK(write(r, true) == "{\n  \"header\": {\n    \"a\": \"b\"\n  },\n  \"moves\": [\n    {}\n  ]\n}");
}

TEST_CASE("jkf: piece kind helpers", "[jkf]") {
    for (int i = 0; i < piece_kind_count; ++i) {
        const auto k = static_cast<piece_kind>(i);
        CHECK(piece_kind_from_csa(to_csa(k)) == k);
        CHECK(unpromote(promote(k)) == (is_promoted(k) ? unpromote(k) : k));
        CHECK(can_promote(k) == (promote(k) != k));
    }
    CHECK_FALSE(piece_kind_from_csa("XX"));
    CHECK_FALSE(piece_kind_from_csa("fu"));
    CHECK(promote(piece_kind::ka) == piece_kind::um);
    CHECK(unpromote(piece_kind::ng) == piece_kind::gi);
    CHECK_FALSE(can_promote(piece_kind::ki));
    CHECK_FALSE(can_promote(piece_kind::ou));
    CHECK(is_promoted(piece_kind::ry));
}

TEST_CASE("jkf: find_header", "[jkf]") {
    const jkf r = every_field();
    REQUIRE(r.find_header("先手") != nullptr);
    CHECK(*r.find_header("先手") == "羽生");
    CHECK(r.find_header("場所") == nullptr);
}

TEST_CASE("jkf reader: write → read → write is identical (raw)", "[jkf]") {
    const std::string first = write(every_field());
    const kifu::read_result r = read(first, false);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    REQUIRE(r.records.size() == 1);
    const jkf* back = r.records[0].get<jkf>();
    REQUIRE(back != nullptr);
    CHECK(*back == every_field());
    CHECK(write(*back) == first);
}

TEST_CASE("jkf reader: a normalized game reads back to itself", "[jkf]") {
    // The README's example before normalization: the reader fills in capture, same, promote.
    const std::string raw =
        R"({"header":{"先手":"na2hiro","後手":"うひょ"},"moves":[{},)"
        R"({"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},)"
        R"({"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},)"
        R"({"move":{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA"}},)"
        R"({"move":{"from":{"x":3,"y":1},"to":{"x":2,"y":2},"piece":"GI"}},)"
        R"({"move":{"to":{"x":4,"y":5},"piece":"KA"}},{"special":"CHUDAN"}]})";
    const kifu::read_result r = read(raw);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    REQUIRE(r.records.size() == 1);
    const std::string once = kifu::to_jkf(r.records[0]);
    CHECK(once ==
          R"({"header":{"先手":"na2hiro","後手":"うひょ"},"moves":[{},)"
          R"({"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},)"
          R"({"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},)"
          R"({"move":{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":false,"capture":"KA"}},)"
          R"({"move":{"color":1,"from":{"x":3,"y":1},"to":{"x":2,"y":2},"piece":"GI","same":true,"capture":"KA"}},)"
          R"({"move":{"color":0,"to":{"x":4,"y":5},"piece":"KA"}},{"special":"CHUDAN"}]})");
    const kifu::read_result again = read(once);
    REQUIRE(again.ok());
    REQUIRE(again.records.size() == 1);
    CHECK(kifu::to_jkf(again.records[0]) == once);
}

TEST_CASE("jkf reader: the header keeps the document's order of keys", "[jkf]") {
    // Not sorted: a KIF written from the JKF lists the header lines in the order the JKF has them.
    const std::string raw = R"({"header":{"開始日時":"2024/01/02","棋戦":"test","先手":"a","後手":"b"},"moves":[{}]})";
    const kifu::read_result r = read(raw);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    REQUIRE(r.records.size() == 1);
    CHECK(kifu::to_jkf(r.records[0]) == raw);
}

TEST_CASE("jkf reader: null optionals and the schema's extra hand keys are accepted", "[jkf]") {
    const kifu::read_result r = read(
        R"({"header":{},"initial":null,"moves":[{"comments":null},)"
        R"({"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU","promote":null,"capture":null},"special":null}]})");
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    CHECK(kifu::to_jkf(r.records.at(0)) ==
          R"({"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]})");
}

TEST_CASE("jkf reader: malformed JSON is jkf.json", "[jkf]") {
    const kifu::read_result r = read("{\"header\":{},\n\"moves\":[{},]}");
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].code == "jkf.json");
    CHECK(r.diagnostics[0].line == 2);
    CHECK(r.records.empty());
}

TEST_CASE("jkf reader: a wrong shape is jkf.schema, naming the field and pointing at it", "[jkf]") {
    struct schema_case {
        std::string json;
        std::string expected;
    };
    const std::vector<schema_case> cases{
        {R"([])", "t.jkf:1:1: error: the document must be a JSON object with header and moves [jkf.schema]\n"},
        {R"({"moves":[{}]})", "t.jkf:1:1: error: missing field 'header' [jkf.schema]\n"},
        {R"({"header":{}})", "t.jkf:1:1: error: missing field 'moves' [jkf.schema]\n"},
        {R"({"header":{"a":1},"moves":[{}]})", "t.jkf:1:16: error: header.a: expected a string [jkf.schema]\n"},
        {"{\"header\":{},\n \"moves\":[{},\n  {\"move\":{\"to\":{\"x\":10,\"y\":1},\"piece\":\"FU\"}}]}",
         "t.jkf:3:22: error: moves[1].move.to.x: expected an integer 1..9 [jkf.schema]\n"},
        {R"({"header":{},"moves":[{},{"move":{"to":{"x":1,"y":1},"piece":"XX"}}]})",
         "t.jkf:1:62: error: moves[1].move.piece: expected a piece kind (FU KY KE GI KI KA HI OU TO NY NK NG UM RY) "
         "[jkf.schema]\n"},
        {R"({"header":{},"moves":[{},{"move":{"to":{"x":1},"piece":"FU"}}]})",
         "t.jkf:1:40: error: moves[1].move.to.y: missing (a square needs x and y) [jkf.schema]\n"},
        {R"({"header":{},"moves":[{},{"move":{"color":2}}]})",
         "t.jkf:1:43: error: moves[1].move.color: expected a colour (0 or 1) [jkf.schema]\n"},
        {R"({"header":{},"moves":[{"comments":"x"}]})",
         "t.jkf:1:35: error: moves[0].comments: expected an array of strings [jkf.schema]\n"},
        {R"({"header":{},"moves":[{},{"time":{"now":{"m":0,"s":60}}}]})",
         "t.jkf:1:52: error: moves[1].time.now.s: expected seconds 0..59 [jkf.schema]\n"},
        {R"({"header":{},"moves":[{},{"special":"TORYO","forks":[[{"move":{"relative":"X"}}]]}]})",
         "t.jkf:1:75: error: moves[1].forks[0][0].move.relative: expected one of L C R U M D LU LD RU RD LM RM H "
         "[jkf.schema]\n"},
        {R"({"header":{},"initial":{"preset":"9"},"moves":[{}]})",
         "t.jkf:1:34: error: initial.preset: expected a preset (HIRATE KY KY_R KA HI HIKY 2 3 4 5 5_L 6 7_L 7_R 8 10 "
         "OTHER) [jkf.schema]\n"},
        {R"({"header":{},"initial":{"preset":"OTHER","data":{"color":0,"board":[],"hands":[{},{}]}},"moves":[{}]})",
         "t.jkf:1:68: error: initial.data.board: expected 9 columns of 9 squares [jkf.schema]\n"},
        {R"({"header":{},"moves":{}})", "t.jkf:1:22: error: moves: expected an array of moves [jkf.schema]\n"},
        {R"({"header":{},"moves":[{},{"move":{"same":"yes"}}]})",
         "t.jkf:1:42: error: moves[1].move.same: expected true or false [jkf.schema]\n"},
    };
    for (const schema_case& c : cases) {
        INFO(c.json);
        const kifu::read_result r = read(c.json);
        CHECK(diagnostics_of(r) == c.expected);
        CHECK(r.records.empty());
    }
}

TEST_CASE("jkf reader: an illegal move is the normalizer's diagnostic with its line", "[jkf]") {
    const kifu::read_result r =
        read("{\"header\":{},\"moves\":[{},\n{\"move\":{\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":5},\"piece\":\"FU\"}}]}");
    REQUIRE_FALSE(r.ok());
    REQUIRE(!r.diagnostics.empty());
    CHECK(r.diagnostics[0].line == 2);
    CHECK(r.diagnostics[0].ply == 1);
    CHECK(r.records.empty());
}
