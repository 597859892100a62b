#include "batch.hpp"

#include <fmt/core.h>

#include "input.hpp"
#include "parallel.hpp"

namespace kifu::cli {
namespace {

std::vector<input_item> expand(const batch_options& options, int& status, batch_summary& summary,
                               std::vector<std::string>& named) {
    input_list_options listing;
    listing.args = options.inputs;
    listing.files_from = options.files_from;
    listing.all_files = options.all_files;
    std::vector<diagnostic> problems;
    std::vector<input_item> items = expand_inputs(listing, problems, &named);
    if (!problems.empty()) {
        print_diagnostics(stderr, problems);
        for (const diagnostic& d : problems) {
            summary.count(d.severity, d.code);
            if (d.severity == severity::error) status = exit_input;
        }
    }
    // Nothing selected (an empty folder, an empty list) is a failure, not a silent success.
    if (items.empty()) status = exit_input;
    return items;
}

bool wanted(int setting) { return setting < 0 ? stderr_is_terminal() : setting > 0; }

std::uint64_t total_size(const std::vector<input_item>& items, bool needed) {
    std::uint64_t total = 0;
    if (needed) {
        for (const input_item& item : items) total += input_size(item.arg);
    }
    return total;
}

}  // namespace

batch::batch(const batch_options& options)
    : options_(options), items_(expand(options, status_, summary_, named_)),
      jobs_(options.jobs == 0 ? default_jobs() : options.jobs),
      progress_(wanted(options.progress) && items_.size() > 1, items_.size(),
                total_size(items_, wanted(options.progress) && items_.size() > 1)) {}

void batch::report(const std::string& messages) {
    if (messages.empty()) return;
    progress_.clear();
    std::fwrite(messages.data(), 1, messages.size(), stderr);
}

void batch::done(std::size_t i, std::uint64_t bytes, std::size_t games, std::size_t moves,
                 const std::vector<diagnostic>& diagnostics) {
    summary_.add(bytes, games, moves, diagnostics);
    progress_.update(summary_, shown_name(items_[i].arg));
}

void batch::finish(bool table) {
    progress_.clear();
    if (options_.json_summary) {
        fmt::print(stderr, "{}", summary_.json());
    } else if (wanted(options_.summary)) {
        fmt::print(stderr, "{}{}", summary_.line(), table ? summary_.table() : std::string());
    }
}

}  // namespace kifu::cli
