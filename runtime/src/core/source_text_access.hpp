#pragma once

// The library's own way into a source_text (kifu/text.hpp declares source_text::access, a
// member and so free to reach its private parts): building one from text the decoder has
// already checked, and reading its line index.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include <kifu/text.hpp>

namespace kifu::inline v1 {

struct source_text::access {
    static source_text checked(std::string file_name, std::string utf8, std::string encoding) {
        return source_text(source_text::valid_utf8{}, std::move(file_name), std::move(utf8), std::move(encoding));
    }
    /// The byte offset of each line's first byte, in order; empty only for a default-constructed
    /// text.
    static std::span<const std::uint32_t> line_starts(const source_text& text) noexcept { return text.line_starts_; }
    /// The bytes the text's string holds room for (its size and more): a reader that reads past
    /// the end (simdjson) uses the text in place when the room is enough.
    static std::size_t capacity(const source_text& text) noexcept { return text.text_.capacity(); }
};

namespace detail {
using source_text_access = source_text::access;
}  // namespace detail

}  // namespace kifu
