#pragma once

// Can the root of a grammar fail plainly (return false rather than raise)? The runtime keeps the
// furthest point tried only to place the message of such a failure; a grammar whose root
// cannot fail plainly needs no such bookkeeping (peg_support.hpp skips it).

#include "ast.hpp"
#include "checker.hpp"

namespace kifu::pegc {

/// Returns false only when `n` (an expression of `g`), wherever it starts, either succeeds or
/// raises, never fails plainly (`x*`, `x?`, a rule made of them, a sequence cut at its start).
bool may_fail_plainly(const grammar& g, const analysis& a, const node& n);

/// Returns false only when matching the first rule of `g` from the start of any VALID UTF-8
/// input either succeeds or raises (a cut, a builder's error), never fails plainly.
bool root_may_fail_plainly(const grammar& g, const analysis& a);

}  // namespace kifu::pegc
