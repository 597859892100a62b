#include "emitter.hpp"

// Emits one PEGTL header. Rules come out in dependency order (a depth-first walk from each
// rule in grammar order, dependencies first), so only rules used before their definition —
// members of cycles — need a forward declaration. Every name is fully qualified and no
// `using` directive appears, so the rules read the same wherever they are pasted.

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string_view>

#include "first_bytes.hpp"

namespace kifu::pegc {
namespace {

const std::string pegtl = "tao::pegtl::";

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

// Emitted once into each header whose grammar has a `[…]*` or `[…]+`. It lives in the
// grammar's own namespace so that a generated header needs nothing but PEGTL.
constexpr std::string_view class_run_template = R"(// A repetition of one character class (`[…]*`, `[…]+`) matched by one leaf rule that loops over
// the bytes itself instead of entering the control once per character. It matches exactly what
// star<class> / plus<class> match, on any bytes: ASCII through a table, other bytes decoded as
// tao::pegtl::utf8 decodes them (no overlongs, surrogates or values past U+10FFFF); bytes that are
// not UTF-8 end the run as they fail utf8::not_one<>. A positive ASCII-only class reads bytes, as
// ascii::ranges<> does. Bounds are the class's sorted ranges as (first, last) pairs.
template <bool Plus, bool Negated, char32_t... Bounds>
struct class_run {
    // For tao::pegtl::analyze(): consumes on success like plus<> / star<>.
    using rule_t = typename std::conditional_t<Plus, tao::pegtl::plus<tao::pegtl::any>, tao::pegtl::star<tao::pegtl::any>>::rule_t;
    using subs_t = tao::pegtl::empty_list;
    // The run also tried the character just after its match: a control that tracks the furthest
    // point tried reads in.current() after success.
    static constexpr bool tries_past_match = true;

    static constexpr char32_t bounds[sizeof...(Bounds)] = {Bounds...};
    static constexpr bool ascii_class = bounds[sizeof...(Bounds) - 1] < 0x80;

    static constexpr bool in_class(char32_t c) noexcept {
        for (std::size_t i = 0; i < sizeof...(Bounds); i += 2) {
            if (c >= bounds[i] && c <= bounds[i + 1]) return true;
        }
        return false;
    }
    static constexpr std::array<bool, 128> ascii_table() noexcept {
        std::array<bool, 128> table{};
        for (char32_t c = 0; c < 128; ++c) table[c] = in_class(c) != Negated;
        return table;
    }

    // The length of the UTF-8 sequence at p (0 when there is none) and its code point in c.
    static std::size_t decode(const unsigned char* p, std::size_t left, char32_t& c) noexcept {
        const auto tail = [p](std::size_t i) { return (p[i] & 0xC0) == 0x80; };
        const auto bits = [p](std::size_t i, unsigned mask) { return static_cast<char32_t>(p[i] & mask); };
        if ((p[0] & 0xE0) == 0xC0) {
            if (left < 2 || !tail(1)) return 0;
            c = bits(0, 0x1F) << 6 | bits(1, 0x3F);
            return c >= 0x80 ? 2 : 0;
        }
        if ((p[0] & 0xF0) == 0xE0) {
            if (left < 3 || !tail(1) || !tail(2)) return 0;
            c = bits(0, 0x0F) << 12 | bits(1, 0x3F) << 6 | bits(2, 0x3F);
            return c >= 0x800 && (c < 0xD800 || c > 0xDFFF) ? 3 : 0;
        }
        if ((p[0] & 0xF8) == 0xF0) {
            if (left < 4 || !tail(1) || !tail(2) || !tail(3)) return 0;
            c = bits(0, 0x07) << 18 | bits(1, 0x3F) << 12 | bits(2, 0x3F) << 6 | bits(3, 0x3F);
            return c >= 0x10000 && c <= 0x10FFFF ? 4 : 0;
        }
        return 0;
    }

