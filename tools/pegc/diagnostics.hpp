#pragma once

// Diagnostics of kifu-pegc in gcc's form: `file:line:col: error: message`, then the source
// line, then a caret under the column (columns count code points, as editors do).

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

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
    /// Prints every message, ordered by offset (stable), to `out`.
    void print(std::ostream& out, const std::string& path, const std::string& source) const;

private:
    std::vector<message> messages_;
};

/// Returns "line:column" of a byte offset of `source` (columns count code points).
std::string line_column(const std::string& source, std::size_t offset);

/// Returns the length of the valid UTF-8 sequence at `pos`, or 0 when the bytes there are
/// not valid UTF-8 (overlongs, surrogates and values above U+10FFFF are invalid too).
std::size_t utf8_sequence_length(const std::string& bytes, std::size_t pos) noexcept;

/// Decodes the (valid) UTF-8 sequence at `pos`.
char32_t decode_utf8(const std::string& bytes, std::size_t pos, std::size_t length) noexcept;

/// Appends the UTF-8 encoding of `c`.
void append_utf8(std::string& out, char32_t c);

}  // namespace kifu::pegc
