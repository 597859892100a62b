#pragma once

// The USI builder: grammars/usi.peg's events → one raw record per line (start position and
// moves with `from`, `to`, `promote`, or a drop's piece; the normalizer fills in the rest).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::shogi::detail {

/// Parses USI/SFEN text into one raw record per non-blank line. Strict: stops at the first
/// error and keeps the records of the lines before it. Returns false on any error. When
/// `move_numbers` is given, the SFEN move number of each record goes there (1 when the line
/// has none, 0 when it does not fit an int).
bool parse_usi_text(const source_text& text, read_mode mode, std::vector<jkf>& records,
                    std::vector<diagnostic>& diagnostics, std::vector<int>* move_numbers = nullptr);

/// Reads one USI move (`7g7f`, `8h2b+`, `P*5e`) as the grammar's usi_move: `from`, `to` and
/// `promote` of a board move, `piece` and `to` of a drop. Nothing when the text is not exactly one.
std::optional<move_data> parse_usi_move(std::string_view usi);

/// Writes the PEGTL trace of grammars/usi.peg on the text; false when the parse failed.
bool trace_usi(const source_text& text, std::string& out);

}  // namespace kifu::shogi::detail
