#pragma once

// Compact JSON appended to a string with pointer bumps, for the record writers that produce
// hundreds of megabytes (a JKF document has some thirty keys a move). The caller reserves room
// for the fixed text it writes next (`reserve(n)`, one compare), then writes literals, digits
// and strings without further checks; strings reserve their own room. Key fragments are
// literals (`lit(",\"piece\":")`), so the commas are placed by the writer's code, not counted
// at run time.

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "core/charconv_double.hpp"
#include "core/digits.hpp"
#include "core/utf8.hpp"

namespace kifu::inline v1::detail {

class json_out {
public:
    /// Appends to `out`; `expected` is a guess of the size to be written (it grows as needed).
    json_out(std::string& out, std::size_t expected) : s_(out), start_(out.size()) {
        const std::size_t used = out.size();
        out.resize(used + expected);
        p_ = out.data() + used;
        end_ = out.data() + out.size();
    }
    ~json_out() { s_.resize(offset()); }
    json_out(const json_out&) = delete;
    json_out& operator=(const json_out&) = delete;

    /// Makes room for `n` bytes of fixed text.
    void reserve(std::size_t n) {
        if (static_cast<std::size_t>(end_ - p_) < n) grow(n);
    }
    /// Returns the offset of the next byte in the string (stable when the buffer grows).
    std::size_t offset() const noexcept { return static_cast<std::size_t>(p_ - s_.data()); }
    /// Returns the byte at an offset written before.
    char& at(std::size_t offset) noexcept { return s_[offset]; }

    /// Writes a string literal (its length known at compile time).
    template <std::size_t N>
    void lit(const char (&text)[N]) noexcept {
        assert(static_cast<std::size_t>(end_ - p_) >= N - 1);
        std::memcpy(p_, text, N - 1);
        p_ += N - 1;
    }
    void put(char c) noexcept {
        assert(p_ < end_);
        *p_++ = c;
    }
    /// Writes `true` or `false` (room reserved by the caller).
    void boolean(bool b) noexcept {
        if (b) {
            lit("true");
        } else {
            lit("false");
        }
    }
    /// Writes a short text that needs no escaping (a CSA piece code): room reserved by the caller.
    void plain(std::string_view s) noexcept {
        assert(static_cast<std::size_t>(end_ - p_) >= s.size());
        std::memcpy(p_, s.data(), s.size());
        p_ += s.size();
    }
    /// Writes an integer (up to 20 bytes; room reserved by the caller); 0–99 by table.
    void integer(std::int64_t v) noexcept {
        if (v >= 0 && v < 100) {
            if (v >= 10) {
                std::memcpy(p_, digit_pairs + 2 * v, 2);
                p_ += 2;
            } else {
                *p_++ = static_cast<char>('0' + v);
            }
            return;
        }
        p_ = write_decimal(p_, v);
    }
    /// Writes a double as json_writer::value(double) does: the shortest form that reads back
    /// the same, ".0" after one that looks like an integer, null for NaN and infinities (up to
    /// 32 bytes; room reserved by the caller).
    void number(double d) noexcept {
        if (!std::isfinite(d)) {
            lit("null");
            return;
        }
        char* const start = p_;
        p_ = kifu::detail::double_to_chars(p_, end_, d).ptr;
        if (std::string_view(start, static_cast<std::size_t>(p_ - start)).find_first_of(".eE") == std::string_view::npos) {
            lit(".0");
        }
    }
    /// Writes a quoted, escaped JSON string as kifu::append_json_string does (control
    /// characters as \uXXXX, ill-formed UTF-8 as U+FFFD); reserves its own room.
    void string(std::string_view s) {
        // Each byte takes at most 6 (\u00XX); a replaced byte takes 3.
        reserve(6 * s.size() + 2);
        *p_++ = '"';
        const auto* q = reinterpret_cast<const unsigned char*>(s.data());
        const auto* const end = q + s.size();
        while (q < end) {
            if (end - q >= 8) {
                const std::uint64_t w = load8(q);
                if (!needs_escape_or_check(w)) {
                    std::memcpy(p_, &w, 8);
                    p_ += 8;
                    q += 8;
                    continue;
                }
            }
            const unsigned char c = *q;
            if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                *p_++ = static_cast<char>(c);
                ++q;
            } else if (c < 0x80) {
                escape(c);
                ++q;
            } else {
                std::size_t bad = 1;
                const std::size_t length = utf8_sequence_length(q, static_cast<std::size_t>(end - q), bad);
                if (length != 0) {
                    std::memcpy(p_, q, length);
                    p_ += length;
                    q += length;
                } else {
                    std::memcpy(p_, replacement_character, 3);
                    p_ += 3;
                    q += bad;
                }
            }
        }
        *p_++ = '"';
    }

private:
    // True when one of the 8 bytes is a control character, '"', '\\' or not ASCII ("Bit
    // Twiddling Hacks": haszero / hasless, exact for "is there any such byte").
    static bool needs_escape_or_check(std::uint64_t w) noexcept {
        constexpr std::uint64_t ones = 0x0101010101010101ULL;
        constexpr std::uint64_t highs = 0x8080808080808080ULL;
        const auto has_zero = [](std::uint64_t v) { return (v - ones) & ~v & highs; };
        return ((w & highs) | ((w - ones * 0x20) & ~w & highs) | has_zero(w ^ (ones * '"')) |
                has_zero(w ^ (ones * '\\'))) != 0;
    }

    void escape(unsigned char c) noexcept {
        char second = 0;
        switch (c) {
            case '"': second = '"'; break;
            case '\\': second = '\\'; break;
            case '\b': second = 'b'; break;
            case '\f': second = 'f'; break;
            case '\n': second = 'n'; break;
            case '\r': second = 'r'; break;
            case '\t': second = 't'; break;
            default: break;
        }
        *p_++ = '\\';
        if (second != 0) {
            *p_++ = second;
            return;
        }
        static constexpr char hex[] = "0123456789abcdef";
        const char escaped[] = {'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
        std::memcpy(p_, escaped, sizeof escaped);
        p_ += sizeof escaped;
    }

    // Room in proportion to what this writer has written, not to the string: the string may
    // hold megabytes written before (every game of a file goes into one), and resize fills all
    // the room it adds.
    void grow(std::size_t n) {
        const std::size_t used = offset();
        s_.resize(used + std::max(n, used - start_ + 4096));
        p_ = s_.data() + used;
        end_ = s_.data() + s_.size();
    }

    std::string& s_;
    std::size_t start_;  // where this writer's text starts in the string
    char* p_;
    char* end_;
};

}  // namespace kifu::detail
