#include "reader.hpp"

// The .peg reader: Spirit X3 recognises the syntax, semantic actions build the AST on a
// stack (the grammar is LL enough that actions only fire on parsers that succeed for good),
// and literals/classes are captured raw and decoded by literals.cpp so that each bad escape
// gets its own position.

#include <algorithm>
#include <cctype>
#include <functional>
#include <string_view>
#include <utility>

#include <boost/spirit/home/x3.hpp>

#include "literals.hpp"

namespace kifu::pegc {
namespace {

namespace x3 = boost::spirit::x3;
using iterator = std::string::const_iterator;

struct item {
    node value;
    bool cut = false;  // a `^` waiting to be folded into its sequence
};

struct reader_state {
    const std::string& source;
    diagnostics& diags;
    grammar& result;
    std::vector<item> stack;
    std::vector<std::size_t> marks;
    rule pending;  // annotations seen before the next rule head
    bool has_pending = false;
    std::size_t pending_offset = 0;
    std::size_t primary_offset = 0;  // start of the last primary, parentheses included
    std::vector<std::size_t> open_parens;  // offsets of the '(' not closed yet
    bool joined_line = false;  // a line that lacks its '<-' was read as part of the rule above

    std::size_t offset_of(iterator it) const { return static_cast<std::size_t>(it - source.begin()); }
};

struct state_tag;

template <typename Context>
reader_state& state(const Context& ctx) {
    return x3::get<state_tag>(ctx).get();
}

// X3 hands an action the range its parser consumed, including the blanks and comments
// skipped before it; the AST wants where the expression itself starts.
std::size_t skip_blanks(const std::string& source, std::size_t offset, std::size_t end) {
    while (offset < end) {
        const char c = source[offset];
        if (c == '#') {
            while (offset < end && source[offset] != '\n' && source[offset] != '\r') ++offset;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++offset;
        } else {
            break;
        }
    }
    return offset;
}

// Every action that needs a position sits on an x3::raw[] whose attribute is the range.
template <typename Context>
std::pair<std::size_t, std::size_t> where(const Context& ctx) {
    const reader_state& s = state(ctx);
    const auto& range = x3::_attr(ctx);
    const std::size_t end = s.offset_of(range.end());
    return {skip_blanks(s.source, s.offset_of(range.begin()), end), end};
}

node make(node_kind kind, std::size_t offset, std::size_t end) {
    node n;
    n.kind = kind;
    n.offset = offset;
    n.end = end;
    return n;
}

// --- actions -------------------------------------------------------------------------------

const auto on_mark = [](auto& ctx) { state(ctx).marks.push_back(state(ctx).stack.size()); };

const auto on_ref = [](auto& ctx) {
    const auto [offset, end] = where(ctx);
    reader_state& s = state(ctx);
    // A name at the start of a line inside a rule body is almost always a rule head whose
    // '<-' is missing: continuation lines are indented. Said here, it is not an "undefined rule".
    if (offset == 0 || s.source[offset - 1] == '\n' || s.source[offset - 1] == '\r') {
        const std::string name = s.source.substr(offset, end - offset);
        s.diags.error(offset, "expected '<-' after the rule name '" + name + "' (a line that continues a rule must be indented)");
        s.joined_line = true;
    }
    node n = make(node_kind::rule_ref, offset, end);
    n.text = state(ctx).source.substr(offset, end - offset);
    if (n.text == "eof") n.kind = node_kind::eof, n.text.clear();  // the builtin rule
    state(ctx).stack.push_back({std::move(n)});
};

const auto on_literal = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto& raw = x3::_attr(ctx);
    node n = make(node_kind::literal, s.offset_of(raw.begin()), s.offset_of(raw.end()));
    decode_literal(s.source, n.offset, n.end, n, s.diags);
    s.stack.push_back({std::move(n)});
};

const auto on_class = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto& raw = x3::_attr(ctx);
    node n = make(node_kind::char_class, s.offset_of(raw.begin()), s.offset_of(raw.end()));
    decode_class(s.source, n.offset, n.end, n, s.diags);
    s.stack.push_back({std::move(n)});
};

const auto on_open = [](auto& ctx) { state(ctx).open_parens.push_back(where(ctx).first); };
const auto on_close = [](auto& ctx) { state(ctx).open_parens.pop_back(); };

const auto on_primary = [](auto& ctx) { state(ctx).primary_offset = where(ctx).first; };

const auto on_any = [](auto& ctx) {
    const auto [offset, end] = where(ctx);
    state(ctx).stack.push_back({make(node_kind::any, end - 1, end)});
};

const auto on_cut = [](auto& ctx) {
    const auto [offset, end] = where(ctx);
    state(ctx).stack.push_back({make(node_kind::sequence, end - 1, end), true});
};

