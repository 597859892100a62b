// Fuzzes the usi reader: any bytes read as USI/SFEN lines (decoding, grammar, builder,
// normalizer), strict and lenient, raw and normalized, then written as JKF; each game read is
// also written back as a USI line and as SFEN. Bad input must only ever give diagnostics.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/sfen.hpp>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    kifu::fuzz::read_every_way(bytes, "usi", "<fuzz>.usi");
    kifu::read_options options;
    options.format = "usi";
    options.mode = kifu::read_mode::lenient;
    for (const kifu::record& r : kifu::read_buffer(bytes, "<fuzz>.usi", options).records) {
        const auto& game = *r.get<kifu::shogi::jkf>();
        static_cast<void>(kifu::shogi::to_usi_position(game));
        if (const auto p = kifu::shogi::position_after(game, kifu::shogi::main_line(game).size())) {
            static_cast<void>(kifu::shogi::to_sfen(*p));
        }
    }
    return 0;
}
