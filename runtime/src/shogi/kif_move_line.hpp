#pragma once

// Reads a KIF move line after its ply number (`７六歩(77)   ( 0:16/00:00:16)`, `同　銀(31)`,
// `投了`) from its bytes. grammars/kif.peg matches the ply number and then the rest of the line
// as one run (move_text) that the builder reads here: the syntax below is what the grammar's
// rules for the line were (session 5's move_line, move_or_special, move, destination, piece,
// promotion, origin, special, side_word, word, times, time_body, usual_time/any_time, clock,
// time_close), checked a byte at a time instead of through some thirty rule calls a line. A
// line that breaks it is reported with the message and at the position the grammar's cut gave
// (a cut does not rewind: where a rule under it stops after taking some characters, the error
// is reported there, as the comments below say).
//
//   rest        <- blanks mark? move_or_special blanks times? ("+" blanks)? line_end
//   mark        <- [▲△▼▽☗☖]
//   move_or_special <- move / special                       (expected_move)
//   move        <- destination ^ piece promotion? blanks origin
//   destination <- [1-9１-９] [一二三四五六七八九1-9１-９] / "同" blanks
//   piece       <- [歩香桂銀金角飛玉王と杏圭全馬龍竜] / "成香" / "成桂" / "成銀"   (expected_piece)
//   promotion   <- "不成" / "成"
//   origin      <- "(" [1-9] [1-9] ")" / "打"               (expected_origin)
//   special     <- (side_word blanks)? word
//   side_word   <- "先手" / "後手" / "下手" / "上手"
//   word        <- [^ \t\r\n\u{3000}(+]+
//   times       <- time_body blanks (time_body blanks)*     (only the first is kept)
//   time_body   <- "(" ^ blanks clock (blanks "/" blanks clock)? blanks ")"
//                                                           (expected_clock, expected_close)
//   clock       <- [0-9]{1,6} ":" [0-9]{1,2} (":" [0-9]{1,2})?
//   blanks      <- [ \t\u{3000}]*
//
// (The grammar read the common time shape ` 0:16/00:00:16` through a plain character sequence,
// usual_time, that matched exactly where the general rule above matches the same characters:
// one reading serves both.)
//
// The text given is what the grammar's `[^\r\n]*` matched: valid UTF-8 up to a line break, the
// end of the input, or a byte that is not UTF-8. No rule of the line takes such a byte, a line
// break or the end, so the end of the text given stands for all three; the grammar's line_end
// after the run tells them apart. Every mark, kanji and full-width digit is one three-byte
// UTF-8 character, told apart by its bytes.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include <kifu/shogi/jkf.hpp>

#include "shogi/kakinoki_bytes.hpp"

