#include <kifu/text.hpp>

#include <random>
#include <vector>

#include <catch2/catch.hpp>

TEST_CASE("is_valid_utf8 accepts well-formed UTF-8", "[text]") {
    CHECK(kifu::is_valid_utf8(""));
    CHECK(kifu::is_valid_utf8("plain ASCII, long enough for the 8-byte fast path"));
    CHECK(kifu::is_valid_utf8(std::string_view("\0\x7f", 2)));
    CHECK(kifu::is_valid_utf8("\xC2\x80"));            // U+0080, smallest 2-byte
    CHECK(kifu::is_valid_utf8("\xE0\xA0\x80"));        // U+0800, smallest 3-byte
    CHECK(kifu::is_valid_utf8("\xED\x9F\xBF"));        // U+D7FF, just below the surrogates
    CHECK(kifu::is_valid_utf8("\xEE\x80\x80"));        // U+E000, just above them
    CHECK(kifu::is_valid_utf8("\xF0\x90\x80\x80"));    // U+10000
    CHECK(kifu::is_valid_utf8("\xF4\x8F\xBF\xBF"));    // U+10FFFF
    CHECK(kifu::is_valid_utf8("先手：羽生善治 ▲７六歩 😀 and more ASCII after it"));
}

TEST_CASE("is_valid_utf8 rejects overlongs, surrogates, out-of-range and broken sequences", "[text]") {
    CHECK_FALSE(kifu::is_valid_utf8("\x80"));                // lone continuation
    CHECK_FALSE(kifu::is_valid_utf8("\xC0\x80"));            // overlong NUL
    CHECK_FALSE(kifu::is_valid_utf8("\xC1\xBF"));            // overlong
    CHECK_FALSE(kifu::is_valid_utf8("\xE0\x9F\xBF"));        // overlong 3-byte
    CHECK_FALSE(kifu::is_valid_utf8("\xED\xA0\x80"));        // U+D800
    CHECK_FALSE(kifu::is_valid_utf8("\xED\xBF\xBF"));        // U+DFFF
    CHECK_FALSE(kifu::is_valid_utf8("\xF0\x8F\xBF\xBF"));    // overlong 4-byte
    CHECK_FALSE(kifu::is_valid_utf8("\xF4\x90\x80\x80"));    // U+110000
    CHECK_FALSE(kifu::is_valid_utf8("\xF5\x80\x80\x80"));
    CHECK_FALSE(kifu::is_valid_utf8("\xFF"));
    CHECK_FALSE(kifu::is_valid_utf8("\xE6\x97"));            // truncated at the end
    CHECK_FALSE(kifu::is_valid_utf8("\xE6\x97x"));           // truncated in the middle
    CHECK_FALSE(kifu::is_valid_utf8("0123456789abcdef\x8f\x5c"));  // CP932 十 after a fast run
}

namespace {

// UTF-8 validity one sequence at a time, by the definition (Unicode 15, table 3-7).
bool valid_by_definition(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t more = 0;
        char32_t c = 0;
        char32_t least = 0;
        if (b < 0x80) {
            ++i;
            continue;
        } else if (b >= 0xC2 && b <= 0xDF) {
            more = 1, c = b & 0x1Fu, least = 0x80;
        } else if (b >= 0xE0 && b <= 0xEF) {
            more = 2, c = b & 0x0Fu, least = 0x800;
        } else if (b >= 0xF0 && b <= 0xF4) {
            more = 3, c = b & 0x07u, least = 0x10000;
        } else {
            return false;
        }
        if (i + more >= s.size()) return false;
        for (std::size_t k = 1; k <= more; ++k) {
            const auto t = static_cast<unsigned char>(s[i + k]);
            if ((t & 0xC0) != 0x80) return false;
            c = c << 6 | (t & 0x3Fu);
        }
        if (c < least || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
        i += more + 1;
    }
    return true;
}

}  // namespace

TEST_CASE("is_valid_utf8 agrees with the definition on mixed text at every alignment", "[text]") {
    // Runs of ASCII of every length between characters of every length, and now and then a
    // broken sequence, so that each part of the scan (eight ASCII bytes at a time, the first
    // non-ASCII byte of a word, the short tail) meets both outcomes.
    const std::string_view pieces[] = {"a",  " ",    "12",       "\n",          "\xEF\xBC\x97", "\xE5\x85\xAD",
                                       "\xC3\xA9", "\xF0\x9F\x98\x80", "        ", "\x80",           "\xE6\x97",
                                       "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xC0\x80", "\xFF"};
    constexpr std::size_t valid_pieces = 9;  // the first nine
    std::mt19937 random(20261128);
    std::uniform_int_distribution<std::size_t> count(0, 40);
    std::uniform_int_distribution<std::size_t> valid_pick(0, valid_pieces - 1);
    std::uniform_int_distribution<std::size_t> any_pick(0, std::size(pieces) - 1);
    std::uniform_int_distribution<int> percent(0, 99);
    std::size_t valid = 0;
    std::size_t invalid = 0;
    for (int round = 0; round < 20000; ++round) {
        std::string s;
        const std::size_t n = count(random);
        const bool may_break = percent(random) < 50;
        for (std::size_t i = 0; i < n; ++i) {
            s += pieces[may_break && percent(random) < 4 ? any_pick(random) : valid_pick(random)];
        }
        for (std::size_t skip = 0; skip < 8 && skip <= s.size(); ++skip) {
            const std::string_view text = std::string_view(s).substr(skip);
            INFO(round << " " << skip);
            const bool expected = valid_by_definition(text);
            CHECK(kifu::is_valid_utf8(text) == expected);
            (expected ? valid : invalid) += 1;
        }
    }
    CHECK(valid > 10000);
    CHECK(invalid > 10000);
}

