// kifu_bench_read: the whole read path (detect, decode, parse, normalize) per format, over
// the shared corpus (or the bundled samples when it is absent, or the paths given).

#include <map>

#include <kifu/format.hpp>
#include <kifu/read.hpp>

#include "bench_support.hpp"

int main(int argc, char** argv) {
    const auto args = kifu::bench::parse_arguments(
        argc, argv, {kifu::bench::corpus_or("shogi/generated/seed1-2000", KIFU_SOURCE_DIR "/tests/data/samples")});
    const auto inputs = kifu::bench::load_inputs(args.paths);

    // Inputs grouped by the format detection gives them, so each row reads one format.
    std::map<std::string, std::vector<const kifu::bench::input*>> by_format;
    for (const auto& in : inputs) {
        const kifu::detection d = kifu::detect(in.bytes, in.name);
        by_format[d.format ? std::string(d.format->name) : std::string("(undetected)")].push_back(&in);
    }

    kifu::bench::table table("kifu read", inputs, args.passes);
    table.measure("detect (all)", inputs.size(), kifu::bench::total_bytes(inputs), [&] {
        std::size_t found = 0;
        for (const auto& in : inputs) {
            found += kifu::detect(in.bytes, in.name).format != nullptr;
        }
        return found;
    });
    for (const auto& entry : by_format) {
        const auto& group = entry.second;  // clang 14 cannot capture a structured binding
        std::size_t bytes = 0;
        for (const auto* in : group) {
            bytes += in->bytes.size();
        }
        table.measure("read " + entry.first, group.size(), bytes, [&] {
            std::size_t games = 0;
            for (const auto* in : group) {
                games += kifu::read_buffer(in->bytes, in->name).records.size();
            }
            return games;
        });
    }
    table.print();
    return 0;
}
