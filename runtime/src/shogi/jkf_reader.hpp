#pragma once

// The JKF input format: a .jkf/.json document read into the model and normalized.

#include <kifu/read.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::shogi::detail {

/// Reads one JKF document (UTF-8 JSON) into `out`: `jkf.json` when it is not JSON,
/// `jkf.schema` (naming the field) when its shape is wrong, then the normalizer's findings.
void read_jkf(const source_text& text, const read_options& options, read_result& out);

}  // namespace kifu::shogi::detail