    template <typename ParseInput>
    [[nodiscard]] static bool match(ParseInput& in) noexcept {
        // Here, not in the class body: clang evaluates a member's initializer before the
        // class is complete, when in_class() is not yet defined.
        static constexpr std::array<bool, 128> ascii_matches = ascii_table();
        const auto* const first = reinterpret_cast<const unsigned char*>(in.current());
        const auto* const last = reinterpret_cast<const unsigned char*>(in.end());
        const unsigned char* p = first;
        while (p != last) {
            if (*p < 0x80) {
                if (!ascii_matches[*p]) break;
                ++p;
            } else if constexpr (ascii_class && !Negated) {
                break;
            } else {
                char32_t c = 0;
                const std::size_t length = decode(p, static_cast<std::size_t>(last - p), c);
                // A code point >= 0x80 is never in an ASCII-only class.
                if (length == 0 || (!ascii_class && in_class(c)) == Negated) break;
                p += length;
            }
        }
        if (Plus && p == first) return false;
        in.bump(static_cast<std::size_t>(p - first));
        return true;
    }
};
)";

// Emitted once into each header that has a dispatched ordered choice (see first_bytes.cpp).
constexpr std::string_view first_byte_choice_template = R"(// An ordered choice that reads the next byte once and tries only the alternatives that may
// match there (kifu-pegc's first-byte dispatch). Each first_byte_alt names an alternative and the
// (first, last) ranges of the symbols it is tried at: bytes 0-255, and 256 for the end of the
// input. kifu-pegc leaves an alternative out only where it would fail at once without consuming,
// raising or reporting anything, so this matches, consumes and reports exactly what sor<> of
// the alternatives does. Where every alternative fails, the first is still tried: it fails as
// the choice does, and the control sees the position tried (and the depth counted).
template <typename Rule, unsigned... Ranges>
struct first_byte_alt {
    using rule = Rule;
    static constexpr bool tried_at(unsigned symbol) noexcept {
        constexpr unsigned ranges[] = {Ranges...};
        for (std::size_t i = 0; i < sizeof...(Ranges); i += 2) {
            if (symbol >= ranges[i] && symbol <= ranges[i + 1]) return true;
        }
        return false;
    }
};

template <typename... Alternatives>
struct first_byte_choice {
    // For tao::pegtl::analyze(): the sor<> it stands for.
    using rule_t = typename tao::pegtl::sor<typename Alternatives::rule...>::rule_t;
    using subs_t = tao::pegtl::type_list<typename Alternatives::rule...>;

    // Bit i of masks()[symbol]: alternative i is tried at that symbol.
    static constexpr std::array<std::uint64_t, 257> masks() noexcept {
        std::array<std::uint64_t, 257> table{};
        for (unsigned symbol = 0; symbol < 257; ++symbol) {
            std::uint64_t bit = 1;
            ((table[symbol] |= Alternatives::tried_at(symbol) ? bit : 0, bit <<= 1), ...);
            if (table[symbol] == 0) table[symbol] = 1;
        }
        return table;
    }

    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&... st) {
        // Here, not in the class body, for the reason class_run gives.
        static constexpr std::array<std::uint64_t, 257> table = masks();
        const std::uint64_t mask = table[in.empty() ? 256u : static_cast<unsigned char>(in.peek_char())];
        return match_in_turn<A, M, Action, Control>(mask, std::index_sequence_for<Alternatives...>(), in, st...);
    }

    // As sor<> does: every alternative but the last rewinds when it fails.
    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, std::size_t... I, typename ParseInput, typename... States>
    [[nodiscard]] static bool match_in_turn(std::uint64_t mask, std::index_sequence<I...>, ParseInput& in, States&&... st) {
        return (((mask >> I & 1) != 0 &&
                 Control<typename Alternatives::rule>::template match<A, (I + 1 == sizeof...(Alternatives) ? M : tao::pegtl::rewind_mode::required),
                                                                      Action, Control>(in, st...)) ||
                ...);
    }
};
)";

class emitter {
public:
    emitter(const grammar& g, const analysis& a) : g_(g), a_(a), first_bytes_(g, a) {}

    std::string run();

private:
    std::string expr(const node& n);
    std::vector<std::string> args(const node& n);
    void items(const node& n, std::vector<std::string>& out, bool under_must);
    std::string char_class(const node& n);
    std::string class_run(const node& n);
    std::string choice(const node& n);
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
    bool uses_class_run_ = false;
    bool uses_first_byte_choice_ = false;
};

