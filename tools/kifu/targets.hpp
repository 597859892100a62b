#pragma once

// The output formats of `kifu convert -t`: JKF for every game, SGF for go games, and the
// othello exports (WTHOR CSV, GGF, position rows) for othello games only.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/read.hpp>

namespace kifu::cli {

enum class output_target { jkf, sgf, csv, ggf, positions_csv, positions_jsonl, kif, kifu, ki2, ki2u, csa, csa_v2_2 };

/// The names `-t` accepts, in the order --help lists them.
inline const std::vector<std::string> target_names{"jkf", "sgf", "csv", "ggf", "positions-csv", "positions-jsonl",
                                                   "kif", "kifu", "ki2", "ki2u", "csa", "csa-v2.2"};

/// Returns the target of a `-t` name (nothing for an unknown name).
std::optional<output_target> target_of(std::string_view name) noexcept;

/// Returns the file extension `-o DIR` uses for a target other than jkf: ".sgf", ".csv", ".ggf", ".jsonl",
/// ".kif", ".kifu", ".ki2", ".ki2u", ".csa".
std::string_view extension_of(output_target t) noexcept;

/// Appends the export `t` (any target but jkf) of every record of one input to `out`:
/// - sgf: the go games as one SGF collection (a game tree per record, from the normalized
///   record: header, setup, moves, comments, variations), labelled CA[UTF-8];
/// - csv, ggf, positions-csv, positions-jsonl: the othello exports, the CSV header row first
///   when `with_header` (csv, positions-csv); writer warnings (ggf.write.*) go to
///   `diagnostics`, named after `input`;
/// - kif, ki2 (CP932), kifu, ki2u (UTF-8): the one shogi game of the input; csa (V3.0),
///   csa-v2.2: every shogi game of the input, `/` between them.
/// Returns false, appending nothing, when a record is not of the target's game, (positions)
/// not on an 8×8 board, (kif, ki2) not alone in its input, or a shogi writer fails (a
/// character CP932 lacks, a special CSA cannot write); `error` then says which and why.
bool render_export(const read_result& result, output_target t, bool with_header, const std::string& input,
                   std::string& out, std::string& error, std::vector<diagnostic>& diagnostics);

}  // namespace kifu::cli
