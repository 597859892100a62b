#pragma once

// The furthest point tried, tracked as runtime/src/core/peg_support.hpp's control tracks it,
// for the tests that run emitted rules with a control of their own.

#include <algorithm>
#include <type_traits>

#include <tao/pegtl.hpp>

namespace kifu::test {

/// True for the class_run<> leaves kifu-pegc emits for `[…]*` and `[…]+`.
template <typename Rule>
concept class_run = requires { Rule::tries_past_match; };

/// Control hooks that keep `state.furthest` (a `const char*`) at the furthest point tried: the
/// start of every rule without sub-rules but a class_run, and where a class_run ends, matched or
/// not (it tried the character there; failing, it ends where it started).
template <typename Rule>
struct furthest_hooks : tao::pegtl::normal<Rule> {
    template <typename ParseInput, typename State>
    static void start(const ParseInput& in, State& state) {
        if constexpr (std::is_same_v<typename Rule::subs_t, tao::pegtl::empty_list> && !class_run<Rule>) {
            state.furthest = std::max(state.furthest, in.current());
        }
    }
    template <typename ParseInput, typename State>
    static void success(const ParseInput& in, State& state) {
        if constexpr (class_run<Rule>) state.furthest = std::max(state.furthest, in.current());
    }
    template <typename ParseInput, typename State>
    static void failure(const ParseInput& in, State& state) {
        if constexpr (class_run<Rule>) state.furthest = std::max(state.furthest, in.current());
    }
};

}  // namespace kifu::test