// Appends the PEGTL arguments for `n` to `out`. Nested sequences spread into their parent
// (seq<a, seq<b, c>> is seq<a, b, c>, star<seq<a, b>> is star<a, b>); a cut wraps the rest
// of its own sequence in one must<>, and each element under it stays a separate must<>
// argument so that the element that fails is the one that raises and names the error.
void emitter::items(const node& n, std::vector<std::string>& out, bool under_must) {
    if (n.kind != node_kind::sequence) {
        std::string type = expr(n);
        if (under_must) note_must_child(n, type);
        out.push_back(std::move(type));
        return;
    }
    std::vector<std::string> must;
    for (std::size_t i = 0; i < n.children.size(); ++i) {
        const bool cut = !under_must && n.cut_at && i >= *n.cut_at;
        items(n.children[i], cut ? must : out, under_must || cut);
    }
    if (!must.empty()) out.push_back(pegtl + "must<" + join(must) + ">");
}

std::vector<std::string> emitter::args(const node& n) {
    std::vector<std::string> out;
    items(n, out, false);
    return out;
}

std::string emitter::char_class(const node& n) {
    const bool ascii = n.ranges.back().last < 0x80 && !n.negated;
    const std::string ns = pegtl + (ascii ? "ascii::" : "utf8::");
    const auto arg = [&](char32_t c) {
        return ascii ? char_arg(static_cast<unsigned char>(c)) : code_point_arg(c);
    };
    const bool singles = std::all_of(n.ranges.begin(), n.ranges.end(),
                                     [](const code_range& r) { return r.first == r.last; });
    std::vector<std::string> parts;
    if (singles) {
        for (const code_range& r : n.ranges) parts.push_back(arg(r.first));
        return ns + (n.negated ? "not_one<" : "one<") + join(parts) + ">";
    }
    if (n.ranges.size() == 1) {
        return ns + (n.negated ? "not_range<" : "range<") + arg(n.ranges[0].first) + ", " +
               arg(n.ranges[0].last) + ">";
    }
    for (const code_range& r : n.ranges) {
        parts.push_back(arg(r.first));
        parts.push_back(arg(r.last));
    }
    const std::string positive = ns + "ranges<" + join(parts) + ">";
    // PEGTL has no not_ranges<>: a negated multi-range class is "not one of them, then any".
    if (n.negated) return pegtl + "seq<" + pegtl + "not_at<" + positive + ">, " + pegtl + "utf8::any>";
    return positive;
}

// `[…]*` and `[…]+` become one class_run<> leaf (see class_run_template): same match, same
// furthest point, but no trip through the control for each character. Bounded repetitions
// keep PEGTL's rep<>/rep_min_max<>, whose failures and look-ahead differ from a plain run.
std::string emitter::class_run(const node& n) {
    const node& inner = n.children.front();
    if (inner.kind != node_kind::char_class || n.max || n.min > 1) return {};
    uses_class_run_ = true;
    std::vector<std::string> parts{n.min == 1 ? "true" : "false", inner.negated ? "true" : "false"};
    for (const code_range& r : inner.ranges) {
        parts.push_back(code_point_arg(r.first));
        parts.push_back(code_point_arg(r.last));
    }
    return "class_run<" + join(parts) + ">";
}

// An ordered choice is a sor<>, or a first_byte_choice<> where first_bytes finds alternatives
// that can be skipped by the next byte: then each alternative carries the ranges of symbols
// (bytes, 256 = end of input) it is tried at.
std::string emitter::choice(const node& n) {
    std::vector<const node*> alternatives;
    for (const node& c : n.children) {
        if (c.kind == node_kind::choice) {
            for (const node& cc : c.children) alternatives.push_back(&cc);
        } else {
            alternatives.push_back(&c);
        }
    }
    std::vector<std::string> parts;
    for (const node* c : alternatives) parts.push_back(expr(*c));
    const std::vector<std::vector<bool>> tried = first_bytes_.dispatch(alternatives);
    if (tried.empty()) return pegtl + "sor<" + join(parts) + ">";
    uses_first_byte_choice_ = true;
    const auto symbol = [](std::size_t s) {
        if (s == end_of_input) return std::string("256");
        if (s >= 0x20 && s < 0x7F) return char_arg(static_cast<unsigned char>(s));
        return "0x" + hex(static_cast<char32_t>(s), 2);
    };
    for (std::size_t i = 0; i < parts.size(); ++i) {
        std::vector<std::string> args{parts[i]};
        for (std::size_t s = 0; s < symbol_count;) {
            if (!tried[i][s]) {
                ++s;
                continue;
            }
            std::size_t last = s;
            while (last + 1 < symbol_count && tried[i][last + 1]) ++last;
            args.push_back(symbol(s));
            args.push_back(symbol(last));
            s = last + 1;
        }
        parts[i] = "first_byte_alt<" + join(args) + ">";
    }
    return "first_byte_choice<" + join(parts) + ">";
}

