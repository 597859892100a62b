#include "lint.hpp"

// Two one-sided descriptions of an expression, both over the code points of valid UTF-8 text:
//   - its START: character sets s1 … sk such that wherever it matches or raises, the input
//     begins with a character of s1, then one of s2, …; "exact" when it cannot raise and every
//     match is exactly k characters long (an alternative that exists to raise an error, as
//     `&. ^ known_line`, starts with nothing certain and is never judged unreachable);
//   - its GUARANTEES: character sets g1 … gm such that wherever the input begins with a character
//     of g1, then one of g2, …, the expression matches or raises (m = 0: it always does);
//     "exact" when such a match is exactly m characters long.
// In an ordered choice, a later alternative is tried only where every earlier one fails plainly;
// when an earlier alternative has a guarantee that the later one's start lies inside, set by
// set, the later one is never tried where it would match. A guarantee that holds only because
// a cut raises instead of failing names the cut. Every step widens a start or drops a guarantee
// when unsure, so no warning is ever false; some true ones are missed.

#include <algorithm>
#include <functional>
#include <set>
#include <utility>

#include "plain_failure.hpp"

namespace kifu::pegc {
namespace {

using charset = std::vector<code_range>;  // sorted, disjoint, not adjacent

constexpr char32_t last_code_point = 0x10FFFF;
constexpr std::size_t max_length = 24;      // sets kept per description
constexpr std::size_t max_guarantees = 16;  // guarantees kept per expression

charset normalized(charset s) {
    std::sort(s.begin(), s.end(), [](const code_range& x, const code_range& y) { return x.first < y.first; });
    charset out;
    for (const code_range& r : s) {
        if (!out.empty() && r.first <= out.back().last + 1) {
            out.back().last = std::max(out.back().last, r.last);
        } else {
            out.push_back(r);
        }
    }
    return out;
}

charset every_character() { return {{0, last_code_point}}; }

charset complement(const charset& s) {
    charset out;
    char32_t next = 0;
    for (const code_range& r : s) {
        if (r.first > next) out.push_back({next, r.first - 1});
        next = r.last + 1;
    }
    if (next <= last_code_point) out.push_back({next, last_code_point});
    return out;
}

charset unite(const charset& x, const charset& y) {
    charset both = x;
    both.insert(both.end(), y.begin(), y.end());
    return normalized(std::move(both));
}

bool contains(const charset& outer, const charset& inner) {
    return std::all_of(inner.begin(), inner.end(), [&](const code_range& r) {
        return std::any_of(outer.begin(), outer.end(),
                           [&](const code_range& o) { return o.first <= r.first && r.last <= o.last; });
    });
}

bool disjoint(const charset& x, const charset& y) {
    return std::none_of(x.begin(), x.end(), [&](const code_range& a) {
        return std::any_of(y.begin(), y.end(), [&](const code_range& b) { return a.first <= b.last && b.first <= a.last; });
    });
}

// The sets of a literal: one character each (both cases of an ASCII letter for `"…"i`).
std::vector<charset> literal_sets(const node& n) {
    std::vector<charset> out;
    for (std::size_t i = 0; i < n.text.size();) {
        const std::size_t length = std::max<std::size_t>(utf8_sequence_length(n.text, i), 1);
        const char32_t c = decode_utf8(n.text, i, length);
        charset s{{c, c}};
        if (n.insensitive && c < 0x80 && ((c | 0x20) >= U'a' && (c | 0x20) <= U'z')) {
            s.push_back({c ^ 0x20, c ^ 0x20});
            s = normalized(std::move(s));
        }
        out.push_back(std::move(s));
        i += length;
    }
    return out;
}

charset class_set(const node& n) { return n.negated ? complement(n.ranges) : n.ranges; }

struct start {
    std::vector<charset> sets;
    bool exact = true;
};

struct guarantee {
    std::vector<charset> sets;
    bool exact = true;
    std::optional<std::size_t> cut;  ///< the cut (source offset) the guarantee relies on
};

class prover {
public:
    prover(const grammar& g, const analysis& a)
        : g_(g), a_(a), starts_(g.rules.size()), guarantees_{std::vector<std::optional<std::vector<guarantee>>>(g.rules.size()),
                                                             std::vector<std::optional<std::vector<guarantee>>>(g.rules.size())},
          busy_(g.rules.size(), false) {}

