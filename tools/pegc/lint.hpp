#pragma once

// Warnings about grammars that are valid but do not do what they say: an alternative that can
// never match, a cut that commits before a later alternative is tried, an @error message that
// is never used, an @build rule that never sends an event. Every judgement is a proof (in
// doubt, no warning), so a warning is always true and `--Werror` can be used on any grammar.

#include "ast.hpp"
#include "checker.hpp"
#include "diagnostics.hpp"

namespace kifu::pegc {

/// Adds the warnings above to `diags`; `g` and `a` must be free of errors.
void lint_grammar(const grammar& g, const analysis& a, diagnostics& diags);

}  // namespace kifu::pegc