template <char Op>
const auto on_postfix = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto& raw = x3::_attr(ctx);
    node n = make(node_kind::repeat, s.primary_offset, s.offset_of(raw.end()));
    n.op = Op;
    n.op_offset = s.offset_of(raw.begin());
    if constexpr (Op == '*') n.min = 0;
    if constexpr (Op == '+') n.min = 1;
    if constexpr (Op == '?') n.min = 0, n.max = 1;
    if constexpr (Op == '{') decode_bounds(s.source, n.op_offset, n.end, n, s.diags);
    n.children.push_back(std::move(s.stack.back().value));
    s.stack.back().value = std::move(n);
};

template <node_kind Kind>
const auto on_prefix = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto [offset, end] = where(ctx);
    node n = make(Kind, offset, end);
    if (Kind == node_kind::not_pred && s.stack.back().value.kind == node_kind::any) {
        n.kind = node_kind::eof;  // `!.` is end of input
    } else {
        n.children.push_back(std::move(s.stack.back().value));
    }
    s.stack.back().value = std::move(n);
};

const auto on_sequence = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto [offset, end] = where(ctx);
    const std::size_t mark = s.marks.back();
    s.marks.pop_back();
    node n = make(node_kind::sequence, offset, end);
    for (std::size_t i = mark; i < s.stack.size(); ++i) {
        if (!s.stack[i].cut) {
            n.children.push_back(std::move(s.stack[i].value));
        } else if (i + 1 == s.stack.size()) {
            s.diags.error(s.stack[i].value.offset, "a cut '^' must be followed by an expression");
        } else if (n.children.empty()) {
            s.diags.error(s.stack[i].value.offset,
                          "a cut '^' must follow what decides the alternative; nothing stands before this one");
        } else if (!n.cut_at) {
            n.cut_at = n.children.size();  // a second cut in the same sequence changes nothing
            n.cut_offset = s.stack[i].value.offset;
        }
    }
    s.stack.resize(mark);
    if (n.children.size() == 1 && !n.cut_at) {
        s.stack.push_back({std::move(n.children.front())});
    } else {
        if (!n.children.empty()) n.offset = n.children.front().offset;
        s.stack.push_back({std::move(n)});
    }
};

const auto on_choice = [](auto& ctx) {
    reader_state& s = state(ctx);
    const std::size_t mark = s.marks.back();
    s.marks.pop_back();
    if (s.stack.size() - mark == 1) return;
    node n = make(node_kind::choice, s.stack[mark].value.offset, s.stack.back().value.end);
    for (std::size_t i = mark; i < s.stack.size(); ++i) n.children.push_back(std::move(s.stack[i].value));
    s.stack.resize(mark);
    s.stack.push_back({std::move(n)});
};

void note_annotation(reader_state& s, std::size_t offset) {
    if (!s.has_pending) s.pending_offset = offset;
    s.has_pending = true;
}

const auto on_build = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto [offset, end] = where(ctx);
    if (s.pending.build) s.diags.error(offset, "duplicate annotation @build");
    s.pending.build = true;
    s.pending.build_offset = offset;
    note_annotation(s, offset);
};

const auto on_recover = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto [offset, end] = where(ctx);
    if (s.pending.recover) s.diags.error(offset, "duplicate annotation @recover");
    s.pending.recover = true;
    note_annotation(s, offset);
};

const auto on_error_annotation = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto [offset, end] = where(ctx);
    node text = std::move(s.stack.back().value);
    s.stack.pop_back();
    if (s.pending.error_message) s.diags.error(offset, "duplicate annotation @error");
    if (text.insensitive) s.diags.error(text.offset, "an @error message takes no 'i' suffix");
    s.pending.error_message = std::move(text.text);
    s.pending.error_offset = offset;
    note_annotation(s, offset);
};

const auto on_unknown_annotation = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto [offset, end] = where(ctx);
    s.diags.error(offset, "unknown annotation '" + s.source.substr(offset, end - offset) +
                              "' (known: @build, @error \"message\", @recover; and @code NAME before a rule's annotations)");
};

// `@code NAME`: the grammar's own statement, once, between rules (not among a rule's annotations).
const auto on_code = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto [offset, end] = where(ctx);
    const std::size_t name = skip_blanks(s.source, offset + 5, end);  // past "@code"
    if (s.has_pending) {
        s.diags.error(offset, "@code names the grammar's diagnostics: it stands on its own, not among a rule's annotations");
        return;
    }
    if (s.result.code) {
        s.diags.error(offset, "duplicate @code (first at " + line_column(s.source, s.result.code_offset) + ")");
        return;
    }
    s.result.code = s.source.substr(name, end - name);
    s.result.code_offset = offset;
};

