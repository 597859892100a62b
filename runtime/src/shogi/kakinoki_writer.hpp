#pragma once

// What the KIF and KI2 writers share (../shared/formats/shogi.md §2, §3.1): squares and piece
// names in Japanese, the header with 手合割 or a BOD board, comment and bookmark lines, the
// terminal words and まで lines, and the final encoding (UTF-8 or CP932).

#include <string>
#include <string_view>

#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/write.hpp>

namespace kifu::inline v1::shogi::detail {

/// Appends a square as written in moves: `７六`.
void append_square(std::string& out, square s);

/// The side to move at the start of a record (initial.data's colour, or its preset's).
color initial_side(const jkf& record) noexcept;
/// Returns true when the record starts from a handicap preset (sides are 下手/上手 then).
bool is_handicap(const jkf& record) noexcept;

/// Appends the header lines, then `手合割：…` (a preset start) or the BOD board with both
/// hands and the side to move (any other start).
void append_kakinoki_header(std::string& out, const jkf& record);

/// Appends the comments of one element: `&…` for a bookmark (a comment JKF keeps with its `&`),
/// `*…` for every other line (a comment holding line breaks gives one `*` line per line).
void append_comment_lines(std::string& out, const move_format& element);

/// Returns the KIF terminal word of a special (投了 …) for the side to move then, or the special
/// itself when it has none (an unknown word kept as read).
std::string terminal_word(std::string_view special, color to_move, bool handicap);

/// Returns the まで line for a line of play of `moves` real moves that ends with `special`, the
/// side to move being `to_move`; "" when the special has no まで form.
std::string summary_of(std::string_view special, int moves, color to_move, bool handicap);

/// Returns the display width of UTF-8 text: 1 per ASCII character, 2 per other character.
int display_width(std::string_view text) noexcept;

/// Encodes the UTF-8 text as options ask; on a character CP932 lacks, fails with
/// `<prefix>.write.cp932` naming the character and its line.
write_result finish_kakinoki(std::string text, const kakinoki_write_options& options, std::string_view prefix);

}  // namespace kifu::shogi::detail
