#pragma once

// The othello formats' entries for the registry in runtime/src/formats.cpp.

#include <kifu/format.hpp>

namespace kifu::othello {

/// Returns the WTHOR entry: binary; a .wtb/.wtd gives one record per game, with the names
/// of WTHOR.JOU and WTHOR.TRN found beside it (any case) or a `wthor.names-missing` warning.
kifu::format_info wthor_format();

/// Returns the GGF entry: text; every game record `(;` … `;)` of the file gives one record.
kifu::format_info ggf_format();

}  // namespace kifu::othello
