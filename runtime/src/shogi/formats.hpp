#pragma once

// The shogi formats this folder reads, as entries of the format list (runtime/src/formats.cpp).

#include <vector>

#include <kifu/format.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>
#include <kifu/text.hpp>

namespace kifu::shogi {

/// Returns the CSA format (V1–V3.0; sniffer, reader, grammar trace).
kifu::format_info csa_format();
/// Returns the KIF format (Kakinoki records with numbered move lines; sniffer, reader, trace).
kifu::format_info kif_format();
/// Returns the JKF input format (JSON Kifu Format 1.x).
kifu::format_info jkf_format();
/// Returns the KI2 format (Kakinoki notation-only records; sniffer, reader, grammar trace).
kifu::format_info ki2_format();
/// Returns the USI format (`position startpos|sfen … moves …` and SFEN lines; one record a line).
kifu::format_info usi_format();

namespace detail {

/// The end of every shogi text reader: normalizes each raw record a parser made (when the
/// options ask for it) and keeps it. Strict: the first game the normalizer rejects ends the
/// read, keeping the games before it. `unreadable`: the lines a lenient parse skipped where the
/// records hold an element for each (normalize_options::unreadable), or null.
void keep_games(std::vector<jkf>& games, source_format format, const source_text& text, const read_options& options,
                read_result& out, const std::vector<unreadable_line>* unreadable = nullptr);

}  // namespace detail

}  // namespace kifu::shogi
