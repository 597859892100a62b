#include "core/json_out.hpp"

#include <limits>
#include <random>

#include <catch2/catch.hpp>

#include <kifu/json_writer.hpp>

namespace {

std::string via_json_out(std::string_view s, std::size_t expected = 0) {
    std::string out = "prefix:";
    {
        kifu::detail::json_out o(out, expected);
        o.string(s);
    }
    return out;
}

}  // namespace

TEST_CASE("json_out strings are append_json_string's, valid UTF-8 or not", "[json_out]") {
    std::mt19937 random(20261127);
    const std::vector<std::string> pieces = {"a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\x01", "\x1f", "\x7f",
                                             "é", "歩", "😀", "\x80", "\xBF", "\xC0", "\xC2", "\xE0\xA0",
                                             "\xED\xA0\x80", "\xF0\x9F", "\xF4\x90\x80\x80", "\xFF", "\xE6\x97",
                                             "abcdefghijklmnop"};
    std::uniform_int_distribution<std::size_t> length(0, 60);
    std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int round = 0; round < 3000; ++round) {
        std::string s;
        const std::size_t n = length(random);
        for (std::size_t i = 0; i < n; ++i) {
            if (round % 3 == 0) s += static_cast<char>(byte(random));
            else s += pieces[pick(random)];
        }
        std::string expected = "prefix:";
        kifu::append_json_string(expected, s);
        // A buffer that starts too small grows for each string (the worst case, six bytes a byte).
        REQUIRE(via_json_out(s, 0) == expected);
        REQUIRE(via_json_out(s, 4096) == expected);
    }
    // Every control character escaped, the 8-byte path across a long run.
    std::string controls;
    for (int c = 0; c < 0x20; ++c) controls += static_cast<char>(c);
    controls += std::string(40, 'x');
    std::string expected;
    kifu::append_json_string(expected, controls);
    CHECK(via_json_out(controls) == "prefix:" + expected);
}

TEST_CASE("json_out writes integers, literals and codes, and keeps only what was written", "[json_out]") {
    std::string out;
    {
        kifu::detail::json_out o(out, 1);
        const std::int64_t values[] = {0, 7, 9, 10, 42, 99, 100, -1, -10, 123456,
                                       std::numeric_limits<std::int64_t>::min(),
                                       std::numeric_limits<std::int64_t>::max()};
        for (const std::int64_t v : values) {
            o.reserve(64);
            o.integer(v);
            o.put(',');
        }
        o.reserve(64);
        o.lit("{\"piece\":\"");
        o.plain("FU");
        o.put('"');
        const std::size_t start = o.offset();
        o.put(',');
        o.at(start) = '}';
    }
    CHECK(out == "0,7,9,10,42,99,100,-1,-10,123456,-9223372036854775808,9223372036854775807,"
                 "{\"piece\":\"FU\"}");
}
