#pragma once

// Reading WBaduk / Cyberoro NGF records (docs/go-formats.md) into the SGF tree a converter would write:
// root FF[4] CA[UTF-8] GM[1] SZ PB BR PW WR KM RE DT HA AB, then one node per move.

#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/go/sgf_tree.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::go {

/// Parses decoded NGF text into one game tree (`ngf.*` diagnostics); empty when the text is
/// not an NGF record.
sgf_collection parse_ngf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics);

/// Returns how sure (0–100) it is that the bytes are an NGF record (NGF declares no encoding).
int sniff_ngf(std::string_view bytes) noexcept;

}  // namespace kifu::go
