#include "literals.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <utility>

namespace kifu::pegc {
namespace {

// Reads one character of a literal or class at `pos` (an escape or one UTF-8 sequence);
// `escapes` lists the characters allowed after a backslash besides `u{…}`.
// Returns nothing (after reporting) for a bad escape.
std::optional<char32_t> read_char(const std::string& s, std::size_t& pos, std::size_t end,
                                  std::string_view escapes, diagnostics& diags) {
    const std::size_t start = pos;
    if (s[pos] != '\\') {
        const std::size_t length = std::max<std::size_t>(utf8_sequence_length(s, pos), 1);
        const char32_t c = decode_utf8(s, pos, length);
        pos += length;
        return c;
    }
    ++pos;
    if (pos >= end) {
        diags.error(start, "unfinished escape sequence");
        return std::nullopt;
    }
    const char e = s[pos++];
    switch (e) {
        case 'n': return U'\n';
        case 'r': return U'\r';
        case 't': return U'\t';
        case 'u': {
            const std::size_t close = s.find('}', pos);
            if (pos >= end || s[pos] != '{' || close == std::string::npos || close >= end ||
                close == pos + 1 || close > pos + 7) {
                diags.error(start, "escape \\u needs one to six hex digits in braces: \\u{3000}");
                pos = std::min(end, close == std::string::npos ? end : close + 1);
                return std::nullopt;
            }
            std::uint32_t value = 0;
            const auto [ptr, ec] = std::from_chars(s.data() + pos + 1, s.data() + close, value, 16);
            pos = close + 1;
            if (ec != std::errc{} || ptr != s.data() + close) {
                diags.error(start, "escape \\u needs one to six hex digits in braces: \\u{3000}");
                return std::nullopt;
            }
            if (value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
                diags.error(start, "escape \\u{" + s.substr(start + 3, close - start - 3) +
                                       "} is not a Unicode scalar value");
                return std::nullopt;
            }
            return static_cast<char32_t>(value);
        }
        default:
            if (escapes.find(e) != std::string_view::npos) return static_cast<char32_t>(e);
            diags.error(start, std::string("unknown escape sequence '\\") + e + "'");
            return std::nullopt;
    }
}

std::string show(char32_t c) {
    std::string out;
    if (c < 0x20 || c == 0x7F) {
        static constexpr char hex[] = "0123456789ABCDEF";
        out = "\\u{";
        out += hex[(c >> 4) & 0xF];
        out += hex[c & 0xF];
        out += '}';
    } else {
        append_utf8(out, c);
    }
    return out;
}

}  // namespace

void decode_literal(const std::string& source, std::size_t offset, std::size_t end, node& out,
                    diagnostics& diags) {
    out.kind = node_kind::literal;
    out.insensitive = source[end - 1] == 'i';
    const std::size_t close = out.insensitive ? end - 2 : end - 1;
    std::size_t pos = offset + 1;
    while (pos < close) {
        if (const auto c = read_char(source, pos, close, "\\\"'", diags)) append_utf8(out.text, *c);
    }
    if (close == offset + 1) diags.error(offset, "empty literal: it would match without consuming");
}

void decode_class(const std::string& source, std::size_t offset, std::size_t end, node& out,
                  diagnostics& diags) {
    out.kind = node_kind::char_class;
    std::size_t pos = offset + 1;
    const std::size_t close = end - 1;
    if (pos < close && source[pos] == '^') {
        out.negated = true;
        ++pos;
    }
    std::vector<code_range> items;
    bool bad = false;
    while (pos < close) {
        const std::size_t start = pos;
        const auto first = read_char(source, pos, close, "]\\-^", diags);
        // An unescaped '-' between two characters makes a range; elsewhere it is itself.
        if (pos + 1 < close && source[pos] == '-') {
            ++pos;
            const auto last = read_char(source, pos, close, "]\\-^", diags);
            if (!first || !last) {
                bad = true;
                continue;
            }
            if (*last < *first) {
                diags.error(start, "inverted range '" + show(*first) + "-" + show(*last) +
                                       "' in character class");
                bad = true;
                continue;
            }
            items.push_back({*first, *last});
        } else if (first) {
            items.push_back({*first, *first});
        } else {
            bad = true;
        }
    }
    if (items.empty() && !bad) {
        diags.error(offset, "empty character class");
        return;
    }
    out.ranges = merge_ranges(std::move(items));
}

std::vector<code_range> merge_ranges(std::vector<code_range> items) {
    std::sort(items.begin(), items.end(), [](const code_range& a, const code_range& b) {
        return a.first < b.first || (a.first == b.first && a.last < b.last);
    });
    std::vector<code_range> merged;
    for (const code_range& r : items) {
        if (!merged.empty() && r.first <= merged.back().last + 1) {
            merged.back().last = std::max(merged.back().last, r.last);
        } else {
            merged.push_back(r);
        }
    }
    return merged;
}

void decode_bounds(const std::string& source, std::size_t offset, std::size_t end, node& out,
                   diagnostics& diags) {
    std::string text;
    for (std::size_t i = offset + 1; i + 1 < end; ++i) {
        if (source[i] != ' ' && source[i] != '\t') text += source[i];
    }
    const auto number = [&](std::string_view digits, std::uint32_t& value) {
        const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        return !digits.empty() && ec == std::errc{} && ptr == digits.data() + digits.size();
    };
    const std::size_t comma = text.find(',');
    std::uint32_t min = 0;
    std::uint32_t max = 0;
    const std::string_view view(text);
    const bool ok = comma == std::string::npos
                        ? number(view, min)
                        : number(view.substr(0, comma), min) &&
                              (comma + 1 == text.size() || number(view.substr(comma + 1), max));
    if (!ok) {
        diags.error(offset, "repetition bounds must be {n}, {n,} or {n,m} with decimal numbers");
        return;
    }
    out.min = min;
    if (comma == std::string::npos) {
        out.max = min;
    } else if (comma + 1 != text.size()) {
        out.max = max;
    }
    if (out.max && *out.max < out.min) {
        diags.error(offset, "repetition bounds are inverted: the maximum is below the minimum");
    } else if (out.max && *out.max == 0) {
        diags.error(offset, "repetition of at most 0 times matches nothing");
    }
}

}  // namespace kifu::pegc
