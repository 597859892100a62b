#pragma once

// The line and column of the offsets a builder locates, in text order, at a small constant cost
// each: every builder (CSA, KIF, KI2, USI) meets its events in text order, a line or two apart,
// or several on one line.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include <kifu/text.hpp>

#include "core/source_text_access.hpp"
#include "core/utf8.hpp"

namespace kifu::inline v1::detail {

// Gives exactly the positions source_text::position_of gives (columns count code points; an
// offset inside a character belongs to that character), from the text's own line index: the
// line of an offset a few lines on is found by stepping through the index (one compare per
// line), one further away or back before the current line by a binary search of it. The column
// is counted from the last offset located on the same line (forward or back), or from the
// line's start: a few bytes, whether events start near their line's start (KIF, CSA) or many
// share a long line (a USI game of hundreds of moves, a KI2 line of several moves).
class line_walker {
public:
    /// The text must outlive the walker.
    explicit line_walker(const source_text& text) noexcept
        : text_(text), bytes_(text.text()), starts_(source_text_access::line_starts(text)) {
        enter(1);
    }

    /// The position of `offset` (≤ text size), as source_text::position_of gives it.
    [[gnu::always_inline]] text_position at(std::size_t offset) noexcept {
        if (offset >= next_start_ || offset < line_start_) move_to(offset);
        return {line_, column_of(offset)};
    }

    /// The line of `offset` (≤ text size), as source_text::line_of gives it.
    [[gnu::always_inline]] std::uint32_t line_of(std::size_t offset) noexcept {
        if (offset >= next_start_ || offset < line_start_) move_to(offset);
        return line_;
    }

private:
    static constexpr std::uint32_t max_steps = 8;

    // The column of an offset on line_ (in [line_start_, next_start_)).
    [[gnu::always_inline]] std::uint32_t column_of(std::size_t offset) noexcept {
        // The line's start or the last offset located (both a character's first byte): a CSA
        // move or time line, and a KIF move line without blanks before its number.
        if (offset == column_at_) return column_;
        // Events start at a character's first byte; only an offset inside one is moved back.
        if (offset < bytes_.size() && is_utf8_continuation(bytes_[offset])) [[unlikely]] {
            while (offset > line_start_ && is_utf8_continuation(bytes_[offset])) --offset;
        }
        std::uint32_t column;
        if (column_at_ <= offset) {
            column = column_ + code_points(column_at_, offset);
        } else {
            column = column_ - code_points(offset, column_at_);
        }
        column_at_ = offset;
        column_ = column;
        return column;
    }

    // Code points starting in [from, to). A span shorter than a word (the blanks before a KIF
    // ply number) is counted in one word read from `from` when the text holds eight bytes
    // there, the bytes past `to` masked off; a longer one by kifu::detail::code_points. (Two
    // words for a span shorter than 16 bytes, the gap from one KI2 move to the next, measured
    // more instructions on KIF and none fewer on KI2.)
    [[gnu::always_inline]] std::uint32_t code_points(std::size_t from, std::size_t to) const noexcept {
        const std::size_t n = to - from;
        if (std::endian::native == std::endian::little && n < 8 && bytes_.size() - from >= 8) {
            // Little-endian: the first bytes of a word are its low ones.
            const std::uint64_t bits = continuation_bits(bytes_.data() + from) & ((std::uint64_t{1} << (8 * n)) - 1);
            return static_cast<std::uint32_t>(n - ((bits * 0x0101010101010101u) >> 56));
        }
        return kifu::detail::code_points(bytes_.data() + from, bytes_.data() + to);
    }

    // One bit per UTF-8 continuation byte of the word at p, at bit 0 of its byte (see
    // kifu::detail::code_points).
    [[gnu::always_inline]] static std::uint64_t continuation_bits(const char* p) noexcept {
        std::uint64_t w = 0;
        std::memcpy(&w, p, sizeof w);
        return (w & ~(w << 1) & 0x8080808080808080u) >> 7;
    }

    // Makes `line` (1-based, ≤ the number of lines) the current line; columns are counted from
    // its start.
    void enter(std::uint32_t line) noexcept {
        line_ = line;
        line_start_ = starts_.empty() ? 0 : starts_[line - 1];
        next_start_ = line < starts_.size() ? starts_[line] : SIZE_MAX;
        column_at_ = line_start_;
        column_ = 1;
    }

    // Finds the line of an offset off the current line: the next few lines one by one (in
    // line: a KIF or CSA builder steps to the next line at every move), else a binary search of
    // the index (source_text::line_of).
    [[gnu::always_inline]] void move_to(std::size_t offset) noexcept {
        if (offset >= next_start_) {
            for (std::uint32_t step = 0; step < max_steps; ++step) {
                line_start_ = next_start_;
                ++line_;
                next_start_ = line_ < starts_.size() ? starts_[line_] : SIZE_MAX;
                if (offset < next_start_) {
                    column_at_ = line_start_;
                    column_ = 1;
                    return;
                }
            }
        }
        jump(offset);
    }

    [[gnu::noinline]] void jump(std::size_t offset) noexcept { enter(text_.line_of(offset)); }

    const source_text& text_;
    std::string_view bytes_;
    std::span<const std::uint32_t> starts_;
    std::uint32_t line_ = 1;
    std::size_t line_start_ = 0;  // the first byte of line line_
    std::size_t next_start_ = 0;  // the first byte of the next line (SIZE_MAX on the last line)
    std::size_t column_at_ = 0;  // an offset on line_ whose column is column_: the last one located
    std::uint32_t column_ = 1;
};

}  // namespace kifu::detail
