#pragma once

// Finding line breaks in raw bytes, for the sniffers that look at an input's first lines and
// for the writers that split a text into lines.

#include <cstddef>
#include <string_view>

#include "core/utf8.hpp"

namespace kifu::inline v1::detail {

/// Returns the offset of the first LF or CR at or after `from`, or npos: what
/// `bytes.find_first_of("\r\n", from)` returns, 8 bytes at a time (libstdc++'s find_first_of
/// calls memchr on the set for every byte).
inline std::size_t find_line_break(std::string_view bytes, std::size_t from) noexcept {
    const auto* const data = reinterpret_cast<const unsigned char*>(bytes.data());
    std::size_t i = from;
    while (i + 8 <= bytes.size() && !has_line_break(load8(data + i))) i += 8;
    for (; i < bytes.size(); ++i) {
        if (data[i] == '\n' || data[i] == '\r') return i;
    }
    return std::string_view::npos;
}

/// Calls `line(text)` for each line of `text`, as kifu's readers see lines: each ends at LF,
/// CRLF or a lone CR. A writer that puts a comment on marked lines splits it here, so a lone CR
/// in a comment becomes a line break of its own instead of a raw CR that no reader reads back.
template <class Line>
void for_each_line(std::string_view text, Line&& line) {
    std::size_t from = 0;
    for (;;) {
        const std::size_t end = find_line_break(text, from);
        if (end == std::string_view::npos) {
            line(text.substr(from));
            return;
        }
        line(text.substr(from, end - from));
        from = end + (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? 2 : 1);
    }
}

}  // namespace kifu::detail
