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

/// How a command reads its inputs, as the command line gives it (-f, -e, --lenient, --strict,
/// --names, --jou, --trn; main.cpp adds the options a command has). bind_read_options
/// (input.hpp) makes the library's read_options of it, for every command alike.
struct read_flags {
    std::string format;       ///< -f: the input format; empty = detect
    std::string encoding;     ///< -e: text inputs' encoding; empty = detect
    bool lenient = false;     ///< --lenient: report every problem and keep what can be read
    bool strict = false;      ///< --strict: warnings are errors (go/othello rule breaches included)
    std::string names_dir;    ///< --names: WTHOR: folder of WTHOR.JOU / WTHOR.TRN
    std::string players;      ///< --jou: WTHOR: players file (.jou)
    std::string tournaments;  ///< --trn: WTHOR: tournaments file (.trn)
};

/// What batch commands (convert, lint, index) share: the inputs, threads and reporting.
struct batch_options {
    std::vector<std::string> inputs;  ///< files, directories; "-" = stdin
    std::string files_from;           ///< a file listing more inputs, one per line; "-" = stdin
    bool all_files = false;           ///< directories: every file, sniffed, not only known extensions
    unsigned jobs = 0;                ///< threads; 0 = the number of cores
    int progress = -1;                ///< progress bar: 1 on, 0 off, -1 when stderr is a terminal
    int summary = -1;                 ///< summary at the end: 1 on, 0 off, -1 when stderr is a terminal
    bool json_summary = false;        ///< the summary as one JSON object (implies the summary)
};

struct convert_options : batch_options {
    read_flags reading;
    std::string to = "jkf";           ///< the writer (kifu::find_writer)
    std::string output_dir;           ///< empty = stdout
    bool force = false;               ///< overwrite existing outputs under output_dir
    int ply = -1;                     ///< -t sfen: the position after this many moves; -1 = the end
    bool declare_encoding = false;    ///< -t kif|kifu|ki2|ki2u: start with the `#KIF version=2.0 encoding=…` line
    bool pretty = false;
    bool jsonl = false;
    bool keep_ext = false;            ///< -o DIR: name outputs <name>.<input ext>.<output ext> (a.csa.jkf)
    bool split = false;               ///< -o DIR: one file per game, <stem>.1.<ext>, <stem>.2.<ext>, …
};

struct lint_options : batch_options {
    lint_options() { reading.lenient = true; }  // lint reports every problem
    read_flags reading;
    std::string report = "gcc";  ///< gcc, json (JSON Lines) or sarif (SARIF 2.1.0)
    std::size_t max_errors = 0;  ///< stop reporting after this many errors; 0 = no limit
    std::vector<std::string> severity_overrides;  ///< -W code=error|warning|off
};

struct position_options {
    std::string input;                   ///< a record file; "-" = stdin; empty = none
    std::optional<std::string> sfen;     ///< an SFEN or USI position string
    std::optional<std::string> shogi64;  ///< a Shogi64 code
    int ply = -1;                        ///< the position after this many moves; -1 = the end
    int number = 0;                      ///< only game N of the file (1-based); 0 = every game
    std::string to;                      ///< sfen, shogi64, bod, jkf, text or svg; empty = the game's default
    read_flags reading;                  ///< how the file is read
};

struct trace_options {
    read_flags reading;  ///< the format whose grammar runs
    std::string input;
};

struct index_options : batch_options {
    index_options() {
        summary = 0;             // the command prints its own summary line
        reading.lenient = true;  // a broken record is reported and left out; the file's other games are indexed
    }
    std::string database;        ///< the index file
    read_flags reading;
    bool rebuild = false;             ///< start from an empty index
};

struct search_options {
    std::string database;
    std::string sfen;      ///< a shogi position
    std::string board;     ///< a go or othello board
    std::string position;  ///< a record file: the position of its first game's main line
    read_flags reading;    ///< how the --position file is read
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
/// Prints one shogi position of a record, an SFEN or a Shogi64 code.
int run_position(const position_options& options);
/// Adds every position of every input's games to a position index.
int run_index(const index_options& options);
/// Prints the games of a position index that reached a position, and the next moves.
int run_search(const search_options& options);
/// Prints the PEGTL trace of a format's grammar on an input.
int run_trace(const trace_options& options);

}  // namespace kifu::cli
