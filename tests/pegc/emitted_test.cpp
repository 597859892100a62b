// Runs the headers of a few golden cases on inputs: the emitted PEGTL must mean what the
// grammar says (class collapsing, UTF-8 classes, escapes, cuts, every operator).

#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <tao/pegtl.hpp>

#include "cases/class_collapsing/expected.hpp"
#include "cases/class_runs/expected.hpp"
#include "cases/cut/expected.hpp"
#include "cases/forward_declarations/expected.hpp"
#include "cases/literal_escapes/expected.hpp"
#include "cases/operators/expected.hpp"
#include "cases/single_character_choice/expected.hpp"
#include "cases/utf8_classes/expected.hpp"
#include "furthest_hooks.hpp"
#include "random_prefixes.hpp"
#include "twin_outcomes.hpp"

#include <catch2/catch.hpp>

namespace {

// True when `Rule` matches the whole of `text`.
template <typename Rule>
bool matches(std::string_view text) {
    tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy> in(text.data(), text.size(), "test");
    return tao::pegtl::parse<tao::pegtl::seq<Rule, tao::pegtl::eof>>(in);
}

}  // namespace

TEST_CASE("collapsed classes match the same characters as written", "[pegc][emitted]") {
    namespace g = kifu::grammar::class_collapsing;
    CHECK(matches<g::singles>("a"));
    CHECK(matches<g::singles>("c"));
    CHECK_FALSE(matches<g::singles>("d"));
    CHECK(matches<g::merged>("e"));
    CHECK(matches<g::merged>("g"));
    CHECK_FALSE(matches<g::merged>("h"));
    CHECK(matches<g::mixed>("_"));
    CHECK(matches<g::mixed>("7"));
    CHECK_FALSE(matches<g::mixed>("-"));
    CHECK(matches<g::negated>("同"));
    CHECK_FALSE(matches<g::negated>(";"));
    CHECK(matches<g::negated_range>("x"));
    CHECK_FALSE(matches<g::negated_range>("5"));
    CHECK(matches<g::negated_mixed>("é"));
    CHECK_FALSE(matches<g::negated_mixed>("_"));
    for (const char* text : {"]", "\\", "-", "^"}) CHECK(matches<g::escaped>(text));
    CHECK_FALSE(matches<g::escaped>("["));
}

TEST_CASE("UTF-8 classes match code points, not bytes", "[pegc][emitted]") {
    namespace g = kifu::grammar::utf8_classes;
    CHECK(matches<g::move>("７六歩"));
    CHECK(matches<g::move>("１九\u3000"));
    CHECK_FALSE(matches<g::move>("７十歩"));
    CHECK_FALSE(matches<g::move>("7六歩"));
    CHECK_FALSE(matches<g::move>("７六\n"));
}

TEST_CASE("literal escapes become the bytes they name", "[pegc][emitted]") {
    namespace g = kifu::grammar::literal_escapes;
    CHECK(matches<g::text>("\n\r\t\\\"''\"\u3000\U0001F600PaSs同xAy"));
    CHECK_FALSE(matches<g::text>("\n\r\t\\\"''\"\u3000\U0001F600pasx同xAy"));
}

TEST_CASE("every operator does what the grammar says", "[pegc][emitted]") {
    namespace g = kifu::grammar::operators;
    CHECK(matches<g::root>(".12aXY"));
    CHECK(matches<g::root>("3.45abcWXYZ;"));
    CHECK_FALSE(matches<g::root>("3.4abcWX"));     // {2}
    CHECK_FALSE(matches<g::root>("3.45WX"));       // {1,}
    CHECK_FALSE(matches<g::root>("3.45aVWXYZ"));   // {2,4}
    CHECK(matches<g::root>("w同abcdx"));           // . takes a code point; groups; &x !xy x
    CHECK_FALSE(matches<g::root>("xy"));
    CHECK_FALSE(matches<g::root>("ab;c"));         // eof after ';'
}

TEST_CASE("a cut turns a late failure into a parse error", "[pegc][emitted]") {
    namespace g = kifu::grammar::cut;
    CHECK(matches<g::statement>("!go"));
    CHECK(matches<g::statement>("x=1,2;"));
    CHECK_FALSE(matches<g::statement>("x;"));  // before the cut: a plain failure
    CHECK_THROWS_AS(matches<g::statement>("!1"), tao::pegtl::parse_error);
    CHECK_THROWS_AS(matches<g::statement>("x=1,;"), tao::pegtl::parse_error);
    CHECK_THROWS_AS(matches<g::statement>("x=1"), tao::pegtl::parse_error);
    CHECK(std::string_view(g::error_message<tao::pegtl::string<';'>>) == "expected \";\"");
}

