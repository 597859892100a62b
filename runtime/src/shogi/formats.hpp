#pragma once

// The shogi formats this folder reads, as entries of the format list (runtime/src/formats.cpp).

#include <kifu/format.hpp>

namespace kifu::shogi {

/// Returns the CSA format (V1–V3.0; sniffer, reader, grammar trace).
kifu::format_info csa_format();
/// Returns the JKF input format (JSON Kifu Format 1.x).
kifu::format_info jkf_format();

}  // namespace kifu::shogi
