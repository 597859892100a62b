#pragma once

// What a batch command tells the user about the whole batch: a progress bar while it runs
// (files, games, MB/s, ETA on a terminal's stderr) and a summary at the end (files, games,
// moves, errors and warnings by code; a line, a table or one JSON object).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/record.hpp>

namespace kifu::cli {

/// Returns the number of moves on the main line of a record (any game).
std::size_t main_line_moves(const record& r);

/// Counts of a batch so far.
class batch_summary {
public:
    /// Adds one input: its size, games, main-line moves and diagnostics.
    void add(std::uint64_t bytes, std::size_t games, std::size_t moves, const std::vector<diagnostic>& diagnostics);
    /// Counts one diagnostic more (a problem found outside the reading of an input).
    void count(severity s, const std::string& code);

    std::size_t files() const noexcept { return files_; }
    std::size_t games() const noexcept { return games_; }
    std::uint64_t bytes() const noexcept { return bytes_; }
    std::size_t errors() const noexcept;

    /// `kifu: 3 files, 5 games, 412 moves; 1 error (io.open 1); 2 warnings (wthor.names-missing 2)`
    std::string line() const;
    /// One row per code, by severity then code: `  error    io.open    1`.
    std::string table() const;
    /// `{"files":3,"games":5,"moves":412,"bytes":9120,"errors":{"io.open":1},"warnings":{…},"notes":{…}}`
    std::string json() const;

private:
    std::size_t files_ = 0;
    std::size_t games_ = 0;
    std::size_t moves_ = 0;
    std::uint64_t bytes_ = 0;
    std::map<std::string, std::size_t> by_code_[3];  ///< indexed by severity
};

/// The progress bar on stderr: `[120/2000] 6,230 games  41.2 MB/s  ETA 12s  records/x.kif`,
/// redrawn at most ten times a second. Silent when off.
class progress_bar {
public:
    /// `on`: draw at all; `total_bytes`: the batch's size for the ETA (0 = unknown).
    progress_bar(bool on, std::size_t total_files, std::uint64_t total_bytes);
    /// Shows the state after an input (the last one always draws).
    void update(const batch_summary& done, const std::string& name);
    /// Erases the bar (before other output on stderr, and at the end).
    void clear();
    bool on() const noexcept { return on_; }

private:
    bool on_;
    bool drawn_ = false;
    std::size_t total_files_;
    std::uint64_t total_bytes_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_;
};

/// Returns whether stderr is a terminal (progress and summary default to on there).
bool stderr_is_terminal() noexcept;

}  // namespace kifu::cli
