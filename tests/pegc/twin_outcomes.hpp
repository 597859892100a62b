#pragma once

// What the twin tests of kifu-pegc's first-byte forms (first_byte_choice_test.cpp,
// first_byte_guard_test.cpp) compare: an emitted rule and its twin, the same rule with a form
// spelled out as the PEGTL it stands for, parsed with a control of the test's own; each parse
// gives an outcome (match, input consumed, furthest point tried, events, error), and the two
// must be equal on every prefix of random texts.

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

#include <tao/pegtl.hpp>

#include "core/peg_leaves.hpp"
#include "random_prefixes.hpp"

#include <catch2/catch.hpp>

namespace kifu::test {

/// The form of kifu-pegc's that spelled_out<> replaces.
enum class first_byte_form { choice, guard };

/// The type with every `Form` inside replaced by what it stands for: a first_byte_choice<> by
/// sor<> of its alternatives, a first_byte_guard<> by the repetition it guards. Other forms stay,
/// and so do named rules (they are structs, not templates of types).
template <first_byte_form Form, typename T>
struct spelled_out {
    using type = T;
};
template <typename... Alternatives>
struct spelled_out<first_byte_form::choice, kifu::peg::first_byte_choice<Alternatives...>> {
    using type = tao::pegtl::sor<typename spelled_out<first_byte_form::choice, typename Alternatives::rule>::type...>;
};
template <typename Rule, bool Plus, unsigned... Ranges>
struct spelled_out<first_byte_form::guard, kifu::peg::first_byte_guard<Rule, Plus, Ranges...>> {
    using type = typename spelled_out<first_byte_form::guard, Rule>::type;
};
template <first_byte_form Form, template <typename...> class Template, typename... Arguments>
struct spelled_out<Form, Template<Arguments...>> {
    using type = Template<typename spelled_out<Form, Arguments>::type...>;
};

/// What a test control throws when a parse nests named rules past its limit.
struct too_deep {
    const char* at;
};

/// What one parse did; offsets count bytes from the start of the text.
struct outcome {
    bool matched = false;
    std::size_t consumed = 0;
    std::size_t furthest = 0;
    std::string events;  ///< "name@start-end " per event, in order
    std::string error;   ///< "raised at N" or "too deep at N", or empty
    bool operator==(const outcome&) const = default;
};

inline std::ostream& operator<<(std::ostream& out, const outcome& o) {
    return out << o.matched << '/' << o.consumed << '/' << o.furthest << " [" << o.events << "] " << o.error;
}

/// Appends the event of rule `name`, which matched from `start` to `end`, to `state.events`.
template <typename State>
void add_event(State& state, std::string_view name, const char* start, const char* end) {
    state.events += std::string(name) + '@' + std::to_string(start - state.begin) + '-' +
                    std::to_string(end - state.begin) + ' ';
}

/// The input kifu::detail::parse gives a grammar: a std::string's, its NUL terminator read as
/// the end (kifu::peg::nul_terminated_input).
using terminated_input = kifu::peg::nul_terminated_input<tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy>>;

/// Parses `text` with Rule under Control, from an Input over it. `state` starts at the text
/// (`begin` and `furthest` at its first byte, no events); its control keeps `furthest` and
/// `events`.
template <typename Rule, template <typename...> class Control, typename State,
          typename Input = tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy>>
outcome parse_outcome(const std::string& text, State& state) {
    Input in(text.data(), text.size(), "test");
    outcome out;
    try {
        out.matched = tao::pegtl::parse<Rule, tao::pegtl::nothing, Control>(in, state);
    } catch (const tao::pegtl::parse_error& e) {
        out.error = "raised at " + std::to_string(e.positions().front().byte);
    } catch (const too_deep& e) {
        out.error = "too deep at " + std::to_string(e.at - text.data());
    }
    out.consumed = static_cast<std::size_t>(in.current() - text.data());
    out.furthest = static_cast<std::size_t>(state.furthest - text.data());
    out.events = state.events;
    return out;
}

/// Checks that `emitted(prefix)` and `twin(prefix)`, the outcomes of a rule and of its twin,
/// are equal on every prefix of `texts`; the first difference fails a CHECK that shows the
/// prefix and both outcomes. `label` names the rule in that message.
template <typename Emitted, typename Twin>
void check_same_outcomes(const std::string& label, const random_texts& texts, Emitted&& emitted, Twin&& twin) {
    const bool same = for_every_prefix(texts, [&](const std::string& prefix) {
        const outcome run = emitted(prefix);
        const outcome plain = twin(prefix);
        if (run == plain) return true;
        INFO(label << " on \"" << prefix << "\": emitted " << run << "; spelled out " << plain);
        CHECK(run == plain);
        return false;
    });
    if (same) SUCCEED(label);
}

}  // namespace kifu::test
