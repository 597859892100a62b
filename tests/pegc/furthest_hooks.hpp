#pragma once

// The furthest point tried, tracked as runtime/src/core/peg_support.hpp's control tracks it,
// for the tests that run emitted rules with a control of their own.

#include <algorithm>
#include <type_traits>

#include <tao/pegtl.hpp>

namespace kifu::test {

/// True for the leaves kifu-pegc emits that report the furthest point they tried themselves
/// (class_run<>, class_rep<>, byte_seq<>).
template <typename Rule>
concept reports_tried = requires { Rule::reports_tried; };

/// Control hooks that keep `state.furthest` (a `const char*`) at the furthest point tried: the
/// start of every rule without sub-rules but those that report it, and what they report.
template <typename Rule>
struct furthest_hooks : tao::pegtl::normal<Rule> {
    template <typename ParseInput, typename State>
    static void start(const ParseInput& in, State& state) {
        if constexpr (std::is_same_v<typename Rule::subs_t, tao::pegtl::empty_list> && !reports_tried<Rule>) {
            state.furthest = std::max(state.furthest, in.current());
        }
    }
    template <typename State>
    static void tried(const char* at, State& state) noexcept {
        state.furthest = std::max(state.furthest, at);
    }
};

}  // namespace kifu::test
