#include "emitter.hpp"

// Emits one PEGTL header. Rules come out in dependency order (a depth-first walk from each
// rule in grammar order, dependencies first), so only rules used before their definition —
// members of cycles — need a forward declaration. Every name is fully qualified and no
// `using` directive appears, so the rules read the same wherever they are pasted.

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <utility>

#include "diagnostics.hpp"
#include "first_bytes.hpp"
#include "literals.hpp"
#include "plain_failure.hpp"

namespace kifu::pegc {
namespace {

const std::string pegtl = "tao::pegtl::";

// The class an ordered choice of single characters stands for: every alternative a literal of
// one character (not case-insensitive) or a class that is not negated. Each such alternative
// takes exactly one character, so the choice matches where one of them does and takes that
// character, as the class of all their characters does; neither reports a furthest point.
// Nothing when an alternative is anything else.
std::optional<node> single_character_class(const std::vector<const node*>& alternatives) {
    std::vector<code_range> items;
    for (const node* a : alternatives) {
        if (a->kind == node_kind::literal && !a->insensitive && !a->text.empty() &&
            utf8_sequence_length(a->text, 0) == a->text.size()) {
            const char32_t c = decode_utf8(a->text, 0, a->text.size());
            items.push_back({c, c});
        } else if (a->kind == node_kind::char_class && !a->negated && !a->ranges.empty()) {
            items.insert(items.end(), a->ranges.begin(), a->ranges.end());
        } else {
            return std::nullopt;
        }
    }
    node merged;
    merged.kind = node_kind::char_class;
    merged.ranges = merge_ranges(std::move(items));
    return merged;
}
const std::string leaf = "kifu::peg::";  // runtime/src/core/peg_leaves.hpp

// The most alternatives a choice of literals compares in turn (literal_choice<>); a longer one
// is dispatched on its first byte.
constexpr std::size_t max_literal_choice = 3;

// Whether an ordered choice is a few literals (not case-insensitive, not empty), matched as one
// literal_choice<> leaf in line: `eol <- "\r\n" / "\n" / "\r"`.
bool is_literal_choice(const std::vector<const node*>& alternatives) {
    return alternatives.size() >= 2 && alternatives.size() <= max_literal_choice &&
           std::all_of(alternatives.begin(), alternatives.end(), [](const node* a) {
               return a->kind == node_kind::literal && !a->insensitive && !a->text.empty();
           });
}

std::string hex(char32_t c, int digits) {
    static constexpr char table[] = "0123456789ABCDEF";
    std::string out;
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out += table[(c >> shift) & 0xF];
    return out;
}

// A `char` template argument: printable ASCII as itself, the rest as an escape.
std::string char_arg(unsigned char c) {
    switch (c) {
        case '\'': return "'\\''";
        case '\\': return "'\\\\'";
        case '\n': return "'\\n'";
        case '\r': return "'\\r'";
        case '\t': return "'\\t'";
        default:
            if (c >= 0x20 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
            return "'\\x" + hex(c, 2) + "'";
    }
}

// A literal's bytes as `char` template arguments.
std::vector<std::string> literal_bytes(const node& literal) {
    std::vector<std::string> bytes;
    for (const char c : literal.text) bytes.push_back(char_arg(static_cast<unsigned char>(c)));
    return bytes;
}

// A `char32_t` template argument of the utf8:: rules.
std::string code_point_arg(char32_t c) {
    if (c < 0x80) {
        const std::string plain = char_arg(static_cast<unsigned char>(c));
        if (plain.find("\\x") == std::string::npos) return "U" + plain;
    }
    return "0x" + hex(c, c > 0xFFFF ? 6 : 4);
}

std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
    return out;
}

// A C++ string literal holding `text` (UTF-8 is kept as is; the header is UTF-8).
std::string string_literal(const std::string& text) {
    std::string out = "\"";
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += ch;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c < 0x20 || c == 0x7F) {
            out += '\\';
            out += static_cast<char>('0' + ((c >> 6) & 7));
            out += static_cast<char>('0' + ((c >> 3) & 7));
            out += static_cast<char>('0' + (c & 7));
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

// A symbol (a byte, or 256 for the end of the input) as a template argument.
std::string symbol_arg(std::size_t s) {
    if (s == end_of_input) return "256";
    if (s >= 0x20 && s < 0x7F) return char_arg(static_cast<unsigned char>(s));
    return "0x" + hex(static_cast<char32_t>(s), 2);
}

// Appends the (first, last) ranges of the symbols marked in `tried`.
void append_symbol_ranges(const std::vector<bool>& tried, std::vector<std::string>& out) {
    for (std::size_t s = 0; s < symbol_count;) {
        if (!tried[s]) {
            ++s;
            continue;
        }
        std::size_t last = s;
        while (last + 1 < symbol_count && tried[last + 1]) ++last;
        out.push_back(symbol_arg(s));
        out.push_back(symbol_arg(last));
        s = last + 1;
    }
}

// Whether the control matches rule `r` in line rather than through a call: its body becomes
// one leaf type without sub-rules (a class, a literal, `.`, eof, a class repetition) and it
// reports no event. This is the generation-time side of peg_control's `plain_leaf`
// (runtime/src/core/peg_support.hpp) under a control that counts no depth, the only control
// first_byte_guard<> acts under; the control decides when the generated header is compiled,
// from the emitted types, so the two programs cannot share the test and must be kept in step.
// A guard saves a call: before a rule the control matches in line it tests the byte the rule
// tests next anyway, and a rule taken as in line here but called there loses the shortcut.
// Neither changes a result (the guard reports the position it skips as tried, as the rule
// would); both cost time. The test is broader than plain_leaf for `[…]?`, `[…]{n}` and
// `[…]{n,}` with n > 1 (emitted as opt<>/rep<>/rep_min<>, which have sub-rules) and for
// @recover rules, and narrower for a body fused into one byte_seq<>.
bool matched_in_line(const rule& r) {
    const node& body = r.body;
    const bool leaf_body = body.kind == node_kind::char_class || body.kind == node_kind::literal ||
                           body.kind == node_kind::any || body.kind == node_kind::eof ||
                           (body.kind == node_kind::repeat && body.children.front().kind == node_kind::char_class) ||
                           (body.kind == node_kind::choice && is_literal_choice(choice_alternatives(body)));
    return leaf_body && !r.build;
}

class emitter {
public:
    emitter(const grammar& g, const analysis& a) : g_(g), a_(a), first_bytes_(g, a) {}

    std::string run();

private:
    std::string expr(const node& n);
    std::vector<std::string> args(const node& n);
    void items(const node& n, std::vector<std::string>& out);
    void cut_items(const node& n, std::vector<std::pair<std::string, bool>>& out);
    std::string char_class(const node& n);
    std::string class_run(const node& n);
    std::string byte_step(const node& n) const;
    void flush_steps(std::vector<const node*>& steps, std::vector<std::string>& out);
    std::string choice(const node& n);
    std::string guarded(const node& n, std::string type);
    void visit(std::size_t i);
    int max_nesting() const;
    void note_must_child(const node& n, const std::string& type);

    const grammar& g_;
    const analysis& a_;
    first_bytes first_bytes_;
    std::size_t current_ = 0;  // the rule being emitted
    std::vector<int> state_;  // 0 = unvisited, 1 = in progress, 2 = emitted
    std::vector<std::size_t> order_;
    std::set<std::size_t> forward_;
    std::map<std::size_t, std::string> bodies_;
    std::vector<std::pair<std::string, std::string>> must_messages_;  // anonymous must<> children
    std::set<std::string> must_types_;
    bool uses_leaves_ = false;  // the header includes core/peg_leaves.hpp
};

// Appends the PEGTL arguments for `n` to `out`. Nested sequences spread into their parent
// (seq<a, seq<b, c>> is seq<a, b, c>, star<seq<a, b>> is star<a, b>); a cut wraps the rest
// of its own sequence in must<>, and each element under it stays a separate must<> argument so
// that the element that fails is the one that raises and names the error. An element that
// cannot fail plainly (`x*`, `x?`, a rule made of them) needs no must<>: it stands alone.
void emitter::items(const node& n, std::vector<std::string>& out) {
    if (n.kind != node_kind::sequence) {
        out.push_back(expr(n));
        return;
    }
    std::vector<std::pair<std::string, bool>> cut;  // the elements after the cut; true: may fail
    std::vector<const node*> steps;  // one-byte rules waiting to be fused (outside cuts only)
    for (std::size_t i = 0; i < n.children.size(); ++i) {
        const node& child = n.children[i];
        if (n.cut_at && i >= *n.cut_at) {
            flush_steps(steps, out);
            cut_items(child, cut);
            continue;
        }
        if (!byte_step(child).empty()) {
            steps.push_back(&child);
            continue;
        }
        flush_steps(steps, out);
        items(child, out);
    }
    flush_steps(steps, out);
    // Consecutive elements that may fail share one must<>.
    std::vector<std::string> must;
    for (auto& [type, may_fail] : cut) {
        if (may_fail) {
            must.push_back(std::move(type));
            continue;
        }
        if (!must.empty()) out.push_back(pegtl + "must<" + join(must) + ">");
        must.clear();
        out.push_back(std::move(type));
    }
    if (!must.empty()) out.push_back(pegtl + "must<" + join(must) + ">");
}

// The elements of `n` under a cut, nested sequences spread, each with whether it may fail
// plainly (and so needs must<> and a message).
void emitter::cut_items(const node& n, std::vector<std::pair<std::string, bool>>& out) {
    if (n.kind == node_kind::sequence) {
        for (const node& c : n.children) cut_items(c, out);
        return;
    }
    std::string type = expr(n);
    const bool may_fail = may_fail_plainly(g_, a_, n);
    // ({0,m} fails on an (m+1)-th x but keeps the generic message it always had.)
    if (may_fail && !(n.kind == node_kind::repeat && n.min == 0)) note_must_child(n, type);
    out.emplace_back(std::move(type), may_fail);
}

// The byte_step<> a one-byte rule becomes inside a byte_seq<> (see core/peg_leaves.hpp), or ""
// when `n` is none: an ASCII class or a one-character ASCII literal, alone or under `?`, `&`,
// `!`. Each of them, spelled out, tries exactly the byte where it stands.
std::string emitter::byte_step(const node& n) const {
    unsigned kind = 0;
    const node* x = &n;
    if (n.kind == node_kind::repeat && n.op == '?') kind = 1;
    if (n.kind == node_kind::and_pred) kind = 2;
    if (n.kind == node_kind::not_pred) kind = 3;
    if (kind != 0) x = &n.children.front();
    std::vector<std::string> ranges;
    if (x->kind == node_kind::literal && x->text.size() == 1 && static_cast<unsigned char>(x->text[0]) < 0x80) {
        const auto c = static_cast<unsigned char>(x->text[0]);
        const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        std::vector<unsigned char> bytes{c};
        if (x->insensitive && letter) bytes.push_back(static_cast<unsigned char>(c ^ 0x20));
        std::sort(bytes.begin(), bytes.end());
        for (const unsigned char b : bytes) ranges.insert(ranges.end(), 2, char_arg(b));
    } else if (x->kind == node_kind::char_class && !x->negated && x->ranges.back().last < 0x80) {
        for (const code_range& r : x->ranges) {
            ranges.push_back(char_arg(static_cast<unsigned char>(r.first)));
            ranges.push_back(char_arg(static_cast<unsigned char>(r.last)));
        }
    } else {
        return {};
    }
    return leaf + "byte_step<" + std::to_string(kind) + ", " + join(ranges) + ">";
}

// Emits the waiting one-byte rules: two or more as one byte_seq<> when one of them takes a byte
// (so that the leaf consumes, as analyze() is told), else each as itself.
void emitter::flush_steps(std::vector<const node*>& steps, std::vector<std::string>& out) {
    const bool takes = std::any_of(steps.begin(), steps.end(), [](const node* s) {
        return s->kind == node_kind::literal || s->kind == node_kind::char_class;
    });
    if (steps.size() >= 2 && takes) {
        uses_leaves_ = true;
        std::vector<std::string> parts;
        for (const node* s : steps) parts.push_back(byte_step(*s));
        out.push_back(leaf + "byte_seq<" + join(parts) + ">");
    } else {
        for (const node* s : steps) out.push_back(expr(*s));
    }
    steps.clear();
}

std::vector<std::string> emitter::args(const node& n) {
    std::vector<std::string> out;
    items(n, out);
    return out;
}

// An ASCII class is PEGTL's ascii::one<>/range<>/ranges<> (a byte compare); any other class
// (a member past ASCII, or negated: then any code point may match) a class_char<> that compares
// the UTF-8 bytes instead of decoding a code point per try.
std::string emitter::char_class(const node& n) {
    const bool ascii = n.ranges.back().last < 0x80 && !n.negated;
    if (!ascii) {
        uses_leaves_ = true;
        std::vector<std::string> parts{n.negated ? "true" : "false"};
        for (const code_range& r : n.ranges) {
            parts.push_back(code_point_arg(r.first));
            parts.push_back(code_point_arg(r.last));
        }
        return leaf + "class_char<" + join(parts) + ">";
    }
    const auto arg = [&](char32_t c) { return char_arg(static_cast<unsigned char>(c)); };
    const bool singles = std::all_of(n.ranges.begin(), n.ranges.end(),
                                     [](const code_range& r) { return r.first == r.last; });
    std::vector<std::string> parts;
    if (singles) {
        for (const code_range& r : n.ranges) parts.push_back(arg(r.first));
        return pegtl + "ascii::one<" + join(parts) + ">";
    }
    for (const code_range& r : n.ranges) {
        parts.push_back(arg(r.first));
        parts.push_back(arg(r.last));
    }
    return pegtl + (n.ranges.size() == 1 ? "ascii::range<" : "ascii::ranges<") + join(parts) + ">";
}

// `[…]*` and `[…]+` become one class_run<> leaf, `[…]{n,m}` (n < m) one class_rep<> (see
// core/peg_leaves.hpp): same match, same furthest point, but no trip through the control for
// each character. `{n}`, `{n,}` (n > 1) and `?` keep PEGTL's rep<>/rep_min<>/opt<>, which try
// no character past their match. `[^…]*` and `[^…]+` of ASCII members only become a byte_run<>,
// a plain scan for the members' bytes, which is the same on the valid UTF-8 every parse gets.
std::string emitter::class_run(const node& n) {
    const node& inner = n.children.front();
    if (inner.kind != node_kind::char_class) return {};
    std::vector<std::string> parts;
    if (!n.max && n.min <= 1 && inner.negated && inner.ranges.back().last < 0x80) {
        uses_leaves_ = true;
        parts.push_back(n.min == 1 ? "true" : "false");
        for (const code_range& r : inner.ranges) {
            parts.push_back(char_arg(static_cast<unsigned char>(r.first)));
            parts.push_back(char_arg(static_cast<unsigned char>(r.last)));
        }
        return leaf + "byte_run<" + join(parts) + ">";
    }
    if (!n.max && n.min <= 1) {
        uses_leaves_ = true;
        parts.push_back(n.min == 1 ? "true" : "false");
    } else if (n.op == '{' && n.max && n.min < *n.max) {
        uses_leaves_ = true;
        parts.push_back(std::to_string(n.min));
        parts.push_back(std::to_string(*n.max));
    } else {
        return {};
    }
    parts.push_back(inner.negated ? "true" : "false");
    for (const code_range& r : inner.ranges) {
        parts.push_back(code_point_arg(r.first));
        parts.push_back(code_point_arg(r.last));
    }
    return (n.max ? leaf + "class_rep<" : leaf + "class_run<") + join(parts) + ">";
}

// An ordered choice is a sor<>, or a first_byte_choice<> where first_bytes finds alternatives
// that can be skipped by the next byte: then each alternative carries the ranges of symbols
// (bytes, 256 = end of input) it is tried at.
std::string emitter::choice(const node& n) {
    const std::vector<const node*> alternatives = choice_alternatives(n);
    // One class lookup instead of a try per alternative (KI2's `side <- "▲" / "△" / "▼" / …`
    // compared up to six three-byte literals in turn).
    if (const std::optional<node> one = single_character_class(alternatives)) return char_class(*one);
    // A few literals compared in line: a first-byte table and a call cost more than the compares.
    if (is_literal_choice(alternatives)) {
        uses_leaves_ = true;
        std::vector<std::string> literals;
        for (const node* a : alternatives) literals.push_back(leaf + "literal<" + join(literal_bytes(*a)) + ">");
        return leaf + "literal_choice<" + join(literals) + ">";
    }
    std::vector<std::string> parts;
    for (const node* c : alternatives) parts.push_back(expr(*c));
    const std::vector<std::vector<bool>> tried = first_bytes_.dispatch(alternatives);
    if (tried.empty()) return pegtl + "sor<" + join(parts) + ">";
    uses_leaves_ = true;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        std::vector<std::string> args{parts[i]};
        append_symbol_ranges(tried[i], args);
        parts[i] = leaf + "first_byte_alt<" + join(args) + ">";
    }
    return leaf + "first_byte_choice<" + join(parts) + ">";
}

// `x?`, `x*`, `x+` as `type` (opt<>, star<>, plus<>), or, when x starts with a reference to a
// rule that is entered by a call (not a leaf the control matches in line) and the first-byte
// analysis finds symbols where x fails at once without a trace, a first_byte_guard<> that
// tests the next byte before the call (see core/peg_leaves.hpp).
std::string emitter::guarded(const node& n, std::string type) {
    const node& x = n.children.front();
    const node* first = &x;
    while (first->kind == node_kind::sequence && !first->children.empty()) first = &first->children.front();
    if (first->kind != node_kind::rule_ref) return type;
    if (matched_in_line(g_.rules[a_.index.at(first->text)])) return type;
    const symbol_outcomes outcomes = first_bytes_.of(x);
    std::vector<bool> tried(symbol_count);
    for (std::size_t s = 0; s < symbol_count; ++s) tried[s] = outcomes[s] != at_symbol::fails;
    if (std::all_of(tried.begin(), tried.end(), [](bool t) { return t; })) return type;
    uses_leaves_ = true;
    std::vector<std::string> args{std::move(type), n.op == '+' ? "true" : "false"};
    append_symbol_ranges(tried, args);
    return leaf + "first_byte_guard<" + join(args) + ">";
}

void emitter::note_must_child(const node& n, const std::string& type) {
    // Named rules have their own message (or their name).
    if (n.kind == node_kind::rule_ref || !must_types_.insert(type).second) return;
    if (n.kind == node_kind::eof) {
        must_messages_.emplace_back(type, "expected the end of the input");
        return;
    }
    std::string text;
    bool blank = false;
    for (std::size_t i = n.offset; i < n.end; ++i) {
        const char c = g_.source[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            blank = true;
            continue;
        }
        if (blank && !text.empty()) text += ' ';
        blank = false;
        text += c;
    }
    must_messages_.emplace_back(type, "expected " + text);
}

std::string emitter::expr(const node& n) {
    switch (n.kind) {
        case node_kind::sequence: {
            const std::vector<std::string> parts = args(n);
            return parts.size() == 1 ? parts.front() : pegtl + "seq<" + join(parts) + ">";
        }
        case node_kind::choice: return choice(n);
        case node_kind::repeat: {
            if (const std::string run = class_run(n); !run.empty()) return run;
            const std::string inner = join(args(n.children.front()));
            switch (n.op) {
                case '*': return guarded(n, pegtl + "star<" + inner + ">");
                case '+': return guarded(n, pegtl + "plus<" + inner + ">");
                case '?': return guarded(n, pegtl + "opt<" + inner + ">");
                default: break;
            }
            if (!n.max) return pegtl + "rep_min<" + std::to_string(n.min) + ", " + inner + ">";
            if (*n.max == n.min) return pegtl + "rep<" + std::to_string(n.min) + ", " + inner + ">";
            return pegtl + "rep_min_max<" + std::to_string(n.min) + ", " + std::to_string(*n.max) +
                   ", " + inner + ">";
        }
        case node_kind::and_pred: return pegtl + "at<" + join(args(n.children.front())) + ">";
        case node_kind::not_pred: return pegtl + "not_at<" + join(args(n.children.front())) + ">";
        case node_kind::literal: {
            const std::vector<std::string> bytes = literal_bytes(n);
            if (!n.insensitive && n.text.size() >= 2) {
                uses_leaves_ = true;
                return leaf + "literal<" + join(bytes) + ">";
            }
            return pegtl + (n.insensitive ? "istring<" : "string<") + join(bytes) + ">";
        }
        case node_kind::char_class: return char_class(n);
        case node_kind::any: return pegtl + "utf8::any";
        case node_kind::eof: return pegtl + "eof";
        case node_kind::rule_ref: {
            const std::size_t target = a_.index.at(n.text);
            // A rule may name itself in its own base clause; only others need declaring.
            if (state_[target] != 2 && target != current_) forward_.insert(target);
            return n.text;
        }
    }
    return {};
}

void emitter::visit(std::size_t i) {
    if (state_[i] != 0) return;
    state_[i] = 1;
    std::vector<std::size_t> deps;
    std::function<void(const node&)> collect = [&](const node& n) {
        if (n.kind == node_kind::rule_ref) deps.push_back(a_.index.at(n.text));
        for (const node& c : n.children) collect(c);
    };
    collect(g_.rules[i].body);
    for (const std::size_t d : deps) visit(d);
    const node& body = g_.rules[i].body;
    current_ = i;
    // A rule that is only a reference gets seq<> around it: deriving from the other rule
    // would bypass that rule's control hooks (its events and messages).
    bodies_[i] = body.kind == node_kind::rule_ref ? pegtl + "seq<" + expr(body) + ">" : expr(body);
    state_[i] = 2;
    order_.push_back(i);
}

// The longest chain of rules inside rules (a rule counts once however often it is referred
// to), from any rule: the deepest the runtime's depth count can go. 0 when a rule can contain
// itself. The runtime skips counting when its limit is at least this.
int emitter::max_nesting() const {
    const std::size_t count = g_.rules.size();
    std::vector<int> height(count, 0);  // 0 = not computed yet, -1 = in progress
    bool recursive = false;
    std::function<int(std::size_t)> of = [&](std::size_t i) {
        if (height[i] == -1) {
            recursive = true;
            return 0;
        }
        if (height[i] > 0) return height[i];
        height[i] = -1;
        int below = 0;
        std::function<void(const node&)> walk = [&](const node& n) {
            if (n.kind == node_kind::rule_ref) below = std::max(below, of(a_.index.at(n.text)));
            for (const node& c : n.children) walk(c);
        };
        walk(g_.rules[i].body);
        height[i] = below + 1;
        return height[i];
    };
    int deepest = 0;
    for (std::size_t i = 0; i < count; ++i) deepest = std::max(deepest, of(i));
    return recursive ? 0 : deepest;
}

std::string emitter::run() {
    const std::size_t count = g_.rules.size();
    state_.assign(count, 0);
    for (std::size_t i = 0; i < count; ++i) visit(i);

    const std::string ns = "kifu::grammar::" + std::filesystem::path(g_.path).stem().string();
    std::ostringstream out;
    out << "// @generated by kifu-pegc " << version << " from " << g_.path << " — do not edit\n"
        << "#pragma once\n"
        << "#include <array>\n"
        << "#include <string_view>\n"
        << "#include <tao/pegtl.hpp>\n"
        << (uses_leaves_ ? "#include \"core/peg_leaves.hpp\"\n" : "")
        << "namespace " << ns << " {\n"
        << "inline constexpr int abi_version = 2;\n"
        << "inline constexpr std::string_view grammar_file = " << string_literal(g_.path) << ";\n";
    if (!forward_.empty()) {
        out << "// rules used before their definition (members of cycles)\n";
        for (const std::size_t i : order_) {
            if (forward_.count(i) != 0) out << "struct " << g_.rules[i].name << ";\n";
        }
    }
    for (const std::size_t i : order_) {
        out << "struct " << g_.rules[i].name << " : " << bodies_[i] << " {};\n";
    }

    std::vector<std::size_t> build;
    for (std::size_t i = 0; i < count; ++i) {
        if (g_.rules[i].build) build.push_back(i);
    }
    out << "// @build rules, in grammar order\n"
        << "enum class event : unsigned short {";
    for (std::size_t k = 0; k < build.size(); ++k) out << (k == 0 ? " " : ", ") << g_.rules[build[k]].name;
    out << (build.empty() ? "};\n" : " };\n")
        << "inline constexpr std::array<std::string_view, " << build.size() << "> event_names{";
    for (std::size_t k = 0; k < build.size(); ++k) out << (k == 0 ? "" : ", ") << '"' << g_.rules[build[k]].name << '"';
    out << "};\n"
        << "template <typename Rule> inline constexpr const char* error_message = nullptr;\n";
    for (const rule& r : g_.rules) {
        if (r.error_message) {
            out << "template <> inline constexpr const char* error_message<" << r.name
                << "> = " << string_literal(*r.error_message) << ";\n";
        }
    }
    for (const auto& [type, text] : must_messages_) {
        out << "template <> inline constexpr const char* error_message<" << type << "> = " << string_literal(text) << ";\n";
    }
    // One table per grammar rule; any other type (PEGTL's building blocks) has an empty name.
    out << "// per grammar rule: its name, its event (@build), whether a lenient read recovers at it (@recover)\n"
        << "template <typename Rule> struct rule_info {\n"
        << "    static constexpr std::string_view name = {};\n"
        << "    static constexpr bool has_event = false;\n"
        << "    static constexpr event event_id = {};\n"
        << "    static constexpr bool recover_point = false;\n"
        << "};\n";
    // A rule's table says what differs from the defaults of rule_info<void>, which it derives from.
    for (const rule& r : g_.rules) {
        out << "template <> struct rule_info<" << r.name << "> : rule_info<void> { static constexpr std::string_view name = \""
            << r.name << "\";";
        if (r.build) out << " static constexpr bool has_event = true; static constexpr event event_id = event::" << r.name << ";";
        if (r.recover) out << " static constexpr bool recover_point = true;";
        out << " };\n";
    }
    out << "// grammar rules one match nests at most, the outermost included (0: the grammar is recursive)\n"
        << "inline constexpr int max_nesting = " << max_nesting() << ";\n"
        << "// false: on valid UTF-8 the root either matches or raises, so no furthest point need be kept\n"
        << "inline constexpr bool root_may_fail = " << (root_may_fail_plainly(g_, a_) ? "true" : "false") << ";\n"
        << "struct traits {\n"
        << "    using root = ::" << ns << "::" << g_.rules.front().name << ";\n"
        << "    static constexpr int abi_version = ::" << ns << "::abi_version;\n"
        << "    static constexpr int max_nesting = ::" << ns << "::max_nesting;\n"
        << "    static constexpr bool root_may_fail = ::" << ns << "::root_may_fail;\n"
        << "    template <typename Rule> using rule_info = ::" << ns << "::rule_info<Rule>;\n"
        << "    template <typename Rule> static constexpr const char* error_message = ::" << ns << "::error_message<Rule>;\n"
        << "};\n"
        << "}  // namespace " << ns << "\n";
    return out.str();
}

}  // namespace

std::string emit_header(const grammar& g, const analysis& a) {
    return emitter(g, a).run();
}

}  // namespace kifu::pegc
