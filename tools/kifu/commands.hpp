#pragma once

// The commands of the kifu program. main.cpp parses the command line (CLI11) into these
// option structs; each run_* function does the work and returns the exit code.

#include <cstddef>
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

struct trace_options {
    std::string format;
    std::string input;
};

struct index_options {
    std::string database;             ///< the index file
    std::vector<std::string> inputs;  ///< files and directories; "-" = stdin
    std::string format;               ///< input format; empty = detect
    std::string encoding;             ///< text inputs' encoding; empty = detect
    bool rebuild = false;             ///< start from an empty index
};

struct search_options {
    std::string database;
    std::string sfen;      ///< a shogi position
    std::string board;     ///< a go or othello board
    std::string position;  ///< a record file: the position of its first game's main line
    std::optional<int> ply;
    std::string game;      ///< "", "shogi", "go", "othello"
    std::size_t limit = 50;
    std::string players;
    std::string from;
    std::string to;
    bool json = false;
};

/// Writes the normalized JKF of every input (stdout or one file per input).
int run_convert(const convert_options& options);
/// Prints `FILE: FORMAT ENCODING` per input.
int run_detect(const std::vector<std::string>& inputs);
/// Prints every diagnostic of a lenient read.
int run_lint(const lint_options& options);
/// Adds every position of every input's games to a position index.
int run_index(const index_options& options);
/// Prints the games of a position index that reached a position, and the next moves.
int run_search(const search_options& options);
/// Prints the PEGTL trace of a format's grammar on an input.
int run_trace(const trace_options& options);

}  // namespace kifu::cli