TEST_CASE("source_text's text is valid UTF-8: ill-formed parts replaced as decode() replaces them", "[text]") {
    const char* const inputs[] = {
        "\x80", "\xC0\x80", "\xE0\x9F\xBF", "\xED\xA0\x80x", "\xF4\x90\x80\x80", "\xFF\xFE", "\xE6\x97",
        "\xE6\x97x\n\xE6\x97\xA5", "0123456789abcdef\x8f\x5c", "\xF0\x9F\x98", "ok \xE6\x97\xA5\r\nno \xC3(",
    };
    kifu::decode_options utf8;
    utf8.forced = "UTF-8";
    for (const std::string bytes : inputs) {
        std::vector<kifu::diagnostic> diagnostics;
        const kifu::source_text text("f", bytes, "UTF-8");
        CHECK(kifu::is_valid_utf8(text.text()));
        CHECK(text.text() == kifu::decode("f", bytes, utf8, diagnostics).text());
        CHECK_FALSE(diagnostics.empty());
    }
    CHECK(kifu::source_text("f", "\xE6\x97x\xFF", "UTF-8").text() == "\xEF\xBF\xBDx\xEF\xBF\xBD");
    const std::string valid = "先手：羽生善治\r\n▲７六歩 😀\n";
    CHECK(kifu::source_text("f", valid, "UTF-8").text() == valid);
    CHECK(kifu::source_text("f", valid, "UTF-8").line_count() == 2);
}

TEST_CASE("source_text indexes lines after LF, CRLF and lone CR", "[text]") {
    const kifu::source_text text("a.kif", "one\r\ntwo\rthree\nfour\r\n\r\nsix", "UTF-8");
    REQUIRE(text.line_count() == 6);
    CHECK(text.line_text(1) == "one");
    CHECK(text.line_text(2) == "two");
    CHECK(text.line_text(3) == "three");
    CHECK(text.line_text(4) == "four");
    CHECK(text.line_text(5) == "");
    CHECK(text.line_text(6) == "six");
    CHECK(text.line_text(0) == "");
    CHECK(text.line_text(7) == "");
    CHECK(text.file_name() == "a.kif");
    CHECK(text.encoding() == "UTF-8");

    auto at = [&](std::size_t offset) {
        const kifu::text_position p = text.position_of(offset);
        return std::make_pair(p.line, p.column);
    };
    CHECK(at(0) == std::make_pair(1u, 1u));
    CHECK(at(3) == std::make_pair(1u, 4u));  // the CR of CRLF ends line 1
    CHECK(at(4) == std::make_pair(1u, 5u));  // so does its LF
    CHECK(at(5) == std::make_pair(2u, 1u));
    CHECK(at(8) == std::make_pair(2u, 4u));  // lone CR
    CHECK(at(9) == std::make_pair(3u, 1u));
    CHECK(at(23) == std::make_pair(6u, 1u));
    CHECK(at(26) == std::make_pair(6u, 4u));   // the end
    CHECK(at(999) == std::make_pair(6u, 4u));  // past the end: clamped

    // line_of is position_of's line for every offset.
    for (std::size_t offset = 0; offset <= 30; ++offset) {
        CHECK(text.line_of(offset) == text.position_of(offset).line);
    }
}

// The index is built 16 bytes at a time: breaks at every place of a block, CRLF split between
// two blocks, lone CRs at a block's end, against a byte-by-byte reading of the same text.
TEST_CASE("source_text finds every line break wherever it falls in the text", "[text]") {
    std::mt19937 random(20261127);
    const char alphabet[] = {'a', 'a', 'a', '\r', '\n'};
    std::uniform_int_distribution<std::size_t> length(0, 80);
    std::uniform_int_distribution<std::size_t> pick(0, sizeof alphabet - 1);
    for (int round = 0; round < 2000; ++round) {
        std::string s(length(random), 'a');
        for (char& c : s) c = alphabet[pick(random)];
        std::vector<std::uint32_t> expected{1};  // the line of each offset, 0 … size
        for (std::size_t i = 0; i < s.size(); ++i) {
            const bool ends = s[i] == '\n' || (s[i] == '\r' && (i + 1 == s.size() || s[i + 1] != '\n'));
            expected.push_back(expected.back() + (ends ? 1 : 0));
        }
        const kifu::source_text text("f", s, "UTF-8");
        INFO("text of " << s.size() << " bytes, round " << round);
        for (std::size_t offset = 0; offset <= s.size(); ++offset) {
            REQUIRE(text.line_of(offset) == expected[offset]);
        }
    }
}

