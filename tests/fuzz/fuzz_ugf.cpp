// Fuzzes the PandaNet UGF / UGI reader (tests/fuzz/converted_fuzz.hpp says what is checked).

#include "converted_fuzz.hpp"
#include "go/readers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kifu::fuzz::converted_format(data, size, "ugf", "CP932", &kifu::go::parse_ugf);
    return 0;
}
