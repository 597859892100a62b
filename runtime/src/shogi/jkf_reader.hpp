#pragma once

// The JKF input format: a .jkf/.json document read into the model and normalized.

#include <vector>

#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::shogi::detail {

/// Reads one JKF document (UTF-8 JSON) into `out`: `jkf.json` when it is not JSON,
/// `jkf.schema` (naming the field) when its shape is wrong, then the normalizer's findings.
void read_jkf(const source_text& text, const read_options& options, read_result& out);

/// The checking read of read_jkf, without the fast path and without normalizing: fills
/// `record` and returns true, or adds the `jkf.json` or `jkf.schema` error and returns false.
/// Every build has it (the fast path needs simdjson); tests compare the two paths with it.
bool read_jkf_checked(const source_text& text, jkf& record, std::vector<diagnostic>& diagnostics);

}  // namespace kifu::shogi::detail
