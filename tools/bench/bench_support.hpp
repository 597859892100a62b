#pragma once

// What every kifu benchmark shares: load input files, time passes over them, and print a
// table of rates with each row's ratio to a baseline byte scan of the same bytes measured
// in the same run (so a figure means the same on a fast and a slow machine).
//
// A benchmark `tools/bench/<thing>_bench.cpp` is a main() that loads its inputs, adds a
// row per thing it measures with `table::measure` and prints the table. No assertions on
// time: a benchmark reports, tests check.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include <kifu/read.hpp>

namespace kifu::bench {

/// One input file held in memory.
struct input {
    std::string name;
    std::string bytes;
};

/// The command line every benchmark takes: `[--passes N] [--rounds R] [--min-time S] [PATH...]`.
struct arguments {
    int passes = 5;
    int rounds = 0;          ///< > 0: also time rows as the peers' benchmarks do (median_round_seconds;
                             ///< the CSA and KIF/KI2 benchmarks)
    double min_time = 2.0;   ///< seconds of wall time a round lasts at least
    std::vector<std::filesystem::path> paths;
};

/// Returns the parsed command line; `fallback` paths are used when none is given.
inline arguments parse_arguments(int argc, char** argv, std::vector<std::filesystem::path> fallback) {
    arguments args;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--passes" && i + 1 < argc) {
            args.passes = std::max(1, std::atoi(argv[++i]));
        } else if (arg == "--rounds" && i + 1 < argc) {
            args.rounds = std::max(1, std::atoi(argv[++i]));
        } else if (arg == "--min-time" && i + 1 < argc) {
            args.min_time = std::max(0.01, std::atof(argv[++i]));
        } else if (arg == "--help" || arg == "-h") {
            // --rounds is read by the benchmarks that compare with a shogi peer (CSA, KIF/KI2).
            fmt::print("usage: {} [--passes N] [--rounds R [--min-time S]] [FILE|FOLDER...]\n", argv[0]);
            std::exit(0);
        } else {
            args.paths.emplace_back(arg);
        }
    }
    if (args.paths.empty()) {
        args.paths = std::move(fallback);
    }
    return args;
}

/// Returns the shared corpus folder (or a sub-folder of it) when it exists, else `otherwise`.
inline std::filesystem::path corpus_or(std::string_view sub, std::filesystem::path otherwise) {
    const std::filesystem::path dir = std::filesystem::path(KIFU_BENCH_CORPUS_DIR) / sub;
    std::error_code ec;
    return std::filesystem::is_directory(dir, ec) ? dir : otherwise;
}

/// Loads every file named or found (recursively, sorted) under the paths whose extension
/// is one of `extensions` (lower case, with dot; empty = all files).
inline std::vector<input> load_inputs(const std::vector<std::filesystem::path>& paths,
                                      const std::vector<std::string>& extensions = {}) {
    std::vector<std::filesystem::path> files;
    auto wanted = [&](const std::filesystem::path& p) {
        std::string ext = p.extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
        return extensions.empty() || std::find(extensions.begin(), extensions.end(), ext) != extensions.end();
    };
    for (const auto& path : paths) {
        if (std::filesystem::is_directory(path)) {
            for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
                if (entry.is_regular_file() && wanted(entry.path())) {
                    files.push_back(entry.path());
                }
            }
        } else {
            files.push_back(path);
        }
    }
    std::sort(files.begin(), files.end());
    std::vector<input> inputs;
    for (const auto& file : files) {
        input in{file.string(), {}};
        std::vector<diagnostic> problems;
        if (load_file(file, in.bytes, problems)) {
            inputs.push_back(std::move(in));
        } else {
            fmt::print(stderr, "skipped {}: {}\n", file.string(), problems.front().message);
        }
    }
    return inputs;
}

/// Returns the total size of the inputs in bytes.
inline std::size_t total_bytes(const std::vector<input>& inputs) {
    std::size_t n = 0;
    for (const auto& in : inputs) {
        n += in.bytes.size();
    }
    return n;
}