    start starts(const node& n) {
        switch (n.kind) {
            case node_kind::literal: return {literal_sets(n), true};
            case node_kind::char_class: return {{class_set(n)}, true};
            case node_kind::any: return {{every_character()}, true};
            case node_kind::eof: return {{}, true};
            // A cut inside a predicate raises through it, from where the predicate started.
            case node_kind::and_pred:
            case node_kind::not_pred: return {{}, cut_free(n.children.front())};
            case node_kind::sequence: {
                start out;
                for (std::size_t i = 0; i < n.children.size(); ++i) {
                    // Past a cut the sequence may raise: only what precedes the cut is certain.
                    if (n.cut_at && i >= *n.cut_at) out.exact = false;
                    if (!out.exact) break;
                    start s = starts(n.children[i]);
                    out.sets.insert(out.sets.end(), s.sets.begin(), s.sets.end());
                    out.exact = s.exact;
                }
                return capped(std::move(out));
            }
            case node_kind::choice: {
                start out;
                bool first = true;
                for (const node& c : n.children) {
                    start s = starts(c);
                    if (first) {
                        out = std::move(s);
                        first = false;
                        continue;
                    }
                    out.exact = out.exact && s.exact && s.sets.size() == out.sets.size();
                    out.sets.resize(std::min(out.sets.size(), s.sets.size()));
                    for (std::size_t i = 0; i < out.sets.size(); ++i) out.sets[i] = unite(out.sets[i], s.sets[i]);
                }
                return out;
            }
            case node_kind::repeat: {
                start s = starts(n.children.front());
                start out;
                if (!s.exact) {
                    if (n.min >= 1) out.sets = std::move(s.sets);
                    out.exact = false;
                    return out;
                }
                for (std::uint32_t i = 0; i < n.min && out.sets.size() <= max_length; ++i) {
                    out.sets.insert(out.sets.end(), s.sets.begin(), s.sets.end());
                }
                out.exact = (n.max && *n.max == n.min) || s.sets.empty();
                return capped(std::move(out));
            }
            case node_kind::rule_ref: {
                const std::size_t r = a_.index.at(n.text);
                if (starts_[r]) return *starts_[r];
                if (busy_[r]) return {{}, false};
                busy_[r] = true;
                start s = starts(g_.rules[r].body);
                busy_[r] = false;
                // A lenient read recovers at the rule: it then matches up to the next line break.
                if (g_.rules[r].recover) s.exact = false;
                starts_[r] = s;
                return s;
            }
        }
        return {{}, false};
    }

