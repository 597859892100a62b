#pragma once

// Test helpers: SGF bytes → decoded text → tree, the way the reader does it.

#include <string>
#include <string_view>
#include <vector>

#include <kifu/text.hpp>

#include "go/readers.hpp"

namespace kifu::test {

/// Decodes SGF bytes with the SGF charset rules (CA, UTF-16, UTF-8, CJK guess, ISO-8859-1).
inline kifu::source_text decode_sgf(std::string_view bytes, std::vector<kifu::diagnostic>& diagnostics,
                                    std::string name = "<test>") {
    kifu::decode_options options;
    options.fallback = "ISO-8859-1";
    options.declared = kifu::go::sniff_sgf_charset(bytes);
    options.forced = kifu::detect_encoding(bytes, options);
    return kifu::decode(std::move(name), bytes, options, diagnostics);
}

/// Parses SGF bytes leniently; diagnostics of decoding and parsing go to `diagnostics`.
inline kifu::go::sgf_collection parse(std::string_view bytes, std::vector<kifu::diagnostic>& diagnostics,
                                      kifu::read_mode mode = kifu::read_mode::lenient) {
    const kifu::source_text text = decode_sgf(bytes, diagnostics);
    return kifu::go::parse_sgf(text, mode, diagnostics);
}

/// Returns the codes of the diagnostics, in order.
inline std::vector<std::string> codes(const std::vector<kifu::diagnostic>& diagnostics) {
    std::vector<std::string> out;
    for (const auto& d : diagnostics) out.push_back(d.code);
    return out;
}

}  // namespace kifu::test
