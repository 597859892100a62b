#pragma once

// Byte-level pieces of the Kakinoki vocabulary (shogi/kakinoki.hpp) and the KIF move-line
// reader: Kakinoki-style text's marks, kanji and full-width digits are three-byte UTF-8
// characters, told apart by comparing their bytes, not decoded.

#include <cstdint>

namespace kifu::shogi::detail::kakinoki_bytes {

// The three bytes at p as one number (first byte lowest); 0 when the text ends first. A
// character is told apart by comparing this with its `bytes_of`: one compare a character, no
// decoding. A lead byte of a three-byte character is E0-EF, so nothing shorter or longer
// matches one.
constexpr std::uint32_t three_bytes(const unsigned char* p, const unsigned char* end) noexcept {
    if (end - p < 3) return 0;
    return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 | static_cast<std::uint32_t>(p[2]) << 16;
}

// The UTF-8 bytes of a character of U+0800-U+FFFF, as three_bytes reads them.
constexpr std::uint32_t bytes_of(char32_t c) noexcept {
    return (0xE0 | c >> 12) | (0x80 | (c >> 6 & 0x3F)) << 8 | (0x80 | (c & 0x3F)) << 16;
}

// The grammars' blanks: spaces, tabs and U+3000, any mix.
constexpr const unsigned char* skip_blanks(const unsigned char* p, const unsigned char* end) noexcept {
    // Mostly ASCII spaces: those in a tight loop first.
    while (p != end && *p == ' ') ++p;
    while (p != end) {
        if (*p == ' ' || *p == '\t') {
            ++p;
        } else if (three_bytes(p, end) == bytes_of(U'\u3000')) {
            p += 3;
        } else {
            break;
        }
    }
    return p;
}

}  // namespace kifu::shogi::detail::kakinoki_bytes
