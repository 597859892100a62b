// kifu-pegc's first-byte test before an optional or repeated rule (first_byte_guard) against
// the plain opt<>/star<>/plus<> it stands for, on random inputs and every prefix of them: same
// match, same input consumed, same furthest point tried, same events in the same order, same
// errors at the same positions. The grammar is tests/pegc/cases/first_byte_guard/grammar.peg.

#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <tao/pegtl.hpp>

#include "cases/first_byte_guard/expected.hpp"
#include "furthest_hooks.hpp"
#include "random_prefixes.hpp"

#include <catch2/catch.hpp>

namespace {

namespace g = kifu::grammar::first_byte_guard;

// The type with every first_byte_guard<> inside replaced by the repetition it guards (named
// rules are left alone: they are structs, not templates of types).
template <typename T>
struct plain {
    using type = T;
};
template <typename Rule, bool Plus, unsigned... Ranges>
struct plain<kifu::peg::first_byte_guard<Rule, Plus, Ranges...>> {
    using type = typename plain<Rule>::type;
};
template <template <typename...> class Template, typename... Arguments>
struct plain<Template<Arguments...>> {
    using type = Template<typename plain<Arguments>::type...>;
};

// The base a rule derives from, found through overloads on the shapes emitted here.
template <typename... Rules>
tao::pegtl::seq<Rules...> base_seq(const tao::pegtl::seq<Rules...>*);
template <typename Rule>
using plain_body = typename plain<decltype(base_seq(static_cast<const Rule*>(nullptr)))>::type;

// Twins: the same rules with the plain repetition where kifu-pegc emitted a guard.
struct items_twin : plain_body<g::items> {};
struct pluses_twin : plain_body<g::pluses> {};
struct tail_twin : plain_body<g::tail> {};
struct root_twin : tao::pegtl::seq<items_twin, pluses_twin, tail_twin, tao::pegtl::opt<g::leafy>> {};

// Events as peg_support.hpp's control reports them (@build rules, post-order), a twin reporting
// as its rule would.
template <typename Rule>
constexpr bool reports = g::has_event<Rule>;

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
                p.events += std::string(g::rule_name<Rule>) + '@' + std::to_string(start - p.begin) + '-' +
                            std::to_string(in.current() - p.begin) + ' ';
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

struct outcome {
    bool matched = false;
    std::size_t consumed = 0;
    std::size_t furthest = 0;
    std::string events;
    std::string error;
    bool operator==(const outcome&) const = default;
};

std::ostream& operator<<(std::ostream& out, const outcome& o) {
    return out << o.matched << '/' << o.consumed << '/' << o.furthest << " [" << o.events << "] " << o.error;
}

template <typename Rule, template <typename...> class Control = probe_control>
outcome run_on(const std::string& text) {
    tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy> in(text.data(), text.size(), "test");
    probe p{text.data(), text.data(), {}};
    outcome out;
    try {
        out.matched = tao::pegtl::parse<Rule, tao::pegtl::nothing, Control>(in, p);
    } catch (const tao::pegtl::parse_error& e) {
        out.error = "raised at " + std::to_string(e.positions().front().byte);
    }
    out.consumed = static_cast<std::size_t>(in.current() - text.data());
    out.furthest = static_cast<std::size_t>(p.furthest - text.data());
    out.events = p.events;
    return out;
}

// Bytes that start (or nearly start) the grammar's rules, and others.
const std::vector<std::string> pieces{"(", ")", "()", "(12)", "(1", "7", ";", "+", "a", "b", "c", "ab", "abc", "d",
                                      "m", "n", "x", "y", "z", "xy.", ".", "!", "#", "#c", "\n", " ", "\t", "\xE3\x81\x82",
                                      "\xC3", "\xFF", std::string(1, '\0')};

template <typename Rule, typename Twin>
void check_twins(const char* name) {
    const kifu::test::random_texts texts{.pieces = pieces, .seed = 20261127, .count = 2000, .max_pieces = 8};
    const bool same = kifu::test::for_every_prefix(texts, [&](const std::string& prefix) {
        const outcome run = run_on<Rule>(prefix);
        const outcome twin = run_on<Twin>(prefix);
        if (run == twin) return true;
        INFO(name << " on \"" << prefix << "\": guard " << run.matched << '/' << run.consumed << '/' << run.furthest
                  << " [" << run.events << "] " << run.error << "; plain " << twin.matched << '/' << twin.consumed
                  << '/' << twin.furthest << " [" << twin.events << "] " << twin.error);
        CHECK(run == twin);
        return false;
    });
    if (same) SUCCEED(name);
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
