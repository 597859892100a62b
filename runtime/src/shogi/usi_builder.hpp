#pragma once

// The USI builder: grammars/usi.peg's events → one raw record per line (start position and
// moves with `from`, `to`, `promote`, or a drop's piece; the normalizer fills in the rest).

#include <string>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

namespace kifu::shogi::detail {

/// Parses USI/SFEN text into one raw record per non-blank line. Strict: stops at the first
/// error and keeps the records of the lines before it. Returns false on any error.
bool parse_usi_text(const source_text& text, read_mode mode, std::vector<jkf>& records,
                    std::vector<diagnostic>& diagnostics);

/// Writes the PEGTL trace of grammars/usi.peg on the text; false when the parse failed.
bool trace_usi(const source_text& text, std::string& out);

}  // namespace kifu::shogi::detail
