#pragma once

// Training data: every position of a go game's main line as one row of CSV or JSON Lines
// (source file, game, ply, the board as text, side to move, the SGF point played, the result
// from the mover's view). docs/jkf-go-othello.md ("Go position rows") specifies the columns.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <kifu/api.hpp>
#include <kifu/go/record.hpp>

namespace kifu::inline v1::go {

/// Returns the game's result for `c` from RE: 1 won (`B+…`/`W+…`), 0 drawn (`0`, `Draw`),
/// -1 lost; nothing for any other value or no RE.
KIFU_API std::optional<int> result_for(const record& r, color c);

/// Appends the CSV header row: `source,game,ply,board,to_move,move,result` and CRLF.
KIFU_API void write_positions_csv_header(std::string& out);

/// Appends one CSV row per position of the main line: the start, then the position after
/// each move (a pass gives a row too; setup nodes change the board without a row).
KIFU_API void write_positions_csv(std::string& out, const record& r, std::string_view source, std::size_t game_number);

/// Appends the same rows as JSON objects, one per line (LF).
KIFU_API void write_positions_jsonl(std::string& out, const record& r, std::string_view source, std::size_t game_number);

}  // namespace kifu::go
