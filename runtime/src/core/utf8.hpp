#pragma once

// Small UTF-8 helpers shared by the text decoder, the JSON writer, the builders, the writers and
// kifu-pegc: the one place that knows how long a UTF-8 sequence is, how to decode and encode a
// code point and how to count code points.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace kifu::inline v1::detail {

/// Returns the length (1–4) of the well-formed UTF-8 sequence at `p` (Unicode table 3-7: no
/// overlongs, no surrogates, nothing above U+10FFFF), or 0 when it is ill-formed; then
/// `bad_length` is the length of its maximal ill-formed subpart (at least 1), which is what
/// one U+FFFD replaces.
inline std::size_t utf8_sequence_length(const unsigned char* p, std::size_t available,
                                        std::size_t& bad_length) noexcept {
    const unsigned char b = p[0];
    if (b < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
        length = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
        length = 3;
        if (b == 0xE0) low = 0xA0;       // overlong below U+0800
        else if (b == 0xED) high = 0x9F;  // surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
        length = 4;
        if (b == 0xF0) low = 0x90;        // overlong below U+10000
        else if (b == 0xF4) high = 0x8F;  // above U+10FFFF
    } else {
        bad_length = 1;
        return 0;
    }
    if (available < 2 || p[1] < low || p[1] > high) {
        bad_length = 1;
        return 0;
    }
    for (std::size_t i = 2; i < length; ++i) {
        if (i >= available || (p[i] & 0xC0) != 0x80) {
            bad_length = i;
            return 0;
        }
    }
    return length;
}

/// Returns the length (1–4) of the UTF-8 sequence that starts with byte `lead`, by the lead byte
/// alone (1 for a byte that cannot start one); for text known to be valid, as source_text's is.
constexpr std::size_t utf8_length(char lead) noexcept {
    const auto b = static_cast<unsigned char>(lead);
    if (b < 0x80) return 1;
    if ((b & 0xE0) == 0xC0) return 2;
    if ((b & 0xF0) == 0xE0) return 3;
    if ((b & 0xF8) == 0xF0) return 4;
    return 1;
}

/// Returns the code point of one UTF-8 sequence (1–4 bytes, of a length that
/// utf8_sequence_length or, for valid text, utf8_length gave: the bytes are not checked again).
constexpr char32_t decode_code_point(std::string_view sequence) noexcept {
    const auto byte = [&](std::size_t i) { return static_cast<char32_t>(static_cast<unsigned char>(sequence[i])); };
    if (sequence.size() <= 1) return sequence.empty() ? 0 : byte(0);
    char32_t c = byte(0) & (0x7Fu >> sequence.size());
    for (std::size_t i = 1; i < sequence.size(); ++i) c = (c << 6) | (byte(i) & 0x3Fu);
    return c;
}

/// Returns the first byte of the UTF-8 encoding of a code point (at most U+10FFFF); it grows with
/// the code point, so the lead bytes of a range of code points are those from its first to its last.
constexpr unsigned utf8_lead_byte(char32_t c) noexcept {
    if (c < 0x80) return static_cast<unsigned>(c);
    if (c < 0x800) return 0xC0 | static_cast<unsigned>(c >> 6);
    if (c < 0x10000) return 0xE0 | static_cast<unsigned>(c >> 12);
    return 0xF0 | static_cast<unsigned>(c >> 18);
}

/// Appends the UTF-8 encoding of a code point (at most U+10FFFF).
inline void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

