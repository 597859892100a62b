#include "first_bytes.hpp"

// An ordered choice tries its alternatives in turn; most of them fail on the very first byte.
// first_byte_choice (emitted by emitter.cpp) looks at that byte once and tries only the
// alternatives that may do something there. Skipping an alternative must change nothing that
// can be observed, so one is skipped only where this analysis PROMISES that it fails without a
// trace: no input consumed (not even inside a predicate), nothing tried past the position (the
// runtime's furthest point: every alternative tried starts with a rule at that position, so
// the furthest point reached stays the same), no event (an @build rule that matched, even
// without consuming), no raise (a cut whose rest fails). Everything unsure is `active`.
//
// Named rules also count their nesting depth at run time (peg_support.hpp's limit). Entering
// fewer rules could avoid a too-deep error the full choice would raise, so a choice is
// dispatched only when every alternative is a rule reference (each alternative tried enters a
// rule at the same depth first, and at least one is always tried) or when none refers to a
// rule at all (no depth is counted inside): then the depth limit fires exactly as before.

#include <algorithm>

#include "core/utf8.hpp"

namespace kifu::pegc {
namespace {

symbol_outcomes all(at_symbol outcome) {
    symbol_outcomes out;
    out.fill(outcome);
    return out;
}

// A character class: active at the first bytes a member can start with, fails elsewhere
// (PEGTL's ascii:: and utf8:: rules of one character look at the position only).
symbol_outcomes of_class(const node& n) {
    symbol_outcomes out = all(at_symbol::fails);
    if (n.negated) {
        // Any code point outside the ranges: every ASCII byte not in them, any non-ASCII byte.
        for (unsigned b = 0; b < 0x80; ++b) {
            const bool member = std::any_of(n.ranges.begin(), n.ranges.end(),
                                            [&](const code_range& r) { return b >= r.first && b <= r.last; });
            if (!member) out[b] = at_symbol::active;
        }
        for (unsigned b = 0x80; b < 0x100; ++b) out[b] = at_symbol::active;
        return out;
    }
    for (const code_range& r : n.ranges) {
        for (unsigned b = kifu::detail::utf8_lead_byte(r.first); b <= kifu::detail::utf8_lead_byte(r.last); ++b) {
            out[b] = at_symbol::active;
        }
    }
    return out;
}

bool refers_to_rule(const node& n) {
    if (n.kind == node_kind::rule_ref) return true;
    return std::any_of(n.children.begin(), n.children.end(), [](const node& c) { return refers_to_rule(c); });
}

}  // namespace

first_bytes::first_bytes(const grammar& g, const analysis& a)
    : g_(g), a_(a), rules_(g.rules.size()), state_(g.rules.size(), 0) {}

const symbol_outcomes& first_bytes::of_rule(std::size_t index) {
    if (state_[index] == 0) {
        state_[index] = 1;
        symbol_outcomes body = of(g_.rules[index].body);
        // A rule that matches empty still reports its event.
        if (g_.rules[index].build) {
            std::replace(body.begin(), body.end(), at_symbol::empty, at_symbol::active);
        }
        rules_[index] = body;
        state_[index] = 2;
    } else if (state_[index] == 1) {
        // Reached again at the same position: left recursion, which the checker rejects.
        static const symbol_outcomes unsure = all(at_symbol::active);
        return unsure;
    }
    return rules_[index];
}

symbol_outcomes first_bytes::of(const node& n, bool under_must) {
    if (n.kind == node_kind::sequence) {
        // Children in turn, each only at the symbols where every child before it matched empty.
        symbol_outcomes out = all(at_symbol::empty);
        for (std::size_t i = 0; i < n.children.size(); ++i) {
            if (std::find(out.begin(), out.end(), at_symbol::empty) == out.end()) break;
            const bool cut = under_must || (n.cut_at && i >= *n.cut_at);
            const symbol_outcomes child = of(n.children[i], cut);
            for (std::size_t s = 0; s < symbol_count; ++s) {
                if (out[s] == at_symbol::empty) out[s] = child[s];
            }
        }
        return out;
    }
    symbol_outcomes out = all(at_symbol::active);
    switch (n.kind) {
        case node_kind::sequence: break;  // above
        case node_kind::choice: {
            out = all(at_symbol::fails);
            for (const node& c : n.children) {
                if (std::find(out.begin(), out.end(), at_symbol::fails) == out.end()) break;
                const symbol_outcomes child = of(c);
                for (std::size_t s = 0; s < symbol_count; ++s) {
                    if (out[s] == at_symbol::fails) out[s] = child[s];
                }
            }
            break;
        }
        case node_kind::repeat: {
            // Also right for a class run (the emitter's `[…]*`, `[…]+`): it behaves as star<>/plus<>
            // of its class, and where the class fails it reports the position itself as tried.
            const symbol_outcomes child = of(n.children.front());
            for (std::size_t s = 0; s < symbol_count; ++s) {
                if (child[s] == at_symbol::fails) {
                    // x* / x? / x{0,m} match empty (trying x again at the same position at most);
                    // x+ / x{n,…} fail.
                    out[s] = n.min == 0 ? at_symbol::empty : at_symbol::fails;
                } else if (child[s] == at_symbol::empty && n.op == '?') {
                    out[s] = at_symbol::empty;
                } else {
                    out[s] = at_symbol::active;
                }
            }
            break;
        }
        case node_kind::and_pred: out = of(n.children.front()); break;
        case node_kind::not_pred: {
            const symbol_outcomes child = of(n.children.front());
            for (std::size_t s = 0; s < symbol_count; ++s) {
                out[s] = child[s] == at_symbol::fails   ? at_symbol::empty
                         : child[s] == at_symbol::empty ? at_symbol::fails
                                                        : at_symbol::active;
            }
            break;
        }
        case node_kind::literal: {
            out = all(at_symbol::fails);
            const auto first = static_cast<unsigned char>(n.text.front());
            out[first] = at_symbol::active;
            const bool letter = (first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z');
            if (n.insensitive && letter) out[first ^ 0x20u] = at_symbol::active;
            break;
        }
        case node_kind::char_class: out = of_class(n); break;
        case node_kind::any:
            out[end_of_input] = at_symbol::fails;
            break;
        case node_kind::eof:
            out = all(at_symbol::fails);
            out[end_of_input] = at_symbol::empty;
            break;
        case node_kind::rule_ref: {
            const auto it = a_.index.find(n.text);
            if (it != a_.index.end()) out = of_rule(it->second);
            break;
        }
    }
    // Under a cut a failure raises.
    if (under_must) std::replace(out.begin(), out.end(), at_symbol::fails, at_symbol::active);
    return out;
}

std::vector<std::vector<bool>> first_bytes::dispatch(const std::vector<const node*>& alternatives) {
    if (alternatives.size() < 2 || alternatives.size() > 64) return {};
    const bool all_rules = std::all_of(alternatives.begin(), alternatives.end(),
                                       [](const node* n) { return n->kind == node_kind::rule_ref; });
    const bool no_rules = std::none_of(alternatives.begin(), alternatives.end(),
                                       [](const node* n) { return refers_to_rule(*n); });
    if (!all_rules && !no_rules) return {};
    std::vector<std::vector<bool>> tried;
    bool skips = false;
    for (const node* n : alternatives) {
        const symbol_outcomes outcomes = of(*n);
        std::vector<bool> row(symbol_count);
        for (std::size_t s = 0; s < symbol_count; ++s) {
            row[s] = outcomes[s] != at_symbol::fails;
            skips = skips || !row[s];
        }
        tried.push_back(std::move(row));
    }
    if (!skips) return {};
    // Where every alternative fails, first_byte_choice still tries the first: it fails as the
    // whole choice would, and it is what records the position as tried (and counts the depth).
    return tried;
}

}  // namespace kifu::pegc
