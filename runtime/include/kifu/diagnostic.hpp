#pragma once

#include <kifu/api.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kifu::inline v1 {

/// Says how bad a diagnostic is.
enum class severity : std::uint8_t { note, warning, error };

/// Returns "note", "warning" or "error".
KIFU_API std::string_view to_string(severity s) noexcept;

/// One problem found in an input: where it is, how bad it is, and a stable code.
///
/// `line` and `column` are 1-based and refer to the original file: the column counts
/// code points of the decoded line (so a CP932 and a UTF-8 copy of a record give the same
/// column). 0 means unknown. `ply` is the move number the problem belongs to, or -1.
struct diagnostic {
    kifu::severity severity = kifu::severity::error;
    std::string code;     ///< stable, dotted: "csa.syntax", "shogi.illegal.two-pawns", "text.bad-bytes"
    std::string message;  ///< one sentence, no trailing period
    std::string file;     ///< as the caller named the input; "<stdin>" or "<buffer>" otherwise
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::int32_t ply = -1;
};

/// Returns the diagnostic in gcc's form: `file:line:col: error: message [code]`; `:line:col` is
/// left out when the line is 0 and `:col` when the column is 0; ` (ply N)` goes before ` [code]`
/// when the ply is set. The file and message are shown through printable().
KIFU_API std::string format_gcc(const diagnostic& d);

/// Returns `text` safe to print on a terminal: control characters (C0, DEL and the C1 controls
/// U+0080–U+009F, which a record or a file name may carry: ESC sequences, OSC titles, BEL) are
/// shown as escapes, `\x1b` and `\u009b`, and a backslash stays as it is.
KIFU_API std::string printable(std::string_view text);

/// Returns the diagnostic as one compact JSON object
/// (`{"severity":…,"code":…,"message":…,"file":…,"line":…,"column":…,"ply":…}`; ply only when set).
KIFU_API std::string format_json(const diagnostic& d);

/// Returns true when any diagnostic is an error.
KIFU_API bool has_error(std::span<const diagnostic> diagnostics) noexcept;

/// Returns true when a diagnostic added after the first `since` ones is an error (a reader's
/// question after each game: did this one fail?).
inline bool has_error_since(const std::vector<diagnostic>& diagnostics, std::size_t since) noexcept {
    return since < diagnostics.size() && has_error(std::span<const diagnostic>(diagnostics).subspan(since));
}

}  // namespace kifu
