#pragma once

// Reads one KI2 move token (`▲７六歩`, `△同　銀`, `▲５七銀右上成`, `▲２二角不成(88)`,
// `△投了`) from the bytes that grammars/ki2.peg's move_token rule matched. The grammar has
// already checked the token's shape, so the reader only walks it: every mark, kanji and
// full-width digit of a token is one three-byte UTF-8 character, so a character is told apart
// by its bytes and nothing is searched or decoded twice. One read per token replaces one
// builder event per part (mark, square, piece, relative word, promotion, drop, origin).

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include <kifu/shogi/jkf.hpp>

#include "shogi/kakinoki.hpp"

namespace kifu::shogi::detail {

/// The parts of one move token, as written.
struct ki2_token {
    color side = color::black;
    /// A terminal word written as a move (`△投了`), the rest of the token; the fields below
    /// are unset then.
    std::string_view word;
    std::optional<square> to;  ///< unset for `同`
    bool same = false;         ///< `同`, alone or after a square (`７六同`)
    std::optional<piece_kind> piece;
    std::optional<bool> promote;  ///< 成 → true; 不成, 生 → false
    bool drop = false;            ///< 打
    std::optional<square> from;   ///< an old-style `(77)`
    char relative[2] = {};        ///< L C R then U M D, in the order written (at most one each)
    std::uint8_t relative_size = 0;

