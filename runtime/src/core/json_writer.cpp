#include <kifu/json_writer.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

#include "core/charconv_double.hpp"
#include "core/utf8.hpp"

namespace kifu::inline v1 {

namespace {

constexpr std::uint64_t ones = 0x0101010101010101ULL;
constexpr std::uint64_t highs = 0x8080808080808080ULL;

// Bit tricks from "Bit Twiddling Hacks" (haszero / hasless): exact answers to "is there
// any such byte", which is all the fast path needs.
constexpr std::uint64_t has_zero(std::uint64_t v) noexcept { return (v - ones) & ~v & highs; }
constexpr std::uint64_t has_less(std::uint64_t v, unsigned char n) noexcept {
    return (v - ones * n) & ~v & highs;
}

// True when one of the 8 bytes needs a look: a control character, '"', '\\' or non-ASCII.
inline bool needs_attention(std::uint64_t w) noexcept {
    return ((w & highs) | has_less(w, 0x20) | has_zero(w ^ (ones * '"')) |
            has_zero(w ^ (ones * '\\'))) != 0;
}

inline bool is_plain(unsigned char c) noexcept { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\'; }

void append_escape(std::string& out, unsigned char c) {
    switch (c) {
        case '"': out += "\\\""; return;
        case '\\': out += "\\\\"; return;
        case '\b': out += "\\b"; return;
        case '\f': out += "\\f"; return;
        case '\n': out += "\\n"; return;
        case '\r': out += "\\r"; return;
        case '\t': out += "\\t"; return;
        default: break;
    }
    static constexpr char hex[] = "0123456789abcdef";
    const char escaped[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
    out.append(escaped, sizeof escaped);
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
    out.reserve(out.size() + s.size() + 2);
    out += '"';
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const auto* const end = p + s.size();
    const auto* run = p;  // start of the bytes that go out unchanged
    auto flush = [&] { out.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p - run)); };
    while (p < end) {
        while (end - p >= 8 && !needs_attention(detail::load8(p))) p += 8;
        if (p == end) break;
        const unsigned char c = *p;
        if (is_plain(c)) {
            ++p;
        } else if (c < 0x80) {
            flush();
            append_escape(out, c);
            run = ++p;
        } else {
            std::size_t bad = 1;
            const std::size_t length = detail::utf8_sequence_length(p, static_cast<std::size_t>(end - p), bad);
            if (length != 0) {
                p += length;  // well-formed: stays in the run
            } else {
                flush();
                out += detail::replacement_character;
                p += bad;
                run = p;
            }
        }
    }
    flush();
    out += '"';
}

void json_writer::newline_indent() {
    out_ += '\n';
    out_.append(static_cast<std::size_t>(depth_) * 2, ' ');
}

void json_writer::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_) out_ += ',';
    if (pretty_ && depth_ > 0) newline_indent();
    first_ = false;
}

void json_writer::begin_object() {
    before_value();
    out_ += '{';
    ++depth_;
    first_ = true;
}

void json_writer::end_object() {
    if (depth_ > 0) --depth_;
    if (pretty_ && !first_) newline_indent();
    out_ += '}';
    first_ = false;
    after_key_ = false;
}

void json_writer::begin_array() {
    before_value();
    out_ += '[';
    ++depth_;
    first_ = true;
}

void json_writer::end_array() {
    if (depth_ > 0) --depth_;
    if (pretty_ && !first_) newline_indent();
    out_ += ']';
    first_ = false;
    after_key_ = false;
}

void json_writer::key(std::string_view k) {
    if (pretty_) {
        if (!first_) out_ += ',';
        newline_indent();
    }
    // Keys are nearly always short plain ASCII ("move", "to", "color"): `,"key":` goes out
    // in one append, without the escaping scan (a JKF record has some thirty keys a move).
    char buffer[48];
    std::size_t n = 0;
    if (!pretty_ && !first_) buffer[n++] = ',';
    first_ = false;
    if (k.size() <= 40 && std::all_of(k.begin(), k.end(), [](char c) { return is_plain(static_cast<unsigned char>(c)); })) {
        buffer[n++] = '"';
        std::memcpy(buffer + n, k.data(), k.size());
        n += k.size();
        buffer[n++] = '"';
        buffer[n++] = ':';
        out_.append(buffer, n);
    } else {
        out_.append(buffer, n);
        append_json_string(out_, k);
        out_ += ':';
    }
    if (pretty_) out_ += ' ';
    after_key_ = true;
}

void json_writer::value(std::string_view s) {
    before_value();
    append_json_string(out_, s);
}

void json_writer::value(bool b) {
    before_value();
    out_ += b ? "true" : "false";
}

void json_writer::value(std::int64_t n) {
    before_value();
    char buffer[24];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, n);
    out_.append(buffer, result.ptr);
}

void json_writer::value(std::uint64_t n) {
    before_value();
    char buffer[24];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, n);
    out_.append(buffer, result.ptr);
}

// Shortest form that reads back to the same double. A double that prints like an integer
// gets ".0" so that readers keep it a floating-point number (as nlohmann's dump() does).
// JSON has no NaN or infinity: they become null.
void json_writer::value(double d) {
    if (!std::isfinite(d)) {
        null();
        return;
    }
    before_value();
    char buffer[32];
    auto result = kifu::detail::double_to_chars(buffer, buffer + sizeof buffer, d);
    out_.append(buffer, result.ptr);
    const std::string_view written(buffer, static_cast<std::size_t>(result.ptr - buffer));
    if (written.find_first_of(".eE") == std::string_view::npos) out_ += ".0";
}

void json_writer::null() {
    before_value();
    out_ += "null";
}

std::string& json_writer::begin_compact() {
    before_value();
    compact_start_ = out_.size();
    return out_;
}

// Pretty: the compact text is indented as begin_object, key, value … would have written it:
// a line per member and element, `"key": value`, `{}` and `[]` when empty.
void json_writer::end_compact() {
    after_key_ = false;
    if (!pretty_) return;
    const std::string compact = out_.substr(compact_start_);
    out_.resize(compact_start_);
    const int base = depth_;
    for (std::size_t i = 0; i < compact.size(); ++i) {
        const char c = compact[i];
        switch (c) {
            case '{':
            case '[':
                out_ += c;
                if (i + 1 < compact.size() && (compact[i + 1] == '}' || compact[i + 1] == ']')) {
                    out_ += compact[++i];
                } else {
                    ++depth_;
                    newline_indent();
                }
                break;
            case '}':
            case ']':
                --depth_;
                newline_indent();
                out_ += c;
                break;
            case ',':
                out_ += ',';
                newline_indent();
                break;
            case ':':
                out_ += ": ";
                break;
            case '"': {
                // A string, escapes and all, goes out as it is.
                std::size_t j = i + 1;
                while (j < compact.size() && compact[j] != '"') j += compact[j] == '\\' ? 2 : 1;
                out_.append(compact, i, j + 1 - i);
                i = j;
                break;
            }
            default:
                out_ += c;
                break;
        }
    }
    depth_ = base;
}

void json_writer::raw(std::string_view json) {
    before_value();
    out_ += json;
}

}  // namespace kifu
