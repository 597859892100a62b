#pragma once

// Runs a grammar that kifu-pegc generated (generated/<format>.hpp) over a decoded text and
// drives a builder with its events. One grammar per translation unit: include this header and
// the grammar's header in the builder's .cpp only (both are heavy templates).
//
// A builder is a class with
//   void on(kifu::grammar::<format>::event e, std::string_view matched, std::size_t offset);
// where offset is the byte offset of the match start in source_text::text(). Events arrive when
// a @build rule succeeds, post-order (inner rules before the rule that contains them), and only
// outside predicates (&x, !x). A rule that matched inside an alternative that later failed still
// produced its events: grammar authors place @build where a match is final, or the builder resets
// on the enclosing event.

#include <algorithm>
#include <cstddef>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <tao/pegtl.hpp>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

#include "core/peg_leaves.hpp"
#include "core/text_positions.hpp"

namespace kifu::inline v1::detail {

/// The version of the generated-header contract this runtime understands.
inline constexpr int grammar_abi = 2;

/// Bounds that keep a parse from exhausting memory or the stack.
struct peg_limits {
    std::size_t max_input = std::size_t{256} << 20;  ///< bytes; larger inputs are not parsed
    std::size_t max_depth = 1000;                    ///< grammar rules nested inside each other
};

/// What the control hooks share during one parse.
template <typename Builder>
struct peg_state {
    Builder& builder;
    const kifu::source_text& text;
    kifu::read_mode mode;
    std::string_view code_prefix;
    std::vector<kifu::diagnostic>& diagnostics;
    std::size_t max_depth;
    const char* begin;
    const char* furthest;  // the furthest point any rule was tried at: where a plain failure is reported
    std::size_t depth = 0;
    bool recovered = false;  // lenient mode recorded an error and went on

    void error(std::string_view suffix, std::string message, const char* at) {
        diagnostics.push_back(text.make_diagnostic(kifu::severity::error, std::string(code_prefix) + std::string(suffix),
                                                   std::move(message), static_cast<std::size_t>(at - begin)));
    }
};

/// Thrown (not a parse_error, so no @recover rule swallows it) when rules nest too deeply.
struct peg_too_deep {
    const char* at;
};

/// Throws the error a builder raises from on() when a match is well-formed for the grammar but
/// not for the format: it becomes a "<code_prefix>.syntax" diagnostic at `offset` (a byte offset
/// of source_text::text()), and in lenient mode the enclosing @recover rule skips the line.
[[noreturn]] inline void peg_raise(const std::string& message, std::size_t offset) {
    // Only the byte offset is read back; line and column come from source_text.
    throw tao::pegtl::parse_error(message, tao::pegtl::position(offset, 0, 0, "<builder>"));
}

/// Returns the message of a failing cut on `Rule`: its @error text, else "expected <rule name>".
template <typename Traits, typename Rule>
std::string peg_error_message() {
    if constexpr (Traits::template error_message<Rule> != nullptr) {
        return Traits::template error_message<Rule>;
    } else if constexpr (!Traits::template rule_info<Rule>::name.empty()) {
        std::string name(Traits::template rule_info<Rule>::name);
        std::replace(name.begin(), name.end(), '_', ' ');
        return "expected " + name;
    } else {
        return "syntax error";  // kifu-pegc names every rule that can fail under a cut; not reached
    }
}

/// Returns true when no match of the grammar can nest its rules deeper than `max_depth`: then
/// the depth need not be counted (kifu-pegc's max_nesting: 0 for a recursive grammar).
template <typename Traits>
constexpr bool nesting_within(std::size_t max_depth) noexcept {
    if constexpr (requires { Traits::max_nesting; }) {
        return Traits::max_nesting > 0 && static_cast<std::size_t>(Traits::max_nesting) <= max_depth;
    } else {
        return false;
    }
}

/// Returns true when parsing from `Root` can fail plainly, so that the furthest point tried must
/// be kept for the message: always, unless `Root` is the grammar's root and kifu-pegc proved
/// that it either matches or raises on valid UTF-8 (root_may_fail; source_text's text is valid).
template <typename Root, typename Traits>
constexpr bool may_fail_plainly() noexcept {
    if constexpr (requires { Traits::root_may_fail; typename Traits::root; }) {
        return Traits::root_may_fail || !std::is_same_v<Root, typename Traits::root>;
    } else {
        return true;
    }
}

/// The PEGTL control of every kifu grammar: messages from the grammar's table, events to the
/// builder, recovery at @recover rules in lenient mode, a depth bound (counted only when
/// `CountDepth`: parse() drops the count when the grammar cannot nest deeper than the bound),
/// the furthest point tried (kept only when `TrackFurthest`: see may_fail_plainly()).
template <typename Traits, bool CountDepth = true, bool TrackFurthest = true>
struct peg_control {
    template <typename Rule>
    struct type : tao::pegtl::normal<Rule> {
        // Every rule that has sub-rules first tries one of them where it starts itself, so the
        // furthest start of any rule is the furthest start of a rule without sub-rules (a
        // character, a literal, eof): tracking only those gives the same point for a fraction
        // of the work.
        //
        // kifu-pegc's leaves that read several characters (class_run, class_rep, byte_seq; they
        // carry `reports_tried`) report the furthest point they tried themselves, through
        // tried(): where the spelled-out rules they stand for would have started their last
        // character rule. That is never before the leaf's start, so its start is not recorded.
        static constexpr bool reports_tried = requires { Rule::reports_tried; };
        // Whether grammar rules entered are counted against the depth limit (first_byte_guard
        // then enters every rule the grammar tries).
        static constexpr bool counts_depth = CountDepth;

