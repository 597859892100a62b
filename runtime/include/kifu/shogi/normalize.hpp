#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>

namespace kifu::inline v1::shogi {

/// The format a raw record came from: each leaves different fields implicit.
enum class source_format : unsigned char { kif, ki2, csa, jkf };

struct normalize_options {
    source_format format = source_format::kif;
    read_mode mode = read_mode::strict;
    std::string file;  ///< for diagnostics
};

/// Replays every line of play (forks too) and fills in what the record left implicit:
/// color, to (from same), from (KI2 back-solving), capture, same, relative, promote:false,
/// ±ILLEGAL_ACTION, CSA totals and preset. Checks legality; every problem becomes a
/// diagnostic with its ply and source line. Strict: stops at the first error. Lenient: a line
/// of play ends at its first illegal move or unreadable line (kept moves before it), sibling
/// forks go on; the cut becomes a `special` "ERROR" whose comments say where and why and keep
/// the source lines a reader saw in it (`unplayed: …`), with a `shogi.cut` warning.
/// Returns false when an error was found.
KIFU_API bool normalize(jkf& record, const normalize_options& options, std::vector<diagnostic>& diagnostics);

}  // namespace kifu::shogi
