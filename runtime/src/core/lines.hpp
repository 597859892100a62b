#pragma once

// Finding line breaks in raw bytes, for the sniffers that look at an input's first lines.

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

}  // namespace kifu::detail
