// Fuzzes the Tygem GIB reader (tests/fuzz/converted_fuzz.hpp says what is checked).

#include "converted_fuzz.hpp"
#include "go/readers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kifu::fuzz::converted_format(data, size, "gib", "CP949", &kifu::go::parse_gib);
    return 0;
}
