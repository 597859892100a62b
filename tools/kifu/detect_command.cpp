// kifu detect: what format and encoding each input is in.

#include <fmt/core.h>

#include "commands.hpp"
#include "input.hpp"
#include "output.hpp"

namespace kifu::cli {

int run_detect(const std::vector<std::string>& inputs) {
    int status = exit_ok;
    stdout_sink out;
    for (const std::string& arg : inputs) {
        std::string bytes;
        std::vector<diagnostic> problems;
        if (!load_input(arg, bytes, problems)) {
            print_diagnostics(stderr, problems);
            status = exit_input;
            continue;
        }
        const detection found = detect(bytes, display_name(arg));
        if (found.format == nullptr) {
            // An input nothing recognizes is an input problem: scripts can rely on the status.
            out.write(fmt::format("{}: unknown\n", shown_name(arg)));
            status = exit_input;
        } else if (found.format->binary) {
            out.write(fmt::format("{}: {} binary\n", shown_name(arg), found.format->name));
        } else {
            out.write(fmt::format("{}: {} {}\n", shown_name(arg), found.format->name, printable(found.encoding)));
        }
    }
    if (!out.finish()) status = exit_input;
    return status;
}

}  // namespace kifu::cli
