#pragma once

// The grammar interpreter of `kifu-pegc run` and `kifu-pegc test`: runs a checked grammar on a
// UTF-8 text with the semantics of the parser kifu-pegc emits and runtime/src/core/
// peg_support.hpp drives (ordered choice, cuts raising their messages, @recover in lenient
// mode, events post-order and outside predicates, the furthest point tried as the place of
// "unexpected text", the input and nesting limits), so that a grammar can be tried without
// compiling anything.

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ast.hpp"
#include "checker.hpp"
#include "core/text_positions.hpp"

namespace kifu::pegc {

/// One @build event: the rule and the byte range it matched.
struct run_event {
    std::size_t rule = 0;  ///< index into grammar::rules
    std::size_t begin = 0;
    std::size_t end = 0;
};

/// One problem of a run, as the library reports it: code suffix ("syntax", "too-large",
/// "too-deep"), message and byte offset.
struct run_error {
    std::string code;
    std::string message;
    std::size_t offset = 0;
};

/// What happened in a run.
struct run_result {
    bool matched = false;  ///< the root matched and no error was recorded
    std::vector<run_event> events;
    std::vector<run_error> errors;
};

/// Receives every grammar rule tried (`--trace`); offsets are bytes of the text.
class run_observer {
public:
    virtual ~run_observer() = default;
    virtual void enter(std::size_t rule, std::size_t offset) = 0;
    /// `matched`: the rule matched [begin, end); else it failed (or raised when `message`).
    virtual void leave(std::size_t rule, std::size_t begin, std::size_t end, bool matched, const std::string* message) = 0;
    /// A point the parse may come back to (before an alternative, a repetition, a predicate)…
    virtual std::size_t mark() const { return 0; }
    /// …and the parse came back: what was matched since `mark` is undone.
    virtual void rewind(std::size_t /*mark*/) {}
};

/// Sends to up to two observers.
class both_observer : public run_observer {
public:
    both_observer(run_observer* first, run_observer* second) : first_(first), second_(second) {}
    void enter(std::size_t rule, std::size_t offset) override {
        if (first_ != nullptr) first_->enter(rule, offset);
        if (second_ != nullptr) second_->enter(rule, offset);
    }
    void leave(std::size_t rule, std::size_t begin, std::size_t end, bool matched, const std::string* message) override {
        if (first_ != nullptr) first_->leave(rule, begin, end, matched, message);
        if (second_ != nullptr) second_->leave(rule, begin, end, matched, message);
    }
    std::size_t mark() const override { return second_ != nullptr ? second_->mark() : 0; }
    void rewind(std::size_t mark) override {
        if (second_ != nullptr) second_->rewind(mark);
    }

private:
    run_observer* first_;
    run_observer* second_;  // the one that can be rewound
};

/// Limits, as kifu::detail::peg_limits.
struct run_options {
    bool lenient = false;
    std::size_t max_input = std::size_t{256} << 20;
    std::size_t max_depth = 1000;
};

/// Runs grammars; built once per grammar (it computes the cut messages).
class interpreter {
public:
    /// `g` and `a` must outlive the interpreter and be free of errors.
    interpreter(const grammar& g, const analysis& a);
    run_result run(std::string_view text, const run_options& options, run_observer* observer = nullptr) const;
    /// The message a failing cut on `n` raises (as the generated header's error_message<>).
    std::string cut_message(const node& n) const;

private:
    friend class run_state;
    const grammar& g_;
    const analysis& a_;
    std::map<std::string, std::string> anonymous_messages_;  // structure key → message
};

/// Returns a key that is equal for two expressions exactly when kifu-pegc emits the same
/// C++ type for them.
std::string structure_key(const node& n);

using detail::quote_text;

}  // namespace kifu::pegc
