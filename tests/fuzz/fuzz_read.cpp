// Fuzzes the whole read path: detection, decoding, every format's parser and builder,
// normalization and the JKF writer, strict and lenient. Bad input must only ever give
// diagnostics.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kifu/kifu.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
        kifu::read_options options;
        options.mode = mode;
        const kifu::read_result result = kifu::read_buffer(bytes, "<fuzz>", options);
        for (const kifu::record& r : result.records) {
            static_cast<void>(kifu::to_jkf(r));
        }
        for (const kifu::diagnostic& d : result.diagnostics) {
            static_cast<void>(kifu::format_gcc(d));
        }
    }
    return 0;
}
