#pragma once

// Reads the move tokens of one KI2 move line (`▲７六歩    △同　銀    ▲５七銀右上成(68)`,
// `△投了`) from its bytes. grammars/ki2.peg matches a move line whole (its blanks, a mark, the
// rest of the line) and hands it to the builder, which reads it here: the token syntax below is
// what the grammar's move rules were (session 4's move_token, token_body, destination, piece,
// relative, promotion, drop, source, terminal_word and the blanks between tokens), checked a
// byte at a time instead of through a dozen rule calls per token. A token that breaks it is
// reported with the message and at the position the grammar's cut gave.
//
//   move_line   <- blanks token (blanks token)* blanks             (then the line break)
//   token       <- side ^ (board_move / terminal_word)
//   side        <- ▲ / △ / ▼ / ▽ / ☗ / ☖
//   board_move  <- destination ^ piece (![ ] relative? (promotion / drop)? source?)?
//   destination <- file ^ rank ("同" [ 　]*)? / "同" [ 　]*
//   file <- [1-9１-９]   rank <- [一二三四五六七八九1-9１-９]
//   piece       <- 歩 金 銀 玉 飛 角 香 桂 馬 龍 と 王 竜 成香 成桂 成銀 杏 圭 全
//   relative    <- [左直右] [上寄引行]? / [上寄引行]
//   promotion   <- 不成 / 生 / 成          drop <- 打
//   source      <- "(" ^ [1-9] [1-9] ")"
//   terminal_word <- [^ \t　▲△▼▽☗☖]+   (only where the body does not start with a file digit or 同)
//   blanks      <- [ \t　]*
//
// Every mark, kanji and full-width digit is one three-byte UTF-8 character, so a character is
// told apart by its bytes. The line the grammar matched is valid UTF-8 (a source_text's text is)
// and holds no line break; reads still stop at the line's end whatever the bytes are.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include <kifu/shogi/jkf.hpp>

#include "shogi/kakinoki.hpp"
#include "shogi/kakinoki_bytes.hpp"

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
    std::size_t offset = 0;  ///< where its mark starts, in the line

    constexpr void add_relative(char r) noexcept {
        if (relative_size < sizeof relative) relative[relative_size++] = r;
    }
};

/// The messages of a move line that breaks the syntax: those the grammar's @error annotations
/// gave when it matched the tokens itself (the builder checks that the line-end one is still
/// the grammar's).
namespace ki2_messages {
inline constexpr const char* expected_move =
    "expected a move such as ７六歩, or a terminal word such as 投了, after the mark";
inline constexpr const char* expected_rank = "expected a rank (一 to 九 or a digit) after the file";
inline constexpr const char* expected_piece =
    "expected a piece (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜)";
inline constexpr const char* expected_origin = "expected an origin square of two digits 1-9, as in (77)";
inline constexpr const char* expected_close = "expected \")\"";
inline constexpr const char* expected_line_end = "expected another move (▲ or △) or the end of the line";
}  // namespace ki2_messages

