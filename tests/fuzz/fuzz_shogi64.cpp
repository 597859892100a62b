// Fuzzes the Shogi64 decoder: any bytes as a code. A code that decodes must encode again to
// a code that decodes to the same position (the encoder may choose Normal where the input
// used Mixed mode, so the codes themselves may differ); a failure must carry a column inside
// the code (or 1 for an empty one).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <kifu/shogi/shogi64.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view code(reinterpret_cast<const char*>(data), size);
    kifu::shogi::shogi64_error error;
    const auto p = kifu::shogi::parse_shogi64(code, &error);
    if (!p) {
        if (error.column < 1 || error.column > (size == 0 ? 1 : size) || error.message.empty()) std::abort();
        return 0;
    }
    const auto again = kifu::shogi::to_shogi64(*p);
    if (!again) std::abort();  // only a hand past the code's limits could stop it, and a decoded hand is within them
    const auto back = kifu::shogi::parse_shogi64(*again);
    if (!back || !(*back == *p)) std::abort();
    return 0;
}
