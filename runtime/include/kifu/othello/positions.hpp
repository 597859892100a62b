#pragma once

// Training data: every position of an 8×8 othello game as one row of CSV or JSON Lines, the
// layout GGF-to-CSV converters use (two bitboards, the side to move, a target value). The
// columns are specified in docs/jkf-go-othello.md ("Position rows").

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <kifu/api.hpp>
#include <kifu/othello/record.hpp>

namespace kifu::inline v1::othello {

/// Returns Black's disc difference at the end of the game: RE when it is a number (GGF
/// `+40.000:r`, WTHOR's score with the empties to the winner), else the final board's
/// (empties to the winner) when neither side can move, else nothing.
KIFU_API std::optional<double> black_result(const record& r);

/// Appends the CSV header row: `source,game,ply,black,white,to_move,move,value,value_source` and CRLF.
KIFU_API void write_positions_csv_header(std::string& out);

/// Appends one CSV row per position of the game (the start, then after each ply: moves + 1
/// rows). `source` (the input's name) and `game_number` fill the first two columns. Returns false and appends nothing when the
/// board is not 8×8 (bitboards are 64 bits).
KIFU_API bool write_positions_csv(std::string& out, const record& r, std::string_view source, std::size_t game_number);

/// Appends the same rows as JSON objects, one per line (LF).
KIFU_API bool write_positions_jsonl(std::string& out, const record& r, std::string_view source, std::size_t game_number);

}  // namespace kifu::othello
