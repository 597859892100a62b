#include "core/line_walker.hpp"

#include <kifu/text.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

namespace {

using kifu::detail::line_walker;

// Random texts of the pieces that matter to positions: every kind of line break, blank lines,
// 1- to 4-byte characters, broken UTF-8 (stray continuation bytes, a truncated character),
// long runs, and runs of many lines (more than the walker steps through before it searches the
// line index).
std::string random_text(std::mt19937& random) {
    static const std::array<std::string_view, 16> pieces{
        "a", "+7776FU", " ", "\t", ",", "\n", "\r", "\r\n", "\n\n\n", "é", "歩", "😀", "\x80", "\xE6\x97",
        "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"
        "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"
        "01234567890123456789012345678901234567890123456789012345678901234567890123456789",
        "歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩"
        "歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩歩"};
    std::string text;
    const std::size_t count = random() % 120;
    for (std::size_t i = 0; i < count; ++i) {
        // The long runs (the last two pieces) are rarer than the rest.
        const std::size_t n = random() % 8 == 0 ? pieces.size() : pieces.size() - 2;
        text += pieces[random() % n];
    }
    return text;
}

void check_at(line_walker& walker, const kifu::source_text& source, std::size_t offset) {
    const kifu::text_position expected = source.position_of(offset);
    const kifu::text_position got = walker.at(offset);
    INFO("offset " << offset << " of " << source.text().size());
    CHECK(got.line == expected.line);
    CHECK(got.column == expected.column);
}

constexpr int texts = 400;

}  // namespace

TEST_CASE("line_walker: at() in text order gives position_of's positions", "[line_walker]") {
    std::mt19937 random(1);
    for (int t = 0; t < texts; ++t) {
        const kifu::source_text source("t", random_text(random), "UTF-8");
        const std::size_t size = source.text().size();
        line_walker walker(source);
        // Steps of 0 to 11 bytes, now and then a long one (over many lines).
        for (std::size_t offset = 0; offset <= size;) {
            check_at(walker, source, offset);
            offset += random() % 16 == 0 ? random() % 600 : random() % 12;
        }
        // Every offset, one after the other.
        line_walker every(source);
        for (std::size_t offset = 0; offset <= size; ++offset) check_at(every, source, offset);
    }
}

TEST_CASE("line_walker: at() in any order gives position_of's positions", "[line_walker]") {
    std::mt19937 random(2);
    for (int t = 0; t < texts; ++t) {
        const kifu::source_text source("t", random_text(random), "UTF-8");
        const std::size_t size = source.text().size();
        line_walker walker(source);
        for (int i = 0; i < 40; ++i) {
            // Anywhere: back steps within the line, before it, and far ahead.
            check_at(walker, source, static_cast<std::size_t>(random() % (size + 1)));
        }
    }
}

TEST_CASE("line_walker: line_of() in any order gives line_of's lines", "[line_walker]") {
    std::mt19937 random(6);
    for (int t = 0; t < texts; ++t) {
        const kifu::source_text source("t", random_text(random), "UTF-8");
        const std::size_t size = source.text().size();
        line_walker walker(source);
        for (int i = 0; i < 40; ++i) {
            // Anywhere, then a few bytes on.
            const std::size_t offset = static_cast<std::size_t>(random() % (size + 1));
            INFO("offset " << offset << " of " << size);
            CHECK(walker.line_of(offset) == source.line_of(offset));
            if (offset + 8 <= size) CHECK(walker.line_of(offset + 8) == source.line_of(offset + 8));
        }
    }
}

TEST_CASE("line_walker: at() along a long line, its parts before each whole", "[line_walker]") {
    // A USI game on one line, located as the usi builder hears it: each move's squares, then
    // the move (a step back), then the record at the line's start; and a KI2 line of moves.
    std::string usi = "position startpos moves";
    for (int i = 0; i < 2000; ++i) usi += " 7g7f 3c3d";
    usi += "\n▲７六歩    △３四歩    ▲２六歩\n";
    const kifu::source_text source("t", usi, "UTF-8");
    line_walker walker(source);
    for (std::size_t move = usi.find(" 7g7f") + 1; move < usi.find('\n'); move += 5) {
        check_at(walker, source, move);
        check_at(walker, source, move + 2);
        check_at(walker, source, move);
    }
    check_at(walker, source, 0);
    const std::size_t ki2 = usi.find('\n') + 1;
    for (const std::string_view token : {"▲", "７六", "歩", "△", "３四", "▲", "２六"}) {
        check_at(walker, source, usi.find(token, ki2));
    }
}

TEST_CASE("line_walker: an empty text and a default-constructed one", "[line_walker]") {
    const kifu::source_text empty("t", "", "UTF-8");
    line_walker walker(empty);
    check_at(walker, empty, 0);
    const kifu::source_text none;
    line_walker nothing(none);
    check_at(nothing, none, 0);
}
