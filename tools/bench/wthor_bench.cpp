// WTHOR read + replay over the whole FFO base (127,475 games), with the baseline byte scan
// of the same bytes measured in the same run. Usage: kifu_bench_wthor [--passes N] [FOLDER|FILE...]
// (default: ../shared/corpus/othello/wthor/ffo-1977-2021). Compare with
// `node ../shared/peers/go-othello/othello-ref.mjs bench <same folder>`.

#include "bench_support.hpp"

#include <algorithm>
#include <functional>
#include "othello/formats.hpp"

#include <kifu/othello/wthor.hpp>

#include <ctime>

#include <fmt/core.h>

namespace wthor = kifu::othello::wthor;

namespace {

}  // namespace

int main(int argc, char** argv) {
    const auto args = kifu::bench::parse_arguments(
        argc, argv, {kifu::bench::corpus_or("othello/wthor/ffo-1977-2021", "ffo-1977-2021")});
    const auto inputs = kifu::bench::load_inputs(args.paths, {".wtb", ".wtd"});
    if (inputs.empty()) {
        fmt::print(stderr, "no .wtb/.wtd file found\n");
        return 1;
    }
    // The names are read once, as a reader of the whole base would.
    wthor::name_tables names;
    std::vector<kifu::diagnostic> ignored;
    const auto dir = std::filesystem::path(inputs.front().name).parent_path();
    for (const auto& [file, kind] : {std::pair{"WTHOR.JOU", wthor::file_kind::players},
                                     std::pair{"WTHOR.TRN", wthor::file_kind::tournaments}}) {
        std::string bytes;
        if (kifu::load_file(dir / file, bytes, ignored)) {
            auto decoded = wthor::decoded_names(wthor::read_names(bytes, kind, file, ignored));
            (kind == wthor::file_kind::players ? names.players : names.tournaments) = std::move(decoded);
        }
    }
    const std::size_t bytes = kifu::bench::total_bytes(inputs);
    kifu::bench::table table("WTHOR (othello)", inputs, args.passes);

    struct rate {
        std::string name;
        double games_per_s;
        double mb_per_s;
    };
    std::vector<rate> rates;
    std::size_t baseline_sum = 0;
    const double baseline = kifu::bench::best_cpu_seconds(args.passes, [&] {
        for (const auto& in : inputs) {
            baseline_sum += static_cast<std::size_t>(std::count(in.bytes.begin(), in.bytes.end(), '\n'));
        }
    });
    rates.push_back({"baseline: byte scan", 0, static_cast<double>(bytes) / 1e6 / baseline});
    auto measure = [&](std::string name, const std::function<std::size_t()>& pass) {
        std::size_t games = 0;
        const double seconds = kifu::bench::best_cpu_seconds(args.passes, [&] { games = pass(); });
        rates.push_back({name, static_cast<double>(games) / seconds, static_cast<double>(bytes) / 1e6 / seconds});
        table.measure(std::move(name), inputs.size(), bytes, pass);
    };

    measure("read: X3 header + games", [&] {
        std::size_t games = 0;
        for (const auto& in : inputs) {
            std::vector<kifu::diagnostic> ds;
            games += wthor::read_games(in.bytes, in.name, ds).games.size();
        }
        return games;
    });
    measure("read + replay: records", [&] {
        std::size_t games = 0;
        std::size_t plies = 0;
        for (const auto& in : inputs) {
            std::vector<kifu::diagnostic> ds;
            const wthor::games_file file = wthor::read_games(in.bytes, in.name, ds);
            for (std::size_t i = 0; i < file.games.size(); ++i) {
                const auto r = wthor::to_record(file.games[i], file.header, names, in.name, i + 1, ds);
                plies += r.moves.size();
                ++games;
            }
        }
        return plies > 0 ? games : 0;
    });
    const kifu::format_info format = kifu::othello::wthor_format();
    measure("read_binary: kifu::record", [&] {
        std::size_t games = 0;
        for (const auto& in : inputs) {
            kifu::read_result out;
            format.read_binary(in.bytes, in.name, kifu::read_options{}, out);
            games += out.records.size();
        }
        return games;
    });

    table.print();
    fmt::print("\nper core, from thread CPU time (best of {} passes)\n{:<28} {:>14} {:>10} {:>10}\n", args.passes,
               "what", "games/s", "MB/s", "x baseline");
    for (const auto& r : rates) {
        fmt::print("{:<28} {:>14.0f} {:>10.1f} {:>10.1f}\n", r.name, r.games_per_s, r.mb_per_s,
                   rates.front().mb_per_s / r.mb_per_s);
    }
    return baseline_sum == 0 ? 0 : 0;
}
