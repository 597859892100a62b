// Training data: positions a second of kifu::position_reader (columns) over the WTHOR base and
// the 2,000 generated KIF games, of the reads alone (read_stream, read_file) and of positions-csv
// over the same games, and of the hcpe writer (read + write, and write alone of records read
// before), each with the baseline byte scan of the same bytes measured in the same run. CPU time
// (for position_reader, whose reading runs on a thread of its own, the whole process's). Usage:
// kifu_bench_training [--passes N] [WTHOR-FOLDER KIF-FOLDER] (default: the corpus'
// othello/wthor/ffo-1977-2021 and shogi/generated/seed1-2000/kif).

#include "bench_support.hpp"

#include <kifu/read_stream.hpp>
#include <kifu/training.hpp>
#include <kifu/write.hpp>

#include <ctime>
#include <functional>

#include <fmt/core.h>

namespace {

// The best of `passes` runs in CPU time of the whole process: position_reader reads on a thread
// of its own while the caller waits.
double best_process_cpu_seconds(int passes, const std::function<void()>& pass) {
    double best = 0;
    for (int i = 0; i < passes; ++i) {
        timespec a{};
        timespec b{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
        pass();
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
        const double s = static_cast<double>(b.tv_sec - a.tv_sec) + static_cast<double>(b.tv_nsec - a.tv_nsec) * 1e-9;
        if (i == 0 || s < best) best = s;
    }
    return best;
}

struct row {
    std::string name;
    std::size_t positions = 0;
    double seconds = 0;
};

std::size_t reader_positions(const std::vector<kifu::bench::input>& inputs, kifu::game game) {
    std::vector<kifu::position_input> paths;
    for (const auto& in : inputs) paths.push_back({in.name, std::nullopt});
    kifu::position_reader reader(std::move(paths), game, 65536);
    kifu::position_batch b;
    std::size_t n = 0;
    while (reader.next(b)) n += b.rows;
    return n;
}

std::size_t stream_games(const std::vector<kifu::bench::input>& inputs) {
    std::size_t games = 0;
    kifu::stream_sink sink;
    sink.on_record = [&](kifu::record&&) {
        ++games;
        return true;
    };
    for (const auto& in : inputs) kifu::read_stream(in.name, {}, sink);
    return games;
}

void print(const std::string& title, std::size_t bytes, double baseline, const std::vector<row>& rows) {
    fmt::print("{}: {} bytes; byte scan {:.1f} MB/s\n", title, bytes, static_cast<double>(bytes) / baseline / 1e6);
    for (const row& r : rows) {
        fmt::print("  {:<44} {:>10} positions {:>8.3f} s {:>12.0f} positions/s  ({:.1f}x the byte scan's time)\n", r.name,
                   r.positions, r.seconds, static_cast<double>(r.positions) / r.seconds, r.seconds / baseline);
    }
}

double scan(const std::vector<kifu::bench::input>& inputs, int passes) {
    std::size_t sum = 0;
    const double s = kifu::bench::best_cpu_seconds(passes, [&] {
        for (const auto& in : inputs) {
            for (const char c : in.bytes) sum += static_cast<unsigned char>(c);
        }
    });
    if (sum == 1) fmt::print(" ");
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    const auto args = kifu::bench::parse_arguments(
        argc, argv,
        {kifu::bench::corpus_or("othello/wthor/ffo-1977-2021", "ffo-1977-2021"),
         kifu::bench::corpus_or("shogi/generated/seed1-2000/kif", "kif")});
    const auto wthor = kifu::bench::load_inputs(args.paths, {".wtb"});
    const auto kif = kifu::bench::load_inputs(args.paths, {".kif", ".kifu"});

    if (!wthor.empty()) {
        std::vector<row> rows;
        std::size_t n = 0;
        rows.push_back({"position_reader (columns)", 0, best_process_cpu_seconds(args.passes, [&] {
                            n = reader_positions(wthor, kifu::game::othello);
                        })});
        rows.back().positions = n;
        std::size_t games = 0;
        rows.push_back({"read_stream alone (games, no rows)", 0,
                        kifu::bench::best_cpu_seconds(args.passes, [&] { games = stream_games(wthor); })});
        rows.back().positions = n;
        print("WTHOR " + std::to_string(wthor.size()) + " files, " + std::to_string(games) + " games",
              kifu::bench::total_bytes(wthor), scan(wthor, args.passes), rows);
    }
    if (!kif.empty()) {
        std::vector<row> rows;
        std::size_t n = 0;
        rows.push_back({"position_reader (columns)", 0, best_process_cpu_seconds(args.passes, [&] {
                            n = reader_positions(kif, kifu::game::shogi);
                        })});
        rows.back().positions = n;
        std::vector<kifu::record> records;
        rows.push_back({"read_file alone", n, kifu::bench::best_cpu_seconds(args.passes, [&] {
                            records.clear();
                            for (const auto& in : kif) {
                                kifu::read_result r = kifu::read_file(in.name);
                                for (kifu::record& rec : r.records) records.push_back(std::move(rec));
                            }
                        })});
        std::size_t written = 0;
        rows.push_back({"positions-csv write alone", n, kifu::bench::best_cpu_seconds(args.passes, [&] {
                            written = kifu::write(records, "positions-csv").text.size();
                        })});
        rows.push_back({"hcpe write alone (records read before)", 0, kifu::bench::best_cpu_seconds(args.passes, [&] {
                            written = kifu::write(records, "hcpe").text.size();
                        })});
        rows.back().positions = written / 38;
        rows.push_back({"read_file + hcpe write, file by file", 0, kifu::bench::best_cpu_seconds(args.passes, [&] {
                            written = 0;
                            for (const auto& in : kif) {
                                const kifu::read_result r = kifu::read_file(in.name);
                                written += kifu::write(r.records, "hcpe").text.size();
                            }
                        })});
        rows.back().positions = written / 38;
        print("KIF " + std::to_string(kif.size()) + " files", kifu::bench::total_bytes(kif), scan(kif, args.passes), rows);
    }
    return 0;
}