        template <typename ParseInput, typename State>
        static void start(const ParseInput& in, State& state) noexcept {
            if constexpr (TrackFurthest && std::is_same_v<typename Rule::subs_t, tao::pegtl::empty_list> && !reports_tried) {
                state.furthest = std::max(state.furthest, in.current());
            }
        }

        template <typename State>
        static void tried(const char* at, State& state) noexcept {
            if constexpr (TrackFurthest) state.furthest = std::max(state.furthest, at);
        }

        // Only the byte offset is carried: a lazy input would count lines from the start for
        // in.position(), which makes many recovered errors quadratic. source_text maps it.
        template <typename ParseInput, typename State>
        [[noreturn]] static void raise(const ParseInput& in, State& state) {
            throw tao::pegtl::parse_error(
                peg_error_message<Traits, Rule>(),
                tao::pegtl::position(static_cast<std::size_t>(in.current() - state.begin), 0, 0, in.source()));
        }

        // A rule without sub-rules, event or recovery whose depth is not counted (a character, a
        // literal, one of kifu-pegc's leaves) is matched here, in line, with only the start hook:
        // PEGTL's normal<> would add nothing else (no action, no-op success and failure hooks),
        // and its layers of calls were left out of line around the leaves.
        using info = typename Traits::template rule_info<Rule>;
        static constexpr bool plain_leaf = std::is_same_v<typename Rule::subs_t, tao::pegtl::empty_list> &&
                                           !info::has_event && !info::recover_point &&
                                           (!CountDepth || info::name.empty());

        template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
                  template <typename...> class Control, typename ParseInput, typename State>
            requires plain_leaf
        [[nodiscard, gnu::always_inline]] static inline bool match(ParseInput& in, State& state) {
            start(in, state);
            if constexpr (requires { Rule::match(in); }) {
                return Rule::match(in);
            } else {
                return Rule::template match<A, M, Action, Control>(in, state);
            }
        }

        template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
                  template <typename...> class Control, typename ParseInput, typename State>
            requires(!plain_leaf)
        [[nodiscard]] static bool match(ParseInput& in, State& state) {
            if constexpr (info::name.empty()) {
                return tao::pegtl::normal<Rule>::template match<A, M, Action, Control>(in, state);
            } else if constexpr (CountDepth) {
                // Only the grammar's own rules count: PEGTL's building blocks nest a bounded amount.
                if (++state.depth > state.max_depth) throw peg_too_deep{in.current()};
                struct leave {
                    std::size_t& depth;
                    ~leave() { --depth; }
                } guard{state.depth};
                return match_rule<A, M, Action, Control>(in, state);
            } else {
                return match_rule<A, M, Action, Control>(in, state);
            }
        }

        template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
                  template <typename...> class Control, typename ParseInput, typename State>
        static bool match_rule(ParseInput& in, State& state) {
            if constexpr (info::recover_point) {
                if (state.mode == kifu::read_mode::lenient && A == tao::pegtl::apply_mode::action) {
                    return match_recovering<A, M, Action, Control>(in, state);
                }
            }
            return match_with_event<A, M, Action, Control>(in, state);
        }

        template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
                  template <typename...> class Control, typename ParseInput, typename State>
        static bool match_with_event(ParseInput& in, State& state) {
            if constexpr (info::has_event) {
                const char* start = in.current();
                if (!tao::pegtl::normal<Rule>::template match<A, M, Action, Control>(in, state)) return false;
                if constexpr (A == tao::pegtl::apply_mode::action) {
                    state.builder.on(info::event_id,
                                     std::string_view(start, static_cast<std::size_t>(in.current() - start)),
                                     static_cast<std::size_t>(start - state.begin));
                }
                return true;
            } else {
                return tao::pegtl::normal<Rule>::template match<A, M, Action, Control>(in, state);
            }
        }

