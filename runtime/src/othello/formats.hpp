#pragma once

// The othello formats' entries for the registry in runtime/src/formats.cpp.

#include <kifu/format.hpp>

#include "format_entry.hpp"

namespace kifu::inline v1::othello {

/// The reading policy for othello: a move the rules forbid (a square that flips nothing, a
/// pass while a move exists, a move out of turn) is recorded faithfully by the format, so its
/// `othello.illegal-move` (reported from `before` on) is a warning — the record loads with
/// its `stop` — unless the caller asked for warnings as errors.
inline void apply_rule_policy(std::vector<diagnostic>& diagnostics, std::size_t before, const read_options& options) {
    for (std::size_t i = before; i < diagnostics.size(); ++i) {
        if (diagnostics[i].code == "othello.illegal-move") {
            diagnostics[i].severity = options.warnings_are_errors ? severity::error : severity::warning;
        }
    }
}

/// Returns the WTHOR entry: binary; a .wtb/.wtd gives one record per game, with the names
/// of WTHOR.JOU and WTHOR.TRN found beside it (any case) or a `wthor.names-missing` warning.
kifu::format_entry wthor_format();

/// Returns the GGF entry: text; every game record `(;` … `;)` of the file gives one record.
kifu::format_entry ggf_format();

}  // namespace kifu::othello