TEST_CASE("rules of a cycle refer to each other", "[pegc][emitted]") {
    namespace g = kifu::grammar::forward_declarations;
    CHECK(matches<g::value>("(a (b c) ((d)))"));
    CHECK_FALSE(matches<g::value>("(a (b c)"));
}

namespace {

// kifu-pegc's class_run<> (and class_rep<>, byte_seq<>): leaves that report the furthest point tried.
template <typename Rule>
concept class_run = kifu::test::reports_tried<Rule>;

// The furthest point tried, as the control tracks it.
struct probe {
    const char* furthest = nullptr;
};

template <typename Rule>
struct furthest_control : kifu::test::furthest_hooks<Rule> {};

struct outcome {
    bool matched;
    std::size_t consumed;
    std::size_t furthest;
    bool operator==(const outcome&) const = default;
};

using plain_input = tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy>;
using kifu::test::terminated_input;

template <typename Rule, typename Input = plain_input>
outcome run_on(const std::string& text) {
    Input in(text.data(), text.size(), "test");
    probe p{text.data()};
    const bool matched = tao::pegtl::parse<Rule, tao::pegtl::nothing, furthest_control>(in, p);
    return {matched, static_cast<std::size_t>(in.current() - text.data()), static_cast<std::size_t>(p.furthest - text.data())};
}

// Valid and invalid UTF-8 around the classes' edges: overlongs, a surrogate, past U+10FFFF,
// stray continuation bytes, sequences cut short (also by the end of the input).
const std::vector<std::string> pieces{
    "a", "c", "_", "x", "z", "0", "9", "]", "\\", "\r", "\n", " ", std::string(1, '\0'), "\x7F",
    "\xC2\x80", "\xDF\xBF", "\xC3\xA9", "\xE0\xA0\x80", "\xE3\x81\x81", "\xE3\x82\x93", "\xE4\xB8\x80",
    "\xE9\xBE\xA5", "\xE3\x80\x80", "\xEF\xBF\xBD", "\xEF\xBF\xBF", "\xF0\x90\x80\x80", "\xF0\x9F\x98\x80",
    "\xF4\x8F\xBF\xBF", "\xC0\x80", "\xC1\xBF", "\xE0\x80\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80",
    "\xF8\x88\x80\x80", "\x80", "\xBF", "\xFF", "\xC3", "\xE3\x81", "\xF0\x9F\x98"};

// The pieces that are valid UTF-8.
std::vector<std::string> valid_pieces() {
    std::vector<std::string> valid;
    for (const std::string& piece : pieces) {
        tao::pegtl::memory_input in(piece, "piece");
        if (tao::pegtl::parse<tao::pegtl::seq<tao::pegtl::star<tao::pegtl::utf8::any>, tao::pegtl::eof>>(in)) {
            valid.push_back(piece);
        }
    }
    return valid;
}

// Every run against its twin on random strings of those pieces and on every prefix of them.
// The runs of a class (class_run<>, byte_run<>) assume valid UTF-8 read from the start of a
// character, as a source_text gives them: valid pieces cut between characters only.
template <typename Run, typename Twin, bool Valid = true>
void check_twins(const char* name) {
    const kifu::test::random_texts texts{.pieces = Valid ? valid_pieces() : pieces,
                                         .seed = 20261121,
                                         .count = 3000,
                                         .max_pieces = 12,
                                         .whole_characters = Valid};
    const bool same = kifu::test::for_every_prefix(texts, [&](const std::string& prefix) {
        const outcome run = run_on<Run>(prefix);
        const outcome terminated = run_on<Run, terminated_input>(prefix);
        const outcome twin = run_on<Twin>(prefix);
        if (run == twin && terminated == twin) return true;
        INFO(name << " on " << prefix.size() << " bytes; run " << run.matched << '/' << run.consumed << '/' << run.furthest
                  << ", on a NUL-terminated input " << terminated.matched << '/' << terminated.consumed << '/'
                  << terminated.furthest << ", twin " << twin.matched << '/' << twin.consumed << '/' << twin.furthest);
        CHECK(run == twin);
        CHECK(terminated == twin);
        return false;
    });
    if (same) SUCCEED(name);
}

}  // namespace