TEST_CASE("source_text counts line ends at the end and empty texts", "[text]") {
    CHECK(kifu::source_text("f", "", "UTF-8").line_count() == 0);
    CHECK(kifu::source_text("f", "x", "UTF-8").line_count() == 1);
    CHECK(kifu::source_text("f", "x\n", "UTF-8").line_count() == 1);
    CHECK(kifu::source_text("f", "x\r\n", "UTF-8").line_count() == 1);
    CHECK(kifu::source_text("f", "x\r", "UTF-8").line_count() == 1);
    CHECK(kifu::source_text("f", "\n", "UTF-8").line_count() == 1);
    CHECK(kifu::source_text("f", "\n\n", "UTF-8").line_count() == 2);
    CHECK(kifu::source_text("f", "x\r\r\n", "UTF-8").line_count() == 2);
    // The end after a final break is the start of the line after it.
    const kifu::source_text text("f", "x\n", "UTF-8");
    CHECK(text.position_of(2).line == 2);
    CHECK(text.position_of(2).column == 1);
    const kifu::source_text empty;
    CHECK(empty.position_of(0).line == 1);
    CHECK(empty.line_count() == 0);
}

TEST_CASE("source_text columns count code points of Japanese lines", "[text]") {
    // A move on line 2; every Japanese character here is 3 bytes of UTF-8.
    const std::string line2 = "1 ▲７六歩(77)";
    const kifu::source_text text("g.kif", "手数----指手\n" + line2 + "\n", "UTF-8");
    const std::size_t start = text.text().find('\n') + 1;
    const std::size_t roku = start + line2.find("六");
    CHECK(text.position_of(roku).line == 2);
    CHECK(text.position_of(roku).column == 5);
    CHECK(text.position_of(roku + 1).column == 5);  // inside 六: still 六
    CHECK(text.position_of(roku + 2).column == 5);
    CHECK(text.position_of(roku + 3).column == 6);  // 歩
    CHECK(text.position_of(start + line2.find('(')).column == 7);
    CHECK(text.line_text(1) == "手数----指手");
    CHECK(text.line_text(2) == line2);

    const kifu::diagnostic d = text.make_diagnostic(kifu::severity::warning, "kif.syntax", "bad square", roku, 1);
    CHECK(kifu::format_gcc(d) == "g.kif:2:5: warning: bad square (ply 1) [kif.syntax]");
    CHECK(kifu::format_json(d) ==
          R"({"severity":"warning","code":"kif.syntax","message":"bad square","file":"g.kif","line":2,"column":5,"ply":1})");
}

TEST_CASE("source_text columns of very long lines equal a count from the line's start", "[text]") {
    // Lines of tens of kilobytes (an SGF game on one line) take their columns from marks
    // inside the line; every offset, inside characters too, must give the plain count.
    std::string text = "short line\n";
    std::string long_line;
    for (int i = 0; long_line.size() < 40000; ++i) long_line += i % 7 == 0 ? "歩" : i % 11 == 0 ? "😀" : "ab";
    text += long_line + "\r\n" + long_line + "\rend";
    const kifu::source_text t("long.txt", text, "UTF-8");
    const auto naive = [&](std::size_t offset) {
        std::uint32_t line = 1;
        std::uint32_t column = 1;
        while (offset > 0 && offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80) --offset;
        for (std::size_t i = 0; i < offset; ++i) {
            const char c = text[i];
            if (c == '\n' || (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) {
                ++line;
                column = 1;
            } else if (c != '\r' && (static_cast<unsigned char>(c) & 0xC0) != 0x80) {
                ++column;
            }
        }
        return std::pair{line, column};
    };
    // The naive count walks the text once per offset: check a spread of offsets, and every
    // offset around the marks (every 4096 bytes of a long line).
    std::vector<std::size_t> offsets;
    for (std::size_t o = 0; o <= text.size(); o += 997) offsets.push_back(o);
    for (std::size_t o = 4096; o + 8 < text.size(); o += 4096) {
        for (std::size_t d = 0; d < 16; ++d) offsets.push_back(o - 8 + d);
    }
    offsets.push_back(text.size());
    for (const std::size_t o : offsets) {
        INFO(o);
        const kifu::text_position p = t.position_of(o);
        const auto [line, column] = naive(o);
        CHECK(p.line == line);
        CHECK(p.column == column);
    }
}
