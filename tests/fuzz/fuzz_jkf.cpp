// Fuzzes the JKF reader's two paths against each other: the fast path (simdjson On Demand)
// must take only documents the checking read (nlohmann::json) accepts, and read them into the
// same record with the same move lines. Then the whole read path, as fuzz_read does.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/kifu.hpp>

#include "fuzz_support.hpp"
#include "shogi/jkf_ondemand.hpp"
#include "shogi/jkf_reader.hpp"

namespace {

void collect_lines(const std::vector<kifu::shogi::move_format>& moves, std::vector<std::uint32_t>& out) {
    for (const kifu::shogi::move_format& m : moves) {
        out.push_back(m.line);
        for (const auto& fork : m.forks) collect_lines(fork, out);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    // The readers take decoded text, which is always valid UTF-8.
    if (kifu::is_valid_utf8(bytes)) {
        const kifu::source_text text("<fuzz>", std::string(bytes), "UTF-8");
        kifu::shogi::jkf fast;
        kifu::shogi::jkf checked;
        std::vector<kifu::diagnostic> diagnostics;
        const bool fast_read = kifu::shogi::detail::read_jkf_ondemand(text, fast);
        const bool checked_read = kifu::shogi::detail::read_jkf_checked(text, checked, diagnostics);
        if (fast_read) {
            std::vector<std::uint32_t> fast_lines;
            std::vector<std::uint32_t> checked_lines;
            collect_lines(fast.moves, fast_lines);
            collect_lines(checked.moves, checked_lines);
            if (!checked_read || !(fast == checked) || fast_lines != checked_lines) __builtin_trap();
        }
    }
    kifu::fuzz::read_every_way(bytes, "jkf", "<fuzz>.jkf");
    return 0;
}
