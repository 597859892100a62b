// kifu index: reads records of any game and format and adds every position their lines of
// play reach to a position index (an SQLite file; docs/search.md).

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <system_error>

#include <fmt/core.h>

#include <kifu/format.hpp>
#include <kifu/search.hpp>

#include "commands.hpp"
#include "input.hpp"

namespace kifu::cli {
namespace {

bool has_registered_extension(const std::filesystem::path& p) {
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext.empty()) return false;
    for (const format_info& f : formats()) {
        if (std::find(f.extensions.begin(), f.extensions.end(), ext) != f.extensions.end()) return true;
    }
    return false;
}

// The files of the inputs: a file as named, a directory's files with a registered extension,
// recursively, in sorted order.
std::vector<std::string> expand_inputs(const std::vector<std::string>& inputs, std::vector<diagnostic>& problems) {
    std::vector<std::string> files;
    for (const std::string& input : inputs) {
        std::error_code ec;
        if (!std::filesystem::is_directory(input, ec)) {
            files.push_back(input);
            continue;
        }
        std::vector<std::string> found;
        std::filesystem::recursive_directory_iterator it(input, std::filesystem::directory_options::skip_permission_denied, ec);
        for (; !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
            if (it->is_regular_file(ec) && has_registered_extension(it->path())) found.push_back(it->path().string());
        }
        if (ec) problems.push_back({severity::error, "io.open", fmt::format("cannot list the directory: {}", ec.message()), input});
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
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
    // A broken record is reported and what could be read of the file is indexed.
    read.mode = read_mode::lenient;

    std::vector<diagnostic> problems;
    const std::vector<std::string> files = expand_inputs(options.inputs, problems);
    print_diagnostics(stderr, problems);
    bool failed = has_error(problems);

    search::database db = [&] {
        return search::database::open(options.database, options.rebuild ? search::open_mode::rebuild : search::open_mode::create);
    }();
    const bool progress = files.size() > 1 && isatty(fileno(stderr)) != 0;
    std::size_t skipped = 0;
    std::size_t read_files = 0;
    search::add_stats total;
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
            continue;
        }
        const read_result result = read_input(file, read);
        if (progress && !result.diagnostics.empty()) fmt::print(stderr, "\r\x1b[K");
        print_diagnostics(stderr, result.diagnostics);
        if (!result.ok()) failed = true;
        if (result.records.empty() && !result.ok()) continue;
        const search::add_stats s = db.add_source(is_stdin ? std::string("<stdin>") : file, result, size, mtime);
        ++read_files;
        total.games_added += s.games_added;
        total.games_duplicate += s.games_duplicate;
        total.positions += s.positions;
    }
    if (progress) fmt::print(stderr, "\r\x1b[K");
    db.finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const search::index_stats st = db.stats();
    fmt::print(stderr,
               "kifu index: {} files read ({} unchanged), {} games added ({} already indexed), {} positions in {:.1f} s; "
               "{} now holds {} games, {} positions, {:.1f} MB\n",
               read_files, skipped, total.games_added, total.games_duplicate, total.positions, seconds, options.database,
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