TEST_CASE("a class run is emitted for `*` and `+` of a class, not for {2,} or ?", "[pegc][emitted]") {
    namespace g = kifu::grammar::class_runs;
    CHECK(std::is_base_of_v<kifu::peg::byte_run<false, '\\', ']'>, g::negated_star>);  // ASCII members only: a byte scan
    CHECK(std::is_base_of_v<kifu::peg::class_run<false, true, U'x', U'x', 0x3000, 0x3000, 0xFFFD, 0xFFFD>, g::wide_negated>);
    CHECK(class_run<g::ascii_star>);
    CHECK(class_run<g::ascii_braces>);
    CHECK(class_run<g::wide_negated>);
    CHECK_FALSE(class_run<g::two_or_more>);
    CHECK_FALSE(class_run<g::optional>);
    CHECK_FALSE(class_run<g::ascii_star_twin>);
}

TEST_CASE("a class run matches, consumes and tries as far as star<>/plus<> of the class", "[pegc][emitted]") {
    namespace g = kifu::grammar::class_runs;
    check_twins<g::ascii_star, g::ascii_star_twin>("ascii_star");
    check_twins<g::ascii_plus, g::ascii_plus_twin>("ascii_plus");
    check_twins<g::ascii_braces, g::ascii_plus_twin>("ascii_braces");
    check_twins<g::negated_star, g::negated_star_twin>("negated_star");
    check_twins<g::negated_plus, g::negated_plus_twin>("negated_plus");
    check_twins<g::wide_star, g::wide_star_twin>("wide_star");
    check_twins<g::wide_plus, g::wide_plus_twin>("wide_plus");
    check_twins<g::wide_negated, g::wide_negated_twin>("wide_negated");
    check_twins<g::mixed_negated, g::mixed_negated_twin>("mixed_negated");
    check_twins<g::edges, g::edges_twin>("edges");
}

TEST_CASE("class runs on chosen inputs", "[pegc][emitted]") {
    namespace g = kifu::grammar::class_runs;
    CHECK(run_on<g::ascii_star>("") == outcome{true, 0, 0});
    CHECK(run_on<g::ascii_plus>("") == outcome{false, 0, 0});
    CHECK(run_on<g::ascii_plus>("ab_x") == outcome{true, 3, 3});
    CHECK(run_on<g::ascii_plus>("\xC3\xA9") == outcome{false, 0, 0});
    CHECK(run_on<g::negated_plus>("\xE5\x90\x8C a\r\n") == outcome{true, 5, 5});     // 同 is three bytes
    CHECK(run_on<g::negated_star>("ab\xE5\x90\x8Cz]") == outcome{true, 6, 6});       // a byte scan on valid UTF-8
    CHECK(run_on<g::negated_star>("a\\") == outcome{true, 1, 1});
    CHECK(run_on<g::negated_plus>("\r") == outcome{false, 0, 0});
    CHECK(run_on<g::wide_plus>("\xF0\x9F\x98\x80z\xC3\xA9!") == outcome{true, 7, 7});
    CHECK(run_on<g::wide_negated>("ab\xE3\x80\x80") == outcome{true, 2, 2});
    CHECK(run_on<g::mixed_negated>("\xC3\xA9") == outcome{false, 0, 0});
}

TEST_CASE("a choice of single characters matches as the one class it is emitted as", "[pegc][emitted]") {
    namespace g = kifu::grammar::single_character_choice;
    namespace p = tao::pegtl;
    // The choices as the grammar writes them, spelled out in PEGTL.
    using marks = p::sor<p::utf8::one<U'\u25B2'>, p::utf8::one<U'\u25B3'>, p::utf8::one<U'\u2617'>>;
    using signs = p::sor<p::ascii::one<'+'>, p::ascii::one<'-'>, p::ascii::one<'*'>>;
    using mixed = p::sor<p::utf8::one<U'\u3042'>, p::ascii::range<'a', 'c'>, p::ascii::one<'b'>, p::ascii::ranges<'x', 'z', '0', '9'>>;
    const kifu::test::random_texts texts{
        .pieces = {"\u25B2", "\u25B3", "\u25BC", "\u2616", "\u2617", "+", "-", "*", ",", "a", "b", "c", "d", "x", "z", "0", "9",
                   "\u3042", "\u3044", "\n"},
        .seed = 20261128,
        .count = 2000,
        .max_pieces = 4,
        .whole_characters = true};
    const bool same = kifu::test::for_every_prefix(texts, [&](const std::string& text) {
        const bool alike = run_on<g::marks>(text) == run_on<marks>(text) && run_on<g::signs>(text) == run_on<signs>(text) &&
                           run_on<g::mixed>(text) == run_on<mixed>(text) &&
                           run_on<g::marks, terminated_input>(text) == run_on<marks>(text) &&
                           run_on<g::mixed, terminated_input>(text) == run_on<mixed>(text);
        if (!alike) {
            INFO("on " << text);
            CHECK(alike);
        }
        return alike;
    });
    CHECK(same);
}