    constexpr void add_relative(char r) noexcept {
        if (relative_size < sizeof relative) relative[relative_size++] = r;
    }
};

namespace ki2_token_detail {

// The code point of a three-byte UTF-8 character (the grammar matched one).
constexpr char32_t three_byte(const unsigned char* p) noexcept {
    return static_cast<char32_t>(((p[0] & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F));
}

constexpr bool is(const unsigned char* p, const unsigned char* end, char32_t c) noexcept {
    return end - p >= 3 && three_byte(p) == c;
}

// 一 … 九 by the low six bits of their last byte, which differ for the nine (and the grammar
// matched one of them, so nothing else arrives here).
constexpr std::array<std::int8_t, 64> kanji_digits = [] {
    std::array<std::int8_t, 64> table{};
    const char32_t digits[] = {U'一', U'二', U'三', U'四', U'五', U'六', U'七', U'八', U'九'};
    for (int d = 0; d < 9; ++d) table[digits[d] & 0x3F] = static_cast<std::int8_t>(d + 1);
    return table;
}();
static_assert([] {
    // The nine low bits are distinct: every kanji digit finds itself.
    const char32_t digits[] = {U'一', U'二', U'三', U'四', U'五', U'六', U'七', U'八', U'九'};
    for (int d = 0; d < 9; ++d) {
        if (kanji_digits[digits[d] & 0x3F] != d + 1) return false;
    }
    return true;
}());

// The one-character pieces (歩 … 竜) by the sum of their second and third bytes, which differs
// for the sixteen (the grammar matched one of them): a table instead of a chain of compares.
constexpr std::array<char32_t, 16> piece_characters{U'歩', U'香', U'桂', U'銀', U'金', U'角', U'飛', U'玉',
                                                    U'王', U'と', U'杏', U'圭', U'全', U'馬', U'龍', U'竜'};
constexpr std::size_t piece_index(unsigned second, unsigned third) noexcept { return (second + third) & 0x3F; }
constexpr std::size_t piece_index(char32_t c) noexcept {
    return piece_index(0x80 | ((c >> 6) & 0x3F), 0x80 | (c & 0x3F));
}
constexpr std::array<piece_kind, 64> pieces_by_index = [] {
    std::array<piece_kind, 64> table{};
    for (const char32_t c : piece_characters) table[piece_index(c)] = *piece_of_code_point(c);
    return table;
}();
static_assert([] {
    // The sixteen indices are distinct: every piece finds its own kind.
    for (const char32_t c : piece_characters) {
        for (const char32_t d : piece_characters) {
            if (c != d && piece_index(c) == piece_index(d)) return false;
        }
    }
    return true;
}());

// A digit the grammar's file_digit or rank_digit matched at p: 1-9 (one byte), １-９ (EF BC
// 91-99) or 一-九 (three bytes); p moves past it.
constexpr std::int8_t digit_at(const unsigned char*& p) noexcept {
    if (p[0] < 0x80) return static_cast<std::int8_t>(*p++ - '0');
    const unsigned char last = p[2];
    const bool wide = p[0] == 0xEF;
    p += 3;
    return wide ? static_cast<std::int8_t>(last - 0x90) : kanji_digits[last & 0x3F];
}

}  // namespace ki2_token_detail

/// Reads a token that grammars/ki2.peg's move_token matched (only such a token: nothing is
/// checked again).
inline ki2_token read_ki2_token(std::string_view matched) noexcept {
    using namespace ki2_token_detail;
    const auto* p = reinterpret_cast<const unsigned char*>(matched.data());
    const auto* const end = p + matched.size();
    ki2_token t;
    // ▲ ▼ ☗ (E2 96 B2, E2 96 BC, E2 98 97) are Black's marks, △ ▽ ☖ White's.
    t.side = p[2] == 0xB2 || p[2] == 0xBC || p[2] == 0x97 ? color::black : color::white;
    p += 3;
    // A board move starts with its destination: a file digit (1-9, or １-９: EF BC 91-99) or
    // 同. Anything else is the terminal word: the grammar tries board_move first, and a file
    // digit or 同 commits to it.
    const bool file_digit = (*p >= '1' && *p <= '9') ||
                            (end - p >= 3 && p[0] == 0xEF && p[1] == 0xBC && p[2] >= 0x91 && p[2] <= 0x99);
    if (!file_digit && !is(p, end, U'同')) {
        t.word = std::string_view(reinterpret_cast<const char*>(p), static_cast<std::size_t>(end - p));
        return t;
    }
    if (file_digit) {
        const std::int8_t x = digit_at(p);
        const std::int8_t y = digit_at(p);
        t.to = square{x, y};
    }
    if (is(p, end, U'同')) {
        // `同`, padded with ASCII or ideographic spaces or not.
        t.same = true;
        p += 3;
        while (p != end && (*p == ' ' || is(p, end, U'\u3000'))) p += *p == ' ' ? 1 : 3;
    }
    if (three_byte(p) == U'成') {
        // 成香 成桂 成銀: the only two-character pieces.
        p += 3;
        const char32_t base = three_byte(p);
        t.piece = base == U'香' ? piece_kind::ny : base == U'桂' ? piece_kind::nk : piece_kind::ng;
    } else {
        t.piece = pieces_by_index[piece_index(p[1], p[2])];
    }
    p += 3;
    // What may follow, each at most once and in this order: 左直右, 上寄引行, 成/不成/生 or 打,
    // (xy). The grammar kept the order, so each character only needs to be told apart.
    while (p != end) {
        if (*p == '(') {
            t.from = square{static_cast<std::int8_t>(p[1] - '0'), static_cast<std::int8_t>(p[2] - '0')};
            break;
        }
        const char32_t c = three_byte(p);
        p += 3;
        switch (c) {
            case U'左': t.add_relative('L'); break;
            case U'直': t.add_relative('C'); break;
            case U'右': t.add_relative('R'); break;
            case U'上':
            case U'行': t.add_relative('U'); break;
            case U'寄': t.add_relative('M'); break;
            case U'引': t.add_relative('D'); break;
            case U'成': t.promote = true; break;
            case U'生': t.promote = false; break;
            case U'不':
                t.promote = false;
                p += 3;  // 不成
                break;
            default: t.drop = true; break;  // 打, the only one left
        }
    }
    return t;
}

}  // namespace kifu::shogi::detail