const auto on_rule_head = [](auto& ctx) {
    reader_state& s = state(ctx);
    const auto& raw = x3::_attr(ctx);
    rule r = std::move(s.pending);
    s.pending = rule{};
    s.has_pending = false;
    r.name.assign(raw.begin(), raw.end());
    r.offset = s.offset_of(raw.begin());
    s.result.rules.push_back(std::move(r));
};

const auto on_rule_body = [](auto& ctx) {
    reader_state& s = state(ctx);
    s.result.rules.back().body = std::move(s.stack.back().value);
    s.stack.clear();
};

// --- syntax --------------------------------------------------------------------------------

const auto ident_start = x3::char_('a', 'z') | x3::char_('A', 'Z') | x3::char_('_');
const auto ident_char = ident_start | x3::char_('0', '9');
const auto identifier = x3::lexeme[ident_start >> *ident_char];
const auto comment = x3::lexeme['#' >> *(~x3::char_("\r\n"))];
const auto skipper = x3::char_(" \t\r\n") | comment;
const auto arrow = x3::lit("<-");

const auto quoted = x3::lexeme[('"' > *(('\\' > x3::char_) | ~x3::char_("\"\\\r\n")) > '"') |
                               ('\'' > *(('\\' > x3::char_) | ~x3::char_("'\\\r\n")) > '\'')];
const auto literal_text = x3::raw[x3::lexeme[quoted >> -(x3::lit('i') >> !ident_char)]];
const auto class_text = x3::raw[x3::lexeme['[' > *(('\\' > x3::char_) | ~x3::char_("]\\\r\n")) > ']']];
const auto bounds_text = x3::raw[x3::lexeme['{' > *(~x3::char_("}\r\n")) > '}']];

x3::rule<class expression_id> const expression = "an expression";
x3::rule<class sequence_id> const sequence = "an expression";
x3::rule<class primary_id> const primary = "an expression";
x3::rule<class rule_def_id> const rule_def = "rule definition";
x3::rule<class close_paren_id> const close_paren = "')'";
x3::rule<class error_text_id> const error_text = "a quoted message after @error, as in @error \"expected a move\"";
x3::rule<class code_name_id> const code_name = "a code after @code: a lower-case letter, then lower-case letters, digits, '_' or '-', as in @code csa";

// Every action-carrying alternative is wrapped in omit[]: the AST is built by the actions,
// and X3 would otherwise try to merge the raw ranges into one variant attribute.
const auto reference = x3::omit[x3::raw[identifier >> !arrow][on_ref]];
const auto primary_def = reference | x3::omit[literal_text[on_literal]] | x3::omit[class_text[on_class]] |
                         x3::omit[x3::raw[x3::lit('.')][on_any]] |
                         (x3::omit[x3::raw[x3::lit('(')][on_open]] > expression > close_paren);
const auto postfix = x3::omit[x3::raw[x3::lit('*')][on_postfix<'*'>]] | x3::omit[x3::raw[x3::lit('+')][on_postfix<'+'>]] |
                     x3::omit[x3::raw[x3::lit('?')][on_postfix<'?'>]] | x3::omit[bounds_text[on_postfix<'{'>]];
const auto suffixed = x3::omit[x3::raw[primary][on_primary]] >> *postfix;
const auto element = x3::omit[x3::raw[x3::lit('^')][on_cut]] | x3::omit[x3::raw['&' > suffixed][on_prefix<node_kind::and_pred>]] |
                     x3::omit[x3::raw['!' > suffixed][on_prefix<node_kind::not_pred>]] | suffixed;
const auto sequence_def = x3::omit[x3::raw[x3::eps[on_mark] >> +element][on_sequence]];
const auto expression_def = x3::omit[(x3::eps[on_mark] >> sequence >> *('/' > sequence))[on_choice]];

// A code is what a diagnostic's code starts with (`csa` in `csa.syntax`).
const auto code_name_def = x3::lexeme[x3::char_('a', 'z') >> *(x3::char_('a', 'z') | x3::char_('0', '9') | x3::char_("_-")) >>
                                      !(ident_char | x3::char_('-'))];
const auto code_directive = x3::omit[x3::raw[x3::lexeme[x3::lit("@code") >> !ident_char] > code_name][on_code]];
const auto annotation = code_directive |
                        x3::omit[x3::raw[x3::lexeme[x3::lit("@build") >> !ident_char]][on_build]] |
                        x3::omit[x3::raw[x3::lexeme[x3::lit("@recover") >> !ident_char]][on_recover]] |
                        x3::omit[x3::raw[x3::lexeme[x3::lit("@error") >> !ident_char] > error_text][on_error_annotation]] |
                        x3::omit[x3::raw[x3::lexeme['@' >> *ident_char]][on_unknown_annotation]];
