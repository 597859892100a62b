#pragma once

// The KI2 builder: grammars/ki2.peg's events → a raw record (partial JKF, as json-kifu-format's
// KI2 parser makes it, before normalization: piece, to or same, promote as written, relative
// "L" … "H"), plus each move's ▲/△ mark as its colour so that the normalizer can check it.

#include <string>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::shogi::detail {

/// Parses KI2 text into its one raw record. Strict: the first error ends the parse and no record
/// is kept. Lenient: every problem is reported and the record holds what could be read.
/// Returns false on any error.
bool parse_ki2(const source_text& text, read_mode mode, std::vector<jkf>& records,
               std::vector<diagnostic>& diagnostics);

/// Writes the PEGTL trace of grammars/ki2.peg on the text; false when the parse failed.
bool trace_ki2(const source_text& text, std::string& out);

}  // namespace kifu::shogi::detail
