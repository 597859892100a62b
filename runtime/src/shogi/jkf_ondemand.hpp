#pragma once

// The fast path of the JKF reader (simdjson On Demand): see jkf_ondemand.cpp.

#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::shogi::detail {

/// Reads a JKF document into `out` and returns true when it is one the checking reader
/// accepts as it is (the same record, move lines included); returns false, with `out` in no
/// particular state, for anything else, which the checking reader then reports.
bool read_jkf_ondemand(const source_text& text, jkf& out);

}  // namespace kifu::shogi::detail
