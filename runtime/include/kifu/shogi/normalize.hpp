#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <kifu/text.hpp>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>

namespace kifu::inline v1::shogi {

/// The format a raw record came from: each leaves different fields implicit.
enum class source_format : unsigned char { kif, ki2, csa, jkf };

/// A source line that lenient reading could not read, and why (the syntax error's message).
struct unreadable_line {
    std::uint32_t line = 0;
    std::string why;
};

struct normalize_options {
    source_format format = source_format::kif;
    read_mode mode = read_mode::strict;
    std::string file;  ///< for diagnostics
    /// The text the record was read from: a lenient cut keeps its unplayed lines. May be null.
    const source_text* text = nullptr;
    /// The lines lenient reading could not read, in text order. An element with neither move
    /// nor special on one of them stands for it: its line of play is cut there, as at an
    /// illegal move. May be null.
    const std::vector<unreadable_line>* unreadable = nullptr;
};

/// Replays every line of play (forks too) and fills in what the record left implicit:
/// color, to (from same), from (KI2 back-solving), capture, same, relative, promote:false,
/// ±ILLEGAL_ACTION, CSA totals and preset. Checks legality; every problem becomes a
/// diagnostic with its ply and source line. Strict: stops at the first error. Lenient: a line
/// of play ends at its first illegal move or unreadable line (kept moves before it), sibling
/// forks go on; the cut becomes a `special` "ERROR" whose comments say where and why and keep
/// the source lines not played (`unplayed: …`), with a `shogi.cut` warning.
/// Returns false when an error was found.
bool normalize(jkf& record, const normalize_options& options, std::vector<diagnostic>& diagnostics);

}  // namespace kifu::shogi
