// Tests runtime/src/core/peg_support.hpp with the demo grammar tests/data/pegc/pegc_demo.peg
// (its header is generated into the build tree by tests/pegc/CMakeLists.txt). Every test
// compares the whole list of events, the whole list of diagnostics or the whole trace.

#include "core/peg_support.hpp"

#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "pegc_demo.hpp"
#include "../pegc/cases/cannot_fail/expected.hpp"
#include "../pegc/cases/may_fail/expected.hpp"
#include "support/diagnostics.hpp"

#include <catch2/catch.hpp>

namespace {

namespace demo = kifu::grammar::pegc_demo;

struct recording_builder {
    std::string events;
    void on(demo::event e, std::string_view matched, std::size_t offset) {
        events += fmt::format("{} @{} '{}'\n", demo::event_names[static_cast<std::size_t>(e)], offset, matched);
    }
};

// Refuses the piece "KY" as a builder refuses what the grammar allows but the format does not.
struct picky_builder : recording_builder {
    void on(demo::event e, std::string_view matched, std::size_t offset) {
        if (e == demo::event::piece && matched == "KY") kifu::detail::peg_raise("KY is not allowed here", offset);
        recording_builder::on(e, matched, offset);
    }
};

struct outcome {
    bool ok = false;
    std::string events;
    std::string diagnostics;
};

template <typename Builder = recording_builder>
outcome run(std::string_view input, kifu::read_mode mode, const kifu::detail::peg_limits& limits = {}) {
    const kifu::source_text text("demo.txt", std::string(input), "UTF-8");
    Builder builder;
    std::vector<kifu::diagnostic> diagnostics;
    outcome result;
    result.ok = kifu::detail::parse<demo::file, demo::traits>(text, mode, "demo", builder, diagnostics, limits);
    result.events = builder.events;
    result.diagnostics = kifu::test::gcc_lines(diagnostics);
    return result;
}

}  // namespace

TEST_CASE("peg_support: events arrive post-order with offsets", "[peg_support]") {
    const outcome r = run("'a comment\n+77FU,-33KY\n+11同", kifu::read_mode::strict);
    CHECK(r.ok);
    CHECK(r.diagnostics.empty());
    // The last line has no line break: the first alternative of `line` (content eol) fails after
    // its moves matched, and the second (content) matches them again; both produced events.
    CHECK(r.events ==
          "line @0 ''a comment\n'\n"
          "piece @14 'FU'\n"
          "move @11 '+77FU'\n"
          "piece @20 'KY'\n"
          "move @17 '-33KY'\n"
          "moves @11 '+77FU,-33KY'\n"
          "line @11 '+77FU,-33KY\n'\n"
          "piece @26 '同'\n"
          "move @23 '+11同'\n"
          "moves @23 '+11同'\n"
          "piece @26 '同'\n"
          "move @23 '+11同'\n"
          "moves @23 '+11同'\n"
          "line @23 '+11同'\n"
          "file @0 ''a comment\n+77FU,-33KY\n+11同'\n");
}

TEST_CASE("peg_support: strict mode stops at the first error", "[peg_support]") {
    const outcome r = run("+77FU\n+7xFU\n+11KY\n", kifu::read_mode::strict);
    CHECK_FALSE(r.ok);
    CHECK(r.events ==
          "piece @3 'FU'\n"
          "move @0 '+77FU'\n"
          "moves @0 '+77FU'\n"
          "line @0 '+77FU\n'\n");
    // The failure point: must<> does not rewind, so the column is where `square` stopped (the x).
    CHECK(r.diagnostics == "demo.txt:2:3: error: expected a square (two digits 1-9) [demo.syntax]\n");
}

TEST_CASE("peg_support: lenient mode recovers at @recover rules", "[peg_support]") {
    const outcome r = run("+77FU\n+7xFU\n+77XX,+11KY\r\n+11KY,\n-99KY", kifu::read_mode::lenient);
    CHECK_FALSE(r.ok);
    // Lines 2 and 3 fail in their first move and give no events; line 4 fails after "+11KY"
    // matched, so that move's events stand but the line's do not; lines are skipped whole.
    CHECK(r.events ==
          "piece @3 'FU'\n"
          "move @0 '+77FU'\n"
          "moves @0 '+77FU'\n"
          "line @0 '+77FU\n'\n"
          "piece @28 'KY'\n"
          "move @25 '+11KY'\n"
          "piece @35 'KY'\n"
          "move @32 '-99KY'\n"
          "moves @32 '-99KY'\n"
          "piece @35 'KY'\n"
          "move @32 '-99KY'\n"
          "moves @32 '-99KY'\n"
          "line @32 '-99KY'\n"
          "file @0 '+77FU\n+7xFU\n+77XX,+11KY\r\n+11KY,\n-99KY'\n");
    CHECK(r.diagnostics ==
          "demo.txt:2:3: error: expected a square (two digits 1-9) [demo.syntax]\n"
          "demo.txt:3:4: error: expected piece [demo.syntax]\n"
          "demo.txt:4:7: error: expected move [demo.syntax]\n");
}

