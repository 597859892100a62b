#include "plain_failure.hpp"

// The proof is syntactic and one-sided (unsure means "may fail"). It rests on two facts:
//   - `.` fails only at the end of the input on valid UTF-8 (the runtime's source_text promises
//     valid UTF-8), so an expression that fails only where `.` fails does too;
//   - `x*` stops only where x fails (the checker rejects an x that can match empty there), so
//     after `x*` with such an x the input is at its end, where `!.` (eof) cannot fail.
//   - `!eof` fails only at the end of the input;
// A cut's failure raises instead of failing; a raise caught by a lenient @recover rule turns
// into a success, which adds no plain failure either.

#include <algorithm>
#include <optional>
#include <vector>

namespace kifu::pegc {
namespace {

// How an expression can fail plainly, from where it starts.
enum class failing { anywhere, only_at_end, never };

class prover {
public:
    prover(const grammar& g, const analysis& a) : g_(g), a_(a), busy_(g.rules.size(), false) {}

    failing of(const node& n) {
        switch (n.kind) {
            case node_kind::any: return failing::only_at_end;
            case node_kind::repeat:
                if (n.op == '*' || n.op == '?') return failing::never;
                // x+ fails exactly where its first x fails ({0,m} fails on an (m+1)-th x).
                if (n.op == '+') return of(n.children.front());
                return failing::anywhere;
            case node_kind::and_pred: return of(n.children.front());
            case node_kind::not_pred:
                // `!eof` fails only where eof matches: at the end.
                return n.children.front().kind == node_kind::eof ? failing::only_at_end : failing::anywhere;
            case node_kind::choice: {
                failing best = failing::anywhere;
                for (const node& c : n.children) best = std::max(best, of(c));
                return best;
            }
            case node_kind::sequence: {
                // Fails where one of its elements fails: only the first element starts where
                // the sequence does; the others must not fail, unless a cut makes them raise.
                if (n.children.empty()) return failing::never;
                failing result = of(n.children.front());
                if (n.cut_at && *n.cut_at == 0) result = failing::never;
                for (std::size_t i = 1; i < n.children.size(); ++i) {
                    if (n.cut_at && i >= *n.cut_at) break;
                    if (of(n.children[i]) != failing::never) return failing::anywhere;
                }
                return result;
            }
            case node_kind::rule_ref: {
                const std::size_t target = a_.index.at(n.text);
                if (busy_[target]) return failing::anywhere;
                busy_[target] = true;
                const failing result = of(g_.rules[target].body);
                busy_[target] = false;
                return result;
            }
            default: return failing::anywhere;
        }
    }

    // When `n`, started with the input at its end or not (`at_end`), cannot fail plainly:
    // whether the input is at its end after it. Nothing when it may fail plainly.
    std::optional<bool> walk(const node& n, bool at_end) {
        switch (n.kind) {
            case node_kind::sequence: {
                for (std::size_t i = 0; i < n.children.size(); ++i) {
                    const std::optional<bool> after = walk(n.children[i], at_end);
                    if (n.cut_at && i >= *n.cut_at) {
                        at_end = after.value_or(false);  // a failure raises
                    } else if (!after) {
                        return std::nullopt;
                    } else {
                        at_end = *after;
                    }
                }
                return at_end;
            }
            case node_kind::repeat:
                if (n.op == '*') return at_end || of(n.children.front()) != failing::anywhere;
                if (n.op == '?') return at_end;
                break;
            case node_kind::eof:
                if (at_end) return true;
                return std::nullopt;
            case node_kind::rule_ref: {
                const std::size_t target = a_.index.at(n.text);
                if (busy_[target]) return std::nullopt;
                busy_[target] = true;
                const std::optional<bool> result = walk(g_.rules[target].body, at_end);
                busy_[target] = false;
                return result;
            }
            default: break;
        }
        if (of(n) == failing::never) return false;
        return std::nullopt;
    }

private:
    const grammar& g_;
    const analysis& a_;
    std::vector<bool> busy_;  // rules being looked into (a cycle is judged "may fail")
};

}  // namespace

bool may_fail_plainly(const grammar& g, const analysis& a, const node& n) {
    return prover(g, a).of(n) != failing::never;
}

bool root_may_fail_plainly(const grammar& g, const analysis& a) {
    if (g.rules.empty()) return true;
    return !prover(g, a).walk(g.rules.front().body, false).has_value();
}

}  // namespace kifu::pegc