namespace ki2_token_detail {

using kakinoki_bytes::bytes_of;
using kakinoki_bytes::three_bytes;

// ▲ ▼ ☗ are Black's marks, △ ▽ ☖ White's.
constexpr bool is_mark(std::uint32_t w) noexcept {
    return w == bytes_of(U'▲') || w == bytes_of(U'△') || w == bytes_of(U'▼') || w == bytes_of(U'▽') ||
           w == bytes_of(U'☗') || w == bytes_of(U'☖');
}

using kakinoki_bytes::skip_blanks;  // the grammar's blanks

// A file or rank digit written 1-9 or １-９ (EF BC 91-99) at p: its value, p moved past it; 0
// when there is none.
constexpr std::int8_t arabic_digit(const unsigned char*& p, const unsigned char* end) noexcept {
    if (p == end) return 0;
    if (*p >= '1' && *p <= '9') return static_cast<std::int8_t>(*p++ - '0');
    if (*p == 0xEF && end - p >= 3 && p[1] == 0xBC && p[2] >= 0x91 && p[2] <= 0x99) {
        p += 3;
        return static_cast<std::int8_t>(p[-1] - 0x90);
    }
    return 0;
}

// 一 … 九 by the low six bits of their last byte, which differ for the nine; the whole bytes are
// compared after, so any other character finds 0.
constexpr std::array<char32_t, 9> kanji_digit_characters{U'一', U'二', U'三', U'四', U'五', U'六', U'七', U'八', U'九'};
constexpr std::array<std::int8_t, 64> kanji_digits_by_last_byte = [] {
    std::array<std::int8_t, 64> table{};
    for (std::size_t d = 0; d < 9; ++d) table[kanji_digit_characters[d] & 0x3F] = static_cast<std::int8_t>(d + 1);
    return table;
}();
static_assert([] {
    for (std::size_t d = 0; d < 9; ++d) {
        if (kanji_digits_by_last_byte[kanji_digit_characters[d] & 0x3F] != static_cast<std::int8_t>(d + 1)) return false;
    }
    return true;
}(), "the last bytes of 一 … 九 are distinct");

constexpr std::array<std::uint32_t, 10> kanji_digit_bytes = [] {
    std::array<std::uint32_t, 10> table{};  // [0] stays 0, which three_bytes never gives for 3 bytes
    for (std::size_t d = 0; d < 9; ++d) table[d + 1] = bytes_of(kanji_digit_characters[d]);
    return table;
}();

constexpr std::int8_t kanji_digit(std::uint32_t w) noexcept {
    const std::int8_t d = kanji_digits_by_last_byte[(w >> 16) & 0x3F];
    return w == kanji_digit_bytes[static_cast<std::size_t>(d)] && w != 0 ? d : 0;
}

// The one-character pieces (歩 … 竜) by the sum of their second and third bytes, which differs
// for the sixteen; again the whole bytes are compared after.
constexpr std::array<char32_t, 16> piece_characters{U'歩', U'香', U'桂', U'銀', U'金', U'角', U'飛', U'玉',
                                                    U'王', U'と', U'杏', U'圭', U'全', U'馬', U'龍', U'竜'};
constexpr std::size_t piece_slot(std::uint32_t w) noexcept { return (((w >> 8) & 0xFF) + ((w >> 16) & 0xFF)) & 0x3F; }
struct piece_entry {
    std::uint32_t bytes = 0;  // 0: no piece has this slot
    piece_kind kind = piece_kind::fu;
};
constexpr std::array<piece_entry, 64> pieces_by_slot = [] {
    std::array<piece_entry, 64> table{};
    for (const char32_t c : piece_characters) table[piece_slot(bytes_of(c))] = {bytes_of(c), *piece_of_code_point(c)};
    return table;
}();
static_assert([] {
    for (const char32_t c : piece_characters) {
        if (pieces_by_slot[piece_slot(bytes_of(c))].bytes != bytes_of(c)) return false;
    }
    return true;
}(), "the slots of the sixteen one-character pieces are distinct");

// The length of the UTF-8 character whose lead byte is b (the line is valid UTF-8).
constexpr std::size_t utf8_size(unsigned char b) noexcept { return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4; }

}  // namespace ki2_token_detail

/// Reads the tokens of a move line one after another (the line as the grammar matched it:
/// blanks, a mark, then anything up to the line break).
class ki2_line_reader {
public:
    enum class result { token, end, error };

    explicit ki2_line_reader(std::string_view line) noexcept
        : begin_(reinterpret_cast<const unsigned char*>(line.data())), p_(begin_), end_(begin_ + line.size()) {}

    /// The next token into `t`: result::token; result::end after the last one; result::error
    /// when the line breaks the syntax (then error_at() and error_message() say where and how,
    /// and the tokens before it were read whole).
    result next(ki2_token& t) noexcept {
        using namespace ki2_token_detail;
        // Between tokens: blanks, then another mark or the line's end.
        const unsigned char* p = skip_blanks(p_, end_);
        if (p == end_) return result::end;
        const std::uint32_t mark = three_bytes(p, end_);
        if (!is_mark(mark)) return fail(p, ki2_messages::expected_line_end);
        t = ki2_token{};
        t.offset = static_cast<std::size_t>(p - begin_);
        // ▲ ▼ ☗ end in B2, BC, 97; △ ▽ ☖ in B3, BD, 96.
        t.side = p[2] == 0xB2 || p[2] == 0xBC || p[2] == 0x97 ? color::black : color::white;
        p += 3;
        // The body: a board move when it starts with a file digit or 同, else a terminal word.
        if (const std::int8_t x = arabic_digit(p, end_); x != 0) {
            // KI2 writes ranks in kanji: those first.
            std::int8_t y = kanji_digit(three_bytes(p, end_));
            if (y != 0) {
                p += 3;
            } else {
                y = arabic_digit(p, end_);
                if (y == 0) return fail(p, ki2_messages::expected_rank);
            }
            t.to = square{x, y};
            p = same(p, t);
        } else if (three_bytes(p, end_) == bytes_of(U'同')) {
            p = same(p, t);
        } else {
            return terminal_word(p, t);
        }
        // The piece: the destination commits to it.
        const std::uint32_t w = three_bytes(p, end_);
        if (const piece_entry& e = pieces_by_slot[piece_slot(w)]; e.bytes == w && w != 0) {
            t.piece = e.kind;
            p += 3;
        } else if (w == bytes_of(U'成')) {
            // 成香 成桂 成銀: the only two-character pieces.
            const std::uint32_t base = three_bytes(p + 3, end_);
            if (base == bytes_of(U'香')) {
                t.piece = piece_kind::ny;
            } else if (base == bytes_of(U'桂')) {
                t.piece = piece_kind::nk;
            } else if (base == bytes_of(U'銀')) {
                t.piece = piece_kind::ng;
            } else {
                return fail(p, ki2_messages::expected_piece);
            }
            p += 6;
        } else {
            return fail(p, ki2_messages::expected_piece);
        }
        // Most tokens end here, at a space or the line's end: nothing of what may follow
        // starts with a space.
        if (p != end_ && *p != ' ') {
            p = after_piece(p, t);
            if (p == nullptr) return result::error;
        }
        p_ = p;
        return result::token;
    }

