// kifu trace: every grammar rule tried on one input, in the .peg's terms (a grammar author's aid).

#include <fmt/core.h>

#include <kifu/format.hpp>
#include <kifu/text.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "output.hpp"

namespace kifu::cli {

int run_trace(const trace_options& options) {
    read_options reading;  // -f is required: an unknown name is a usage error
    const format_info* format = bind_read_options(options.reading, reading) ? find_format(reading.format) : nullptr;
    if (format == nullptr) {
        return exit_usage;
    }
    if (!format->has_grammar || format->binary) {
        fmt::print(stderr, "kifu: error: format '{}' has no grammar to trace\n", format->name);
        return exit_usage;
    }
    std::string bytes;
    std::vector<diagnostic> diagnostics;
    if (!load_input(options.input, bytes, diagnostics)) {
        print_diagnostics(stderr, diagnostics);
        return exit_input;
    }
    decode_options decoding;
    decoding.forced = detect(bytes, *format).encoding;
    const source_text text = decode(display_name(options.input), bytes, decoding, diagnostics);
    print_diagnostics(stderr, diagnostics);
    std::string out;
    const bool parsed = kifu::trace(text, *format, out);
    if (!write_stdout(out)) return exit_input;
    return parsed && !has_error(diagnostics) ? exit_ok : exit_input;
}

}  // namespace kifu::cli
