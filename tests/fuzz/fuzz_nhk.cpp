// Fuzzes the NHK score reader: any bytes read as an NHK file (decoding, grammar, builder with
// its board checks, normalizer), strict and lenient, raw and normalized, then written as JKF.
// Besides "no crash": a lenient read never reports fewer records than a strict one, and the
// SGF tree an NHK file converts to is written and read back unchanged (`kifu convert -t sgf`).

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include <kifu/go/nhk.hpp>
#include <kifu/go/sgf.hpp>
#include <kifu/kifu.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    std::size_t strict_records = 0;
    for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
        for (const bool normalize : {false, true}) {
            kifu::read_options options;
            options.format = "nhk";
            options.mode = mode;
            options.normalize = normalize;
            const kifu::read_result result = kifu::read_buffer(bytes, "<fuzz>", options);
            for (const kifu::record& r : result.records) {
                static_cast<void>(kifu::to_jkf(r));
            }
            for (const kifu::diagnostic& d : result.diagnostics) {
                static_cast<void>(kifu::format_gcc(d));
            }
            if (mode == kifu::read_mode::strict && !normalize) {
                strict_records = result.records.size();
            } else if (mode == kifu::read_mode::lenient && !normalize && result.records.size() < strict_records) {
                __builtin_trap();
            }
        }
    }

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
