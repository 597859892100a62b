// The position index: building it and querying it, beside a baseline that answers a query
// without an index (a full scan: read and replay every game of the collection).
//
// kifu_bench_search [--passes N] [PATH...]: each path (folder or file) is one collection;
// by default the WTHOR base, the 2,000 generated KIF games and the SGF files of the corpus.
// Per collection: the full-scan baseline, the index build (into a scratch file, one pass,
// thread CPU time and wall time, the file size), and the median time of 100 queries of
// positions taken at random from the collection (warm cache).

#include <unistd.h>

#include <algorithm>
#include <random>

#include <kifu/search.hpp>

#include "bench_support.hpp"

namespace {

namespace fs = std::filesystem;

double thread_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double wall_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::vector<std::string> extensions_of_all_formats() {
    return {".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf", ".sgf", ".ggf", ".wtb"};
}

void run_collection(const fs::path& path, int passes) {
    const std::vector<kifu::bench::input> inputs = kifu::bench::load_inputs({path}, extensions_of_all_formats());
    if (inputs.empty()) {
        fmt::print("{}: no input\n\n", path.string());
        return;
    }
    const std::size_t bytes = kifu::bench::total_bytes(inputs);
    kifu::read_options lenient;
    lenient.mode = kifu::read_mode::lenient;

    // Baseline: read and replay everything, computing every position's key, once per query.
    std::size_t positions = 0;
    std::size_t games = 0;
    std::vector<kifu::search::position_key> sample;
    std::mt19937 rng(20261125);
    bool first_pass = true;
    std::size_t seen = 0;
    const double scan = kifu::bench::best_cpu_seconds(passes, [&] {
        positions = 0;
        games = 0;
        for (const auto& in : inputs) {
            const kifu::read_result r = kifu::read_buffer(in.bytes, in.name, lenient);
            games += r.records.size();
            for (const kifu::record& g : r.records) {
                kifu::search::for_each_position(g, [&](const kifu::search::position_visit& v) {
                    ++positions;
                    if (!first_pass) return;
                    // A uniform sample of 100 positions for the queries (reservoir sampling).
                    if (sample.size() < 100) {
                        sample.push_back(v.key);
                    } else if (const std::size_t j = std::uniform_int_distribution<std::size_t>(0, seen)(rng); j < 100) {
                        sample[j] = v.key;
                    }
                    ++seen;
                });
            }
        }
        first_pass = false;
    });

    const fs::path db_path = fs::temp_directory_path() / ("kifu-bench-search-" + std::to_string(::getpid()) + ".kdb");
    const double cpu0 = thread_seconds();
    const double wall0 = wall_seconds();
    {
        auto db = kifu::search::database::open(db_path, kifu::search::open_mode::rebuild);
        for (const auto& in : inputs) db.add_source(in.name, kifu::read_buffer(in.bytes, in.name, lenient));
        db.finish();
    }
    const double build_cpu = thread_seconds() - cpu0;
    const double build_wall = wall_seconds() - wall0;
    std::error_code ec;
    const auto size = fs::file_size(db_path, ec);

    const auto db = kifu::search::database::open(db_path, kifu::search::open_mode::read_only);
    std::vector<double> times;
    std::size_t found = 0;
    for (const auto& key : sample) db.find(key);  // warm the cache
    for (const auto& key : sample) {
        const double t0 = wall_seconds();
        found += db.find(key).total_games;
        times.push_back(wall_seconds() - t0);
    }
    std::sort(times.begin(), times.end());
    const double median = times.empty() ? 0 : times[times.size() / 2];

    fmt::print("{}: {} files, {:.1f} MB, {} games, {} positions\n", path.string(), inputs.size(),
               static_cast<double>(bytes) / 1e6, games, positions);
    fmt::print("{:<44} {:>12} {:>12}\n", "what", "seconds", "x baseline");
    fmt::print("{:<44} {:>12.3f} {:>12.1f}\n", "baseline: full scan (read + replay, CPU)", scan, 1.0);
    fmt::print("{:<44} {:>12.3f} {:>12.1f}\n", "index build (CPU)", build_cpu, build_cpu / scan);
    fmt::print("{:<44} {:>12.3f} {:>12.1f}\n", "index build (wall)", build_wall, build_wall / scan);
    fmt::print("{:<44} {:>12.6f} {:>12.5f}\n", "query, median of 100 (wall, warm)", median, median / scan);
    fmt::print("index file: {:.1f} MB ({:.1f} bytes per position); the 100 queries found {} games\n\n",
               static_cast<double>(size) / 1e6, positions ? static_cast<double>(size) / static_cast<double>(positions) : 0.0,
               found);
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db_path.string() + suffix, ec);
}

}  // namespace

int main(int argc, char** argv) {
    const kifu::bench::arguments args = kifu::bench::parse_arguments(
        argc, argv,
        {kifu::bench::corpus_or("othello/wthor/ffo-1977-2021", "."),
         kifu::bench::corpus_or("shogi/generated/seed1-2000/kif", "."), kifu::bench::corpus_or("go/sgf", ".")});
    for (const fs::path& p : args.paths) run_collection(p, std::min(args.passes, 3));
    return 0;
}
