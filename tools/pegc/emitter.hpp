#pragma once

#include <string>

#include "ast.hpp"
#include "checker.hpp"

namespace kifu::pegc {

/// The version written into every banner.
inline constexpr const char* version = KIFU_PEGC_VERSION;

/// Returns the PEGTL header for a checked grammar (deterministic: same input, same bytes).
std::string emit_header(const grammar& g, const analysis& a);

}  // namespace kifu::pegc
