#pragma once

// What the fuzz targets of GIB, NGF and UGF check besides "no crash": any bytes read as the
// format (decoding, grammar, builder, normalizer; strict and lenient, raw and normalized, then
// JKF), and the SGF tree the builder makes is written and read back unchanged (`kifu convert
// -t sgf`).

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include <kifu/kifu.hpp>

#include "fuzz_support.hpp"
#include "go/readers.hpp"

namespace kifu::fuzz {

/// Runs one input through the reader `format` and its `parse` (decoded with `fallback`).
template <typename Parse>
void converted_format(const std::uint8_t* data, std::size_t size, std::string_view format, const char* fallback, Parse parse) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    read_every_way(bytes, format, "<fuzz>");

    std::vector<kifu::diagnostic> diagnostics;
    kifu::decode_options d;
    d.fallback = fallback;
    d.forced = kifu::detect_encoding(bytes, d);
    const kifu::source_text text = kifu::decode("<fuzz>", bytes, d, diagnostics);
    const kifu::go::sgf_collection tree = parse(text, kifu::read_mode::lenient, diagnostics);
    if (!tree.roots.empty()) {
        const kifu::source_text written("<written>.sgf", kifu::go::write_sgf(tree), "UTF-8");
        std::vector<kifu::diagnostic> again;
        if (!(kifu::go::parse_sgf(written, kifu::read_mode::lenient, again) == tree) || !again.empty()) __builtin_trap();
    }
}

}  // namespace kifu::fuzz