TEST_CASE("peg_support: a builder's peg_raise is a syntax error that lenient mode recovers from", "[peg_support]") {
    const outcome strict = run<picky_builder>("+77FU\n+11KY\n+22FU\n", kifu::read_mode::strict);
    CHECK_FALSE(strict.ok);
    CHECK(strict.diagnostics == "demo.txt:2:4: error: KY is not allowed here [demo.syntax]\n");
    const outcome lenient = run<picky_builder>("+77FU\n+11KY\n+22FU\n", kifu::read_mode::lenient);
    CHECK_FALSE(lenient.ok);
    CHECK(lenient.events ==
          "piece @3 'FU'\n"
          "move @0 '+77FU'\n"
          "moves @0 '+77FU'\n"
          "line @0 '+77FU\n'\n"
          "piece @15 'FU'\n"
          "move @12 '+22FU'\n"
          "moves @12 '+22FU'\n"
          "line @12 '+22FU\n'\n"
          "file @0 '+77FU\n+11KY\n+22FU\n'\n");
    CHECK(lenient.diagnostics == "demo.txt:2:4: error: KY is not allowed here [demo.syntax]\n");
}

TEST_CASE("peg_support: many recovered errors cost linear time", "[peg_support]") {
    // Positions are computed from byte offsets by source_text, not by PEGTL's lazy counting
    // from the start for every error (quadratic: billions of bytes rescanned at this size).
    std::string input;
    for (int i = 0; i < 50000; ++i) input += "+7xFU\n";
    const kifu::source_text text("demo.txt", input, "UTF-8");
    recording_builder builder;
    std::vector<kifu::diagnostic> diagnostics;
    CHECK_FALSE(kifu::detail::parse<demo::file, demo::traits>(text, kifu::read_mode::lenient, "demo", builder, diagnostics));
    REQUIRE(diagnostics.size() == 50000);
    CHECK(kifu::format_gcc(diagnostics.back()) ==
          "demo.txt:50000:3: error: expected a square (two digits 1-9) [demo.syntax]");
    CHECK(builder.events == "file @0 '" + input + "'\n");
}

TEST_CASE("peg_support: a plain failure is reported at the furthest point", "[peg_support]") {
    for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
        const outcome r = run("+77FU\n  hello\n", mode);
        CHECK_FALSE(r.ok);
        CHECK(r.events ==
              "piece @3 'FU'\n"
              "move @0 '+77FU'\n"
              "moves @0 '+77FU'\n"
              "line @0 '+77FU\n'\n");
        CHECK(r.diagnostics == "demo.txt:2:1: error: unexpected text [demo.syntax]\n");
    }
}

TEST_CASE("peg_support: an error at the end of the input is not recovered", "[peg_support]") {
    // Skipping to the next line break would not move: the error goes up to the root.
    const outcome r = run("+77FU\n+7", kifu::read_mode::lenient);
    CHECK_FALSE(r.ok);
    CHECK(r.diagnostics == "demo.txt:2:3: error: expected a square (two digits 1-9) [demo.syntax]\n");
}

TEST_CASE("peg_support: limits on size and nesting become diagnostics", "[peg_support]") {
    kifu::detail::peg_limits small;
    small.max_input = 8;
    const outcome large = run<>("+77FU\n+77FU\n", kifu::read_mode::strict, small);
    CHECK_FALSE(large.ok);
    CHECK(large.events.empty());
    CHECK(large.diagnostics == "demo.txt:1:1: error: the input is larger than 8 bytes; it is not parsed [demo.too-large]\n");

    kifu::detail::peg_limits shallow;
    shallow.max_depth = 4;  // file, line, content, moves: move is one too deep
    const outcome deep = run<>("'ok\n+77FU\n", kifu::read_mode::lenient, shallow);
    CHECK_FALSE(deep.ok);
    CHECK(deep.diagnostics == "demo.txt:2:1: error: the input nests deeper than 4 grammar rules [demo.too-deep]\n");
}