namespace kifu::shogi::detail {

/// The messages of a move line that breaks the syntax: those of the grammar's @error
/// annotations when it matched the line's parts itself (the line-end one is still the
/// grammar's: kif_builder.cpp checks that they agree).
namespace kif_messages {
inline constexpr const char* expected_move =
    "expected a move such as ７六歩(77), 同　銀(31), ２三歩打, or a word such as 投了";
inline constexpr const char* expected_piece =
    "expected a piece: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜";
inline constexpr const char* expected_origin = "expected the origin square, as in (77), or 打 for a drop";
inline constexpr const char* expected_clock = "expected a time such as 0:16 or 00:00:16";
inline constexpr const char* expected_close = "expected ')' closing the time";
inline constexpr const char* expected_line_end = "expected the end of the line";
}  // namespace kif_messages

/// What one move line says after its ply number.
struct kif_move_line {
    bool is_move = false;  ///< a move; else a special word
    // The move (when is_move): destination (0 for 同), piece, promotion, origin (0 for 打).
    std::int8_t to_file = 0;
    std::int8_t to_rank = 0;
    bool same = false;
    piece_kind piece = piece_kind::fu;
    std::int8_t promote = -1;  ///< -1 not written, 0 不成, 1 成
    std::int8_t from_file = 0;
    std::int8_t from_rank = 0;
    /// The special as written (side word, blanks, word), when !is_move.
    std::string_view special;
    // The first time, when there is one: `( m:ss / h:mm:ss )`, values as written (an h:mm:ss
    // "now" folded into minutes).
    bool has_time = false;
    bool has_total = false;
    int now_m = 0;
    int now_s = 0;
    int total_h = 0;
    int total_m = 0;
    int total_s = 0;
    /// When the line breaks the syntax: the message, and where (in the text given).
    const char* error = nullptr;
    std::size_t error_at = 0;
};

namespace kif_line_detail {

using byte = unsigned char;

using kakinoki_bytes::bytes_of;
using kakinoki_bytes::three_bytes;

constexpr bool is_digit(const byte* p, const byte* end) noexcept { return p != end && static_cast<unsigned>(*p - '0') < 10; }

// blanks: spaces, tabs and U+3000, any mix, a byte at a time.
constexpr const byte* skip_any_blanks(const byte* p, const byte* end) noexcept { return kakinoki_bytes::skip_blanks(p, end); }

// Eight bytes at p, the first lowest.
inline std::uint64_t load8(const byte* p) noexcept {
    std::uint64_t w = 0;
    std::memcpy(&w, p, sizeof w);
    return w;
}

// The same, where blanks are nearly always a run of ASCII spaces: those eight at a time while
// eight bytes remain (the first byte that is not a space ends the run: the lowest nonzero byte
// of the word xor spaces), the rest (a tab, or an E3 byte that may start U+3000) through the
// general loop.
[[gnu::always_inline]] inline const byte* skip_blanks(const byte* p, const byte* end) noexcept {
    for (;;) {
        if (end - p >= 8) {
            const std::uint64_t other = load8(p) ^ 0x2020202020202020u;
            if (other == 0) {
                p += 8;
                continue;
            }
            p += static_cast<unsigned>(__builtin_ctzll(other)) / 8;
        } else {
            while (p != end && *p == ' ') ++p;
        }
        break;
    }
    if (p != end && (*p == '\t' || *p == 0xE3)) p = skip_any_blanks(p, end);
    return p;
}

// [1-9１-９] (１-９ are EF BC 91-99) at p: its value and p moved past it; 0 when there is none.
constexpr int arabic_digit(const byte*& p, const byte* end) noexcept {
    if (end - p >= 3 && p[0] == 0xEF && p[1] == 0xBC && p[2] >= 0x91 && p[2] <= 0x99) {  // full width first
        p += 3;
        return p[-1] - 0x90;
    }
    if (p != end && *p >= '1' && *p <= '9') return *p++ - '0';
    return 0;
}

// [一二三四五六七八九1-9１-９] at p: its value and p moved past it; 0 when there is none.
// (Kanji first: KIF writes ranks so.)
constexpr int rank_digit(const byte*& p, const byte* end) noexcept {
    int d = 0;
    switch (three_bytes(p, end)) {
        case bytes_of(U'一'): d = 1; break;
        case bytes_of(U'二'): d = 2; break;
        case bytes_of(U'三'): d = 3; break;
        case bytes_of(U'四'): d = 4; break;
        case bytes_of(U'五'): d = 5; break;
        case bytes_of(U'六'): d = 6; break;
        case bytes_of(U'七'): d = 7; break;
        case bytes_of(U'八'): d = 8; break;
        case bytes_of(U'九'): d = 9; break;
        default: return arabic_digit(p, end);
    }
    p += 3;
    return d;
}

// piece at p: true with the kind and p moved past it; false (p unchanged) when there is none.
constexpr bool read_piece(const byte*& p, const byte* end, piece_kind& kind) noexcept {
    switch (three_bytes(p, end)) {
        case bytes_of(U'歩'): kind = piece_kind::fu; break;
        case bytes_of(U'香'): kind = piece_kind::ky; break;
        case bytes_of(U'桂'): kind = piece_kind::ke; break;
        case bytes_of(U'銀'): kind = piece_kind::gi; break;
        case bytes_of(U'金'): kind = piece_kind::ki; break;
        case bytes_of(U'角'): kind = piece_kind::ka; break;
        case bytes_of(U'飛'): kind = piece_kind::hi; break;
        case bytes_of(U'玉'):
        case bytes_of(U'王'): kind = piece_kind::ou; break;
        case bytes_of(U'と'): kind = piece_kind::to; break;
        case bytes_of(U'杏'): kind = piece_kind::ny; break;
        case bytes_of(U'圭'): kind = piece_kind::nk; break;
        case bytes_of(U'全'): kind = piece_kind::ng; break;
        case bytes_of(U'馬'): kind = piece_kind::um; break;
        case bytes_of(U'龍'):
        case bytes_of(U'竜'): kind = piece_kind::ry; break;
        case bytes_of(U'成'):
            // 成 alone is not a piece: 成香 成桂 成銀.
            switch (three_bytes(p + 3, end)) {
                case bytes_of(U'香'): kind = piece_kind::ny; break;
                case bytes_of(U'桂'): kind = piece_kind::nk; break;
                case bytes_of(U'銀'): kind = piece_kind::ng; break;
                default: return false;
            }
            p += 6;
            return true;
        default: return false;
    }
    p += 3;
    return true;
}

// `[0-9]{1,max}` at p as a cut leaves it: true when one to max digits follow and no more; p
// past the digits taken (at most max) either way.
constexpr bool read_number(const byte*& p, const byte* end, int max, int& value) noexcept {
    int v = 0;
    int count = 0;
    while (count != max && is_digit(p, end)) {
        v = v * 10 + (*p++ - '0');
        ++count;
    }
    value = v;
    return count != 0 && !(count == max && is_digit(p, end));
}

// clock at p: true with its two or three numbers (count) and p past it; false with p where the
// rule stopped under the cut (after the digits and colon it took).
constexpr bool read_clock(const byte*& p, const byte* end, int (&n)[3], int& count) noexcept {
    if (!read_number(p, end, 6, n[0])) return false;
    if (p == end || *p != ':') return false;
    ++p;
    if (!read_number(p, end, 2, n[1])) return false;
    count = 2;
    // (":" [0-9]{1,2})? rewinds to the colon when the digits are not there.
    if (p != end && *p == ':') {
        const byte* q = p + 1;
        if (read_number(q, end, 2, n[2])) {
            p = q;
            count = 3;
        }
    }
    return true;
}

// time_body at p (on its `(`): false with the message and p where the cut raised.
inline bool read_time_body(const byte*& p, const byte* end, kif_move_line* keep, const char*& error) noexcept {
    p = skip_blanks(p + 1, end);
    int now[3] = {};
    int now_count = 0;
    if (!read_clock(p, end, now, now_count)) {
        error = kif_messages::expected_clock;
        return false;
    }
    // (blanks "/" blanks clock)? rewinds to after the first clock when it does not match whole.
    int total[3] = {};
    int total_count = 0;
    if (const byte* q = skip_blanks(p, end); q != end && *q == '/') {
        q = skip_blanks(q + 1, end);
        if (read_clock(q, end, total, total_count)) p = q;
    }
    p = skip_blanks(p, end);
    if (p == end || *p != ')') {
        error = kif_messages::expected_close;
        return false;
    }
    ++p;
    if (keep != nullptr) {
        keep->has_time = true;
        // `m:ss` (minutes may exceed 59); an `h:mm:ss` "now" is folded into minutes.
        if (now_count == 3) {
            keep->now_m = now[0] * 60 + now[1];
            keep->now_s = now[2];
        } else {
            keep->now_m = now[0];
            keep->now_s = now[1];
        }
        if (total_count == 3) {
            keep->has_total = true;
            keep->total_h = total[0];
            keep->total_m = total[1];
            keep->total_s = total[2];
        } else if (total_count == 2) {
            keep->has_total = true;
            keep->total_h = total[0] / 60;
            keep->total_m = total[0] % 60;
            keep->total_s = total[1];
        }
    }
    return true;
}

// Whether the bytes of w that `mask` selects (0xFF each) are ASCII digits: their high nibble
// is 3, and still 3 after adding 6 (which carries out of a byte only where the first test
// already failed).
constexpr bool digits_at(std::uint64_t w, std::uint64_t mask) noexcept {
    const std::uint64_t high = mask & 0xF0F0F0F0F0F0F0F0u;
    const std::uint64_t threes = mask & 0x3030303030303030u;
    return (w & high) == threes && ((w + (mask & 0x0606060606060606u)) & high) == threes;
}

// Byte k of w as a digit's value.
constexpr int digit_in(std::uint64_t w, int k) noexcept { return static_cast<int>((w >> (8 * k)) & 0xFF) - '0'; }

// The shape nearly every time has, `( 0:16/00:00:16)` or `(10:16/00:00:16)` (16 bytes) or
// `(0:16/00:00:16)` (15), when it ends the text, read at fixed places from two words: every
// byte is checked, so where this says yes the text is exactly that shape, which read_time_body
// reads to the same numbers.
[[gnu::always_inline]] inline bool read_usual_time(const byte* p, const byte* end, kif_move_line& out) noexcept {
    const auto size = end - p;
    if (size != 16 && size != 15) return false;
    // a: bytes -15 … -8 from the end, ` 0:16/00` (the first is `(` in a 15-byte time);
    // b: bytes -8 … -1, `0:00:16)`.
    const std::uint64_t a = load8(end - 15);
    const std::uint64_t b = load8(end - 8);
    constexpr std::uint64_t a_fixed = 0x0000FF0000FF0000u;  // `:` and `/`
    constexpr std::uint64_t b_fixed = 0xFF0000FF0000FF00u;  // `:`, `:` and `)`
    if ((a & a_fixed) != (std::uint64_t{':'} << 16 | std::uint64_t{'/'} << 40)) return false;
    if ((b & b_fixed) != (std::uint64_t{':'} << 8 | std::uint64_t{':'} << 32 | std::uint64_t{')'} << 56)) return false;
    if (!digits_at(a, 0xFFFF00FFFF00FF00u) || !digits_at(b, 0x00FFFF00FFFF00FFu)) return false;
    int minutes = digit_in(a, 1);
    if (size == 16 && p[1] != ' ') {  // (in a 15-byte time p[0], the `(`, is byte 0 of a)
        if (!digits_at(a, 0xFF)) return false;
        minutes += 10 * digit_in(a, 0);
    }
    out.has_time = true;
    out.has_total = true;
    out.now_m = minutes;
    out.now_s = 10 * digit_in(a, 3) + digit_in(a, 4);
    out.total_h = 10 * digit_in(a, 6) + digit_in(a, 7);
    out.total_m = 10 * digit_in(b, 2) + digit_in(b, 3);
    out.total_s = 10 * digit_in(b, 5) + digit_in(b, 6);
    return true;
}

}  // namespace kif_line_detail

/// Reads `text` (a move line after its ply number, up to its line break) into `out`, which
/// starts default; false with out.error and out.error_at set when the line breaks the syntax.
inline bool read_kif_move_line(std::string_view text, kif_move_line& out) noexcept {
    using namespace kif_line_detail;
    const auto* const begin = reinterpret_cast<const byte*>(text.data());
    const auto* const end = begin + text.size();
    const auto fail = [&](const char* message, const byte* at) {
        out.error = message;
        out.error_at = static_cast<std::size_t>(at - begin);
        return false;
    };
    const byte* p = skip_blanks(begin, end);
    if (p != end && *p == 0xE2) {  // the marks are E2 96 xx and E2 98 xx
        switch (three_bytes(p, end)) {
            case bytes_of(U'▲'):
            case bytes_of(U'△'):
            case bytes_of(U'▼'):
            case bytes_of(U'▽'):
            case bytes_of(U'☗'):
            case bytes_of(U'☖'): p += 3; break;
            default: break;
        }
    }
    // destination: a square, or 同 and blanks; else the line holds a special word.
    const byte* q = p;
    const int file = arabic_digit(q, end);
    const int rank = file != 0 ? rank_digit(q, end) : 0;
    if (rank != 0) {
        out.to_file = static_cast<std::int8_t>(file);
        out.to_rank = static_cast<std::int8_t>(rank);
    } else if (three_bytes(p, end) == bytes_of(U'同')) {
        out.same = true;
        q = skip_blanks(p + 3, end);
    } else {
        q = nullptr;
    }
    if (q != nullptr) {
        out.is_move = true;
        p = q;
        if (!read_piece(p, end, out.piece)) return fail(kif_messages::expected_piece, p);
        if (three_bytes(p, end) == bytes_of(U'不') && three_bytes(p + 3, end) == bytes_of(U'成')) {
            out.promote = 0;
            p += 6;
        } else if (three_bytes(p, end) == bytes_of(U'成')) {
            out.promote = 1;
            p += 3;
        }
        p = skip_blanks(p, end);
        if (end - p >= 4 && p[0] == '(' && p[1] >= '1' && p[1] <= '9' && p[2] >= '1' && p[2] <= '9' && p[3] == ')') {
            out.from_file = static_cast<std::int8_t>(p[1] - '0');
            out.from_rank = static_cast<std::int8_t>(p[2] - '0');
            p += 4;
        } else if (three_bytes(p, end) == bytes_of(U'打')) {
            p += 3;
        } else {
            return fail(kif_messages::expected_origin, p);
        }
    } else {
        // special: the side word (with its blanks) stays taken when no word follows: the
        // grammar's cut reported the missing word after it.
        const byte* const start = p;
        const std::uint32_t side = three_bytes(p, end);
        if ((side == bytes_of(U'先') || side == bytes_of(U'後') || side == bytes_of(U'下') || side == bytes_of(U'上')) &&
            three_bytes(p + 3, end) == bytes_of(U'手')) {
            p = skip_blanks(p + 6, end);
        }
        // word: anything but blanks, `(` and `+` up to the end (the text holds no line break).
        const byte* w = p;
        while (w != end) {
            if (*w == ' ' || *w == '\t' || *w == '(' || *w == '+') break;
            if (three_bytes(w, end) == bytes_of(U'\u3000')) break;
            ++w;
        }
        if (w == p) return fail(kif_messages::expected_move, p);
        out.special = std::string_view(reinterpret_cast<const char*>(start), static_cast<std::size_t>(w - start));
        p = w;
    }
    p = skip_blanks(p, end);
    const char* error = nullptr;
    if (p != end && *p == '(') {
        if (read_usual_time(p, end, out)) return true;
        if (!read_time_body(p, end, &out, error)) return fail(error, p);
        p = skip_blanks(p, end);
        while (p != end && *p == '(') {
            if (!read_time_body(p, end, nullptr, error)) return fail(error, p);
            p = skip_blanks(p, end);
        }
    }
    if (p != end && *p == '+') p = skip_blanks(p + 1, end);
    if (p != end) return fail(kif_messages::expected_line_end, p);
    return true;
}

}  // namespace kifu::shogi::detail