/// Returns the best (shortest) time in seconds of `passes` calls of `pass`.
inline double best_of(int passes, const std::function<void()>& pass) {
    double best = 0;
    for (int i = 0; i < passes; ++i) {
        const auto start = std::chrono::steady_clock::now();
        pass();
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        best = i == 0 ? took.count() : std::min(best, took.count());
    }
    return best;
}

/// Returns the best (shortest) CPU time of this thread in seconds over `passes` calls of
/// `pass`. On a shared machine wall time counts other people's jobs; thread CPU time does not.
inline double best_cpu_seconds(int passes, const std::function<void()>& pass) {
    double best = 0;
    for (int i = 0; i < passes; ++i) {
        timespec a{};
        timespec b{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
        pass();
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        const double s = static_cast<double>(b.tv_sec - a.tv_sec) + static_cast<double>(b.tv_nsec - a.tv_nsec) * 1e-9;
        best = i == 0 ? s : std::min(best, s);
    }
    return best;
}

/// The time of one pass as the peers' benchmarks take it (shared/peers/shogi/bench.mjs), so that
/// a ratio to a peer compares the same statistic on both sides: passes for at least a second
/// of warm-up (two at least), then `rounds` rounds of N passes, N fixed from the warm-up so that
/// a round lasts about `min_seconds`; each round's wall time over N, the median round returned.
/// Wall time, as Node's clock is: a round also pays for whatever else the machine runs then.
inline double median_round_seconds(int rounds, double min_seconds, const std::function<void()>& pass) {
    using clock = std::chrono::steady_clock;
    const auto seconds_since = [](clock::time_point t) { return std::chrono::duration<double>(clock::now() - t).count(); };
    std::vector<double> warm;
    const auto warm_start = clock::now();
    do {
        const auto t = clock::now();
        pass();
        warm.push_back(seconds_since(t));
    } while (seconds_since(warm_start) < 1.0 || warm.size() < 2);
    // The median of the last few warm-up passes (at most five, at most half of them).
    std::vector<double> last(warm.end() - static_cast<std::ptrdiff_t>(std::min<std::size_t>(5, (warm.size() + 1) / 2)), warm.end());
    std::sort(last.begin(), last.end());
    const double per_pass = std::max(last[last.size() / 2], 1e-6);
    const int n = std::max(1, static_cast<int>(std::ceil(min_seconds / per_pass)));
    std::vector<double> times;
    for (int r = 0; r < rounds; ++r) {
        const auto t = clock::now();
        for (int k = 0; k < n; ++k) pass();
        times.push_back(seconds_since(t) / n);
    }
    std::sort(times.begin(), times.end());
    const std::size_t m = times.size() / 2;
    return times.size() % 2 ? times[m] : (times[m - 1] + times[m]) / 2;
}

/// A row timed per move: its name, the main-line moves of one pass and the seconds of one pass.
struct move_rate {
    std::string name;
    std::size_t moves;
    double seconds;
};

/// Times `pass` (which returns the moves it read) for one row: the best pass by thread CPU time
/// into `rates` and, with `--rounds`, as the peers time themselves into `peer_style`.
inline void time_move_row(const arguments& args, const std::string& name, const std::function<std::size_t()>& pass,
                          std::vector<move_rate>& rates, std::vector<move_rate>& peer_style) {
    std::size_t moves = 0;
    const double seconds = best_cpu_seconds(args.passes, [&] { moves = pass(); });
    rates.push_back({name, moves, seconds});
    if (args.rounds > 0) {
        peer_style.push_back({name, moves, median_round_seconds(args.rounds, args.min_time, [&] { pass(); })});
    }
}

inline double moves_per_second(const move_rate& r) { return r.moves ? static_cast<double>(r.moves) / r.seconds : 0.0; }
inline double ns_per_move(const move_rate& r) { return r.moves ? r.seconds * 1e9 / static_cast<double>(r.moves) : 0.0; }

/// Prints rows timed per move by best_cpu_seconds, the first one the baseline byte scan.
inline void print_per_core(const std::vector<move_rate>& rows, int passes, std::size_t files, std::size_t bytes,
                           std::size_t lines) {
    fmt::print("\nper core, from thread CPU time (best of {} passes); {} files, {:.3f} MB, {} lines\n", passes, files,
               static_cast<double>(bytes) / 1e6, lines);
    fmt::print("{:<28} {:>10} {:>12} {:>10} {:>10} {:>10}\n", "what", "moves", "moves/s", "ns/move", "MB/s", "x baseline");
    for (const auto& r : rows) {
        fmt::print("{:<28} {:>10} {:>12.0f} {:>10.1f} {:>10.1f} {:>10.1f}\n", r.name, r.moves, moves_per_second(r),
                   ns_per_move(r), static_cast<double>(bytes) / 1e6 / r.seconds, r.seconds / rows.front().seconds);
    }
}

/// Prints the rows median_round_seconds timed (`--rounds`), per move.
inline void print_peer_style(const std::vector<move_rate>& rows, const arguments& args) {
    if (rows.empty()) return;
    fmt::print("\nas the peers time it: median of {} rounds of at least {} s, wall time\n", args.rounds, args.min_time);
    fmt::print("{:<28} {:>10} {:>12} {:>10}\n", "what", "moves", "moves/s", "ns/move");
    for (const auto& r : rows) fmt::print("{:<28} {:>10} {:>12.0f} {:>10.1f}\n", r.name, r.moves, moves_per_second(r), ns_per_move(r));
}

/// Rows of measurements over one set of inputs, printed as a table. The first row is
/// always the baseline: counting line breaks in every input, byte by byte.
class table {
public:
    table(std::string title, const std::vector<input>& inputs, int passes) : title_(std::move(title)), passes_(passes) {
        const std::size_t bytes = total_bytes(inputs);
        std::size_t lines = 0;
        const double seconds = best_of(passes_, [&] {
            lines = 0;
            for (const auto& in : inputs) {
                lines += static_cast<std::size_t>(std::count(in.bytes.begin(), in.bytes.end(), '\n'));
            }
        });
        rows_.push_back({"baseline: byte scan", inputs.size(), bytes, lines, seconds});
        baseline_ = seconds;
    }

    /// Times `pass` over inputs of `files` files and `bytes` bytes; `pass` returns how many
    /// items (games, moves, …) it handled.
    void measure(std::string name, std::size_t files, std::size_t bytes, const std::function<std::size_t()>& pass) {
        std::size_t items = 0;
        const double seconds = best_of(passes_, [&] { items = pass(); });
        rows_.push_back({std::move(name), files, bytes, items, seconds});
    }

    /// Prints the table on stdout.
    void print() const {
        fmt::print("{} (best of {} passes)\n", title_, passes_);
        fmt::print("{:<28} {:>7} {:>10} {:>10} {:>10} {:>12} {:>10}\n", "what", "files", "MB", "items", "ms",
                   "MB/s", "x baseline");
        for (const auto& r : rows_) {
            const double mb = static_cast<double>(r.bytes) / 1e6;
            const double rate = r.seconds > 0 ? mb / r.seconds : 0;
            // Time per byte relative to the baseline's time per byte.
            const double base_per_byte = rows_.front().bytes ? baseline_ / static_cast<double>(rows_.front().bytes) : 0;
            const double per_byte = r.bytes ? r.seconds / static_cast<double>(r.bytes) : 0;
            const double ratio = base_per_byte > 0 ? per_byte / base_per_byte : 0;
            fmt::print("{:<28} {:>7} {:>10.3f} {:>10} {:>10.2f} {:>12.1f} {:>10.1f}\n", r.name, r.files, mb, r.items,
                       r.seconds * 1e3, rate, ratio);
        }
    }

private:
    struct row {
        std::string name;
        std::size_t files;
        std::size_t bytes;
        std::size_t items;
        double seconds;
    };
    std::string title_;
    int passes_;
    double baseline_ = 0;
    std::vector<row> rows_;
};

}  // namespace kifu::bench