/// Returns true when `c` is a UTF-8 continuation byte (10xxxxxx).
constexpr bool is_utf8_continuation(char c) noexcept { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

/// Returns the number of code points that start in [from, to): the bytes that are not
/// continuation bytes, eight at a time. (A continuation byte has bit 7 set and bit 6 clear;
/// shifted left by one, bit 6 of each byte lands on its bit 7, and what crosses into the next
/// byte is masked off.)
inline std::uint32_t code_points(const char* from, const char* to) noexcept {
    std::size_t continuation = 0;
    const char* p = from;
    for (; to - p >= 8; p += 8) {
        std::uint64_t w = 0;
        std::memcpy(&w, p, sizeof w);
        // One bit per continuation byte, moved to bit 0 of its byte; the multiplication adds
        // the eight bytes up into the top one.
        const std::uint64_t bits = (w & ~(w << 1) & 0x8080808080808080u) >> 7;
        continuation += static_cast<std::size_t>((bits * 0x0101010101010101u) >> 56);
    }
    for (; p != to; ++p) continuation += is_utf8_continuation(*p) ? 1 : 0;
    return static_cast<std::uint32_t>(static_cast<std::size_t>(to - from) - continuation);
}

/// Returns true when the 8 bytes of `word` are all ASCII.
inline bool all_ascii(std::uint64_t word) noexcept { return (word & 0x8080808080808080ULL) == 0; }

/// Loads 8 bytes from any address.
inline std::uint64_t load8(const unsigned char* p) noexcept {
    std::uint64_t word;
    std::memcpy(&word, p, sizeof word);
    return word;
}

/// Returns true when every byte of `bytes` is ASCII (below 0x80), eight at a time.
inline bool is_ascii(std::string_view bytes) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const auto* const end = p + bytes.size();
    for (; end - p >= 8; p += 8) {
        if (!all_ascii(load8(p))) return false;
    }
    for (; p != end; ++p) {
        if (*p >= 0x80) return false;
    }
    return true;
}

/// The number of bytes of `bytes` equal to `byte`: 16 at a time with SSE2 (byte counters
/// summed every 255 blocks), else one at a time (a plain std::count of chars is not vectorized:
/// its count is as wide as a pointer).
inline std::size_t count_byte(std::string_view bytes, char byte) noexcept {
    const char* p = bytes.data();
    const char* const end = p + bytes.size();
    std::size_t n = 0;
#if defined(__SSE2__)
    const __m128i wanted = _mm_set1_epi8(byte);
    while (end - p >= 16) {
        const std::ptrdiff_t blocks = std::min<std::ptrdiff_t>((end - p) / 16, 255);
        const char* const stop = p + 16 * blocks;
        __m128i counters = _mm_setzero_si128();
        for (; p != stop; p += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
            counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(v, wanted));  // a match is -1
        }
        const __m128i sums = _mm_sad_epu8(counters, _mm_setzero_si128());
        n += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) + static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
    }
#endif
    for (; p != end; ++p) n += *p == byte ? 1 : 0;
    return n;
}

/// Returns true when one of the 8 bytes of `word` is LF or CR (exact "has zero byte" test
/// from Bit Twiddling Hacks, applied to the word xor each byte value).
inline bool has_line_break(std::uint64_t word) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101ULL;
    constexpr std::uint64_t highs = 0x8080808080808080ULL;
    const std::uint64_t lf = word ^ (ones * '\n');
    const std::uint64_t cr = word ^ (ones * '\r');
    return (((lf - ones) & ~lf) | ((cr - ones) & ~cr)) & highs;
}

/// Returns true when byte `i` of `text` ends a line: an LF, or a CR not followed by an LF (a CRLF
/// ends at its LF). Every line:column of the library and kifu-pegc counts lines so.
constexpr bool ends_line(std::string_view text, std::size_t i) noexcept {
    return text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
}

/// Returns the column (1-based, in code points) of `offset` on the line that starts at
/// `line_start`: an offset inside a character is that character's, but not before the line start.
inline std::uint32_t column_in_line(std::string_view text, std::size_t line_start, std::size_t offset) noexcept {
    while (offset > line_start && offset < text.size() && is_utf8_continuation(text[offset])) --offset;
    return 1 + code_points(text.data() + line_start, text.data() + offset);
}

/// The UTF-8 encoding of U+FFFD REPLACEMENT CHARACTER.
inline constexpr char replacement_character[] = "\xEF\xBF\xBD";

/// Appends `bytes` to `out` with each maximal ill-formed UTF-8 subpart replaced by one U+FFFD
/// (Unicode's "best practice"); calls `on_bad(offset_in_out, first_bad_byte)` before each
/// replacement is appended. Well-formed runs are copied whole.
template <class OnBad>
void append_repaired_utf8(std::string& out, std::string_view bytes, OnBad on_bad) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const auto* const end = p + bytes.size();
    const auto* run = p;
    while (p < end) {
        if (*p < 0x80) {
            ++p;
            continue;
        }
        std::size_t bad = 1;
        const std::size_t length = utf8_sequence_length(p, static_cast<std::size_t>(end - p), bad);
        if (length != 0) {
            p += length;
            continue;
        }
        out.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p - run));
        on_bad(out.size(), *p);
        out += replacement_character;
        p += bad;
        run = p;
    }
    out.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p - run));
}

}  // namespace kifu::detail
