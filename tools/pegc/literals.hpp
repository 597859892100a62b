#pragma once

// Decoding of the escapes in literals and character classes (`\n`, `\u{3000}`, …).

#include <cstddef>
#include <string>
#include <vector>

#include "ast.hpp"
#include "diagnostics.hpp"

namespace kifu::pegc {

/// Decodes a literal as written (`"…"`, `'…'`, optional `i` suffix) standing at `offset`
/// of `source`; fills the node's text and insensitive flag.
void decode_literal(const std::string& source, std::size_t offset, std::size_t end, node& out,
                    diagnostics& diags);

/// Decodes a class as written (`[…]`, `[^…]`); fills the node's ranges (sorted, merged)
/// and negated flag.
void decode_class(const std::string& source, std::size_t offset, std::size_t end, node& out,
                  diagnostics& diags);

/// The ranges of `items` sorted and merged (overlapping or adjacent ranges become one), as a
/// class node keeps them.
std::vector<code_range> merge_ranges(std::vector<code_range> items);

/// Decodes a bounded repetition as written (`{n}`, `{n,}`, `{n,m}`) into min and max.
void decode_bounds(const std::string& source, std::size_t offset, std::size_t end, node& out,
                   diagnostics& diags);

}  // namespace kifu::pegc
