#include "input.hpp"

#include <filesystem>
#include <system_error>

#include <fmt/core.h>

#include "commands.hpp"

namespace kifu::cli {

std::string display_name(const std::string& arg) { return arg == "-" ? std::string("<stdin>") : arg; }

std::string shown_name(const std::string& arg) { return printable(display_name(arg)); }

bool load_input(const std::string& arg, std::string& bytes, std::vector<diagnostic>& diagnostics) {
    if (arg != "-") {
        return load_file(arg, bytes, diagnostics);
    }
    // The library's bounded loader reads pipes too; only the name in its messages changes.
    const std::size_t first_new = diagnostics.size();
    const bool ok = load_file("/dev/stdin", bytes, diagnostics);
    for (std::size_t i = first_new; i < diagnostics.size(); ++i) {
        diagnostics[i].file = display_name(arg);
    }
    return ok;
}

read_result read_input(const std::string& arg, const read_options& options) {
    if (arg != "-") {
        return read_file(arg, options);
    }
    std::string bytes;
    read_result result;
    if (!load_input(arg, bytes, result.diagnostics)) {
        return result;
    }
    return read_buffer(bytes, display_name(arg), options);
}

const format_info* format_option(const std::string& name) {
    if (const format_info* f = find_format(name)) {
        return f;
    }
    std::string known;
    for (const format_info& f : formats()) {
        known += known.empty() ? "" : ", ";
        known += f.name;
    }
    usage_error(fmt::format("unknown format '{}' (known formats: {})", name, known));
    return nullptr;
}

bool bind_read_options(const read_flags& flags, read_options& out) {
    if (!flags.format.empty() && format_option(flags.format) == nullptr) {
        return false;
    }
    out.format = flags.format;
    out.encoding = flags.encoding;
    out.mode = flags.lenient ? read_mode::lenient : read_mode::strict;
    out.warnings_are_errors = flags.strict;
    out.wthor_names_dir = flags.names_dir;
    out.wthor_players = flags.players;
    out.wthor_tournaments = flags.tournaments;
    return true;
}

void append_diagnostics(std::string& out, const std::vector<diagnostic>& diagnostics) {
    for (const diagnostic& d : diagnostics) {
        out += format_gcc(d);
        out += '\n';
    }
}

std::uint64_t input_size(const std::string& arg) {
    if (arg == "-") return 0;
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(arg, ec);
    return ec ? 0 : static_cast<std::uint64_t>(size);
}

int usage_error(const std::string& message) {
    if (!message.empty()) {
        fmt::print(stderr, "kifu: error: {}\n", message);
    }
    fmt::print(stderr, "Run with --help for more information.\n");
    return exit_usage;
}

void print_diagnostics(std::FILE* out, const std::vector<diagnostic>& diagnostics) {
    for (const diagnostic& d : diagnostics) {
        fmt::print(out, "{}\n", format_gcc(d));
    }
}

void print_string_error(std::string_view option, std::string_view text, std::size_t column, std::string_view why) {
    fmt::print(stderr, "kifu: error: {}, column {}: {}\n  {}\n  {}^\n", option, column, why, printable(text),
               std::string(column > 0 ? column - 1 : 0, ' '));
}

std::optional<record> read_sfen_option(std::string_view option, const std::string& text) {
    // Read as the usi format: its grammar says where a malformed string breaks.
    read_options reading;
    reading.format = "usi";
    read_result result = read_buffer(text, std::string(option), reading);
    for (const diagnostic& d : result.diagnostics) {
        if (d.severity != severity::error) continue;
        if (d.column == 0) {
            // A problem of the whole position, not of one place in the text.
            fmt::print(stderr, "kifu: error: {}: {} [{}]\n", option, d.message, d.code);
        } else {
            print_string_error(option, text, d.column, d.message);
        }
        return std::nullopt;
    }
    // Warnings: a position no game reaches (shogi.position.*) is shown, and said so.
    print_diagnostics(stderr, result.diagnostics);
    if (result.records.empty()) {
        fmt::print(stderr, "kifu: error: {}: the string holds no position\n", option);
        return std::nullopt;
    }
    return std::move(result.records.front());
}

}  // namespace kifu::cli
