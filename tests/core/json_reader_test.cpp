#include "core/json_reader.hpp"

#include <random>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/diagnostics.hpp"

namespace {

struct parsed {
    std::optional<nlohmann::json> json;
    std::vector<std::string> diagnostics;
};

parsed parse(std::string text) {
    const kifu::source_text source("game.jkf", std::move(text), "UTF-8");
    std::vector<kifu::diagnostic> list;
    parsed out;
    REQUIRE_NOTHROW(out.json = kifu::detail::parse_json(source, "jkf", list));
    out.diagnostics = kifu::test::gcc_list(list);
    return out;
}

using strings = std::vector<std::string>;

}  // namespace

TEST_CASE("parse_json reads a valid document", "[json_reader]") {
    const auto out = parse("{\"header\": {\"先手\": \"羽生\"},\r\n \"moves\": [{}, {\"move\": {\"to\": {\"x\": 7, \"y\": 6}}}]}");
    REQUIRE(out.json.has_value());
    CHECK(out.diagnostics.empty());
    CHECK(out.json->dump() == R"({"header":{"先手":"羽生"},"moves":[{},{"move":{"to":{"x":7,"y":6}}}]})");
}

TEST_CASE("parse_json turns a syntax error into a positioned jkf.json diagnostic", "[json_reader]") {
    const auto out = parse("{\n  \"先手\": \"羽生\",\n  \"moves\": [1, 2,, 3]\n}");
    CHECK_FALSE(out.json.has_value());
    CHECK(out.diagnostics == strings{
        "game.jkf:3:18: error: invalid JSON: syntax error while parsing value - unexpected ','; expected '[', "
        "'{', or a literal [jkf.json]"});
}

TEST_CASE("parse_json reports where a Japanese line goes wrong, in code points", "[json_reader]") {
    const auto out = parse("{\"先手\": 羽生}");
    CHECK_FALSE(out.json.has_value());
    REQUIRE(out.diagnostics.size() == 1);
    CHECK(out.diagnostics[0].starts_with("game.jkf:1:8: error: invalid JSON: syntax error while parsing value - invalid literal"));
    CHECK(out.diagnostics[0].ends_with("[jkf.json]"));
}

TEST_CASE("parse_json reports empty input and a truncated document", "[json_reader]") {
    CHECK(parse("").diagnostics == strings{
        "game.jkf:1:1: error: invalid JSON: syntax error while parsing value - unexpected end of input; expected "
        "'[', '{', or a literal [jkf.json]"});
    CHECK(parse("{\"a\": [1,\n").diagnostics == strings{
        "game.jkf:2:1: error: invalid JSON: syntax error while parsing value - unexpected end of input; expected "
        "'[', '{', or a literal [jkf.json]"});
    CHECK(parse("[1] x").diagnostics == strings{
        "game.jkf:1:5: error: invalid JSON: syntax error while parsing value - invalid literal; last read: '1] x'; "
        "expected end of input [jkf.json]"});
    CHECK_FALSE(parse("\"\\ud800\"").json.has_value());  // a lone surrogate escape
}

TEST_CASE("parse_json locates a number too large for a double", "[json_reader]") {
    CHECK(parse("{\"time\": 1,\n \"x\": [1e999]}").diagnostics == strings{
        "game.jkf:2:8: error: invalid JSON: number overflow parsing '1e999' [jkf.json]"});
}

TEST_CASE("parse_json bounds nesting at 3008 levels", "[json_reader]") {
    const std::string ok = std::string(3008, '[') + std::string(3008, ']');
    CHECK(parse(ok).json.has_value());
    CHECK(parse(ok).diagnostics.empty());

    const std::string deep = "{\"a\": \"[[[[{{\",\n \"b\": " + std::string(3100, '[') + std::string(3100, ']') + "}";
    const auto out = parse(deep);
    CHECK_FALSE(out.json.has_value());
    // The object is level 1, so the 3008th '[' opens level 3009; it sits at column 7 + 3007.
    CHECK(out.diagnostics == strings{"game.jkf:2:3014: error: arrays and objects nested deeper than 3008 levels [jkf.json]"});

    // A syntax error before the deep part is the one reported.
    const auto early = parse("[1,,\n" + std::string(100000, '[') );
    CHECK(early.diagnostics == strings{
        "game.jkf:1:4: error: invalid JSON: syntax error while parsing value - unexpected ','; expected '[', '{', "
        "or a literal [jkf.json]"});
    // Very deep input never overflows anything.
    CHECK(parse(std::string(1000000, '[')).diagnostics.size() == 1);
}

TEST_CASE("parse_json never throws on mutated documents", "[json_reader]") {
    const std::string valid = R"({"header":{"先手":"羽生"},"moves":[{},{"move":{"to":{"x":7,"y":6},"piece":"FU"}},)"
                              R"({"comments":["a\"b","\u00e9"],"time":{"now":{"m":0,"s":1.5e3}}}]})";
    std::mt19937 random(7);
    const std::string alphabet = "{}[]\",:\\0123456789.eE-+tfnul \n\x80";
    for (int round = 0; round < 2000; ++round) {
        std::string s = valid;
        const int edits = 1 + static_cast<int>(random() % 4);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = random() % s.size();
            switch (random() % 3) {
                case 0: s.erase(at, 1 + random() % 3); break;
                case 1: s.insert(at, 1, alphabet[random() % alphabet.size()]); break;
                default: s[at] = alphabet[random() % alphabet.size()]; break;
            }
            if (s.empty()) s = "{";
        }
        // The reader takes decoded text, which is always valid UTF-8.
        if (!kifu::is_valid_utf8(s)) continue;
        const auto out = parse(s);
        CHECK(out.json.has_value() == out.diagnostics.empty());
        CHECK(out.diagnostics.size() <= 1);
    }
}
