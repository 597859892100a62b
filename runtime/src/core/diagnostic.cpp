#include <kifu/diagnostic.hpp>

#include <algorithm>
#include <charconv>

#include <kifu/json_writer.hpp>

namespace kifu::inline v1 {

std::string_view to_string(severity s) noexcept {
    switch (s) {
        case severity::note: return "note";
        case severity::warning: return "warning";
        case severity::error: return "error";
    }
    return "error";
}

namespace {

void append_number(std::string& out, std::int64_t n) {
    char buffer[24];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, n);
    out.append(buffer, result.ptr);
}

constexpr char hex_digits[] = "0123456789abcdef";

// Appends `text` as printable() shows it.
void append_printable(std::string& out, std::string_view text) {
    std::size_t done = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7f) {
            out.append(text, done, i - done);
            out += "\\x";
            out += hex_digits[c >> 4];
            out += hex_digits[c & 15];
            done = i + 1;
        } else if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                   static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
            const auto code = static_cast<unsigned char>(text[i + 1]);  // U+0080..U+009F in UTF-8
            out.append(text, done, i - done);
            out += "\\u00";
            out += hex_digits[code >> 4];
            out += hex_digits[code & 15];
            ++i;
            done = i + 1;
        }
    }
    out.append(text, done, text.size() - done);
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    append_printable(out, text);
    return out;
}

// The ply goes before the code (`message (ply 12) [code]`) so that the code stays the last
// token of the line, where tools that grep for `[code]` expect it.
std::string format_gcc(const diagnostic& d) {
    std::string out;
    out.reserve(d.file.size() + d.message.size() + d.code.size() + 40);
    append_printable(out, d.file);
    if (d.line != 0) {
        out += ':';
        append_number(out, d.line);
        if (d.column != 0) {
            out += ':';
            append_number(out, d.column);
        }
    }
    out += ": ";
    out += to_string(d.severity);
    out += ": ";
    append_printable(out, d.message);
    if (d.ply >= 0) {
        out += " (ply ";
        append_number(out, d.ply);
        out += ')';
    }
    if (!d.code.empty()) {
        out += " [";
        out += d.code;
        out += ']';
    }
    return out;
}

std::string format_json(const diagnostic& d) {
    std::string out;
    json_writer w(out);
    w.begin_object();
    w.member("severity", to_string(d.severity));
    w.member("code", d.code);
    w.member("message", d.message);
    w.member("file", d.file);
    w.member("line", d.line);
    w.member("column", d.column);
    if (d.ply >= 0) w.member("ply", d.ply);
    w.end_object();
    return out;
}

bool has_error(std::span<const diagnostic> diagnostics) noexcept {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const diagnostic& d) { return d.severity == severity::error; });
}

}  // namespace kifu
