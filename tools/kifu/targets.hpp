#pragma once

// The output formats of `kifu convert -t`: JKF for every game, SGF for go games, USI and
// SFEN for shogi games, the othello exports (WTHOR CSV, GGF), and position rows for all three.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/read.hpp>

namespace kifu::cli {

enum class output_target { jkf, sgf, csv, ggf, positions_csv, positions_jsonl, usi, sfen };

/// The names `-t` accepts, in the order --help lists them.
inline const std::vector<std::string> target_names{"jkf", "sgf", "csv", "ggf", "positions-csv", "positions-jsonl", "usi", "sfen"};

/// Returns the target of a `-t` name (nothing for an unknown name).
std::optional<output_target> target_of(std::string_view name) noexcept;

/// Returns the file extension `-o DIR` uses for a target other than jkf: ".sgf", ".csv", ".ggf", ".jsonl",
/// ".usi", ".sfen".
std::string_view extension_of(output_target t) noexcept;

/// Appends the export `t` (any target but jkf) of every record of one input to `out`:
/// - sgf: the go games as one SGF collection (a game tree per record, from the normalized
///   record: header, setup, moves, comments, variations), labelled CA[UTF-8];
/// - usi: each shogi game's main line as a `position sfen … moves …` line;
/// - sfen: the SFEN of each shogi game's position after its main line, or after `ply` moves
///   when `ply` >= 0;
/// - csv, ggf: the othello exports, the CSV header row first when `with_header` (csv); writer
///   warnings (ggf.write.*) go to `diagnostics`, named after `input`;
/// - positions-csv, positions-jsonl: one row per position of each main line (shogi, go, and
///   othello on 8×8 boards), `input` in the source column, the CSV header row first when
///   `with_header`.
/// Returns false, appending nothing, when a record is not of the target's game, (positions)
/// othello not on an 8×8 board, or (sfen) a main line shorter than `ply`; `error` then says
/// which and why.
bool render_export(const read_result& result, output_target t, bool with_header, const std::string& input,
                   std::string& out, std::string& error, std::vector<diagnostic>& diagnostics, int ply = -1);

}  // namespace kifu::cli