const auto rule_def_def = (*annotation >> x3::omit[(x3::raw[identifier] >> arrow)[on_rule_head]]) > x3::omit[expression[on_rule_body]];

const auto error_text_def = x3::omit[literal_text[on_literal]];
const auto close_paren_def = x3::lit(')')[on_close];

BOOST_SPIRIT_DEFINE(expression, sequence, primary, rule_def, error_text, close_paren, code_name)

// X3 names a missing character as 'c'; a missing quote reads better in the other quotes.
std::string describe(const std::string& which) {
    return which == "'''" ? "\"'\"" : which;
}

// The end of the last token before `offset` (blanks, line breaks and comments skipped back).
std::size_t end_of_previous_token(const std::string& source, std::size_t offset) {
    std::size_t last = 0;
    for (std::size_t i = 0; i < offset && i < source.size();) {
        const char c = source[i];
        if (c == '#') {
            while (i < source.size() && source[i] != '\n' && source[i] != '\r') ++i;
        } else if (c == '"' || c == '\'') {
            ++i;
            while (i < offset && source[i] != c && source[i] != '\n' && source[i] != '\r') i += source[i] == '\\' ? 2 : 1;
            last = i = std::min(i + 1, offset);
        } else {
            ++i;
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') last = i;
        }
    }
    return last;
}

bool line_break_between(const std::string& source, std::size_t from, std::size_t to) {
    return source.find_first_of("\r\n", from) < to;
}

// True when a rule head `name <-` (or nothing but blanks) stands at `offset`.
bool at_rule_head_or_end(const std::string& source, std::size_t offset) {
    std::size_t i = offset;
    while (i < source.size() && (std::isalnum(static_cast<unsigned char>(source[i])) || source[i] == '_')) ++i;
    if (i == offset) return offset >= source.size();
    while (i < source.size() && (source[i] == ' ' || source[i] == '\t')) ++i;
    return source.compare(i, 2, "<-") == 0;
}

}  // namespace

std::optional<grammar> read_grammar(std::string path, std::string source, diagnostics& diags) {
    // Invalid UTF-8 is reported once per line and stops the reading: nothing after it can be trusted.
    bool bad_utf8 = false;
    std::size_t reported_line_end = 0;
    for (std::size_t i = 0; i < source.size();) {
        const std::size_t length = utf8_sequence_length(source, i);
        if (length == 0) {
            if (i >= reported_line_end) {
                diags.error(i, "invalid UTF-8 (a grammar file must be UTF-8)");
                reported_line_end = source.find_first_of("\r\n", i);
                if (reported_line_end == std::string::npos) reported_line_end = source.size();
            }
            bad_utf8 = true;
            ++i;
        } else {
            i += length;
        }
    }
    if (bad_utf8) return std::nullopt;

    grammar result;
    result.path = std::move(path);
    result.source = std::move(source);
    reader_state s{result.source, diags, result, {}, {}, {}, false, 0, 0, {}, false};
    auto first = result.source.cbegin();
    const auto last = result.source.cend();
    try {
        const auto parser = x3::with<state_tag>(std::ref(s))[*(code_directive | rule_def)];
        x3::phrase_parse(first, last, parser, skipper);
        // Skip trailing blanks and comments so that `first` stops on real text.
        x3::phrase_parse(first, last, x3::eps, skipper);
    } catch (const x3::expectation_failure<iterator>& e) {
        std::size_t offset = skip_blanks(result.source, s.offset_of(e.where()), result.source.size());
        if (e.which() == "')'" && !s.open_parens.empty() && at_rule_head_or_end(result.source, offset)) {
            diags.error(s.open_parens.back(), offset < result.source.size()
                                                  ? "unclosed '(': no ')' before the next rule"
                                                  : "unclosed '(': no ')' before the end of the grammar");
            return std::nullopt;
        }
        // What is missing belongs at the end of the line that lacks it, not on the next line.
        const std::size_t previous = end_of_previous_token(result.source, offset);
        if (line_break_between(result.source, previous, offset)) offset = previous;
        diags.error(offset, "syntax error: expected " + describe(e.which()));
        return std::nullopt;
    }
    if (s.joined_line) return std::nullopt;
    if (first != last) {
        const std::size_t offset = s.offset_of(first);
        diags.error(offset, s.has_pending ? "syntax error: expected a rule definition after the annotations"
                                          : "syntax error: expected a rule definition 'name <- expression'");
        return std::nullopt;
    }
    if (s.has_pending) {
        diags.error(s.pending_offset, "annotations must stand before a rule definition");
        return std::nullopt;
    }
    if (result.rules.empty()) {
        diags.error(0, "a grammar needs at least one rule");
        return std::nullopt;
    }
    return result;
}

}  // namespace kifu::pegc
