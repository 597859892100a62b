#include <kifu/json_writer.hpp>

#include <cmath>
#include <limits>
#include <random>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace {

std::string escaped(std::string_view s) {
    std::string out;
    kifu::append_json_string(out, s);
    return out;
}

std::string hex(std::string_view s) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (const unsigned char c : s) {
        out += digits[c >> 4];
        out += digits[c & 0xF];
        out += ' ';
    }
    return out;
}

// A document that uses every call of the writer, written compact or pretty.
std::string sample_document(bool pretty) {
    std::string out;
    kifu::json_writer w(out, pretty);
    w.begin_object();
    w.member("name", "先手");
    w.member("count", 3);
    w.member("big", std::numeric_limits<std::uint64_t>::max());
    w.member("ok", true);
    w.key("none");
    w.null();
    w.key("empty_object");
    w.begin_object();
    w.end_object();
    w.key("empty_array");
    w.begin_array();
    w.end_array();
    w.key("moves");
    w.begin_array();
    w.value(1);
    w.begin_object();
    w.member("to", "76");
    w.key("nested");
    w.begin_array();
    w.value(false);
    w.begin_array();
    w.end_array();
    w.end_array();
    w.end_object();
    w.raw("{\"x\":1}");
    w.end_array();
    w.member("ratio", 0.5);
    w.end_object();
    return out;
}

}  // namespace

TEST_CASE("append_json_string escapes quotes, backslashes and control characters", "[json_writer]") {
    CHECK(escaped("") == R"("")");
    CHECK(escaped("plain text") == R"("plain text")");
    CHECK(escaped("a\"b\\c/d") == R"("a\"b\\c/d")");
    CHECK(escaped("\b\f\n\r\t") == R"("\b\f\n\r\t")");
    CHECK(escaped(std::string_view("\x00\x01\x1f\x7f", 4)) == "\"\\u0000\\u0001\\u001f\x7f\"");
    CHECK(escaped("▲７六歩") == "\"▲７六歩\"");
    CHECK(escaped("😀") == "\"😀\"");
    // Long runs go through the 8-byte fast path; a special byte at every place of a word.
    for (std::size_t at = 0; at < 20; ++at) {
        std::string s(20, 'x');
        s[at] = '"';
        std::string expected = "\"" + std::string(at, 'x') + "\\\"" + std::string(19 - at, 'x') + "\"";
        CHECK(escaped(s) == expected);
    }
}

TEST_CASE("append_json_string replaces invalid UTF-8 by U+FFFD", "[json_writer]") {
    const std::string fffd = "\xEF\xBF\xBD";
    CHECK(escaped("a\x80z") == "\"a" + fffd + "z\"");              // lone continuation byte
    CHECK(escaped("\xC0\xAF") == "\"" + fffd + fffd + "\"");       // overlong '/'
    CHECK(escaped("\xED\xA0\x80") == "\"" + fffd + fffd + fffd + "\"");  // surrogate U+D800
    CHECK(escaped("\xF4\x90\x80\x80") == "\"" + fffd + fffd + fffd + fffd + "\"");  // > U+10FFFF
    CHECK(escaped("\xE6\x97") == "\"" + fffd + "\"");              // truncated 日: one maximal subpart
    CHECK(escaped("\xE6\x97z") == "\"" + fffd + "z\"");
    CHECK(escaped("\xF0\x9F\x98") == "\"" + fffd + "\"");
    CHECK(escaped("\xFF\xFE") == "\"" + fffd + fffd + "\"");
    CHECK(escaped("\x95\x5C") == "\"" + fffd + "\\\\\"");          // CP932 表 is not UTF-8
}

TEST_CASE("append_json_string agrees with nlohmann on random strings, valid or not", "[json_writer]") {
    std::mt19937 random(20261121);
    const std::vector<std::string> pieces = {"a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\x01", "\x1f", "\x7f",
                                             "é", "歩", "😀", "\x80", "\xBF", "\xC0", "\xC2", "\xE0\xA0",
                                             "\xED\xA0\x80", "\xF0\x9F", "\xF4\x90\x80\x80", "\xFF", "\xE6\x97"};
    std::uniform_int_distribution<std::size_t> length(0, 40);
    std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int round = 0; round < 3000; ++round) {
        std::string s;
        const std::size_t n = length(random);
        for (std::size_t i = 0; i < n; ++i) {
            if (round % 3 == 0) s += static_cast<char>(byte(random));  // raw random bytes
            else s += pieces[pick(random)];
        }
        const std::string ours = escaped(s);
        INFO("input bytes: " << hex(s));
        const auto parsed = nlohmann::json::parse(ours, nullptr, false);
        REQUIRE_FALSE(parsed.is_discarded());
        REQUIRE(parsed.is_string());
        // nlohmann's replace mode also substitutes maximal subparts, and escapes as we do.
        const std::string theirs = nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        REQUIRE(ours == theirs);
        if (parsed.get<std::string>() != s) CHECK(theirs.find("\xEF\xBF\xBD") != std::string::npos);
    }
}

