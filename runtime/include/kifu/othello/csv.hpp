#pragma once

// WTHOR games as CSV, one row per game, in the column layout WTHOR-to-CSV tools share:
// tournamentId,tournamentName,blackPlayerId,blackPlayerName,whitePlayerId,whitePlayerName,
// blackScore,blackTheoreticalScore,transcript. UTF-8 with a BOM (spreadsheets then read the
// names right), RFC 4180: CRLF line ends, fields with a comma, quote or line break quoted.

#include <span>
#include <string>

#include <kifu/api.hpp>
#include <kifu/othello/record.hpp>

namespace kifu::inline v1::othello {

/// Appends the BOM and the header row.
KIFU_API void write_csv_header(std::string& out);

/// Appends one row: ids and scores from the record's "wthor.*" header keys, names from PC,
/// PB and PW (empty when absent), and the transcript as WTHOR stores it: lower-case squares
/// ("f5d6c3…"), passes left out.
KIFU_API void write_csv_row(std::string& out, const record& r);

/// Returns the whole CSV of the records: BOM, header row, one row per record.
KIFU_API std::string to_csv(std::span<const record> records);

}  // namespace kifu::othello
