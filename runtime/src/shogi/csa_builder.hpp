#pragma once

// The CSA builder: grammars/csa.peg's events → raw records (partial JKF, as
// json-kifu-format's CSA parser makes them, before normalization).

#include <string>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

namespace kifu::shogi::detail {

/// Parses CSA text into one raw record per game (`/` separates games). Strict: stops at the
/// first error and keeps only the games completed before it. Returns false on any error.
bool parse_csa(const source_text& text, read_mode mode, std::vector<jkf>& records,
               std::vector<diagnostic>& diagnostics);

/// Writes the PEGTL trace of grammars/csa.peg on the text; false when the parse failed.
bool trace_csa(const source_text& text, std::string& out);

}  // namespace kifu::shogi::detail
