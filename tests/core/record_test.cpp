#include <kifu/record.hpp>

#include <catch2/catch.hpp>

namespace kifu_record_test {

// A model of our own, found by argument-dependent lookup as record.hpp asks.
struct toy_model {
    std::string name;
    std::vector<int> moves;
};

kifu::game game_of(const toy_model&) { return kifu::game::othello; }

void write_jkf_to(kifu::json_writer& out, const toy_model& m) {
    out.begin_object();
    out.key("header");
    out.begin_object();
    out.member("name", m.name);
    out.end_object();
    out.key("moves");
    out.begin_array();
    for (int move : m.moves) out.value(move);
    out.end_array();
    out.end_object();
}

// A second model, to ask a record for the wrong type (a model needs game_of to be named).
struct other_model {};
kifu::game game_of(const other_model&) { return kifu::game::go; }
void write_jkf_to(kifu::json_writer& out, const other_model&) { out.null(); }

}  // namespace kifu_record_test

TEST_CASE("to_string(game) names each game", "[record]") {
    CHECK(kifu::to_string(kifu::game::shogi) == "shogi");
    CHECK(kifu::to_string(kifu::game::go) == "go");
    CHECK(kifu::to_string(kifu::game::othello) == "othello");
}

TEST_CASE("to_jkf writes the model compact or pretty, without a trailing newline", "[record]") {
    const kifu::record r(kifu_record_test::toy_model{"黒\"白", {19, 26}});
    CHECK(r.game() == kifu::game::othello);
    REQUIRE(r.get<kifu_record_test::toy_model>() != nullptr);
    CHECK(r.get<kifu_record_test::other_model>() == nullptr);
    CHECK(kifu::to_jkf(kifu::record(kifu_record_test::other_model{})) == "null");
    CHECK(kifu::to_jkf(r) == R"({"header":{"name":"黒\"白"},"moves":[19,26]})");
    CHECK(kifu::to_jkf(r, {.pretty = true}) == R"({
  "header": {
    "name": "黒\"白"
  },
  "moves": [
    19,
    26
  ]
})");
    const kifu::record empty(kifu_record_test::toy_model{"", {}});
    CHECK(kifu::to_jkf(empty, {.pretty = true}) == "{\n  \"header\": {\n    \"name\": \"\"\n  },\n  \"moves\": []\n}");
}