TEST_CASE("json_writer writes a compact document with commas in place", "[json_writer]") {
    CHECK(sample_document(false) ==
          R"({"name":"先手","count":3,"big":18446744073709551615,"ok":true,"none":null,"empty_object":{},)"
          R"("empty_array":[],"moves":[1,{"to":"76","nested":[false,[]]},{"x":1}],"ratio":0.5})");
}

TEST_CASE("json_writer pretty mode indents by two spaces like nlohmann's dump(2)", "[json_writer]") {
    const std::string expected = R"({
  "name": "先手",
  "count": 3,
  "big": 18446744073709551615,
  "ok": true,
  "none": null,
  "empty_object": {},
  "empty_array": [],
  "moves": [
    1,
    {
      "to": "76",
      "nested": [
        false,
        []
      ]
    },
    {"x":1}
  ],
  "ratio": 0.5
})";
    CHECK(sample_document(true) == expected);
    // Without raw(), the same layout as nlohmann (ordered keys).
    const auto compact = nlohmann::ordered_json::parse(sample_document(false));
    std::string ours;
    {
        kifu::json_writer w(ours, true);
        w.begin_array();
        w.begin_object();
        w.member("a", 1);
        w.key("b");
        w.begin_array();
        w.value("x");
        w.begin_object();
        w.end_object();
        w.end_array();
        w.end_object();
        w.begin_array();
        w.end_array();
        w.end_array();
    }
    CHECK(ours == nlohmann::ordered_json::parse(ours).dump(2));
    CHECK(compact["moves"][1]["nested"].dump() == "[false,[]]");
}

// The same document through the calls and through begin_compact(): a member value, an array
// element and a top-level value, with the strings holding the characters that structure JSON.
TEST_CASE("json_writer begin_compact places a compact value and indents it when pretty", "[json_writer]") {
    const std::string inner = R"({"a":[1,{},[],{"b":"x,y:{z}[\"]"}],"c":{"d":null}})";
    for (const bool pretty : {false, true}) {
        std::string by_calls;
        {
            kifu::json_writer w(by_calls, pretty);
            w.begin_array();
            w.value(0);
            for (int i = 0; i < 2; ++i) {
                w.begin_object();
                w.key("a");
                w.begin_array();
                w.value(1);
                w.begin_object();
                w.end_object();
                w.begin_array();
                w.end_array();
                w.begin_object();
                w.member("b", "x,y:{z}[\"]");
                w.end_object();
                w.end_array();
                w.key("c");
                w.begin_object();
                w.key("d");
                w.null();
                w.end_object();
                w.end_object();
            }
            w.begin_object();
            w.key("k");
            w.begin_object();
            w.end_object();
            w.end_object();
            w.end_array();
        }
        std::string by_compact;
        {
            kifu::json_writer w(by_compact, pretty);
            w.begin_array();
            w.value(0);
            for (int i = 0; i < 2; ++i) {
                w.begin_compact() += inner;
                w.end_compact();
            }
            w.begin_object();
            w.key("k");
            w.begin_compact() += "{}";
            w.end_compact();
            w.end_object();
            w.end_array();
        }
        INFO("pretty: " << pretty);
        CHECK(by_compact == by_calls);
    }
    std::string top;
    kifu::json_writer w(top, true);
    w.begin_compact() += R"({"x":[1,2]})";
    w.end_compact();
    CHECK(top == "{\n  \"x\": [\n    1,\n    2\n  ]\n}");
}

TEST_CASE("json_writer writes integers exactly and doubles in shortest round-trip form", "[json_writer]") {
    std::string out;
    kifu::json_writer w(out);
    w.begin_array();
    w.value(std::numeric_limits<std::int64_t>::min());
    w.value(std::numeric_limits<std::int64_t>::max());
    w.value(0);
    w.value(-1);
    w.value(4000000000u);
    w.value(0.1);
    w.value(1.0);
    w.value(-0.0);
    w.value(123456.0);
    w.value(1e20);
    w.value(1e300);
    w.value(5e-324);
    w.value(2.0 / 3.0);
    w.value(std::nan(""));
    w.value(std::numeric_limits<double>::infinity());
    w.value(-std::numeric_limits<double>::infinity());
    w.end_array();
    CHECK(out ==
          "[-9223372036854775808,9223372036854775807,0,-1,4000000000,0.1,1.0,-0.0,123456.0,1e+20,1e+300,"
          "5e-324,0.6666666666666666,null,null,null]");
    const auto parsed = nlohmann::json::parse(out);
    CHECK(parsed[12].get<double>() == 2.0 / 3.0);
    CHECK(parsed[7].is_number_float());
}

TEST_CASE("json_writer writes top-level scalars", "[json_writer]") {
    std::string out;
    kifu::json_writer w(out, true);
    w.value("only");
    CHECK(out == R"("only")");
}
