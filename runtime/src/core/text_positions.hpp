#pragma once

// What a grammar trace prints, shared by `kifu trace` (peg_support.hpp) and `kifu-pegc run`:
// line and column of any byte offset of a text in constant time, in any order (a trace asks
// for every rule tried, back and forth, and source_text::position_of counts the columns from
// the line's start: a one-line SGF file of a megabyte would make a trace quadratic), and
// matched text quoted.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/utf8.hpp"

namespace kifu::inline v1::detail {

/// Positions as source_text::position_of gives them: 1-based; lines end as ends_line says;
/// columns count code points; an offset inside a character is that character's. Keeps the line
/// and column of every 64th byte and walks at most 63 bytes from there: the random access a trace
/// needs, where the builders' line_walker (core/line_walker.hpp) walks in text order.
class text_positions {
public:
    struct position {
        std::uint32_t line = 1;
        std::uint32_t column = 1;
    };

    /// The text must outlive this object.
    explicit text_positions(std::string_view text) : text_(text) {
        position at;
        checkpoints_.reserve(text.size() / step + 1);
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (i % step == 0) checkpoints_.push_back(at);
            advance(at, i);
        }
        if (text.size() % step == 0) checkpoints_.push_back(at);
    }

    /// The position of `offset` (clamped to the text's size).
    position at(std::size_t offset) const noexcept {
        if (offset > text_.size()) offset = text_.size();
        while (offset > 0 && offset < text_.size() && is_utf8_continuation(text_[offset])) --offset;
        const std::size_t from = offset / step * step;
        position p = checkpoints_[from / step];
        for (std::size_t i = from; i < offset; ++i) advance(p, i);
        return p;
    }

private:
    static constexpr std::size_t step = 64;

    void advance(position& p, std::size_t i) const noexcept {
        if (ends_line(text_, i)) {
            ++p.line;
            p.column = 1;
        } else if (!is_utf8_continuation(text_[i])) {
            ++p.column;
        }
    }

    std::string_view text_;
    std::vector<position> checkpoints_;
};

/// Returns `text` in double quotes with `\\`, `\"`, `\n`, `\r`, `\t` and other control
/// characters escaped (`\x01`); at most `limit` code points, then `…`.
inline std::string quote_text(std::string_view text, std::size_t limit = std::string_view::npos) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out = "\"";
    std::size_t count = 0;
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c & 0xC0) != 0x80 && count++ == limit) {
            out += "…";
            break;
        }
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20 || c == 0x7F) {
                    out += "\\x";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                } else {
                    out += ch;
                }
        }
    }
    return out + "\"";
}

}  // namespace kifu::detail
