#pragma once

// Where the CSA builder's statements are (runtime/src/shogi/csa_builder.cpp), without a lookup
// in the text's line index per statement.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kifu/text.hpp>

namespace kifu::shogi::detail {

// Line and column of the statements the builder locates, exactly as source_text::position_of
// gives them, without a lookup in the line index. Every statement of the grammar sends an event
// and none matches a line break, so the bytes between one event's match and the next one's —
// usually one line break, else blanks, a comma, blank lines or a line lenient mode skipped —
// hold all the line breaks: walking them keeps the line and its start up to date for a byte or
// two per event, and a column is counted from the line's start over a few bytes at most.
class position_walker {
public:
    explicit position_walker(const source_text& text) noexcept : text_(text), bytes_(text.text()) {}

    // An event matched [offset, offset + size).
    [[gnu::always_inline]] void pass(std::size_t offset, std::size_t size) noexcept {
        if (offset == walked_ + 1 && bytes_[walked_] == '\n') {
            ++line_;  // the usual gap: the line break after the previous statement's line
            line_start_ = offset;
        } else {
            walk(offset);
        }
        walked_ = offset + size;
    }

    // The position of `offset`, within the match last passed.
    text_position at(std::size_t offset) const noexcept {
        // Columns count code points: every byte but UTF-8 continuation bytes.
        std::uint32_t column = 1;
        for (std::size_t i = line_start_; i < offset; ++i) {
            column += (static_cast<unsigned char>(bytes_[i]) & 0xC0) != 0x80 ? 1 : 0;
        }
        // An offset inside a character (never a statement's start) belongs to that character.
        if (offset > line_start_ && offset < bytes_.size() && (static_cast<unsigned char>(bytes_[offset]) & 0xC0) == 0x80) {
            --column;
        }
        return {line_, column};
    }

private:
    [[gnu::noinline]] void walk(std::size_t offset) noexcept {
        if (offset < walked_) {
            restart(offset);  // a match before the previous one's end: not expected
        }
        for (std::size_t i = walked_; i < offset; ++i) {
            // LF, CRLF (counted at its LF) and a lone CR end a line, as in the text's line index.
            const char c = bytes_[i];
            if (c == '\n' || (c == '\r' && (i + 1 == bytes_.size() || bytes_[i + 1] != '\n'))) {
                ++line_;
                line_start_ = i + 1;
            }
        }
    }

    void restart(std::size_t offset) noexcept {
        line_ = text_.position_of(offset).line;
        line_start_ = offset;
        while (line_start_ > 0 && bytes_[line_start_ - 1] != '\n' && bytes_[line_start_ - 1] != '\r') {
            --line_start_;
        }
        walked_ = offset;
    }

    const source_text& text_;
    std::string_view bytes_;
    std::size_t walked_ = 0;      // line breaks before this offset are counted
    std::size_t line_start_ = 0;  // offset of the first byte of line line_
    std::uint32_t line_ = 1;
};

}  // namespace kifu::shogi::detail