        // A raised error inside the rule is recorded, the input skipped to just after the next
        // line break, and the rule reported as matched. When that would not move past where the
        // rule started (an error at the end of the input), the error goes on up instead: a
        // recovery that consumes nothing could repeat forever inside a star<>.
        template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
                  template <typename...> class Control, typename ParseInput, typename State>
        static bool match_recovering(ParseInput& in, State& state) {
            const char* start = in.current();
            try {
                return match_with_event<A, M, Action, Control>(in, state);
            } catch (const tao::pegtl::parse_error& e) {
                const char* at = state.begin + e.positions().front().byte;
                const char* end = in.end();
                const char* skip = std::find_if(at, end, [](char c) { return c == '\n' || c == '\r'; });
                if (skip != end) skip += (*skip == '\r' && skip + 1 != end && skip[1] == '\n') ? 2 : 1;
                if (skip <= start) throw;
                state.error(".syntax", std::string(e.message()), at);
                state.recovered = true;
                // A builder that keeps what a lenient read skips (a cut in the record) hears of
                // it: where the skipped text starts, where the error is, and why.
                if constexpr (requires {
                                  state.builder.on_skipped(std::size_t{}, std::size_t{}, std::string_view{});
                              }) {
                    state.builder.on_skipped(static_cast<std::size_t>(start - state.begin),
                                             static_cast<std::size_t>(at - state.begin), e.message());
                }
                in.iterator() = skip;
                return true;
            }
        }
    };
};

/// The input of parse() and trace(): a source_text's text, a std::string, whose byte past the
/// end is a readable NUL (what kifu::peg's leaves skip their end tests for).
using source_input = kifu::peg::nul_terminated_input<
    tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy, tao::pegtl::eol::lf_crlf, const char*>>;

/// Parses `text` with the grammar rooted at `Root`, sending events to `builder` and problems to
/// `diagnostics` (code "<code_prefix>.syntax", "<code_prefix>.too-large", "<code_prefix>.too-deep").
/// Returns true when the input matched and no error was recorded.
template <typename Root, typename Traits, typename Builder>
bool parse(const kifu::source_text& text, kifu::read_mode mode, std::string_view code_prefix, Builder& builder,
           std::vector<kifu::diagnostic>& diagnostics, const peg_limits& limits) {
    static_assert(Traits::abi_version == grammar_abi,
                  "generated/<format>.hpp was made by a kifu-pegc of another ABI: regenerate it");
    const std::string_view input = text.text();
    peg_state<Builder> state{builder,         text, mode, code_prefix, diagnostics, limits.max_depth,
                             input.data(), input.data()};
    if (input.size() > limits.max_input) {
        state.error(".too-large",
                    "the input is larger than " +
                        (limits.max_input % (std::size_t{1} << 20) == 0 ? std::to_string(limits.max_input >> 20) + " MiB"
                                                                        : std::to_string(limits.max_input) + " bytes") +
                        "; it is not parsed",
                    input.data());
        return false;
    }
    // The source name is a pointer into the source_text, not a std::string: PEGTL's default
    // would copy the file name for every parse, and nothing reads it back (diagnostics take it
    // from source_text, positions from the byte offset).
    source_input in(input.data(), input.size(), text.file_name().c_str());
    // Two instantiations when the grammar is not recursive: without the depth count when the
    // bound cannot be reached (the usual limits), with it otherwise (a limit below max_nesting).
    const auto run = [&]<bool CountDepth>() {
        return tao::pegtl::parse<Root, tao::pegtl::nothing,
                                 peg_control<Traits, CountDepth, may_fail_plainly<Root, Traits>()>::template type>(in, state);
    };
    const auto matches = [&] {
        if constexpr (nesting_within<Traits>(std::size_t(-1))) {
            if (nesting_within<Traits>(limits.max_depth)) return run.template operator()<false>();
        }
        return run.template operator()<true>();
    };
    try {
        if (!matches()) {
            // (Not reached when the furthest point is not kept: kifu-pegc proved it.)
            state.error(".syntax", "unexpected text", state.furthest);
            return false;
        }
    } catch (const tao::pegtl::parse_error& e) {
        state.error(".syntax", std::string(e.message()), state.begin + e.positions().front().byte);
        return false;
    } catch (const peg_too_deep& e) {
        state.error(".too-deep",
                    "the input nests deeper than " + std::to_string(limits.max_depth) + " grammar rules",
                    e.at);
        return false;
    }
    return !state.recovered;
}

/// Parses with the default limits (256 MiB, 1000 nested rules).
template <typename Root, typename Traits, typename Builder>
bool parse(const kifu::source_text& text, kifu::read_mode mode, std::string_view code_prefix, Builder& builder,
           std::vector<kifu::diagnostic>& diagnostics) {
    return parse<Root, Traits>(text, mode, code_prefix, builder, diagnostics, peg_limits{});
}

/// What trace() hands the control hooks: the lines written so far and the open rules.
struct peg_trace_builder {
    std::string& out;
    const text_positions& positions;
    const char* begin;
    std::vector<const char*> starts;  // where each open grammar rule started
    std::string raised;               // the message of the cut that is raising, if any
    const char* raised_at = nullptr;

