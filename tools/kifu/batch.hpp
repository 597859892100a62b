#pragma once

// The frame of a batch command (convert, lint, index): the expanded inputs, the thread count, the
// progress bar and the summary. The command does the per-input work; this reports it.

#include <cstdint>
#include <string>
#include <vector>

#include "batch_report.hpp"
#include "commands.hpp"
#include "input_list.hpp"

namespace kifu::cli {

class batch {
public:
    /// Expands the inputs (problems listing them are printed and counted at once).
    explicit batch(const batch_options& options);

    const std::vector<input_item>& items() const noexcept { return items_; }
    /// Every name the inputs gave (arguments and --files-from lines), as written.
    const std::vector<std::string>& named() const noexcept { return named_; }
    unsigned jobs() const noexcept { return jobs_; }
    /// exit_input when an input could not be listed, else exit_ok.
    int status() const noexcept { return status_; }
    batch_summary& summary() noexcept { return summary_; }

    /// Prints an input's messages on stderr (erasing the progress bar first).
    void report(const std::string& messages);
    /// Counts input `i` as done and redraws the progress bar.
    void done(std::size_t i, std::uint64_t bytes, std::size_t games, std::size_t moves,
              const std::vector<diagnostic>& diagnostics);
    /// Erases the progress bar and prints the summary when asked (stderr). `table` adds the
    /// counts by code as a table below the summary line.
    void finish(bool table = false);

private:
    // The order matters: the expansion fills status_, summary_ and named_ before items_ is set.
    const batch_options& options_;
    int status_ = 0;
    batch_summary summary_;
    std::vector<std::string> named_;
    std::vector<input_item> items_;
    unsigned jobs_ = 1;
    progress_bar progress_;
};

}  // namespace kifu::cli
