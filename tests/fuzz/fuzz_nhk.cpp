// Fuzzes the NHK score reader: any bytes read as an NHK file (decoding, grammar, builder with
// its board checks, normalizer), strict and lenient, raw and normalized, then written as JKF.
// Besides "no crash": a lenient read never reports fewer records than a strict one, and the
// SGF tree an NHK file converts to is written and read back unchanged (`kifu convert -t sgf`).

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include <kifu/kifu.hpp>

#include "fuzz_support.hpp"
#include "go/readers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    kifu::fuzz::read_every_way(bytes, "nhk", "<fuzz>");

    std::vector<kifu::diagnostic> diagnostics;
    kifu::decode_options d;
    d.fallback = "CP932";
    d.forced = kifu::detect_encoding(bytes, d);
    const kifu::source_text text = kifu::decode("<fuzz>", bytes, d, diagnostics);
    const kifu::go::sgf_collection tree = kifu::go::parse_nhk(text, kifu::read_mode::lenient, diagnostics);
    if (!tree.roots.empty()) {
        const kifu::source_text written("<written>.sgf", kifu::go::write_sgf(tree), "UTF-8");
        std::vector<kifu::diagnostic> again;
        if (!(kifu::go::parse_sgf(written, kifu::read_mode::lenient, again) == tree) || !again.empty()) __builtin_trap();
    }
    return 0;
}
