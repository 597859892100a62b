#pragma once

// Diagnostics of kifu-pegc in gcc's form: `file:line:col: error: message`, then the source
// line, then a caret under the column (columns count code points, as editors do).

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "core/utf8.hpp"

namespace kifu::pegc {

/// How bad a grammar diagnostic is.
enum class level { warning, error };

/// One problem found in a grammar, located by byte offset into its source.
struct message {
    pegc::level level = level::error;
    std::size_t offset = 0;
    std::string text;
};

/// Collects diagnostics, then prints them sorted by position.
class diagnostics {
public:
    void error(std::size_t offset, std::string text);
    void warning(std::size_t offset, std::string text);
    bool has_error() const noexcept;
    bool has_warning() const noexcept;
    /// Prints every message, ordered by offset (stable), to `out`.
    void print(std::ostream& out, const std::string& path, const std::string& source) const;

private:
    std::vector<message> messages_;
};

/// Returns "line:column" of a byte offset of `source` (columns count code points).
std::string line_column(const std::string& source, std::size_t offset);

/// Returns the length of the valid UTF-8 sequence at `pos` (< bytes.size()), or 0 when the bytes
/// there are not valid UTF-8 (overlongs, surrogates and values above U+10FFFF are invalid too):
/// the runtime's reading (core/utf8.hpp), so that kifu-pegc and the library agree on every text.
inline std::size_t utf8_sequence_length(std::string_view bytes, std::size_t pos) noexcept {
    std::size_t bad = 0;
    return kifu::detail::utf8_sequence_length(reinterpret_cast<const unsigned char*>(bytes.data()) + pos,
                                              bytes.size() - pos, bad);
}

/// Decodes the (valid) UTF-8 sequence of `length` bytes at `pos`.
inline char32_t decode_utf8(std::string_view bytes, std::size_t pos, std::size_t length) noexcept {
    return kifu::detail::decode_code_point(bytes.substr(pos, length));
}

using kifu::detail::append_utf8;

}  // namespace kifu::pegc