    // `cuts`: whether a cut's raise counts (else only what matches without relying on a cut).
    std::vector<guarantee> guarantees(const node& n, bool cuts) {
        switch (n.kind) {
            case node_kind::literal: return {{literal_sets(n), true, {}}};
            case node_kind::char_class: return {{{class_set(n)}, true, {}}};
            case node_kind::any: return {{{every_character()}, true, {}}};
            case node_kind::eof:
            case node_kind::and_pred:
            case node_kind::not_pred: return {};
            case node_kind::repeat: {
                if (n.min == 0) return {{{}, false, {}}};  // `x*`, `x?`: matches (or x raises)
                std::vector<guarantee> out;
                for (const guarantee& h : guarantees(n.children.front(), cuts)) {
                    if (h.sets.empty()) {
                        out.push_back({{}, false, h.cut});
                    } else if (n.min == 1) {
                        out.push_back({h.sets, h.exact && n.max && *n.max == 1, h.cut});
                    } else if (h.exact && h.sets.size() * n.min <= max_length) {
                        guarantee g{{}, n.max && *n.max == n.min, h.cut};
                        for (std::uint32_t i = 0; i < n.min; ++i) g.sets.insert(g.sets.end(), h.sets.begin(), h.sets.end());
                        out.push_back(std::move(g));
                    }
                }
                return out;
            }
            case node_kind::sequence: {
                std::vector<guarantee> so_far{{{}, true, {}}};
                for (std::size_t i = 0; i < n.children.size() && !so_far.empty(); ++i) {
                    if (cuts && n.cut_at && i >= *n.cut_at) {
                        // Past the cut the rest matches or raises: either way the choice is decided.
                        for (guarantee& g : so_far) {
                            g.exact = false;
                            if (!g.cut) g.cut = n.cut_offset;
                        }
                        return so_far;
                    }
                    const std::vector<guarantee> next = guarantees(n.children[i], cuts);
                    std::vector<guarantee> joined;
                    for (const guarantee& g : so_far) {
                        for (const guarantee& h : next) {
                            if (joined.size() == max_guarantees) break;
                            const std::optional<std::size_t> cut = g.cut ? g.cut : h.cut;
                            if (g.exact && g.sets.size() + h.sets.size() <= max_length) {
                                guarantee j{g.sets, h.exact, cut};
                                j.sets.insert(j.sets.end(), h.sets.begin(), h.sets.end());
                                joined.push_back(std::move(j));
                            } else if (h.sets.empty()) {
                                joined.push_back({g.sets, false, cut});
                            }
                        }
                    }
                    so_far = std::move(joined);
                }
                return so_far;
            }
            case node_kind::choice: {
                std::vector<guarantee> out;
                for (std::size_t k = 0; k < n.children.size(); ++k) {
                    for (guarantee h : guarantees(n.children[k], cuts)) {
                        // A match through a later alternative has its length only where no
                        // earlier alternative can match first.
                        if (h.exact && k > 0) h.exact = !h.sets.empty() && earlier_cannot_start(n, k, h.sets.front());
                        if (out.size() < max_guarantees) out.push_back(std::move(h));
                    }
                }
                // Alternatives of one character each join into one: `[a-z] / [0-9]` holds at `[a-z0-9]`.
                guarantee single{{}, true, {}};
                std::size_t singles = 0;
                for (const guarantee& h : out) {
                    if (h.sets.size() != 1) continue;
                    single.sets = singles++ == 0 ? h.sets : std::vector<charset>{unite(single.sets.front(), h.sets.front())};
                    single.exact = single.exact && h.exact;
                    if (!single.cut) single.cut = h.cut;
                }
                if (singles >= 2) out.push_back(std::move(single));
                return out;
            }
            case node_kind::rule_ref: {
                const std::size_t r = a_.index.at(n.text);
                auto& memo = guarantees_[cuts ? 1 : 0][r];
                if (memo) return *memo;
                if (busy_[r]) return {};
                busy_[r] = true;
                std::vector<guarantee> out = guarantees(g_.rules[r].body, cuts);
                busy_[r] = false;
                memo = out;
                return out;
            }
        }
        return {};
    }

private:
    static start capped(start s) {
        if (s.sets.size() > max_length) {
            s.sets.resize(max_length);
            s.exact = false;
        }
        return s;
    }

    // True when no alternative of `choice` before the k-th can match (or raise) on an input
    // that starts with a character of `first`.
    bool earlier_cannot_start(const node& choice, std::size_t k, const charset& first) {
        for (std::size_t e = 0; e < k; ++e) {
            const start s = starts(choice.children[e]);
            if (s.sets.empty() || !disjoint(s.sets.front(), first)) return false;
            if (!cut_free(choice.children[e])) return false;  // a raise may come before any character
        }
        return true;
    }

    bool cut_free(const node& n) {
        if (n.kind == node_kind::sequence && n.cut_at) return false;
        if (n.kind == node_kind::rule_ref) {
            const std::size_t r = a_.index.at(n.text);
            if (busy_[r]) return false;
            busy_[r] = true;
            const bool free = cut_free(g_.rules[r].body);
            busy_[r] = false;
            return free;
        }
        return std::all_of(n.children.begin(), n.children.end(), [&](const node& c) { return cut_free(c); });
    }

