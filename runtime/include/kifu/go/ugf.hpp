#pragma once

// Reading PandaNet UGF / UGI records (docs/go-formats.md) into the SGF tree a converter would
// write: root FF[4] CA[UTF-8] GM[1] SZ PB BR PW WR KM RE DT RU PC CP HA AB C, then one node
// per move with the review comments of the main line.

#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/go/sgf_tree.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::go {

/// Parses decoded UGF/UGI text into one game tree (`ugf.*` diagnostics); empty when the text
/// is not a UGF record.
sgf_collection parse_ugf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics);

/// Returns how sure (0–100) it is that the bytes are a UGF/UGI record; names the encoding in
/// `declared_encoding` (CP932 for `Lang=SJIS`) when the bytes are not UTF-8.
int sniff_ugf(std::string_view bytes, std::string& declared_encoding);

}  // namespace kifu::go
