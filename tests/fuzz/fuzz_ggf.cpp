// Fuzzes the GGF reader: any bytes read as GGF in both modes, replayed and written as JSON.
// Bad text must only ever give diagnostics; strict mode must keep exactly the games lenient
// mode reads before the first error; every record's disc counts must fill its board.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kifu/kifu.hpp>
#include <kifu/othello/record.hpp>

namespace {

kifu::read_result read(std::string_view bytes, kifu::read_mode mode) {
    kifu::read_options options;
    options.format = "ggf";
    options.mode = mode;
    return kifu::read_buffer(bytes, "<fuzz>.ggf", options);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const kifu::read_result strict = read(bytes, kifu::read_mode::strict);
    const kifu::read_result lenient = read(bytes, kifu::read_mode::lenient);
    if (strict.records.size() > lenient.records.size()) {
        __builtin_trap();
    }
    for (std::size_t i = 0; i < strict.records.size(); ++i) {
        if (*strict.records[i].get<kifu::othello::record>() != *lenient.records[i].get<kifu::othello::record>()) {
            __builtin_trap();
        }
    }
    for (const kifu::record& r : lenient.records) {
        const kifu::othello::record& o = *r.get<kifu::othello::record>();
        const int squares = o.initial.octagon ? 88 : o.initial.size * o.initial.size;
        if (o.final_counts.black + o.final_counts.white + o.final_counts.empty != squares) {
            __builtin_trap();
        }
        static_cast<void>(kifu::to_jkf(r));
    }
    return 0;
}
