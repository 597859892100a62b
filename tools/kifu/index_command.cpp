// kifu index: reads records of any game and format and adds every position their lines of
// play reach to a position index (an SQLite file; docs/search.md).

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <set>
#include <system_error>

#include <fmt/core.h>

#include <kifu/format.hpp>
#include <kifu/search.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "input_list.hpp"

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

int index_inputs(const index_options& options) {
    read_options read;
    if (!options.format.empty()) {
        const format_info* f = format_option(options.format);
        if (!f) return exit_usage;
        read.format = std::string(f->name);
    }
    read.encoding = options.encoding;
    // A broken record is reported and left out; the file's other games are indexed.
    read.mode = read_mode::lenient;

    std::vector<diagnostic> problems;
    input_list_options listing;
    listing.args = options.inputs;
    std::vector<std::string> named;
    std::vector<std::string> files;
    for (input_item& item : expand_inputs(listing, problems, &named)) files.push_back(std::move(item.arg));
    print_diagnostics(stderr, problems);
    bool failed = has_error(problems);

    search::database db = [&] {
        return search::database::open(options.database, options.rebuild ? search::open_mode::rebuild : search::open_mode::create);
    }();
    const bool progress = files.size() > 1 && isatty(fileno(stderr)) != 0;
    std::size_t skipped = 0;
    std::size_t read_files = 0;
    search::add_stats total;
    std::set<std::string> indexed;  // the sources this run indexed or found unchanged
    const auto started = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string& file = files[i];
        if (progress) {
            fmt::print(stderr, "\r\x1b[K[{}/{}] {}", i + 1, files.size(), file);
            std::fflush(stderr);
        }
        std::error_code ec;
        const bool is_stdin = file == "-";
        const std::uint64_t size = is_stdin ? 0 : static_cast<std::uint64_t>(std::filesystem::file_size(file, ec));
        const std::int64_t mtime = is_stdin || ec ? 0 : mtime_of(file);
        if (!is_stdin && !ec && db.is_current(file, size, mtime)) {
            ++skipped;
            indexed.insert(file);
            continue;
        }
        const read_result result = read_input(file, read);
        if (progress && !result.diagnostics.empty()) fmt::print(stderr, "\r\x1b[K");
        print_diagnostics(stderr, result.diagnostics);
        if (!result.ok()) failed = true;
        if (result.records.empty() && !result.ok()) continue;
        const std::string source = is_stdin ? std::string("<stdin>") : file;
        const search::add_stats s = db.add_source(source, result, size, mtime);
        indexed.insert(source);
        ++read_files;
        total.games_added += s.games_added;
        total.games_duplicate += s.games_duplicate;
        total.positions += s.positions;
        total.games_left_out += s.games_left_out;
    }
    if (progress) fmt::print(stderr, "\r\x1b[K");
    // What a fresh index of these inputs would not hold: sources named by the inputs (or below
    // a directory they name) that this run did not index, because they are gone, no longer
    // read, or no longer listed. Sources outside the inputs stay.
    std::size_t removed = 0;
    for (const std::string& source : db.sources()) {
        if (indexed.count(source) != 0) continue;
        if (std::none_of(named.begin(), named.end(), [&](const std::string& n) { return in_scope(source, n); })) continue;
        db.remove_source(source);
        ++removed;
    }
    db.finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const search::index_stats st = db.stats();
    fmt::print(stderr,
               "kifu index: {} files read ({} unchanged, {} removed), {} games added ({} already indexed, {} with errors left "
               "out), {} positions in "
               "{:.1f} s; {} now holds {} games, {} positions, {:.1f} MB\n",
               read_files, skipped, removed, total.games_added, total.games_duplicate, total.games_left_out, total.positions, seconds, options.database,
               st.games, st.positions, static_cast<double>(st.file_bytes) / 1e6);
    return failed ? exit_input : exit_ok;
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
