// Fuzzes the CSA reader: any bytes read as CSA (decoding, grammar, builder, normalizer),
// strict and lenient, raw and normalized, then written as JKF. Bad input must only ever give
// diagnostics; a lenient read must never report fewer records than a strict one.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kifu::fuzz::read_every_way(std::string_view(reinterpret_cast<const char*>(data), size), "csa", "<fuzz>.csa");
    return 0;
}
