#pragma once

// Reading NHK Cup Go score files (`NIP100`, formats/go-othello.md §3) into the SGF tree a
// converter would write: root FF[4] GM[1] SZ[19] CA[UTF-8] EV GN DT PB BR PW WR RE, then
// one node per move.

#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/go/sgf_tree.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::go {

/// Parses decoded NHK score text into one game tree, checking every board of the file
/// against a replay of its moves (`nhk.*` diagnostics).
sgf_collection parse_nhk(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics);

/// Returns how sure (0–100) it is that the bytes are an NHK score file.
int sniff_nhk(std::string_view bytes) noexcept;

}  // namespace kifu::go
