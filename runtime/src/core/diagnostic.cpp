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

}  // namespace

// The ply goes before the code (`message (ply 12) [code]`) so that the code stays the last
// token of the line, where tools that grep for `[code]` expect it.
std::string format_gcc(const diagnostic& d) {
    std::string out;
    out.reserve(d.file.size() + d.message.size() + d.code.size() + 40);
    out += d.file;
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
    out += d.message;
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
