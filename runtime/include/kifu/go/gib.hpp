#pragma once

// Reading Tygem GIB records (docs/go-formats.md) into the SGF tree a converter would write:
// root FF[4] CA[UTF-8] GM[1] SZ[19] PB BR PW WR KM RE DT HA AB, then one node per move.

#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/go/sgf_tree.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::go {

/// Parses decoded GIB text into one game tree (`gib.*` diagnostics); empty when the text is
/// not a GIB record.
sgf_collection parse_gib(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics);

/// Returns how sure (0–100) it is that the bytes are a GIB record; names the encoding in
/// `declared_encoding` (CP949 for `GIBOKIND=Korea`, GB18030 for `China`) when the bytes are
/// not UTF-8.
int sniff_gib(std::string_view bytes, std::string& declared_encoding);

}  // namespace kifu::go
