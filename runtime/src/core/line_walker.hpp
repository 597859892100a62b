#pragma once

// Line and column of the offsets a builder locates, without a lookup in the text's line index
// for each: the CSA and KIF builders meet their events in text order, a line or two apart.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kifu/text.hpp>

#include "core/utf8.hpp"

namespace kifu::detail {

// Gives exactly the positions source_text::position_of gives (LF, CRLF counted at its LF and a
// lone CR end a line; columns count code points; an offset inside a character belongs to that
// character) by walking the bytes between the offsets it is asked about: a few bytes per event
// when they come in text order. A step back before the current line, or a gap longer than
// max_walk, is looked up in the line index instead.
//
// State: every line break before walked_ is counted in line_, and line_start_ is the first byte
// of the line walked_ is on. So any offset in [line_start_, walked_] is on line_, and its column
// is counted from line_start_ — a few bytes, as events start near their line's start.
//
// Two ways to move on, besides at():
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
            walk_to(offset);
        }
        walked_ = offset + size;
    }

    /// The bytes from the last offset walked to up to `end` hold one line break, at their end
    /// (the grammar's eol: `\n`, `\r\n`, or `\r` not followed by `\n`): `end` starts a line.
    void passed_line_break(std::size_t end) noexcept {
        ++line_;
        line_start_ = end;
        walked_ = end;
    }

    /// The position of `offset` (≤ text size), as source_text::position_of gives it.
    [[gnu::always_inline]] text_position at(std::size_t offset) noexcept {
        if (offset < walked_ && offset >= line_start_) {
            return {line_, column_of(offset)};  // on the line walked to: within the match passed
        }
        return walk_to_position(offset);
    }

private:
    static constexpr std::size_t max_walk = 256;

    text_position walk_to_position(std::size_t offset) noexcept {
        if (offset < walked_) {
            jump(offset);  // a step back beyond the line: not expected
            return {line_, column_of(offset)};
        }
        if (offset - walked_ > max_walk) {
            jump(offset);
            return {line_, column_of(offset)};
        }
        // Walk on, counting the line breaks and the code points since the last one.
        const std::size_t from = walked_;
        std::uint32_t column = 1;
        for (std::size_t i = from; i < offset; ++i) {
            const char c = bytes_[i];
            if (is_line_break(i)) {
                ++line_;
                line_start_ = i + 1;
                column = 1;
            } else {
                column += is_continuation(c) ? 0 : 1;
            }
        }
        walked_ = offset;
        if (offset < bytes_.size() && is_continuation(bytes_[offset]) && offset > line_start_) {
            return {line_, column_of(offset)};  // inside a character (not where events start)
        }
        if (line_start_ < from) {
            // No line break on the way: the line began before `from`.
            column += code_points(line_start_, from);
        }
        return {line_, column};
    }

    static bool is_continuation(char c) noexcept { return is_utf8_continuation(c); }

    // Whether the byte at i ends a line (a CR followed by LF does not: its LF does).
    bool is_line_break(std::size_t i) const noexcept {
        const char c = bytes_[i];
        return c == '\n' || (c == '\r' && (i + 1 == bytes_.size() || bytes_[i + 1] != '\n'));
    }

    // Code points starting in [from, to).
    std::uint32_t code_points(std::size_t from, std::size_t to) const noexcept {
        return kifu::detail::code_points(bytes_.data() + from, bytes_.data() + to);
    }

    // The column of an offset on line_, as source_text::position_of counts it: an offset inside
    // a character is moved back to the character's first byte, but not before the line start.
    std::uint32_t column_of(std::size_t offset) const noexcept {
        while (offset > line_start_ && offset < bytes_.size() && is_continuation(bytes_[offset])) {
            --offset;
        }
        return 1 + code_points(line_start_, offset);
    }

    [[gnu::noinline]] void walk_to(std::size_t offset) noexcept {
        if (offset < walked_ ? offset < line_start_ : offset - walked_ > max_walk) {
            jump(offset);
            return;
        }
        for (std::size_t i = walked_; i < offset; ++i) {
            if (is_line_break(i)) {
                ++line_;
                line_start_ = i + 1;
            }
        }
        walked_ = offset;
    }

    [[gnu::noinline]] void jump(std::size_t offset) noexcept {
        line_ = text_.line_of(offset);
        // line_text gives a view of the text from the line's first byte.
        line_start_ = bytes_.empty() ? 0 : static_cast<std::size_t>(text_.line_text(line_).data() - bytes_.data());
        walked_ = offset;
    }

    const source_text& text_;
    std::string_view bytes_;
    std::size_t walked_ = 0;      // every line break before this offset is counted
    std::size_t line_start_ = 0;  // the first byte of line line_, the line of walked_
    std::uint32_t line_ = 1;
};

}  // namespace kifu::detail
