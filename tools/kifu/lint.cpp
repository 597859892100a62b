// kifu lint: every problem of every input, read leniently, as gcc lines, JSON Lines or SARIF,
// on -j threads in input order.

#include <fmt/core.h>

#include "batch.hpp"
#include "batch_report.hpp"
#include "commands.hpp"
#include "input.hpp"
#include "lint_report.hpp"
#include "output.hpp"
#include "parallel.hpp"

namespace kifu::cli {
namespace {

// One input's outcome, handed back in input order.
struct linted {
    std::vector<diagnostic> diagnostics;
    std::uint64_t bytes = 0;
    std::size_t games = 0;
    std::size_t moves = 0;
};

linted lint_one(const input_item& item, const read_options& reading, const severity_overrides& overrides) {
    linted l;
    read_result result = read_input(item.arg, reading);
    l.bytes = input_size(item.arg);
    l.games = result.records.size();
    for (const record& r : result.records) l.moves += main_line_moves(r);
    apply_overrides(overrides, result.diagnostics);
    l.diagnostics = std::move(result.diagnostics);
    return l;
}

}  // namespace

int run_lint(const lint_options& options) {
    // An unknown format name is a usage error, not one diagnostic per file.
    read_options reading;
    if (!bind_read_options(options.reading, reading)) {
        return exit_usage;
    }
    severity_overrides overrides;
    std::string error;
    if (!parse_overrides(options.severity_overrides, overrides, error)) {
        return usage_error(error);
    }

    batch b(options);
    stdout_sink out;
    sarif_log sarif;
    std::size_t errors = 0;      // errors reported so far (--max-errors)
    std::size_t not_shown = 0;   // diagnostics left out once the limit was reached
    int status = b.status();
    run_in_order<linted>(
        b.items().size(), b.jobs(), [&](std::size_t i, unsigned) { return lint_one(b.items()[i], reading, overrides); },
        [&](std::size_t i, linted& l) {
            std::string text;
            for (const diagnostic& d : l.diagnostics) {
                if (d.severity == severity::error) status = exit_input;
                if (options.max_errors != 0 && errors >= options.max_errors) {
                    ++not_shown;
                    continue;
                }
                errors += d.severity == severity::error ? 1 : 0;
                if (options.report == "sarif") {
                    sarif.add(d);
                } else {
                    text += options.report == "json" ? format_json(d) : format_gcc(d);
                    text += '\n';
                }
            }
            out.write(text);
            b.done(i, l.bytes, l.games, l.moves, l.diagnostics);
        });
    if (options.report == "sarif") {
        out.write(sarif.document(KIFU_CLI_VERSION));
    }
    if (!out.finish()) {
        status = exit_input;
    }
    if (not_shown != 0) {
        fmt::print(stderr, "kifu: {} more diagnostic{} not shown (--max-errors {})\n", not_shown,
                   not_shown == 1 ? "" : "s", options.max_errors);
    }
    b.finish(true);
    return status;
}

}  // namespace kifu::cli
