#include "diagnostics.hpp"

#include <algorithm>
#include <ostream>

namespace kifu::pegc {

void diagnostics::error(std::size_t offset, std::string text) {
    messages_.push_back({level::error, offset, std::move(text)});
}

void diagnostics::warning(std::size_t offset, std::string text) {
    messages_.push_back({level::warning, offset, std::move(text)});
}

bool diagnostics::has_error() const noexcept {
    return std::any_of(messages_.begin(), messages_.end(),
                       [](const message& m) { return m.level == level::error; });
}

bool diagnostics::has_warning() const noexcept {
    return std::any_of(messages_.begin(), messages_.end(),
                       [](const message& m) { return m.level == level::warning; });
}

namespace {

// East Asian wide characters take two cells in a terminal; the caret line pads with two
// spaces for them so the caret stands under the right character.
bool is_wide(char32_t c) {
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

struct located {
    std::size_t line = 1;
    std::size_t column = 1;
    std::string text;   // the source line, invalid bytes shown as U+FFFD
    std::string caret;  // padding under the text, then '^'
};

located locate(const std::string& source, std::size_t offset) {
    located where;
    std::size_t start = 0;
    for (std::size_t i = 0; i < offset && i < source.size(); ++i) {
        const char c = source[i];
        if (c == '\n' || (c == '\r' && (i + 1 >= source.size() || source[i + 1] != '\n'))) {
            ++where.line;
            start = i + 1;
        }
    }
    std::size_t i = start;
    while (i < source.size() && source[i] != '\n' && source[i] != '\r') {
        const std::size_t length = utf8_sequence_length(source, i);
        const std::size_t step = length == 0 ? 1 : length;
        const char32_t c = length == 0 ? char32_t{0xFFFD} : decode_utf8(source, i, length);
        if (length == 0) {
            append_utf8(where.text, c);
        } else {
            where.text.append(source, i, length);
        }
        if (i < offset) {
            ++where.column;
            where.caret += c == '\t' ? "\t" : (is_wide(c) ? "  " : " ");
        }
        i += step;
    }
    where.caret += '^';
    return where;
}

}  // namespace

std::string line_column(const std::string& source, std::size_t offset) {
    const located where = locate(source, offset);
    return std::to_string(where.line) + ":" + std::to_string(where.column);
}

void diagnostics::print(std::ostream& out, const std::string& path, const std::string& source) const {
    std::vector<message> sorted = messages_;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const message& a, const message& b) { return a.offset < b.offset; });
    for (const message& m : sorted) {
        const located where = locate(source, m.offset);
        out << path << ':' << where.line << ':' << where.column << ": "
            << (m.level == level::error ? "error" : "warning") << ": " << m.text << '\n'
            << where.text << '\n'
            << where.caret << '\n';
    }
}

}  // namespace kifu::pegc
