#pragma once

// The output formats of `kifu convert -t`: JKF for every game, SGF for go games, USI and
// SFEN for shogi games, the othello exports (WTHOR CSV, GGF), and position rows for all three.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/read.hpp>

namespace kifu::cli {

enum class output_target { jkf, sgf, csv, ggf, positions_csv, positions_jsonl, kif, kifu, ki2, ki2u, csa, csa_v2_2, usi, sfen };

/// The names `-t` accepts, in the order --help lists them.
inline const std::vector<std::string> target_names{"jkf", "sgf", "csv", "ggf", "positions-csv", "positions-jsonl",
                                                   "kif", "kifu", "ki2", "ki2u", "csa", "csa-v2.2", "usi", "sfen"};

/// Returns the target of a `-t` name (nothing for an unknown name).
std::optional<output_target> target_of(std::string_view name) noexcept;

/// What some targets take besides the records.
struct export_options {
    int ply = -1;                   ///< sfen: the position after this many moves; -1 = the end
    bool declare_encoding = false;  ///< kif, kifu, ki2, ki2u: start with the `#KIF version=2.0 encoding=…` line
};

/// Returns the file extension `-o DIR` uses for a target other than jkf: ".sgf", ".csv", ".ggf", ".jsonl",
/// ".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".usi", ".sfen".
std::string_view extension_of(output_target t) noexcept;

/// The header row that `render_export` writes first when asked (with the BOM where the export
/// has one): csv and positions-csv; empty for the other targets. The game of the first record
/// chooses the positions-csv header (othello when there is none).
std::string export_header(const read_result& result, output_target t);

/// Appends the export `t` (any target but jkf) of every record of one input to `out`:
/// - sgf: the go games as one SGF collection (a game tree per record, from the normalized
///   record: header, setup, moves, comments, variations), labelled CA[UTF-8];
/// - csv, ggf: the othello exports, the CSV header row first when `with_header` (csv); writer
///   warnings (ggf.write.*) go to `diagnostics`, named after `input`;
/// - positions-csv, positions-jsonl: one row per position of each main line (shogi, go, and
///   othello on 8×8 boards), `input` in the source column, the CSV header row first when
///   `with_header`;
/// - kif, ki2 (CP932), kifu, ki2u (UTF-8): the one shogi game of the input, after a
///   `#KIF version=2.0 encoding=UTF-8` line (`=Shift_JIS` for CP932, `#KI2` for KI2) when
///   `options.declare_encoding`; csa (V3.0), csa-v2.2: every shogi game of the input, `/`
///   between them;
/// - usi: each shogi game's main line as a `position sfen … moves …` line;
/// - sfen: the SFEN of each shogi game's position after its main line, or after
///   `options.ply` moves when it is >= 0.
/// Returns false, appending nothing, when a record is not of the target's game, (positions)
/// othello not on an 8×8 board, (kif, ki2) not alone in its input, (sfen) a main line shorter
/// than `options.ply`, or a shogi writer fails (a character CP932 lacks, a special CSA cannot write);
/// `error` then says which and why.
bool render_export(const read_result& result, output_target t, bool with_header, const std::string& input,
                   std::string& out, std::string& error, std::vector<diagnostic>& diagnostics,
                   const export_options& options = {});

}  // namespace kifu::cli
