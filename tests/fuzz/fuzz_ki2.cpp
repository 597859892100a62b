// Fuzzes the KI2 reader: any bytes read as KI2 (decoding, grammar, builder, the shared
// Kakinoki header/BOD/variation code, normalizer), strict and lenient, raw and normalized, then
// written as JKF. Bad input must only ever give diagnostics; a lenient read must never report
// fewer records than a strict one.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kifu/kifu.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    std::size_t strict_records = 0;
    for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
        for (const bool normalize : {false, true}) {
            kifu::read_options options;
            options.format = "ki2";
            options.mode = mode;
            options.normalize = normalize;
            const kifu::read_result result = kifu::read_buffer(bytes, "<fuzz>.ki2", options);
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
    return 0;
}
