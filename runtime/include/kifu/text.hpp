#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/diagnostic.hpp>

namespace kifu::inline v1 {

/// A line and a column, both 1-based; the column counts code points.
struct text_position {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

struct decode_options;

/// A decoded input: its UTF-8 text and a line index into it.
///
/// Line breaks are kept as they were (LF, CRLF or a lone CR), so line numbers of the
/// UTF-8 text are those of the original file whatever its encoding was.
///
/// The text is always valid UTF-8 (no overlongs, surrogates or values past U+10FFFF): the
/// parsers rely on it (kifu-pegc's byte scans skip the UTF-8 checks a run of a negated ASCII
/// class would otherwise make for every character).
class source_text {
public:
    source_text() = default;
    /// Takes UTF-8 text (already decoded) and builds the line index. Ill-formed UTF-8 is
    /// replaced, each maximal ill-formed subpart by one U+FFFD, as decode() replaces it (but
    /// without a diagnostic: use decode() for bytes that may not be UTF-8).
    KIFU_API source_text(std::string file_name, std::string utf8, std::string encoding);

    /// Returns the file name given by the caller (used in diagnostics).
    const std::string& file_name() const noexcept { return file_name_; }
    /// Returns the decoded text: valid UTF-8, BOM removed.
    std::string_view text() const noexcept { return text_; }
    /// Returns the name of the encoding the bytes were decoded from ("UTF-8", "CP932", …).
    const std::string& encoding() const noexcept { return encoding_; }

    /// Returns the line and column of a byte offset into text().
    KIFU_API text_position position_of(std::size_t offset) const noexcept;
    /// Returns the line (1-based) of a byte offset into text(): position_of without the
    /// column, in logarithmic time whatever the line's length.
    KIFU_API std::uint32_t line_of(std::size_t offset) const noexcept;
    /// Returns line `line` (1-based) without its line break.
    KIFU_API std::string_view line_text(std::uint32_t line) const noexcept;
    /// Returns the number of lines.
    KIFU_API std::uint32_t line_count() const noexcept;

    /// Returns a diagnostic located at a byte offset of text().
    KIFU_API diagnostic make_diagnostic(kifu::severity severity, std::string code, std::string message,
                               std::size_t offset, std::int32_t ply = -1) const;

    /// The library's own way in (text the decoder has checked, the line index); defined only
    /// inside the library.
    struct access;

private:
    // For text already known to be valid UTF-8 (the decoder checked it): not checked again.
    struct valid_utf8 {};
    KIFU_API source_text(valid_utf8, std::string file_name, std::string utf8, std::string encoding);
    std::string file_name_;
    std::string text_;
    std::string encoding_;
    std::vector<std::uint32_t> line_starts_;  // byte offset of each line's first byte
    // In lines longer than a few kilobytes (an SGF game on one line), the column at every few
    // kilobytes, sorted by offset: position_of counts code points from the nearest one instead
    // of from the line's start, so a diagnostic per move of a one-line file is not quadratic.
    struct column_mark {
        std::uint32_t offset;
        std::uint32_t column;
    };
    std::vector<column_mark> column_marks_;
};

/// What decoding needs to know beyond the bytes.
struct decode_options {
    /// Encoding to use when nothing in the bytes says otherwise ("CP932", "UTF-8", "ISO-8859-1", …).
    std::string fallback = "UTF-8";
    /// When not empty, the bytes are decoded from this encoding whatever they say.
    std::string forced;
    /// Encoding named by the format itself (`#KIF … encoding=`, `'CSA encoding=`, SGF `CA[]`),
    /// found by the format's sniffer in the raw bytes; beats the fallback, loses to a BOM.
    std::string declared;
};

/// Returns the encoding the bytes are in: the forced one (it beats even a BOM), else a BOM's,
/// else UTF-16LE/BE or UTF-32LE/BE by the NUL bytes of their code units (a text without BOM),
/// else the declared one, else UTF-8 when the bytes are valid UTF-8 or nearly so (many
/// multi-byte characters, at most one bad byte in fifty), else EUC-JP or CP932 by their byte
/// pairs when the fallback is one of these two, else the fallback. Names are normalized
/// (normalize_encoding_name).
KIFU_API std::string detect_encoding(std::string_view bytes, const decode_options& options);

/// Returns "UTF-16LE", "UTF-16BE", "UTF-32LE" or "UTF-32BE" when the start of the bytes has
/// the NUL bytes of that encoding's code units (most characters of a text are below U+0100 or
/// at least below U+10000), else an empty string.
KIFU_API std::string detect_wide_encoding(std::string_view bytes);

/// Returns the encoding other than `tried` the bytes most likely are in ("UTF-8", "CP932",
/// "EUC-JP", a UTF-16/32 form), or an empty string when none fits better.
KIFU_API std::string likely_encoding(std::string_view bytes, std::string_view tried);

/// Decodes bytes to UTF-8 (iconv), strips a BOM and builds the line index. Bytes that cannot
/// be decoded become U+FFFD and one `text.bad-bytes` diagnostic per line that had them (the
/// first 100 lines); when many lines had them, one `text.wrong-encoding` names the likely
/// encoding and the `-e` to try. NUL characters in the text give one `text.nul` warning.
KIFU_API source_text decode(std::string file_name, std::string_view bytes, const decode_options& options,
                   std::vector<diagnostic>& diagnostics);

/// Returns the canonical name of an encoding: "CP932" for Shift_JIS and its aliases, "UTF-8",
/// "EUC-JP", "ISO-8859-1", "UTF-16LE", …; other names upper-cased (iconv accepts them so).
KIFU_API std::string normalize_encoding_name(std::string_view name);

/// Returns true when the bytes are valid UTF-8 (no overlongs, no surrogates).
KIFU_API bool is_valid_utf8(std::string_view bytes) noexcept;

}  // namespace kifu
