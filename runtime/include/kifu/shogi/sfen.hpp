#pragma once

// SFEN positions, USI moves and USI position commands (../shared/formats/shogi.md §7), and
// the positions of a record's main line. Reading USI text as records is the `usi` format
// (grammars/usi.peg); this header turns positions and normalized records into that text.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/position.hpp>

namespace kifu::inline v1::shogi {

/// Returns the SFEN of a position (`move_number` goes in the fourth field).
KIFU_API std::string to_sfen(const position& p, int move_number = 1);
/// Reads an SFEN (four fields; the move number may be omitted; "startpos" is accepted).
/// On failure returns nothing and puts a one-sentence reason in `error` when given.
/// Text from users is better read as the `usi` format, whose errors carry a column.
KIFU_API std::optional<position> parse_sfen(std::string_view sfen, std::string* error = nullptr,
                                   int* move_number = nullptr);

/// Returns the USI text of a move: `7g7f`, `8h2b+`, `P*5e`.
KIFU_API std::string to_usi(const board_move& m);
/// Reads a USI move on a position (the piece of a board move is taken from its origin).
/// Returns nothing when the text is malformed or a board move's origin is empty; legality
/// is not checked.
KIFU_API std::optional<board_move> parse_usi(std::string_view usi, const position& p) noexcept;

/// Returns the start position of a normalized record: its board, else its preset (平手 when
/// there is no `initial`, or the preset is unknown).
KIFU_API position start_position(const jkf& record);
/// Returns the board move of a normalized move (`from`, `to` and `piece` set).
KIFU_API board_move to_board_move(const move_data& m) noexcept;
/// Returns the moves of a normalized record's main line: moves[1…] up to the first element
/// without a move (a special such as TORYO ends the line; forks are ignored).
KIFU_API std::vector<board_move> main_line(const jkf& record);
/// Returns the position after the first `ply` moves of the main line (0 = the start), or
/// nothing when the main line has fewer moves (or, in a record that was not normalized, a
/// move before that ply is illegal).
KIFU_API std::optional<position> position_after(const jkf& record, std::size_t ply);
/// Returns the main line as one USI command, always in the `sfen` form:
/// `position sfen <SFEN of the start, move number 1> moves 7g7f 3c3d …`, without ` moves`
/// when the main line has no move.
KIFU_API std::string to_usi_position(const jkf& record);

}  // namespace kifu::shogi