void emitter::note_must_child(const node& n, const std::string& type) {
    // Named rules have their own message (or their name); star<>, opt<> and {0,m} cannot fail.
    const bool cannot_fail = n.kind == node_kind::repeat && n.min == 0;
    if (n.kind == node_kind::rule_ref || cannot_fail || !must_types_.insert(type).second) return;
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
                case '*': return pegtl + "star<" + inner + ">";
                case '+': return pegtl + "plus<" + inner + ">";
                case '?': return pegtl + "opt<" + inner + ">";
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
            std::vector<std::string> bytes;
            for (const char c : n.text) bytes.push_back(char_arg(static_cast<unsigned char>(c)));
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
        << (uses_class_run_ || uses_first_byte_choice_ ? "#include <cstddef>\n" : "")
        << (uses_first_byte_choice_ ? "#include <cstdint>\n" : "")
        << "#include <string_view>\n"
        << (uses_class_run_ ? "#include <type_traits>\n" : "")
        << (uses_first_byte_choice_ ? "#include <utility>\n" : "")
        << "#include <tao/pegtl.hpp>\n"
        << "namespace " << ns << " {\n"
        << "inline constexpr int abi_version = 1;\n"
        << "inline constexpr std::string_view grammar_file = " << string_literal(g_.path) << ";\n";
    if (uses_class_run_) out << class_run_template;
    if (uses_first_byte_choice_) out << first_byte_choice_template;
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
        << "template <typename Rule> inline constexpr bool has_event = false;\n";
    for (const std::size_t i : build) out << "template <> inline constexpr bool has_event<" << g_.rules[i].name << "> = true;\n";
    out << "template <typename Rule> inline constexpr event event_of = event{};\n";
    for (const std::size_t i : build) {
        out << "template <> inline constexpr event event_of<" << g_.rules[i].name << "> = event::" << g_.rules[i].name << ";\n";
    }
    out << "template <typename Rule> inline constexpr const char* error_message = nullptr;\n";
    for (const rule& r : g_.rules) {
        if (r.error_message) {
            out << "template <> inline constexpr const char* error_message<" << r.name
                << "> = " << string_literal(*r.error_message) << ";\n";
        }
    }
    for (const auto& [type, text] : must_messages_) {
        out << "template <> inline constexpr const char* error_message<" << type << "> = " << string_literal(text) << ";\n";
    }
    out << "template <typename Rule> inline constexpr bool recover_point = false;\n";
    for (const rule& r : g_.rules) {
        if (r.recover) out << "template <> inline constexpr bool recover_point<" << r.name << "> = true;\n";
    }
    out << "template <typename Rule> inline constexpr std::string_view rule_name = {};\n";
    for (const rule& r : g_.rules) {
        out << "template <> inline constexpr std::string_view rule_name<" << r.name << "> = \"" << r.name << "\";\n";
    }
    out << "inline constexpr std::array<std::string_view, " << count << "> rule_names{";
    for (std::size_t i = 0; i < count; ++i) out << (i == 0 ? "" : ", ") << '"' << g_.rules[i].name << '"';
    out << "};\n"
        << "// grammar rules one match nests at most, the outermost included (0: the grammar is recursive)\n"
        << "inline constexpr int max_nesting = " << max_nesting() << ";\n"
        << "struct traits {\n"
        << "    using root = ::" << ns << "::" << g_.rules.front().name << ";\n"
        << "    static constexpr int abi_version = ::" << ns << "::abi_version;\n"
        << "    static constexpr int max_nesting = ::" << ns << "::max_nesting;\n"
        << "    template <typename Rule> static constexpr bool has_event = ::" << ns << "::has_event<Rule>;\n"
        << "    template <typename Rule> static constexpr event event_of = ::" << ns << "::event_of<Rule>;\n"
        << "    template <typename Rule> static constexpr const char* error_message = ::" << ns << "::error_message<Rule>;\n"
        << "    template <typename Rule> static constexpr bool recover_point = ::" << ns << "::recover_point<Rule>;\n"
        << "    template <typename Rule> static constexpr std::string_view rule_name = ::" << ns << "::rule_name<Rule>;\n"
        << "};\n"
        << "}  // namespace " << ns << "\n";
    return out.str();
}

}  // namespace

std::string emit_header(const grammar& g, const analysis& a) {
    return emitter(g, a).run();
}

}  // namespace kifu::pegc
