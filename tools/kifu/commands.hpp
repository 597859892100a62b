#pragma once

// The commands of the kifu program. main.cpp parses the command line (CLI11) into these
// option structs; each run_* function does the work and returns the exit code.

#include <optional>
#include <string>
#include <vector>

namespace kifu::cli {

/// Exit codes: 0 ok, 1 a problem with an input, 2 a usage error.
inline constexpr int exit_ok = 0;
inline constexpr int exit_input = 1;
inline constexpr int exit_usage = 2;

struct convert_options {
    std::vector<std::string> inputs;  ///< file names; "-" = stdin
    std::string format;               ///< input format; empty = detect
    std::string encoding;             ///< text inputs' encoding; empty = detect
    std::string to = "jkf";           ///< output format
    std::string output_dir;           ///< empty = stdout
    int ply = -1;                     ///< -t sfen: the position after this many moves; -1 = the end
    bool pretty = false;
    bool jsonl = false;
    bool lenient = false;
};

struct lint_options {
    std::vector<std::string> inputs;
    std::string format;
    std::string encoding;  ///< text inputs' encoding; empty = detect
    bool json = false;
};

struct position_options {
    std::string input;                   ///< a record file; "-" = stdin; empty = none
    std::optional<std::string> sfen;     ///< an SFEN or USI position string
    std::optional<std::string> shogi64;  ///< a Shogi64 code
    int ply = -1;                        ///< the position after this many moves; -1 = the end
    std::string to = "sfen";             ///< sfen, shogi64, bod or jkf
    std::string format;                  ///< the file's format; empty = detect
    std::string encoding;                ///< the file's encoding; empty = detect
};

struct trace_options {
    std::string format;
    std::string input;
};

/// Writes the normalized JKF of every input (stdout or one file per input).
int run_convert(const convert_options& options);
/// Prints `FILE: FORMAT ENCODING` per input.
int run_detect(const std::vector<std::string>& inputs);
/// Prints every diagnostic of a lenient read.
int run_lint(const lint_options& options);
/// Prints one shogi position of a record, an SFEN or a Shogi64 code.
int run_position(const position_options& options);
/// Prints the PEGTL trace of a format's grammar on an input.
int run_trace(const trace_options& options);

}  // namespace kifu::cli
