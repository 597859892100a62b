// Runs the headers of a few golden cases on inputs: the emitted PEGTL must mean what the
// grammar says (class collapsing, UTF-8 classes, escapes, cuts, every operator).

#include <string>
#include <string_view>

#include <tao/pegtl.hpp>

#include "cases/class_collapsing/expected.hpp"
#include "cases/cut/expected.hpp"
#include "cases/forward_declarations/expected.hpp"
#include "cases/literal_escapes/expected.hpp"
#include "cases/operators/expected.hpp"
#include "cases/utf8_classes/expected.hpp"

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