TEST_CASE("peg_support: the depth is counted only when the limit is below the grammar's nesting", "[peg_support]") {
    // file, line, content, moves, move, sign (or square, piece): six rules deep, as kifu-pegc computed.
    CHECK(demo::max_nesting == 6);
    CHECK(kifu::detail::nesting_within<demo::traits>(6));
    CHECK_FALSE(kifu::detail::nesting_within<demo::traits>(5));
    // At the limit the parse runs without counting and succeeds; one below, it counts and stops.
    kifu::detail::peg_limits six;
    six.max_depth = 6;
    const outcome fits = run<>("+77FU,-33KY\n", kifu::read_mode::strict, six);
    CHECK(fits.ok);
    CHECK(fits.diagnostics.empty());
    CHECK(fits.events == run<>("+77FU,-33KY\n", kifu::read_mode::strict).events);
    kifu::detail::peg_limits five;
    five.max_depth = 5;
    const outcome deep = run<>("+77FU,-33KY\n", kifu::read_mode::strict, five);
    CHECK_FALSE(deep.ok);
    CHECK(deep.diagnostics == "demo.txt:1:1: error: the input nests deeper than 5 grammar rules [demo.too-deep]\n");
}

// `content <- comment / moves` is a first-byte choice: at '-' only `moves` is tried; `square`
// (two one-byte classes) is one leaf (a byte_seq), which fails after the first digit as the
// spelled-out sequence does (the raise names 1:3).
TEST_CASE("peg_support: trace names the grammar's rules, positions and matched text", "[peg_support]") {
    const kifu::source_text text("demo.txt", "-1", "UTF-8");
    std::string out;
    CHECK_FALSE(kifu::detail::trace<demo::file, demo::traits>(text, out, "demo"));
    CHECK(out == R"trace(file 1:1
  line 1:1
    content 1:1
      moves 1:1
        move 1:1
          sign 1:1
          sign 1:1 matched "-"
          square 1:2
          square 1:2 failed
        move 1:1 raised "expected a square (two digits 1-9)" at 1:3
      moves 1:1 raised "expected a square (two digits 1-9)" at 1:3
    content 1:1 raised "expected a square (two digits 1-9)" at 1:3
  line 1:1 raised "expected a square (two digits 1-9)" at 1:3
file 1:1 raised "expected a square (two digits 1-9)" at 1:3
demo.txt:1:3: error: expected a square (two digits 1-9) [demo.syntax]
)trace");
}

// tests/pegc/cases/cannot_fail: a root that kifu-pegc proved never fails plainly
// (root_may_fail = false), so no furthest point is kept for it; any other rule of that grammar
// taken as the root still keeps it.
TEST_CASE("peg_support: the furthest point is kept unless the root cannot fail plainly", "[peg_support]") {
    namespace sure = kifu::grammar::cannot_fail;
    STATIC_REQUIRE_FALSE(kifu::detail::may_fail_plainly<sure::file, sure::traits>());
    STATIC_REQUIRE(kifu::detail::may_fail_plainly<tao::pegtl::seq<sure::word, tao::pegtl::eof>, sure::traits>());
    STATIC_REQUIRE(kifu::detail::may_fail_plainly<kifu::grammar::may_fail::file, kifu::grammar::may_fail::traits>());
    STATIC_REQUIRE(kifu::detail::may_fail_plainly<demo::file, demo::traits>());

    struct events {
        std::string text;
        void on(sure::event e, std::string_view matched, std::size_t offset) {
            text += fmt::format("{} @{} '{}'\n", sure::event_names[static_cast<std::size_t>(e)], offset, matched);
        }
    };
    const auto parse = [](auto root, std::string_view input, kifu::read_mode mode) {
        const kifu::source_text text("sure.txt", std::string(input), "UTF-8");
        events builder;
        std::vector<kifu::diagnostic> diagnostics;
        const bool ok = kifu::detail::parse<decltype(root), sure::traits>(text, mode, "sure", builder, diagnostics);
        return std::string(ok ? "ok\n" : "failed\n") + builder.text + kifu::test::gcc_lines(diagnostics);
    };
    CHECK(parse(sure::file{}, "%12;ab! 3.5 \u540c?", kifu::read_mode::strict) ==
          "ok\nintro @0 '%12;'\nitem @4 'ab!'\nitem @7 ' '\nitem @8 '3.5'\nitem @11 ' '\nitem @12 '\u540c?'\n");
    // A cut still raises where it fails (not at a furthest point).
    CHECK(parse(sure::file{}, "%12x", kifu::read_mode::strict) == "failed\nsure.txt:1:4: error: expected \";\" [sure.syntax]\n");
    // Another root of the same grammar can fail plainly: reported at the furthest point tried,
    // after "ab" (where "!"? and !. were tried), which only a kept furthest point knows.
    CHECK(parse(tao::pegtl::seq<sure::word, tao::pegtl::eof>{}, "ab1", kifu::read_mode::strict) ==
          "failed\nsure.txt:1:3: error: unexpected text [sure.syntax]\n");
}
