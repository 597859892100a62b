#include <kifu/text.hpp>

#include <algorithm>
#include <bit>
#include <iterator>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/utf8.hpp"

namespace kifu::inline v1 {

namespace {

// The text with each maximal ill-formed UTF-8 subpart replaced by U+FFFD (Unicode's "best
// practice", as decode() replaces them). Checked first at full speed: the usual text is valid.
std::string valid_utf8_of(std::string text) {
    if (is_valid_utf8(text)) return text;
    std::string out;
    out.reserve(text.size() + text.size() / 8 + 16);
    detail::append_repaired_utf8(out, text, [](std::size_t, unsigned char) {});
    return out;
}

// Lines longer than two strides get a column mark every stride.
constexpr std::size_t column_stride = 4096;

}  // namespace

source_text::source_text(std::string file_name, std::string utf8, std::string encoding)
    : source_text(valid_utf8{}, std::move(file_name), valid_utf8_of(std::move(utf8)), std::move(encoding)) {}

source_text::source_text(valid_utf8, std::string file_name, std::string utf8, std::string encoding)
    : file_name_(std::move(file_name)), text_(std::move(utf8)), encoding_(std::move(encoding)) {
    // Offsets are stored in 32 bits; the read API bounds inputs far below 4 GiB, and a
    // larger text still indexes correctly up to that point instead of wrapping.
    const std::size_t size = std::min<std::size_t>(text_.size(), std::numeric_limits<std::uint32_t>::max());
    line_starts_.reserve(size / 32 + 1);
    line_starts_.push_back(0);
    const char* const data = text_.data();
    const auto* const bytes = reinterpret_cast<const unsigned char*>(data);
    std::size_t i = 0;
#if defined(__SSE2__)
    // 16 bytes at a time: a line starts after each LF and after each CR that no LF follows.
    const __m128i lf = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r');
    for (; i + 16 <= size; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
        const auto lfs = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, lf)));
        const auto crs = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, cr)));
        if ((lfs | crs) == 0) continue;
        unsigned starts = lfs | (crs & ~(lfs >> 1));
        if ((crs & 0x8000u) != 0 && i + 16 < size && data[i + 16] == '\n') starts &= ~0x8000u;
        while (starts != 0) {
            line_starts_.push_back(static_cast<std::uint32_t>(i + static_cast<std::size_t>(std::countr_zero(starts)) + 1));
            starts &= starts - 1;
        }
    }
#endif
    for (; i < size; ++i) {
        // Skip 8 bytes at a time while they hold neither LF nor CR.
        while (i + 8 <= size && !detail::has_line_break(detail::load8(bytes + i))) i += 8;
        if (i == size) break;
        const char c = data[i];
        if (c == '\n') {
            line_starts_.push_back(static_cast<std::uint32_t>(i + 1));
        } else if (c == '\r') {
            if (i + 1 < size && data[i + 1] == '\n') ++i;  // CRLF is one break
            line_starts_.push_back(static_cast<std::uint32_t>(i + 1));
        }
    }
    for (std::size_t line = 0; line < line_starts_.size(); ++line) {
        const std::size_t start = line_starts_[line];
        const std::size_t end = line + 1 < line_starts_.size() ? line_starts_[line + 1] : size;
        if (end - start <= 2 * column_stride) continue;
        std::size_t at = start;
        std::uint32_t column = 1;
        for (std::size_t next = start + column_stride; next + column_stride < end; next += column_stride) {
            // A mark sits on the first byte of a character, where counting can start.
            while (next < end && detail::is_utf8_continuation(text_[next])) ++next;
            column += static_cast<std::uint32_t>(detail::code_points(data + at, data + next));
            at = next;
            column_marks_.push_back({static_cast<std::uint32_t>(at), column});
        }
    }
}

std::uint32_t source_text::line_of(std::size_t offset) const noexcept {
    if (line_starts_.empty()) return 1;
    const auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    return static_cast<std::uint32_t>(next - line_starts_.begin());
}

text_position source_text::position_of(std::size_t offset) const noexcept {
    if (line_starts_.empty()) return {1, 1};  // default-constructed: no text at all
    offset = std::min(offset, text_.size());
    const auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const auto line = static_cast<std::size_t>(next - line_starts_.begin());  // 1-based
    const std::size_t start = line_starts_[line - 1];
    if (!column_marks_.empty()) {
        const auto mark = std::upper_bound(column_marks_.begin(), column_marks_.end(), offset,
                                           [](std::size_t o, const column_mark& m) { return o < m.offset; });
        if (mark != column_marks_.begin() && std::prev(mark)->offset > start) {
            const column_mark& from = *std::prev(mark);
            return {static_cast<std::uint32_t>(line), from.column - 1 + detail::column_in_line(text_, from.offset, offset)};
        }
    }
    return {static_cast<std::uint32_t>(line), detail::column_in_line(text_, start, offset)};
}

std::string_view source_text::line_text(std::uint32_t line) const noexcept {
    if (line == 0 || line > line_starts_.size()) return {};
    const std::size_t start = line_starts_[line - 1];
    std::size_t end = line < line_starts_.size() ? line_starts_[line] : text_.size();
    if (end > start && text_[end - 1] == '\n') --end;
    if (end > start && text_[end - 1] == '\r') --end;
    return std::string_view(text_).substr(start, end - start);
}

// A text that ends with a line break has no further, empty line: "a\nb\n" has two lines.
// (position_of() of the very end still answers the line after the break, column 1.)
std::uint32_t source_text::line_count() const noexcept {
    if (text_.empty()) return 0;
    auto count = static_cast<std::uint32_t>(line_starts_.size());
    if (line_starts_.back() == text_.size()) --count;
    return count;
}

diagnostic source_text::make_diagnostic(kifu::severity severity, std::string code, std::string message,
                                        std::size_t offset, std::int32_t ply) const {
    const text_position position = position_of(offset);
    diagnostic d;
    d.severity = severity;
    d.code = std::move(code);
    d.message = std::move(message);
    d.file = file_name_;
    d.line = position.line;
    d.column = position.column;
    d.ply = ply;
    return d;
}

bool is_valid_utf8(std::string_view bytes) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const auto* const end = p + bytes.size();
    while (p < end) {
        while (end - p >= 8 && detail::all_ascii(detail::load8(p))) p += 8;
        while (p < end && *p < 0x80) ++p;
        if (p == end) break;
        // Most non-ASCII text (kana, kanji, full-width digits) is 3-byte sequences whose lead
        // byte allows any continuation: check those without the general decoder.
        const unsigned char b = *p;
        if (((b >= 0xE1 && b <= 0xEC) || b >= 0xEE) && b <= 0xEF && end - p >= 3 &&
            (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80) {
            p += 3;
            continue;
        }
        std::size_t bad = 1;
        const std::size_t length = detail::utf8_sequence_length(p, static_cast<std::size_t>(end - p), bad);
        if (length == 0) return false;
        p += length;
    }
    return true;
}

}  // namespace kifu
