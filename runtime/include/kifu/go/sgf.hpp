#pragma once

// Reading SGF (FF[1]–FF[4]) into its tree: charset detection, decoding, parsing.

#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/go/sgf_tree.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::go {

/// Parses decoded SGF text into its tree (lenient: every problem is a diagnostic and the
/// tree holds what could be read; strict: trees cut short by a syntax error are dropped).
sgf_collection parse_sgf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics);

/// The same into an existing collection, replaced entirely but keeping its memory (see
/// sgf_collection::clear): for reading many files one after the other.
void parse_sgf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics, sgf_collection& into);

/// Returns the charset the bytes declare or plainly are: a UTF-16 pattern, the root's `CA[]`
/// when it is usable, UTF-8 when a `CA[]` naming an 8-bit charset sits on valid multi-byte
/// UTF-8; empty when nothing tells (then the caller's detection applies).
std::string sniff_sgf_charset(std::string_view bytes);

/// Returns how sure (0–100) it is that the bytes are SGF.
int sniff_sgf(std::string_view bytes) noexcept;

}  // namespace kifu::go
