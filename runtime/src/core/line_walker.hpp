#pragma once

// The line and column of the offsets a builder locates, without a lookup in the text's line
// index for each: every builder (CSA, KIF, KI2, USI) meets its events in text order, a line or
// two apart, or several on one line.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kifu/text.hpp>

#include "core/lines.hpp"
#include "core/utf8.hpp"

namespace kifu::detail {

// Gives exactly the positions source_text::position_of gives (lines end as ends_line says;
// columns count code points; an offset inside a character belongs to that character) by
// walking the bytes between the offsets it is asked about: a few bytes per event when they come
// in text order. A step back before the current line, or a gap longer than max_walk, is looked
// up in the line index instead.
//
// State: every line break before walked_ is counted in line_, and line_start_ is the first byte
// of the line walked_ is on (a walk stops at the line break after the offset it was asked for,
// or at the end of the text). So any offset in [line_start_, walked_] is on line_. Its column is
// counted from the last offset located on that line (column_at_, forward or back), else from
// line_start_: a few bytes, whether events start near their line's start (KIF, CSA) or many
// share a long line (a USI game of hundreds of moves, a KI2 line of several moves).
//
// Ways to move on besides at() and line_of():
// - pass(offset, size): a builder hearing of every match of a grammar whose statements match
//   no line break (CSA). The bytes between one match and the next, usually one LF, hold all
//   the line breaks; the match's own bytes are skipped unread.
// - passed_line_break(end): a match that ended with its line break (a KIF move line), so `end`
//   starts the next line.
class line_walker {
public:
    /// The text must outlive the walker.
    explicit line_walker(const source_text& text) noexcept : text_(text), bytes_(text.text()) {}

    /// A match of [offset, offset + size) that holds no line break; offset ≤ text size.
    [[gnu::always_inline]] void pass(std::size_t offset, std::size_t size) noexcept {
        const std::size_t gap = offset - walked_;  // a step back wraps around: not 0, 1 or 2
        if ((gap == 1 || (gap == 2 && bytes_[walked_] == '\r')) && bytes_[offset - 1] == '\n') {
            ++line_;  // the usual gap: the LF or CRLF after the previous statement's line
            line_start_ = offset;
        } else if (gap != 0) {
            move_to(offset);
        }
        walked_ = offset + size;
    }

    /// The bytes from the last offset walked to up to `end` hold one line break, at their end
    /// (the grammar's eol: `\n`, `\r\n`, or `\r` not followed by `\n`): `end` starts a line.
    void passed_line_break(std::size_t end) noexcept {
        ++line_;
        line_start_ = end;
        walked_ = end;
        column_at_ = end;
        column_ = 1;
    }

    /// The position of `offset` (≤ text size), as source_text::position_of gives it.
    [[gnu::always_inline]] text_position at(std::size_t offset) noexcept {
        if (offset > walked_ || offset < line_start_) move_to(offset);
        return {line_, column_of(offset)};
    }

    /// The line of `offset` (≤ text size), as source_text::line_of gives it.
    std::uint32_t line_of(std::size_t offset) noexcept {
        if (offset > walked_ || offset < line_start_) move_to(offset);
        return line_;
    }

private:
    static constexpr std::size_t max_walk = 256;

    // The column of an offset on line_ (in [line_start_, walked_]).
    std::uint32_t column_of(std::size_t offset) noexcept {
        while (offset > line_start_ && offset < bytes_.size() && is_utf8_continuation(bytes_[offset])) --offset;
        std::uint32_t column;
        if (column_at_ < line_start_) {
            column = 1 + code_points(line_start_, offset);
        } else if (column_at_ <= offset) {
            column = column_ + code_points(column_at_, offset);
        } else {
            column = column_ - code_points(offset, column_at_);
        }
        column_at_ = offset;
        column_ = column;
        return column;
    }

    // Code points starting in [from, to).
    std::uint32_t code_points(std::size_t from, std::size_t to) const noexcept {
        return kifu::detail::code_points(bytes_.data() + from, bytes_.data() + to);
    }

    // Walks on to `offset`, counting the line breaks on the way, and on to the end of the line
    // `offset` is on: the offsets asked about next on that line (a KI2 line's moves, a USI
    // game's) then need no walk. A step back before the line or a long way on is looked up
    // instead.
    [[gnu::noinline]] void move_to(std::size_t offset) noexcept {
        if (offset < walked_ ? offset < line_start_ : offset - walked_ > max_walk) {
            jump(offset);
            return;
        }
        if (offset <= walked_) return;
        for (std::size_t i = walked_;;) {
            const std::size_t found = find_line_break(bytes_, i);
            const std::size_t at = found == std::string_view::npos ? bytes_.size() : found;
            if (at >= offset) {
                walked_ = at;  // no line break in [i, at): all of it is on line_
                return;
            }
            if (ends_line(bytes_, at)) {
                ++line_;
                line_start_ = at + 1;
            }
            i = at + 1;
        }
    }

    [[gnu::noinline]] void jump(std::size_t offset) noexcept {
        line_ = text_.line_of(offset);
        // line_text gives a view of the text from the line's first byte.
        line_start_ = bytes_.empty() ? 0 : static_cast<std::size_t>(text_.line_text(line_).data() - bytes_.data());
        walked_ = offset;
        column_at_ = line_start_;  // what was located on another line counts no more
        column_ = 1;
    }

    const source_text& text_;
    std::string_view bytes_;
    std::size_t walked_ = 0;      // every line break before this offset is counted
    std::size_t line_start_ = 0;  // the first byte of line line_, the line of walked_
    std::uint32_t line_ = 1;
    std::size_t column_at_ = 0;  // the offset located last: its column is column_ when it is on line_
    std::uint32_t column_ = 1;
};

}  // namespace kifu::detail
