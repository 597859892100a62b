// kifu lint: every problem of every input, read leniently.

#include <fmt/core.h>

#include "commands.hpp"
#include "input.hpp"

namespace kifu::cli {

int run_lint(const lint_options& options) {
    // An unknown format name is a usage error, not one diagnostic per file.
    if (!options.format.empty() && format_option(options.format) == nullptr) {
        return exit_usage;
    }
    read_options reading;
    reading.format = options.format;
    reading.encoding = options.encoding;
    reading.mode = read_mode::lenient;
    int status = exit_ok;
    for (const std::string& arg : options.inputs) {
        const read_result result = read_input(arg, reading);
        for (const diagnostic& d : result.diagnostics) {
            fmt::print("{}\n", options.json ? format_json(d) : format_gcc(d));
        }
        if (!result.ok()) {
            status = exit_input;
        }
    }
    return status;
}

}  // namespace kifu::cli
