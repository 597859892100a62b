// WTHOR read + replay over the whole FFO base (127,475 games): records (header strings
// included), one reused record, and the streaming wthor::replay; and GGF parse + replay over
// the corpus GGF files, each with the baseline byte scan of the same bytes measured in the
// same run. Usage: kifu_bench_wthor [--passes N] [FOLDER|FILE...] (default: the corpus'
// othello/wthor/ffo-1977-2021 and othello/ggf; .wtb/.wtd and .ggf files are taken from the
// paths). Compare with `node ../shared/peers/go-othello/othello-ref.mjs bench <same paths>`.

#include "bench_support.hpp"

#include <algorithm>
#include <functional>
#include "othello/formats.hpp"

#include <kifu/othello/wthor.hpp>
#include <kifu/text.hpp>

#include <ctime>

#include <fmt/core.h>

namespace wthor = kifu::othello::wthor;

namespace {

}  // namespace

int main(int argc, char** argv) {
    const auto args = kifu::bench::parse_arguments(
        argc, argv,
        {kifu::bench::corpus_or("othello/wthor/ffo-1977-2021", "ffo-1977-2021"), kifu::bench::corpus_or("othello/ggf", "ggf")});
    const auto inputs = kifu::bench::load_inputs(args.paths, {".wtb", ".wtd"});
    const auto ggf_inputs = kifu::bench::load_inputs(args.paths, {".ggf"});
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
    measure("read + replay: reused record", [&] {
        // A streaming reader's way: one record overwritten per game, no allocation per game.
        std::size_t games = 0;
        std::size_t plies = 0;
        kifu::othello::record r;
        for (const auto& in : inputs) {
            std::vector<kifu::diagnostic> ds;
            const wthor::games_file file = wthor::read_games(in.bytes, in.name, ds);
            for (std::size_t i = 0; i < file.games.size(); ++i) {
                wthor::to_record(file.games[i], file.header, names, in.name, i + 1, ds, r);
                plies += r.moves.size();
                ++games;
            }
        }
        return plies > 0 ? games : 0;
    });
    measure("read + wthor::replay (streaming)", [&] {
        // wthor::replay into one replayed_game: moves, flips, passes, counts and the score
        // checks, no header strings (names were loaded before timing, as the reference does).
        std::size_t games = 0;
        std::size_t plies = 0;
        wthor::replayed_game replayed;
        for (const auto& in : inputs) {
            std::vector<kifu::diagnostic> ds;
            const wthor::games_file file = wthor::read_games(in.bytes, in.name, ds);
            for (std::size_t i = 0; i < file.games.size(); ++i) {
                wthor::replay(file.games[i], file.header, in.name, i + 1, ds, replayed);
                plies += replayed.moves.size();
                ++games;
            }
        }
        return plies > 0 ? games : 0;
    });
    const kifu::format_entry format = kifu::othello::wthor_format();
    measure("read_binary: kifu::record", [&] {
        std::size_t games = 0;
        for (const auto& in : inputs) {
            kifu::read_result out;
            format.read_binary(in.bytes, in.name, kifu::read_options{}, out, 0);
            games += out.records.size();
        }
        return games;
    });

    table.print();
    fmt::print("\nper core, from thread CPU time (best of {} passes)\n{:<32} {:>14} {:>10} {:>10}\n", args.passes,
               "what", "games/s", "MB/s", "x baseline");
    for (const auto& r : rates) {
        fmt::print("{:<32} {:>14.0f} {:>10.1f} {:>10.1f}\n", r.name, r.games_per_s, r.mb_per_s,
                   rates.front().mb_per_s / r.mb_per_s);
    }

    if (ggf_inputs.empty()) {
        return baseline_sum == 0 ? 0 : 0;
    }
    // GGF: decoded once before timing (as the CSA bench does), then the grammar, the builder
    // and the replay of every game; and the whole read_buffer pipeline from the bytes.
    const std::size_t ggf_bytes = kifu::bench::total_bytes(ggf_inputs);
    std::vector<kifu::source_text> texts;
    for (const auto& in : ggf_inputs) {
        texts.emplace_back(in.name, in.bytes, "UTF-8");
    }
    kifu::bench::table ggf_table("GGF (othello)", ggf_inputs, args.passes);
    std::vector<rate> ggf_rates;
    const double ggf_baseline = kifu::bench::best_cpu_seconds(args.passes, [&] {
        for (const auto& in : ggf_inputs) {
            baseline_sum += static_cast<std::size_t>(std::count(in.bytes.begin(), in.bytes.end(), '\n'));
        }
    });
    ggf_rates.push_back({"baseline: byte scan", 0, static_cast<double>(ggf_bytes) / 1e6 / ggf_baseline});
    auto measure_ggf = [&](std::string name, const std::function<std::size_t()>& pass) {
        std::size_t games = 0;
        const double seconds = kifu::bench::best_cpu_seconds(args.passes, [&] { games = pass(); });
        ggf_rates.push_back({name, static_cast<double>(games) / seconds, static_cast<double>(ggf_bytes) / 1e6 / seconds});
        ggf_table.measure(std::move(name), ggf_inputs.size(), ggf_bytes, pass);
    };
    const kifu::format_entry ggf = kifu::othello::ggf_format();
    kifu::read_options lenient;
    lenient.mode = kifu::read_mode::lenient;  // the corpus holds rejected games on purpose
    measure_ggf("parse + replay: records", [&] {
        std::size_t games = 0;
        for (const auto& text : texts) {
            kifu::read_result out;
            ggf.read_text(text, lenient, out);
            games += out.records.size();
        }
        return games;
    });
    kifu::read_options via_buffer = lenient;
    via_buffer.format = "ggf";
    measure_ggf("read_buffer: bytes -> records", [&] {
        std::size_t games = 0;
        for (const auto& in : ggf_inputs) {
            games += kifu::read_buffer(in.bytes, in.name, via_buffer).records.size();
        }
        return games;
    });
    fmt::print("\n");
    ggf_table.print();
    fmt::print("\nper core, from thread CPU time (best of {} passes)\n{:<32} {:>14} {:>10} {:>10}\n", args.passes,
               "what", "games/s", "MB/s", "x baseline");
    for (const auto& r : ggf_rates) {
        fmt::print("{:<32} {:>14.0f} {:>10.1f} {:>10.1f}\n", r.name, r.games_per_s, r.mb_per_s,
                   ggf_rates.front().mb_per_s / r.mb_per_s);
    }
    return baseline_sum == 0 ? 0 : 0;
}
