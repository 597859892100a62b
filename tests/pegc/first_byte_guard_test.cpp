// kifu-pegc's first-byte test before an optional or repeated rule (first_byte_guard) against
// the plain opt<>/star<>/plus<> it stands for, on random inputs and every prefix of them: same
// match, same input consumed, same furthest point tried, same events in the same order, same
// errors at the same positions. The grammar is tests/pegc/cases/first_byte_guard/grammar.peg.

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <tao/pegtl.hpp>

#include "cases/first_byte_guard/expected.hpp"
#include "furthest_hooks.hpp"
#include "random_prefixes.hpp"
#include "twin_outcomes.hpp"

#include <catch2/catch.hpp>

namespace {

namespace g = kifu::grammar::first_byte_guard;
using kifu::test::outcome;

// The base a rule derives from, found through overloads on the shapes emitted here.
template <typename... Rules>
tao::pegtl::seq<Rules...> base_seq(const tao::pegtl::seq<Rules...>*);
template <typename Rule>
using plain_body = typename kifu::test::spelled_out<kifu::test::first_byte_form::guard,
                                                    decltype(base_seq(static_cast<const Rule*>(nullptr)))>::type;

// Twins: the same rules with the plain repetition where kifu-pegc emitted a guard.
struct items_twin : plain_body<g::items> {};
struct pluses_twin : plain_body<g::pluses> {};
struct tail_twin : plain_body<g::tail> {};
// A twin that kept the emitted form would compare a rule with itself.
static_assert(!std::is_same_v<plain_body<g::items>, decltype(base_seq(static_cast<const g::items*>(nullptr)))>);
struct root_twin : tao::pegtl::seq<items_twin, pluses_twin, tail_twin, tao::pegtl::opt<g::leafy>> {};

// Events as peg_support.hpp's control reports them (@build rules, post-order), a twin reporting
// as its rule would.
template <typename Rule>
constexpr bool reports = g::rule_info<Rule>::has_event;

struct probe {
    const char* begin;
    const char* furthest;
    std::string events;
};

// What runtime/src/core/peg_support.hpp's control does when it counts no depth.
template <typename Rule>
struct probe_control : kifu::test::furthest_hooks<Rule> {
    static constexpr bool counts_depth = false;

    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput>
    static bool match(ParseInput& in, probe& p) {
        const char* start = in.current();
        const bool matched = tao::pegtl::normal<Rule>::template match<A, M, Action, Control>(in, p);
        if constexpr (reports<Rule>) {
            if (matched && A == tao::pegtl::apply_mode::action) {
                kifu::test::add_event(p, g::rule_info<Rule>::name, start, in.current());
            }
        }
        return matched;
    }
};

// The same, for a control that counts rule depth: the guard then enters every rule.
template <typename Rule>
struct counting_control : probe_control<Rule> {
    static constexpr bool counts_depth = true;
};

template <typename Rule, template <typename...> class Control = probe_control,
          typename Input = tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy>>
outcome run_on(const std::string& text) {
    probe p{text.data(), text.data(), {}};
    return kifu::test::parse_outcome<Rule, Control, probe, Input>(text, p);
}

// Bytes that start (or nearly start) the grammar's rules, and others.
const std::vector<std::string> pieces{"(", ")", "()", "(12)", "(1", "7", ";", "+", "a", "b", "c", "ab", "abc", "d",
                                      "m", "n", "x", "y", "z", "xy.", ".", "!", "#", "#c", "\n", " ", "\t", "\xE3\x81\x82",
                                      "\xC3", "\xFF", std::string(1, '\0')};

template <typename Rule, typename Twin>
void check_twins(const char* name) {
    const kifu::test::random_texts texts{.pieces = pieces, .seed = 20261127, .count = 2000, .max_pieces = 8};
    kifu::test::check_same_outcomes(
        name, texts, [](const std::string& text) { return run_on<Rule>(text); },
        [](const std::string& text) { return run_on<Twin>(text); });
    // As kifu::detail::parse runs it: the NUL after the text looked up as the end where the
    // guard's table says the same of both.
    kifu::test::check_same_outcomes(
        std::string(name) + " (NUL-terminated input)", texts,
        [](const std::string& text) { return run_on<Rule, probe_control, kifu::test::terminated_input>(text); },
        [](const std::string& text) { return run_on<Twin>(text); });
}

}  // namespace

TEST_CASE("an optional or repeated rule entered by a call gets a first-byte guard", "[pegc][first-byte]") {
    CHECK(std::is_base_of_v<tao::pegtl::seq<kifu::peg::first_byte_guard<tao::pegtl::star<g::item>, false, '(', '('>,
                                            tao::pegtl::opt<tao::pegtl::string<';'>>>,
                            g::items>);
    // x? of a class run is matched in line: no guard.
    CHECK(std::is_base_of_v<tao::pegtl::seq<tao::pegtl::opt<g::blanks>, tao::pegtl::string<'.'>>, g::leafy>);
}

TEST_CASE("a first-byte guard matches, consumes, tries and reports as the plain repetition", "[pegc][first-byte]") {
    check_twins<g::items, items_twin>("items");
    check_twins<g::pluses, pluses_twin>("pluses");
    check_twins<g::tail, tail_twin>("tail");
    check_twins<g::root, root_twin>("root");
}

TEST_CASE("first-byte guards on chosen inputs", "[pegc][first-byte]") {
    CHECK(run_on<g::root>("(1)(23);+abm#x") == outcome{true, 14, 14, "item@0-3 item@3-7 group@9-11 maybe@11-12 rest@12-14 ", ""});
    CHECK(run_on<g::root>("+") == outcome{false, 0, 1, "", "raised at 1"});  // group+ after the cut
    CHECK(run_on<g::root>("+a.") == outcome{true, 3, 2, "group@1-2 ", ""});
    CHECK(run_on<g::root>("(1") == outcome{false, 0, 2, "", "raised at 2"});
    // The guard enters the rule under a control that counts depth: the furthest point is the same.
    CHECK(run_on<g::root, counting_control>("+a") == run_on<g::root>("+a"));
}
