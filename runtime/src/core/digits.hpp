#pragma once

// Decimal digits of integers for the writers that print millions of them (position rows'
// 64-bit bitboards, JSON numbers): two digits a step from a table, right to left, into room
// the caller has.

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace kifu::inline v1::detail {

inline constexpr char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/// Writes the decimal digits of `v` (1 to 20 bytes) at `p`; returns the end.
inline char* write_decimal(char* p, std::uint64_t v) noexcept {
    std::size_t n = 1;
    for (std::uint64_t bound = 10; n < 20 && v >= bound; bound *= 10) ++n;
    char* const end = p + n;
    char* q = end;
    while (v >= 100) {
        const auto pair = static_cast<std::size_t>(v % 100);
        v /= 100;
        q -= 2;
        std::memcpy(q, digit_pairs + 2 * pair, 2);
    }
    if (v >= 10) {
        std::memcpy(q - 2, digit_pairs + 2 * v, 2);
    } else {
        q[-1] = static_cast<char>('0' + v);
    }
    return end;
}

/// Writes `v` in decimal with its sign (1 to 20 bytes) at `p`; returns the end.
inline char* write_decimal(char* p, std::int64_t v) noexcept {
    if (v < 0) {
        *p++ = '-';
        return write_decimal(p, static_cast<std::uint64_t>(0) - static_cast<std::uint64_t>(v));
    }
    return write_decimal(p, static_cast<std::uint64_t>(v));
}

}  // namespace kifu::detail
