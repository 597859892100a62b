// kifu-pegc's first-byte dispatch (first_byte_choice) against the plain ordered choice it
// replaces (sor<> of the same alternatives), on random inputs and every prefix of them: same
// match, same input consumed, same furthest point tried, same events in the same order, same
// errors (cuts, the depth limit) at the same positions. The grammar is
// tests/pegc/cases/first_byte_dispatch/grammar.peg.

#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <tao/pegtl.hpp>

#include "cases/first_byte_dispatch/expected.hpp"
#include "furthest_hooks.hpp"
#include "random_prefixes.hpp"
#include "twin_outcomes.hpp"

#include <catch2/catch.hpp>

namespace {

namespace g = kifu::grammar::first_byte_dispatch;
using kifu::test::outcome;

// The first_byte_choice<> a rule derives from.
template <typename... Alternatives>
kifu::peg::first_byte_choice<Alternatives...> base_choice(const kifu::peg::first_byte_choice<Alternatives...>*);
template <typename Rule>
using plain_body = typename kifu::test::spelled_out<kifu::test::first_byte_form::choice,
                                                    decltype(base_choice(static_cast<const Rule*>(nullptr)))>::type;

// Twins: the same rules with sor<> where kifu-pegc emitted first_byte_choice<>.
struct token_twin : plain_body<g::token> {};
struct tokens_twin : tao::pegtl::seq<tao::pegtl::star<token_twin>, tao::pegtl::eof> {};
struct leaves_twin : plain_body<g::leaves> {};
struct named_twin : plain_body<g::named> {};
struct cut_first_twin : plain_body<g::cut_first> {};
struct nullable_build_twin : plain_body<g::nullable_build> {};
struct at_end_twin : plain_body<g::at_end> {};
// A twin that kept the emitted form would compare a rule with itself.
static_assert(!std::is_base_of_v<decltype(base_choice(static_cast<const g::token*>(nullptr))), token_twin>);

// Rule names as peg_support.hpp's control sees them; a twin has the name of its rule.
template <typename Rule>
constexpr std::string_view name_of = g::rule_info<Rule>::name;
template <> constexpr std::string_view name_of<token_twin> = "token";
template <> constexpr std::string_view name_of<tokens_twin> = "tokens";
template <> constexpr std::string_view name_of<leaves_twin> = "leaves";
template <> constexpr std::string_view name_of<named_twin> = "named";
template <> constexpr std::string_view name_of<cut_first_twin> = "cut_first";
template <> constexpr std::string_view name_of<nullable_build_twin> = "nullable_build";
template <> constexpr std::string_view name_of<at_end_twin> = "at_end";

// What runtime/src/core/peg_support.hpp's control tracks: the furthest point tried, the events
// of named rules (here every named rule reports one), a depth limit on named rules.
struct probe {
    const char* begin;
    const char* furthest;
    std::size_t max_depth;
    std::size_t depth = 0;
    std::string events;
};

template <typename Rule>
struct probe_control : kifu::test::furthest_hooks<Rule> {
    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput>
    static bool match(ParseInput& in, probe& p) {
        if constexpr (name_of<Rule>.empty()) {
            return tao::pegtl::normal<Rule>::template match<A, M, Action, Control>(in, p);
        } else {
            if (++p.depth > p.max_depth) throw kifu::test::too_deep{in.current()};
            const char* start = in.current();
            const bool matched = tao::pegtl::normal<Rule>::template match<A, M, Action, Control>(in, p);
            --p.depth;
            if (matched && A == tao::pegtl::apply_mode::action) {
                kifu::test::add_event(p, name_of<Rule>, start, in.current());
            }
            return matched;
        }
    }
};

template <typename Rule, typename Input = tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy>>
outcome run_on(const std::string& text, std::size_t max_depth) {
    probe p{text.data(), text.data(), max_depth, 0, {}};
    return kifu::test::parse_outcome<Rule, probe_control, probe, Input>(text, p);
}

// Bytes that start (or nearly start) the grammar's alternatives, UTF-8 and not.
const std::vector<std::string> pieces{
    "a", "b", "ab", "p", "P", "pass", "PaSs", "0", "9", "7.5", "\xC3\xA9", "\xC3\xBC", "\xC3", "!", "?", "x",
    "y", "xy", "z", "q", "qr", "r", "Q", "s", "c", "d", "e", "ce", "k", "kl", "l", "m", "-", "-1", ".",
    "\xE3\x81\x82", "\xE3\x81", "[", "]", "[a]", "\\", ";", "(", ")", " ", "\n", "\t", "A", "Z", "\xFF",
    "\x80", std::string(1, '\0'), "\x7F"};

// Runs Rule and Twin on random strings of those pieces and on every prefix of them, under
// several depth limits.
template <typename Rule, typename Twin>
void check_twins(const char* name) {
    const kifu::test::random_texts texts{.pieces = pieces, .seed = 20261121, .count = 2000, .max_pieces = 7};
    for (const std::size_t max_depth : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{1000}}) {
        kifu::test::check_same_outcomes(
            std::string(name) + " (depth " + std::to_string(max_depth) + ")", texts,
            [&](const std::string& text) { return run_on<Rule>(text, max_depth); },
            [&](const std::string& text) { return run_on<Twin>(text, max_depth); });
        // As kifu::detail::parse runs it: the NUL after the text looked up as the end where the
        // choice's table says the same of both.
        kifu::test::check_same_outcomes(
            std::string(name) + " (depth " + std::to_string(max_depth) + ", NUL-terminated input)", texts,
            [&](const std::string& text) { return run_on<Rule, kifu::test::terminated_input>(text, max_depth); },
            [&](const std::string& text) { return run_on<Twin>(text, max_depth); });
    }
}

}  // namespace

