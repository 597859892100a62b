#pragma once

#include <optional>
#include <string>

#include "ast.hpp"
#include "diagnostics.hpp"

namespace kifu::pegc {

/// Parses the text of a .peg file into a grammar. Returns nothing when the text has invalid
/// UTF-8 or a syntax error (both reported to `diags`); problems inside literals and classes
/// (bad escapes, empty classes, inverted ranges) are reported too but still give a grammar.
std::optional<grammar> read_grammar(std::string path, std::string source, diagnostics& diags);

}  // namespace kifu::pegc
