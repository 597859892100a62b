// KIF and KI2 read speed over the generated 2,000-game set (or given files), against a
// baseline byte scan of the same bytes measured in the same run. Built as kifu_bench_kakinoki.
// Usage:
//   kifu_bench_kakinoki [--passes N] [--rounds R [--min-time S]] [--format kif|ki2] [--rows PREFIX]
//                       [--list FILE.tsv] [FOLDER|FILE...]
// Without paths: ../shared/corpus/shogi/generated/seed1-2000/kif (.kif, .kifu) and then
// .../ki2 (.ki2, .ki2u), one table each; `--format` picks one. `--list` takes the TSV that
// `node bench.mjs --list` writes in ../shared/peers/shogi (input, bytes, moves; `PATH#K` is the
// K-th game of a file split on `/` lines) and times exactly those games, checking that our
// main-line move count equals the peer's. `--rows parse` times only the rows whose name starts
// with "parse" (for `perf record` on one row). `--rounds R` times each row a second time as the
// peer's bench.mjs times itself (kifu::bench::median_round_seconds: the median of R rounds of at
// least S seconds, default 2, wall time) and prints those rates too. Compare with
// `node bench.mjs --peer jkf --format kif|ki2 <same folder>` (see docs/performance.md).
//
// The format's reader is called as read_file calls it (its registry entry's read_text, after
// kifu::decode), and kifu::read_buffer as a library user calls it.

#include "bench_support.hpp"
#include "shogi_peer_list.hpp"

#include <algorithm>
#include <functional>

#include <fmt/core.h>

#include <kifu/format.hpp>
#include <kifu/kifu.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

#include "format_entry.hpp"

namespace {

using kifu::bench::listed;
using kifu::bench::load_list;
using kifu::bench::main_line_moves;

std::size_t main_line_moves(const kifu::read_result& result) {
    std::size_t moves = 0;
    for (const auto& r : result.records) {
        if (const auto* g = r.get<kifu::shogi::jkf>()) moves += main_line_moves(*g);
    }
    return moves;
}

using rate = kifu::bench::move_rate;

// Times one format over its inputs and prints both tables; returns the rows.
std::vector<rate> bench_format(const std::string& name, const std::vector<kifu::bench::input>& inputs,
                               const kifu::bench::arguments& args, const std::string& rows) {
    const int passes = args.passes;
    const kifu::format_entry* format = kifu::find_format_entry(name);
    if (format == nullptr || format->read_text == nullptr) {
        fmt::print(stderr, "format {} is not registered\n", name);
        return {};
    }
    const std::size_t bytes = kifu::bench::total_bytes(inputs);

    // Decoded once, not timed: the peers time from text in memory.
    std::vector<kifu::source_text> texts;
    texts.reserve(inputs.size());
    for (const auto& in : inputs) {
        std::vector<kifu::diagnostic> ds;
        const kifu::detection d = kifu::detect(in.bytes, *format);
        kifu::decode_options options;
        options.forced = d.encoding;
        texts.push_back(kifu::decode(in.name, in.bytes, options, ds));
    }

    std::vector<rate> rates;
    std::vector<rate> peer_style;  // with --rounds
    std::size_t lines = 0;
    const double baseline = kifu::bench::best_cpu_seconds(passes, [&] {
        lines = 0;
        for (const auto& in : inputs) {
            lines += static_cast<std::size_t>(std::count(in.bytes.begin(), in.bytes.end(), '\n'));
        }
    });
    rates.push_back({"baseline: byte scan", 0, baseline});
    kifu::bench::table table(name == "kif" ? "KIF (shogi)" : "KI2 (shogi)", inputs, passes);
    auto measure = [&](std::string row, const std::function<std::size_t()>& pass) {
        if (!row.starts_with(rows)) return;
        kifu::bench::time_move_row(args, row, pass, rates, peer_style);
        table.measure(std::move(row), inputs.size(), bytes, pass);
    };

    auto from_text = [&](bool normalize) {
        std::size_t moves = 0;
        kifu::read_options options;
        options.format = name;
        options.normalize = normalize;
        for (const auto& text : texts) {
            kifu::read_result out;
            format->read_text(text, options, out);
            moves += main_line_moves(out);
        }
        return moves;
    };
    auto from_bytes = [&](bool normalize) {
        std::size_t moves = 0;
        kifu::read_options options;
        options.format = name;
        options.normalize = normalize;
        for (const auto& in : inputs) moves += main_line_moves(kifu::read_buffer(in.bytes, in.name, options));
        return moves;
    };
    measure("parse: text -> raw JKF", [&] { return from_text(false); });
    measure("parse+normalize: text", [&] { return from_text(true); });
    measure("read_buffer: decode+parse", [&] { return from_bytes(false); });
    measure("read_buffer: +normalize", [&] { return from_bytes(true); });

    table.print();
    kifu::bench::print_per_core(rates, passes, inputs.size(), bytes, lines);
    kifu::bench::print_peer_style(peer_style, args);
    fmt::print("\n");
    return rates;
}

// "kif" for .kif/.kifu, "ki2" for .ki2/.ki2u (a list names its games by path).
std::string format_of(const std::string& name) {
    const std::string path = name.substr(0, name.rfind('#') == std::string::npos ? name.size() : name.rfind('#'));
    const std::string ext = std::filesystem::path(path).extension().string();
    return ext == ".ki2" || ext == ".ki2u" ? "ki2" : "kif";
}

}  // namespace

