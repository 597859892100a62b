// Fuzzes the WBaduk / Cyberoro NGF reader (tests/fuzz/converted_fuzz.hpp says what is checked).

#include "converted_fuzz.hpp"
#include "go/readers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kifu::fuzz::converted_format(data, size, "ngf", "GB18030", &kifu::go::parse_ngf);
    return 0;
}