    template <typename Event>
    void on(Event, std::string_view, std::size_t) noexcept {}

    void position(const char* at) {
        const text_positions::position p = positions.at(static_cast<std::size_t>(at - begin));
        out += ' ';
        out += std::to_string(p.line);
        out += ':';
        out += std::to_string(p.column);
    }
    void enter(std::string_view name, const char* at) {
        out.append(2 * starts.size(), ' ');
        out += name;
        position(at);
        out += '\n';
        starts.push_back(at);
    }
    // How a rule ended: matched up to `end`, failed (end == nullptr), or raised.
    void leave(std::string_view name, const char* end, bool raising) {
        const char* start = starts.back();
        starts.pop_back();
        out.append(2 * starts.size(), ' ');
        out += name;
        position(start);
        if (raising) {
            out += " raised " + quote_text(raised) + " at";
            position(raised_at);
        } else if (end != nullptr) {
            out += " matched " + quote_text(std::string_view(start, static_cast<std::size_t>(end - start)), 40);
        } else {
            out += " failed";
        }
        out += '\n';
    }
};

/// peg_control with a line for every grammar rule tried and how it ended, in the form of
/// `kifu-pegc run --trace` (.peg rule names, line:column, matched text as UTF-8).
template <typename Traits>
struct peg_trace_control {
    template <typename Rule>
    struct type : peg_control<Traits, true, true>::template type<Rule> {
        using base = typename peg_control<Traits, true, true>::template type<Rule>;
        static constexpr std::string_view name = Traits::template rule_info<Rule>::name;

        template <typename ParseInput, typename State>
        static void start(const ParseInput& in, State& state) {
            base::start(in, state);
            if constexpr (!name.empty()) state.builder.enter(name, in.current());
        }
        template <typename ParseInput, typename State>
        static void success(const ParseInput& in, State& state) {
            if constexpr (!name.empty()) state.builder.leave(name, in.current(), false);
        }
        template <typename ParseInput, typename State>
        static void failure(const ParseInput&, State& state) {
            if constexpr (!name.empty()) state.builder.leave(name, nullptr, false);
        }
        template <typename ParseInput, typename State>
        static void unwind(const ParseInput&, State& state) {
            if constexpr (!name.empty()) state.builder.leave(name, nullptr, true);
        }
        template <typename ParseInput, typename State>
        [[noreturn]] static void raise(const ParseInput& in, State& state) {
            state.builder.raised = peg_error_message<Traits, Rule>();
            state.builder.raised_at = in.current();
            base::raise(in, state);
        }
    };
};

/// Writes into `out` every grammar rule tried on `text` from `Root` (strict mode) and how it
/// ended — `name line:col` when it starts, then `name line:col matched "text"`, `failed` or
/// `raised "message" at line:col`, indented by nesting — and then the diagnostics, in gcc's
/// form. Linear in the input: positions come from a table, matched text is cut at 40
/// characters. Returns whether the parse succeeded.
template <typename Root, typename Traits>
bool trace(const kifu::source_text& text, std::string& out, std::string_view code_prefix) {
    const std::string_view input = text.text();
    const text_positions positions(input);
    peg_trace_builder builder{out, positions, input.data(), {}, {}, nullptr};
    std::vector<kifu::diagnostic> diagnostics;
    peg_state<peg_trace_builder> state{builder, text, kifu::read_mode::strict, code_prefix, diagnostics,
                                       peg_limits{}.max_depth, input.data(), input.data()};
    source_input in(input.data(), input.size(), text.file_name().c_str());
    try {
        if (!tao::pegtl::parse<Root, tao::pegtl::nothing, peg_trace_control<Traits>::template type>(in, state)) {
            state.error(".syntax", "unexpected text", state.furthest);
        }
    } catch (const tao::pegtl::parse_error& e) {
        state.error(".syntax", std::string(e.message()), state.begin + e.positions().front().byte);
    } catch (const peg_too_deep& e) {
        state.error(".too-deep", "the input nests deeper than " + std::to_string(peg_limits{}.max_depth) + " grammar rules", e.at);
    }
    for (const kifu::diagnostic& d : diagnostics) out += kifu::format_gcc(d) + '\n';
    return diagnostics.empty();
}

}  // namespace kifu::detail