int main(int argc, char** argv) {
    std::string list_file;
    std::string only;
    std::string rows;
    std::vector<char*> rest;
    for (int i = 0; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--list" && i + 1 < argc) {
            list_file = argv[++i];
        } else if (arg == "--rows" && i + 1 < argc) {
            rows = argv[++i];
        } else if (arg == "--format" && i + 1 < argc) {
            only = argv[++i];
        } else {
            rest.push_back(argv[i]);
        }
    }
    if (!only.empty() && only != "kif" && only != "ki2") {
        fmt::print(stderr, "--format must be kif or ki2\n");
        return 2;
    }
    const auto args = kifu::bench::parse_arguments(static_cast<int>(rest.size()), rest.data(), {});
    const bool given = !args.paths.empty();

    if (!list_file.empty()) {
        listed l = load_list(list_file);
        if (l.inputs.empty()) {
            fmt::print(stderr, "no input in {}\n", list_file);
            return 1;
        }
        const std::string name = only.empty() ? format_of(l.inputs.front().name) : only;
        const auto rates = bench_format(name, l.inputs, args, rows);
        const auto row = std::find_if(rates.begin(), rates.end(), [](const rate& r) { return r.name == "parse+normalize: text"; });
        if (row == rates.end()) return 1;
        const std::size_t ours = row->moves;
        fmt::print("list {}: {} inputs, peer main-line moves {}; ours (parse+normalize) {}{}\n", list_file,
                   l.inputs.size(), l.moves, ours, ours == l.moves ? " (same)" : " (DIFFERENT)");
        return 0;
    }

    int status = 0;
    for (const std::string name : {"kif", "ki2"}) {
        if (!only.empty() && only != name) continue;
        std::vector<std::filesystem::path> paths = args.paths;
        if (!given) {
            paths = {kifu::bench::corpus_or("shogi/generated/seed1-2000/" + name, "seed1-2000/" + name)};
        }
        const std::vector<std::string> extensions =
            name == "kif" ? std::vector<std::string>{".kif", ".kifu"} : std::vector<std::string>{".ki2", ".ki2u"};
        const auto inputs = kifu::bench::load_inputs(paths, extensions);
        if (inputs.empty()) {
            if (!given || !only.empty()) {
                fmt::print(stderr, "no {} file found\n", name);
                status = 1;
            }
            continue;
        }
        if (bench_format(name, inputs, args, rows).empty()) status = 1;
    }
    return status;
}
