#pragma once

// What every command does with its inputs: name them, load them, read them, report.

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/format.hpp>
#include <kifu/read.hpp>

#include "commands.hpp"

namespace kifu::cli {

/// Returns the name an input goes by in messages: "<stdin>" for "-".
std::string display_name(const std::string& arg);

/// Returns the name of an input as messages show it: display_name() through kifu::printable,
/// so that a control character in a file name reaches the terminal escaped.
std::string shown_name(const std::string& arg);

/// Loads the bytes of an input ("-" = stdin); false and a diagnostic when it cannot.
bool load_input(const std::string& arg, std::string& bytes, std::vector<diagnostic>& diagnostics);

/// Reads an input ("-" = stdin) with the library.
read_result read_input(const std::string& arg, const read_options& options);

/// Returns the format named on the command line, or prints a usage error (usage_error) and
/// returns nullptr.
const format_info* format_option(const std::string& name);

/// Fills `out` with the read options the command line gave (-f, -e, --lenient, --strict, WTHOR
/// names): the one place every command binds them. Returns false after printing a usage error
/// (format_option) when -f names no format.
bool bind_read_options(const read_flags& flags, read_options& out);

/// Appends diagnostics gcc-style, one per line.
void append_diagnostics(std::string& out, const std::vector<diagnostic>& diagnostics);

/// Returns the size of an input file in bytes (0 for stdin or when unknown).
std::uint64_t input_size(const std::string& arg);

/// Prints `kifu: error: MESSAGE` (when not empty) and `Run with --help for more information.`
/// on stderr; returns exit_usage.
int usage_error(const std::string& message = {});

/// Prints diagnostics gcc-style, one per line.
void print_diagnostics(std::FILE* out, const std::vector<diagnostic>& diagnostics);

/// Prints `kifu: error: OPTION, column N: WHY`, then the string and a caret under the column.
void print_string_error(std::string_view option, std::string_view text, std::size_t column, std::string_view why);

/// Reads an SFEN or a USI position command given to `option` (`startpos moves 7g7f`, `sfen …
/// moves …`, a bare SFEN) as the usi format: what `kifu position --sfen` and `kifu search
/// --sfen` both take. Returns its game; nothing after a message (print_string_error at the
/// column where a malformed string breaks).
std::optional<record> read_sfen_option(std::string_view option, const std::string& text);

}  // namespace kifu::cli
