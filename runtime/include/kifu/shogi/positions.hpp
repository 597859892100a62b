#pragma once

// Training data: every position of a shogi game's main line as one row of CSV or JSON Lines
// (source file, game, ply, SFEN, side to move, the USI move played, the result from the
// mover's view, the engine evaluation the record holds). docs/shogi.md ("Position rows")
// specifies the columns and which evaluation comments are read.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <kifu/api.hpp>
#include <kifu/shogi/jkf.hpp>

namespace kifu::inline v1::shogi {

/// Returns the evaluation a comment carries, in Black's view (centipawns): CSA `** 30 …`
/// (floodgate's `'**` comments), `評価値 123` / `評価値=+123` / `評価値:-45` anywhere in it
/// (KIF comments of ShogiGUI, ShogiHome and the like); nothing otherwise.
KIFU_API std::optional<int> evaluation_of(std::string_view comment) noexcept;

/// Returns the game's result for `c`: 1 won, 0 drawn, -1 lost, from the special that ends the
/// main line (TORYO, TSUMI, KACHI, SENNICHITE, ±ILLEGAL_ACTION, …); nothing when it ends
/// without one or with one that decides nothing (CHUDAN).
KIFU_API std::optional<int> result_for(const jkf& record, color c);

/// Appends the CSV header row: `source,game,ply,sfen,to_move,move,result,eval` and CRLF.
KIFU_API void write_positions_csv_header(std::string& out);

/// Appends one CSV row per position of a normalized record's main line (the start, then the
/// position after each move: moves + 1 rows); `source` and `game_number` fill the first two
/// columns.
KIFU_API void write_positions_csv(std::string& out, const jkf& record, std::string_view source, std::size_t game_number);

/// Appends the same rows as JSON objects, one per line (LF).
KIFU_API void write_positions_jsonl(std::string& out, const jkf& record, std::string_view source, std::size_t game_number);

}  // namespace kifu::shogi