TEST_CASE("a choice is dispatched when its alternatives are all rules or none is", "[pegc][first-byte]") {
    CHECK(std::is_base_of_v<decltype(base_choice(static_cast<const g::token*>(nullptr))), g::token>);
    CHECK(std::is_base_of_v<decltype(base_choice(static_cast<const g::leaves*>(nullptr))), g::leaves>);
    // Rules and literals mixed, or nothing to skip: PEGTL's sor<>.
    CHECK(std::is_base_of_v<tao::pegtl::sor<g::word, tao::pegtl::string<'!'>>, g::mixed>);
    CHECK(std::is_base_of_v<tao::pegtl::sor<tao::pegtl::opt<tao::pegtl::string<'a'>>, tao::pegtl::opt<tao::pegtl::string<'b'>>>,
                            g::plain>);
}

TEST_CASE("a first-byte choice tries only the alternatives that may match at the next byte", "[pegc][first-byte]") {
    using token_masks = decltype(base_choice(static_cast<const g::token*>(nullptr)));
    constexpr auto masks = token_masks::masks();
    CHECK(masks[static_cast<unsigned char>('[')] == 0b1000001);       // value, junk
    CHECK(masks[static_cast<unsigned char>('B')] == 0b1000010);       // ident, junk
    CHECK(masks[static_cast<unsigned char>(')')] == 0b1100000);       // close, junk
    CHECK(masks[static_cast<unsigned char>('\xE3')] == 0b1000000);    // junk
    CHECK(masks[256] == 0b0000001);  // at the end every alternative fails: the first is tried
}

TEST_CASE("a first-byte choice matches, consumes, tries and reports as the ordered choice", "[pegc][first-byte]") {
    check_twins<g::tokens, tokens_twin>("tokens");
    check_twins<g::leaves, leaves_twin>("leaves");
    check_twins<g::named, named_twin>("named");
    check_twins<g::cut_first, cut_first_twin>("cut_first");
    check_twins<g::nullable_build, nullable_build_twin>("nullable_build");
    check_twins<g::at_end, at_end_twin>("at_end");
}

TEST_CASE("first-byte choices on chosen inputs", "[pegc][first-byte]") {
    CHECK(run_on<g::tokens>("(;B[aa])", 1000) ==
          outcome{true, 8, 8, "open@0-1 token@0-1 semi@1-2 token@1-2 ident@2-3 token@2-3 value@3-7 token@3-7 close@7-8 token@7-8 tokens@0-8 ", ""});
    CHECK(run_on<g::tokens>("(;B[aa", 1000).error == "raised at 6");
    CHECK(run_on<g::tokens>("(;B[aa])", 2).error == "too deep at 0");
    CHECK(run_on<g::leaves>("PASS", 1000) == outcome{true, 4, 0, "leaves@0-4 ", ""});
    CHECK(run_on<g::leaves>("qx", 1000).error == "raised at 1");     // "q" ^ "r"
    CHECK(run_on<g::leaves>("j", 1000).error == "raised at 0");      // "k"? ^ "l"
    CHECK(run_on<g::named>("!", 1000) == outcome{true, 0, 0, "marker@0-0 named@0-0 ", ""});
    CHECK(run_on<g::cut_first>("abc", 1000).error == "raised at 0");  // "-"? ^ [0-9] comes first
}
