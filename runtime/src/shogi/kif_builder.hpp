#pragma once

// The KIF builder: grammars/kif.peg's events → a raw record (partial JKF, as json-kifu-format's
// KIF parser makes it, before normalization: piece, to or same, from, promote:true as written,
// and promote:false for an explicit 不成), ../shared/formats/shogi.md §2.10.

#include <string>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>
#include <kifu/text.hpp>

#include "shogi/normalize_source.hpp"

namespace kifu::inline v1::shogi::detail {

/// Parses KIF text into its one raw record. Strict: the first error ends the parse and no
/// record is kept. Lenient: every problem is reported and the record holds what could be read.
/// Returns false on any error.
bool parse_kif(const source_text& text, read_mode mode, std::vector<jkf>& records,
               std::vector<diagnostic>& diagnostics);

/// parse_kif, and the lines a lenient parse skipped inside a line of play, each of which the
/// record holds an element with neither move nor special for (normalize_options::unreadable):
/// the normalizer cuts the line of play there.
bool parse_kif_with_skipped(const source_text& text, read_mode mode, std::vector<jkf>& records,
                            std::vector<diagnostic>& diagnostics, std::vector<unreadable_line>* skipped);

/// Writes the PEGTL trace of grammars/kif.peg on the text; false when the parse failed.
bool trace_kif(const source_text& text, std::string& out);

}  // namespace kifu::shogi::detail
