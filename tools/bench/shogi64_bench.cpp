// Shogi64 and SFEN speed over every position of the generated games' main lines (read from
// mainline.usi.tsv, or given USI files), against a baseline byte scan of those files. Usage:
//   kifu_bench_shogi64 [--passes N] [FILE...]
// (default: ../shared/corpus/shogi/generated/seed1-2000/mainline.usi.tsv). Rows: items =
// positions; the time per position is ms / items.

#include "bench_support.hpp"

#include <fmt/core.h>

#include <kifu/kifu.hpp>
#include <kifu/shogi/sfen.hpp>
#include <kifu/shogi/shogi64.hpp>

#include "shogi/engine.hpp"

int main(int argc, char** argv) {
    const auto args = kifu::bench::parse_arguments(
        argc, argv, {kifu::bench::corpus_or("shogi/generated/seed1-2000", ".") / "mainline.usi.tsv"});
    const std::vector<kifu::bench::input> inputs = kifu::bench::load_inputs(args.paths, {});
    namespace shogi = kifu::shogi;
    std::vector<shogi::position> positions;
    for (const auto& in : inputs) {
        // mainline.usi.tsv starts each line with the game's name and a tab: the USI text follows.
        std::string text;
        for (std::size_t at = 0; at < in.bytes.size();) {
            std::size_t end = in.bytes.find('\n', at);
            if (end == std::string::npos) end = in.bytes.size();
            const std::string_view line = std::string_view(in.bytes).substr(at, end - at);
            const std::size_t tab = line.find('\t');
            text += tab == std::string_view::npos ? line : line.substr(tab + 1);
            text += '\n';
            at = end + 1;
        }
        kifu::read_options options;
        options.format = "usi";
        for (const kifu::record& r : kifu::read_buffer(text, in.name, options).records) {
            const auto& game = *r.get<shogi::jkf>();
            shogi::position p = shogi::start_position(game);
            positions.push_back(p);
            for (const shogi::board_move& m : shogi::main_line(game)) {
                shogi::engine_of(p).apply(m);
                positions.push_back(p);
            }
        }
    }
    if (positions.empty()) {
        fmt::print(stderr, "no position found\n");
        return 1;
    }
    std::vector<std::string> codes;
    codes.reserve(positions.size());
    for (const auto& p : positions) codes.push_back(*shogi::to_shogi64(p));

    kifu::bench::table table("Shogi64 and SFEN (shogi positions)", inputs, args.passes);
    const std::size_t bytes = kifu::bench::total_bytes(inputs);
    table.measure("SFEN: to_sfen", inputs.size(), bytes, [&] {
        std::size_t n = 0;
        for (const auto& p : positions) n += shogi::to_sfen(p).size() > 0 ? 1 : 0;
        return n;
    });
    table.measure("Shogi64: encode", inputs.size(), bytes, [&] {
        std::size_t n = 0;
        for (const auto& p : positions) n += shogi::to_shogi64(p) ? 1 : 0;
        return n;
    });
    table.measure("Shogi64: decode", inputs.size(), bytes, [&] {
        std::size_t n = 0;
        for (const auto& c : codes) n += shogi::parse_shogi64(c) ? 1 : 0;
        return n;
    });
    table.print();
    return 0;
}
