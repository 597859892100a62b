#pragma once

// The shogi formats this folder reads, as entries of the format list (runtime/src/formats.cpp).

#include <vector>

#include <kifu/format.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>
#include <kifu/text.hpp>

#include "format_entry.hpp"
#include "shogi/normalize_source.hpp"

namespace kifu::inline v1::shogi {

/// Returns the CSA format (V1–V3.0; sniffer, reader, grammar trace).
kifu::format_entry csa_format();
/// Returns the KIF format (Kakinoki records with numbered move lines; sniffer, reader, trace).
kifu::format_entry kif_format();
/// Returns the JKF input format (JSON Kifu Format 1.x).
kifu::format_entry jkf_format();
/// Returns the KI2 format (Kakinoki notation-only records; sniffer, reader, grammar trace).
kifu::format_entry ki2_format();
/// Returns the USI format (`position startpos|sfen … moves …` and SFEN lines; one record a line).
kifu::format_entry usi_format();

namespace detail {

/// The end of every shogi text reader: normalizes a raw record a parser made (when the options
/// ask for it) and keeps it in `out`. Returns false when strict reading rejects it (the read
/// ends there; the games kept before it stay). `unreadable`: the lines a lenient parse skipped
/// where the records hold an element for each (normalize_options::unreadable), or null.
bool keep_game(jkf& game, source_format format, const source_text& text, const read_options& options, read_result& out,
               const std::vector<unreadable_line>* unreadable = nullptr);

/// keep_game for each game in order, up to the first that strict reading rejects.
void keep_games(std::vector<jkf>& games, source_format format, const source_text& text, const read_options& options,
                read_result& out, const std::vector<unreadable_line>* unreadable = nullptr);

}  // namespace detail

}  // namespace kifu::shogi