    /// Where the error is, as a byte offset in the line.
    std::size_t error_at() const noexcept { return static_cast<std::size_t>(p_ - begin_); }
    const char* error_message() const noexcept { return error_; }

private:
    result fail(const unsigned char* at, const char* message) noexcept {
        p_ = at;
        error_ = message;
        return result::error;
    }

    // `同` at p, if there, and its padding (ASCII or ideographic spaces, not tabs).
    const unsigned char* same(const unsigned char* p, ki2_token& t) const noexcept {
        using namespace ki2_token_detail;
        if (three_bytes(p, end_) != bytes_of(U'同')) return p;
        t.same = true;
        p += 3;
        for (;;) {
            if (p != end_ && *p == ' ') {
                ++p;
            } else if (three_bytes(p, end_) == bytes_of(U'\u3000')) {
                p += 3;
            } else {
                return p;
            }
        }
    }

    // A terminal word (`投了`): the rest of the token, up to a blank or a mark.
    result terminal_word(const unsigned char* p, ki2_token& t) noexcept {
        using namespace ki2_token_detail;
        const unsigned char* word_end = p;
        while (word_end != end_ && *word_end != ' ' && *word_end != '\t') {
            const std::uint32_t w = three_bytes(word_end, end_);
            if (is_mark(w) || w == bytes_of(U'\u3000')) break;
            word_end += std::min<std::size_t>(utf8_size(*word_end), static_cast<std::size_t>(end_ - word_end));
        }
        if (word_end == p) return fail(p, ki2_messages::expected_move);
        t.word = std::string_view(reinterpret_cast<const char*>(p), static_cast<std::size_t>(word_end - p));
        p_ = word_end;
        return result::token;
    }

    // What may follow the piece, each at most once and in this order: 左直右, 上寄引行 (行 = 上),
    // 成/不成/生 or 打, (xy). What matches none of them ends the token. nullptr after fail().
    const unsigned char* after_piece(const unsigned char* p, ki2_token& t) noexcept {
        using namespace ki2_token_detail;
        const auto how = [&t](std::uint32_t w) {
            if (w == bytes_of(U'上') || w == bytes_of(U'行')) {
                t.add_relative('U');
            } else if (w == bytes_of(U'寄')) {
                t.add_relative('M');
            } else if (w == bytes_of(U'引')) {
                t.add_relative('D');
            } else {
                return false;
            }
            return true;
        };
        std::uint32_t w = three_bytes(p, end_);
        const char which = w == bytes_of(U'左') ? 'L' : w == bytes_of(U'直') ? 'C' : w == bytes_of(U'右') ? 'R' : '\0';
        if (which != '\0') {
            t.add_relative(which);
            p += 3;
            w = three_bytes(p, end_);
            if (how(w)) p += 3;
        } else if (how(w)) {
            p += 3;
        }
        w = three_bytes(p, end_);
        if (w == bytes_of(U'不') && three_bytes(p + 3, end_) == bytes_of(U'成')) {
            t.promote = false;
            p += 6;
        } else if (w == bytes_of(U'生')) {
            t.promote = false;
            p += 3;
        } else if (w == bytes_of(U'成')) {
            t.promote = true;
            p += 3;
        } else if (w == bytes_of(U'打')) {
            t.drop = true;
            p += 3;
        }
        if (p != end_ && *p == '(') {
            // A missing digit is reported where it is missing (the grammar's sequence of the two
            // was left at the digit that failed, under the cut).
            ++p;
            const auto origin_digit = [&]() -> std::int8_t {
                return p != end_ && *p >= '1' && *p <= '9' ? static_cast<std::int8_t>(*p++ - '0') : 0;
            };
            const std::int8_t x = origin_digit();
            if (x == 0) return fail_at(p, ki2_messages::expected_origin);
            const std::int8_t y = origin_digit();
            if (y == 0) return fail_at(p, ki2_messages::expected_origin);
            if (p == end_ || *p != ')') return fail_at(p, ki2_messages::expected_close);
            ++p;
            t.from = square{x, y};
        }
        return p;
    }

    const unsigned char* fail_at(const unsigned char* at, const char* message) noexcept {
        fail(at, message);
        return nullptr;
    }

    const unsigned char* begin_;
    const unsigned char* p_;
    const unsigned char* end_;
    const char* error_ = nullptr;
};

/// Reads a token written alone (`▲７六歩`), as a move line holding only it; for tests.
inline ki2_token read_ki2_token(std::string_view token) noexcept {
    ki2_line_reader reader(token);
    ki2_token t;
    if (reader.next(t) != ki2_line_reader::result::token) return ki2_token{};
    return t;
}

}  // namespace kifu::shogi::detail
