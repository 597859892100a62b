// kifu index: reads records of any game and format and adds every position their lines of
// play reach to a position index (an SQLite file; docs/search.md). Inputs are read and
// replayed on -j threads; the database is written on this thread, in input order, so any -j
// gives the same index.

#include <algorithm>
#include <cstdint>
#include <chrono>
#include <filesystem>
#include <optional>
#include <set>
#include <system_error>

#include <fmt/core.h>

#include <kifu/format.hpp>
#include <kifu/search.hpp>

#include "batch.hpp"
#include "batch_report.hpp"
#include "commands.hpp"
#include "input.hpp"
#include "parallel.hpp"

namespace kifu::cli {
namespace {

// True when `source` (a path as indexed) is `name` or lies below it.
bool in_scope(const std::string& source, const std::string& name) {
    if (name.empty() || name == "-" || !source.starts_with(name)) return false;
    return source.size() == name.size() || name.back() == '/' || source[name.size()] == '/';
}

std::int64_t mtime_of(const std::filesystem::path& p) {
    std::error_code ec;
    const auto t = std::filesystem::last_write_time(p, ec);
    return ec ? 0 : static_cast<std::int64_t>(t.time_since_epoch().count());
}

// The time stored for a source whose read had errors: no file has it, so it is never current.
constexpr std::int64_t unread_mtime = INT64_MIN;

// What the database knows of an input before it is read.
struct input_state {
    std::string source;  // the name the index keeps it under
    std::uint64_t size = 0;
    std::int64_t mtime = 0;
    bool current = false;  // indexed with this size and time: not read again
};

// One input read and prepared (on a worker thread), handed back in input order.
struct prepared_input {
    std::string messages;  // its diagnostics, as stderr shows them
    std::vector<diagnostic> diagnostics;
    std::size_t games = 0;
    std::size_t moves = 0;
    bool readable = true;  // false: no record and an error; nothing to index
    bool ok = true;
    search::prepared_source games_ready;
};

prepared_input prepare_input(const std::string& arg, const read_options& read) {
    prepared_input p;
    const read_result result = read_input(arg, read);
    p.diagnostics = result.diagnostics;
    append_diagnostics(p.messages, result.diagnostics);
    p.ok = result.ok();
    p.readable = !result.records.empty() || result.ok();
    p.games = result.records.size();
    for (const record& r : result.records) p.moves += main_line_moves(r);
    if (p.readable) p.games_ready = search::prepare(result);
    return p;
}

int index_inputs(const index_options& options) {
    read_options read;
    if (!bind_read_options(options.reading, read)) return exit_usage;

    batch b(options);
    int status = b.status();
    // A new index is created when the first input is added to it: a run that reads nothing
    // (a missing file, a folder without records) leaves no empty index behind. A path that
    // cannot hold one (its folder is missing) is opened at once for the error.
    std::optional<search::database> opened;
    auto database = [&]() -> search::database& {
        if (!opened) {
            opened.emplace(search::database::open(options.database,
                                                  options.rebuild ? search::open_mode::rebuild : search::open_mode::create));
        }
        return *opened;
    };
    {
        std::error_code ec;
        const std::filesystem::path path(options.database);
        const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
        if (options.rebuild || std::filesystem::exists(path, ec) || !std::filesystem::is_directory(folder, ec)) database();
    }
    const auto started = std::chrono::steady_clock::now();

    std::vector<input_state> states(b.items().size());
    for (std::size_t i = 0; i < states.size(); ++i) {
        const std::string& arg = b.items()[i].arg;
        input_state& s = states[i];
        if (arg == "-") {
            s.source = "<stdin>";
            continue;
        }
        s.source = arg;
        std::error_code ec;
        s.size = static_cast<std::uint64_t>(std::filesystem::file_size(arg, ec));
        if (ec) continue;  // the read reports it
        s.mtime = mtime_of(arg);
        s.current = opened && opened->is_current(arg, s.size, s.mtime);
    }

    std::size_t unchanged = 0;
    std::size_t read_files = 0;
    search::add_stats total;
    std::set<std::string> indexed;  // the sources this run indexed or found unchanged
    run_in_order<prepared_input>(
        b.items().size(), b.jobs(),
        [&](std::size_t i, unsigned) {
            return states[i].current ? prepared_input{} : prepare_input(b.items()[i].arg, read);
        },
        [&](std::size_t i, prepared_input& p) {
            const input_state& s = states[i];
            b.report(p.messages);
            if (!p.ok) status = std::max(status, exit_input);
            if (s.current) {
                ++unchanged;
                indexed.insert(s.source);
            } else if (p.readable) {
                // A file with errors is read again next time (no time that matches is stored),
                // so that its errors are reported until it is fixed.
                const search::add_stats added =
                    database().add_source(s.source, p.games_ready, s.size, p.ok ? s.mtime : unread_mtime);
                indexed.insert(s.source);
                ++read_files;
                total.games_added += added.games_added;
                total.games_duplicate += added.games_duplicate;
                total.games_left_out += added.games_left_out;
                total.positions += added.positions;
            }
            b.done(i, s.current ? 0 : s.size, p.games, p.moves, p.diagnostics);
        });
    // What a fresh index of these inputs would not hold: sources named by the inputs (or below
    // a directory they name) that this run did not index, because they are gone, no longer
    // read, or no longer listed. Sources outside the inputs stay.
    std::size_t removed = 0;
    if (opened) {
        for (const std::string& source : opened->sources()) {
            if (indexed.count(source) != 0) continue;
            const std::vector<std::string>& named = b.named();
            if (std::none_of(named.begin(), named.end(), [&](const std::string& n) { return in_scope(source, n); })) continue;
            opened->remove_source(source);
            ++removed;
        }
        opened->finish();
    }
    b.finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::string counts = fmt::format(
        "kifu index: {} files read ({} unchanged, {} removed), {} games added ({} already indexed, {} with errors left out), "
        "{} positions in {:.1f} s",
        read_files, unchanged, removed, total.games_added, total.games_duplicate, total.games_left_out, total.positions,
        seconds);
    if (!opened) {
        fmt::print(stderr, "{}; nothing could be read: {} not created\n", counts, options.database);
        return status;
    }
    const search::index_stats st = opened->stats();
    fmt::print(stderr, "{}; {} now holds {} games, {} positions, {:.1f} MB\n", counts, options.database, st.games,
               st.positions, static_cast<double>(st.file_bytes) / 1e6);
    return status;
}

}  // namespace

int run_index(const index_options& options) {
    try {
        return index_inputs(options);
    } catch (const search::error& e) {
        fmt::print(stderr, "kifu: error: {}\n", e.what());
        return exit_input;
    }
}

}  // namespace kifu::cli
