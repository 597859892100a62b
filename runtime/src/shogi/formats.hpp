#pragma once

// The shogi formats this folder reads, as entries of the format list (runtime/src/formats.cpp).

#include <kifu/format.hpp>

namespace kifu::shogi {

/// Returns the CSA format (V1–V3.0; sniffer, reader, grammar trace).
kifu::format_info csa_format();
/// Returns the KIF format (Kakinoki records with numbered move lines; sniffer, reader, trace).
kifu::format_info kif_format();
/// Returns the JKF input format (JSON Kifu Format 1.x).
kifu::format_info jkf_format();
/// Returns the KI2 format (Kakinoki notation-only records; sniffer, reader, grammar trace).
kifu::format_info ki2_format();

}  // namespace kifu::shogi