    const grammar& g_;
    const analysis& a_;
    std::vector<std::optional<start>> starts_;
    std::vector<std::optional<std::vector<guarantee>>> guarantees_[2];
    std::vector<bool> busy_;
};

// True when `g` holds wherever a match described by `s` begins.
bool covers(const guarantee& g, const start& s) {
    if (g.sets.size() > s.sets.size()) return false;
    for (std::size_t i = 0; i < g.sets.size(); ++i) {
        if (!contains(g.sets[i], s.sets[i])) return false;
    }
    return true;
}

void for_each_node(const node& n, const std::function<void(const node&)>& f) {
    f(n);
    for (const node& c : n.children) for_each_node(c, f);
}

void check_choices(const grammar& g, prover& p, diagnostics& diags) {
    std::set<std::size_t> reported;                             // alternatives already named
    std::set<std::pair<std::size_t, std::size_t>> reported_cuts;  // (cut, alternative)
    for (const rule& r : g.rules) {
        for_each_node(r.body, [&](const node& n) {
            if (n.kind != node_kind::choice) return;
            const std::vector<const node*> alternatives = choice_alternatives(n);
            for (std::size_t j = 1; j < alternatives.size(); ++j) {
                const node& later = *alternatives[j];
                if (reported.count(later.offset) != 0) continue;
                const start s = p.starts(later);
                bool shadowed = false;
                for (std::size_t i = 0; i < j && !shadowed; ++i) {
                    for (const guarantee& h : p.guarantees(*alternatives[i], false)) {
                        if (!covers(h, s)) continue;
                        const std::string earlier = line_column(g.source, alternatives[i]->offset);
                        diags.warning(later.offset,
                                      h.sets.empty()
                                          ? "alternative never tried: the alternative at " + earlier + " before it always matches"
                                          : "alternative never matches: wherever it would match, the alternative at " + earlier +
                                                " before it matches (the same text or a beginning of it)");
                        reported.insert(later.offset);
                        shadowed = true;
                        break;
                    }
                }
                for (std::size_t i = 0; i < j && !shadowed; ++i) {
                    for (const guarantee& h : p.guarantees(*alternatives[i], true)) {
                        if (!h.cut || !covers(h, s)) continue;
                        if (reported_cuts.emplace(*h.cut, later.offset).second) {
                            diags.warning(*h.cut, "cut commits too early: the alternative at " +
                                                      line_column(g.source, later.offset) +
                                                      " is never tried where it would match, since the alternative at " +
                                                      line_column(g.source, alternatives[i]->offset) +
                                                      " matches up to this cut there and then matches or raises");
                        }
                        shadowed = true;
                        break;
                    }
                }
            }
        });
    }
}

// Marks the rules a failing cut names: each element of a sequence past its cut (a sequence
// there spread into its elements), as the generated must<> and the interpreter do.
void mark_cut_refs(const node& n, bool under_cut, const analysis& a, std::vector<bool>& named) {
    if (n.kind == node_kind::sequence) {
        for (std::size_t i = 0; i < n.children.size(); ++i) {
            const node& child = n.children[i];
            const bool cut = under_cut || (n.cut_at && i >= *n.cut_at);
            if (cut && child.kind == node_kind::sequence) {
                mark_cut_refs(child, true, a, named);
                continue;
            }
            if (cut && child.kind == node_kind::rule_ref) named[a.index.at(child.text)] = true;
            mark_cut_refs(child, false, a, named);
        }
        return;
    }
    for (const node& c : n.children) mark_cut_refs(c, false, a, named);
}

// The rules the root reaches: all of them (`inside_predicates`) or only those reached outside
// `&` and `!`, where events are sent.
std::vector<bool> reached(const grammar& g, const analysis& a, bool inside_predicates) {
    std::vector<bool> seen(g.rules.size(), false);
    std::vector<std::size_t> todo{0};
    seen[0] = true;
    std::function<void(const node&)> visit = [&](const node& n) {
        if (!inside_predicates && (n.kind == node_kind::and_pred || n.kind == node_kind::not_pred)) return;
        if (n.kind == node_kind::rule_ref) {
            const std::size_t r = a.index.at(n.text);
            if (!seen[r]) seen[r] = true, todo.push_back(r);
        }
        for (const node& c : n.children) visit(c);
    };
    while (!todo.empty()) {
        const std::size_t r = todo.back();
        todo.pop_back();
        visit(g.rules[r].body);
    }
    return seen;
}

void check_annotations(const grammar& g, const analysis& a, diagnostics& diags) {
    std::vector<bool> named(g.rules.size(), false);
    for (const rule& r : g.rules) mark_cut_refs(r.body, false, a, named);
    const std::vector<bool> used = reached(g, a, true);
    const std::vector<bool> heard = reached(g, a, false);
    for (std::size_t i = 0; i < g.rules.size(); ++i) {
        const rule& r = g.rules[i];
        if (!used[i]) continue;  // the rule is reported as never used
        if (r.error_message) {
            if (!may_fail_plainly(g, a, r.body)) {
                diags.warning(r.error_offset, "@error of '" + r.name +
                                                  "' is never used: the rule cannot fail (it matches, or raises an error of its own)");
            } else if (!named[i]) {
                diags.warning(r.error_offset, "@error of '" + r.name + "' is never used: no use of the rule follows a cut '^', "
                                                                       "so its failure is never an error");
            }
        }
        if (r.build && !heard[i]) {
            diags.warning(r.build_offset, "@build of '" + r.name +
                                              "' sends no event: the rule is used only inside '&' or '!', where no event is sent");
        }
    }
}

}  // namespace

void lint_grammar(const grammar& g, const analysis& a, diagnostics& diags) {
    prover p(g, a);
    check_choices(g, p, diags);
    check_annotations(g, a, diags);
}

}  // namespace kifu::pegc
