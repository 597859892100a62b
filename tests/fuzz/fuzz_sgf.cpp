// Fuzzes the SGF reader: any bytes read as SGF (charset sniffing, decoding, grammar, tree
// builder, normalizer with replay), strict and lenient, raw and normalized, then written as
// JKF. Two properties are checked besides "no crash": a lenient read never reports fewer
// records than a strict one, and writing a tree (and the records) as SGF and reading that
// back gives the same tree (and the same records), with no diagnostic on the re-read tree.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/go/sgf.hpp>
#include <kifu/kifu.hpp>

#include "fuzz_support.hpp"
#include "go/normalize.hpp"
#include "go/readers.hpp"

namespace {

// Tree → SGF → tree, and records → SGF → records, as the corpus round-trip test does.
void round_trip(std::string_view bytes) {
    std::vector<kifu::diagnostic> diagnostics;
    kifu::decode_options d;
    d.fallback = "ISO-8859-1";
    d.declared = kifu::go::sniff_sgf_charset(bytes);
    d.forced = kifu::detect_encoding(bytes, d);
    const kifu::source_text text = kifu::decode("<fuzz>.sgf", bytes, d, diagnostics);
    const kifu::go::sgf_collection tree = kifu::go::parse_sgf(text, kifu::read_mode::lenient, diagnostics);

    const kifu::source_text written("<written>.sgf", kifu::go::write_sgf(tree), "UTF-8");
    std::vector<kifu::diagnostic> again;
    const kifu::go::sgf_collection reread = kifu::go::parse_sgf(written, kifu::read_mode::lenient, again);
    if (tree.roots.empty()) return;  // nothing written, "no game" on the re-read
    if (!again.empty() || !(reread == tree)) __builtin_trap();

    std::vector<kifu::go::record> records;
    for (const kifu::go::node_id root : tree.roots) {
        records.push_back(kifu::go::normalize(tree, root, {}, diagnostics, &text));
    }
    const kifu::source_text sgf("<records>.sgf", kifu::go::write_sgf(records), "UTF-8");
    std::vector<kifu::diagnostic> ignored;
    const kifu::go::sgf_collection second = kifu::go::parse_sgf(sgf, kifu::read_mode::lenient, ignored);
    if (second.roots.size() != records.size()) __builtin_trap();
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (!(kifu::go::normalize(second, second.roots[i], {}, ignored, &sgf) == records[i])) __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    kifu::fuzz::read_every_way(bytes, "sgf", "<fuzz>.sgf");
    round_trip(bytes);
    return 0;
}
