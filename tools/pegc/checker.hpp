#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "ast.hpp"
#include "diagnostics.hpp"

namespace kifu::pegc {

/// What the checker learnt about a grammar; the emitter reuses it.
struct analysis {
    std::map<std::string, std::size_t> index;  ///< rule name → position in grammar::rules (first definition)
    std::vector<bool> nullable;                ///< per rule: can it succeed without consuming input?
};

/// Runs every check of the grammar language (duplicate, reserved, undefined and unused rules,
/// left recursion, loops without progress) and returns what they computed.
analysis check_grammar(const grammar& g, diagnostics& diags);

/// Returns true when the expression can succeed without consuming input.
bool is_nullable(const node& n, const analysis& a);

/// Returns true when `name` may not name a rule (C++ keywords, generated names, …).
bool is_reserved(const std::string& name);

}  // namespace kifu::pegc
