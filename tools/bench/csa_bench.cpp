// CSA read speed over the generated 2,000-game set (or given files), against a baseline byte
// scan of the same bytes measured in the same run. Usage:
//   kifu_bench_csa [--passes N] [--rounds R [--min-time S]] [--list FILE.tsv] [--only ROW] [FOLDER|FILE...]
// (default: ../shared/corpus/shogi/generated/seed1-2000/csa). `--list` takes the TSV that
// `node bench.mjs --list` writes in ../shared/peers/shogi (input, bytes, moves; `PATH#K` is the
// K-th game of a file split on `/` lines) and times exactly those games, checking that our
// main-line move count equals the peer's. `--rounds R` times each row a second time as the peer's
// bench.mjs times itself (the median of R rounds of at least S seconds, wall time). Compare with
// `node bench.mjs --peer jkf --format csa <same folder>` (see docs/performance.md).

#include "bench_support.hpp"
#include "shogi_peer_list.hpp"

#include <algorithm>
#include <ctime>
#include <functional>

#include <fmt/core.h>

#include <kifu/kifu.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>

#include "core/peg_support.hpp"
#include "format_entry.hpp"
#include "generated/csa.hpp"
#include "shogi/csa_builder.hpp"

namespace {

using kifu::bench::listed;
using kifu::bench::load_list;
using kifu::bench::main_line_moves;

// Counts events and does nothing else: the grammar and its control alone.
struct counting_builder {
    std::size_t moves = 0;
    void on(kifu::grammar::csa::event e, std::string_view, std::size_t) {
        moves += e == kifu::grammar::csa::event::move ? 1 : 0;
    }
};

}  // namespace

int main(int argc, char** argv) {
    std::string list_file;
    std::string only;  // profile one row: time only rows whose name contains this
    std::vector<char*> rest;
    for (int i = 0; i < argc; ++i) {
        if (std::string_view(argv[i]) == "--list" && i + 1 < argc) {
            list_file = argv[++i];
        } else if (std::string_view(argv[i]) == "--only" && i + 1 < argc) {
            only = argv[++i];
        } else {
            rest.push_back(argv[i]);
        }
    }
    const auto args = kifu::bench::parse_arguments(
        static_cast<int>(rest.size()), rest.data(),
        {kifu::bench::corpus_or("shogi/generated/seed1-2000/csa", "seed1-2000/csa")});
    std::vector<kifu::bench::input> inputs;
    std::size_t peer_moves = 0;
    if (!list_file.empty()) {
        listed l = load_list(list_file);
        inputs = std::move(l.inputs);
        peer_moves = l.moves;
    } else {
        inputs = kifu::bench::load_inputs(args.paths, {".csa"});
    }
    if (inputs.empty()) {
        fmt::print(stderr, "no .csa file found\n");
        return 1;
    }
    const std::size_t bytes = kifu::bench::total_bytes(inputs);

    // Decoded once, not timed: the peers time from text in memory.
    const kifu::format_entry format = *kifu::find_format_entry("csa");
    std::vector<kifu::source_text> texts;
    for (const auto& in : inputs) {
        std::vector<kifu::diagnostic> ds;
        std::string declared;
        static_cast<void>(format.sniff(in.bytes, declared));
        kifu::decode_options d;
        d.fallback = std::string(format.fallback_encoding);
        d.declared = declared;
        texts.push_back(kifu::decode(in.name, in.bytes, d, ds));
    }

    std::vector<kifu::bench::move_rate> rates;
    std::size_t lines = 0;
    const double baseline = kifu::bench::best_cpu_seconds(args.passes, [&] {
        lines = 0;
        for (const auto& in : inputs) {
            lines += static_cast<std::size_t>(std::count(in.bytes.begin(), in.bytes.end(), '\n'));
        }
    });
    rates.push_back({"baseline: byte scan", 0, baseline});
    kifu::bench::table table("CSA (shogi)", inputs, args.passes);
    std::vector<kifu::bench::move_rate> peer_style;  // with --rounds
    auto measure = [&](std::string name, const std::function<std::size_t()>& pass) {
        if (name.find(only) == std::string::npos) return;
        kifu::bench::time_move_row(args, name, pass, rates, peer_style);
        table.measure(std::move(name), inputs.size(), bytes, pass);
    };

    namespace shogi = kifu::shogi;
    measure("grammar only: no builder", [&] {
        std::size_t moves = 0;
        for (const auto& text : texts) {
            counting_builder b;
            std::vector<kifu::diagnostic> ds;
            kifu::detail::parse<kifu::grammar::csa::traits::root, kifu::grammar::csa::traits>(
                text, kifu::read_mode::strict, "csa", b, ds);
            moves += b.moves;
        }
        return moves;
    });
    measure("parse: text -> raw JKF", [&] {
        std::size_t moves = 0;
        for (const auto& text : texts) {
            std::vector<shogi::jkf> games;
            std::vector<kifu::diagnostic> ds;
            shogi::detail::parse_csa(text, kifu::read_mode::strict, games, ds);
            for (const auto& g : games) moves += main_line_moves(g);
        }
        return moves;
    });
    measure("parse+normalize: text", [&] {
        std::size_t moves = 0;
        for (const auto& text : texts) {
            std::vector<shogi::jkf> games;
            std::vector<kifu::diagnostic> ds;
            shogi::detail::parse_csa(text, kifu::read_mode::strict, games, ds);
            for (auto& g : games) {
                shogi::normalize_options n;
                n.format = shogi::source_format::csa;
                n.file = text.file_name();
                if (shogi::normalize(g, n, ds)) moves += main_line_moves(g);
            }
        }
        return moves;
    });
    auto read_all = [&](bool normalize) {
        std::size_t moves = 0;
        kifu::read_options options;
        options.format = "csa";
        options.normalize = normalize;
        for (const auto& in : inputs) {
            const kifu::read_result result = kifu::read_buffer(in.bytes, in.name, options);
            for (const auto& r : result.records) {
                if (const auto* g = r.get<shogi::jkf>()) moves += main_line_moves(*g);
            }
        }
        return moves;
    };
    measure("read_buffer: decode+parse", [&] { return read_all(false); });
    measure("read_buffer: +normalize", [&] { return read_all(true); });

    table.print();
    kifu::bench::print_per_core(rates, args.passes, inputs.size(), bytes, lines);
    kifu::bench::print_peer_style(peer_style, args);
    // The row the peer's work matches, when --only kept it.
    const auto normalized = std::find_if(rates.begin(), rates.end(), [](const auto& r) { return r.name == "parse+normalize: text"; });
    if (!list_file.empty() && normalized != rates.end()) {
        fmt::print("\nlist {}: {} inputs, peer main-line moves {}; ours (parse+normalize) {}{}\n", list_file,
                   inputs.size(), peer_moves, normalized->moves, normalized->moves == peer_moves ? " (same)" : " (DIFFERENT)");
    }
    return 0;
}
