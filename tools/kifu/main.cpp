// The kifu program: command-line parsing only (CLI11 lives in this file alone); the
// commands are in the other files of tools/kifu/.

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <system_error>
#include <utility>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <kifu/write.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "output.hpp"

namespace {

// The read options (kifu::cli::read_flags, bound by bind_read_options): each command adds
// those it has, under the same names and help.

void add_format_option(CLI::App* cmd, kifu::cli::read_flags& reading,
                       const std::string& help = "Input format (default: detected)") {
    cmd->add_option("-f,--format", reading.format, help);
}

void add_encoding_option(CLI::App* cmd, kifu::cli::read_flags& reading) {
    cmd->add_option("-e,--encoding", reading.encoding,
                    "Decode text inputs from this encoding (CP932, UTF-8, GB18030, ...; any name iconv knows) "
                    "instead of the detected one");
}

void add_mode_options(CLI::App* cmd, kifu::cli::read_flags& reading) {
    CLI::Option* lenient = cmd->add_flag("--lenient", reading.lenient, "Report every problem and keep what can be read");
    cmd->add_flag("--strict", reading.strict,
                  "Warnings are errors: a go or othello move the rules forbid ends the game's reading")
        ->excludes(lenient);
}

void add_wthor_options(CLI::App* cmd, kifu::cli::read_flags& reading) {
    cmd->add_option("--names", reading.names_dir, "WTHOR: the folder holding WTHOR.JOU and WTHOR.TRN");
    cmd->add_option("--jou", reading.players, "WTHOR: the players file (.jou)");
    cmd->add_option("--trn", reading.tournaments, "WTHOR: the tournaments file (.trn)");
}

// The names -t takes and its help: every writer of the library, a line each (name, game,
// what it writes, encoding, one game per file or many), in the library's order.
std::vector<std::string> writer_names() {
    std::vector<std::string> names;
    for (const kifu::writer_info& w : kifu::writers()) names.emplace_back(w.name);
    return names;
}

std::string writers_help() {
    std::string help = "Output format (default: jkf):";
    for (const kifu::writer_info& w : kifu::writers()) {
        std::string encodings;
        for (const std::string_view e : w.encodings) encodings += fmt::format("{}{}", encodings.empty() ? "" : ", ", e);
        if (w.binary) encodings = "binary";
        help += fmt::format("\n{:<16} {}: {} ({}{})", w.name, w.game ? kifu::to_string(*w.game) : "all games",
                            w.description, encodings, w.many_games ? "" : "; one game per file");
    }
    return help;
}

// The options of the batch commands (convert, lint, index): inputs, threads, progress.
void add_input_options(CLI::App* cmd, kifu::cli::batch_options& batch) {
    cmd->add_option("--files-from", batch.files_from, "Read more input names from FILE, one per line (- = stdin)");
    cmd->add_flag("--all", batch.all_files,
                  "In directories, read every file (detected by content), not only known extensions");
    cmd->add_option("-j,--jobs", batch.jobs, "Threads (default: the number of cores); output is the same for any N")
        ->check(CLI::Range(1u, 1024u));
    cmd->add_flag_callback("--progress", [&batch] { batch.progress = 1; }, "Show the progress bar (default: on a terminal)");
    cmd->add_flag_callback("--no-progress", [&batch] { batch.progress = 0; }, "Never show the progress bar");
}

// The options convert and lint share: the above, and the summary.
void add_batch_options(CLI::App* cmd, kifu::cli::batch_options& batch) {
    add_input_options(cmd, batch);
    cmd->add_flag_callback("--summary", [&batch] { batch.summary = 1; },
                           "Print the summary at the end on stderr (default: on a terminal)");
    cmd->add_flag_callback("--no-summary", [&batch] { batch.summary = 0; }, "Never print the summary");
}

}  // namespace

int main(int argc, char** argv) {
    using namespace kifu::cli;
#if defined(__GLIBC__)
    // A batch allocates and frees much the same memory for every file. glibc's defaults give
    // large blocks back to the system at once (mmap/munmap, heap trimming), so every file
    // faulted in fresh pages; keeping the memory makes the next file reuse it.
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
#endif
    // A file size limit (ulimit -f) makes a write fail with EFBIG, reported like a full disk,
    // rather than kill the process in the middle of a batch.
    std::signal(SIGXFSZ, SIG_IGN);
    CLI::App app{"kifu reads, checks and normalizes shogi, go and othello game records.", "kifu"};
    app.set_version_flag("--version", "kifu " KIFU_CLI_VERSION);
    app.require_subcommand(1);

    convert_options convert;
    CLI::App* convert_cmd =
        app.add_subcommand("convert", "Writes the normalized JKF of each input (or KIF, KI2, CSA for shogi, SGF for go, an othello export: -t)");
    add_format_option(convert_cmd, convert.reading);
    add_encoding_option(convert_cmd, convert.reading);
    convert_cmd->add_option("-t,--to", convert.to, writers_help())->check(CLI::IsMember(writer_names()));
    CLI::Option* pretty = convert_cmd->add_flag("--pretty", convert.pretty, "Indent single-game documents");
    CLI::Option* jsonl =
        convert_cmd->add_flag("--jsonl", convert.jsonl, "JSON Lines: one compact record per line, always");
    pretty->excludes(jsonl);
    convert_cmd->add_option("-o,--output-dir", convert.output_dir,
                            "Write DIR/<path>/<stem>.jkf (or .jsonl) per input instead of stdout, mirroring directories");
    convert_cmd->add_flag("--force", convert.force, "Overwrite outputs that exist under -o DIR");
    convert_cmd->add_flag("--keep-ext", convert.keep_ext,
                          "-o DIR: keep the input's extension in the output's name (a.csa -> a.csa.jkf), so that "
                          "a.csa and a.jkf of one folder do not clash");
    convert_cmd->add_flag("--split", convert.split,
                          "-o DIR: one file per game (a.1.kif, a.2.kif, ...), so that a one-game target (-t kif) "
                          "takes a file of many games");
    convert_cmd->add_option("--ply", convert.ply, "-t sfen: the position after N moves of the main line (default: the end)")
        ->check(CLI::NonNegativeNumber);
    convert_cmd->add_flag("--declare-encoding", convert.declare_encoding,
                          "-t kif, kifu, ki2, ki2u: start with #KIF version=2.0 encoding=UTF-8 (Shift_JIS for kif, "
                          "#KI2 for KI2), the line Kifu for Windows writes");
    add_mode_options(convert_cmd, convert.reading);
    add_wthor_options(convert_cmd, convert.reading);
    convert_cmd->add_flag("--json", convert.json_summary, "Print the summary as one JSON object on stderr");
    add_batch_options(convert_cmd, convert);
    convert_cmd->add_option("files", convert.inputs, "Input files and directories; - reads stdin");

    std::vector<std::string> detect_inputs;
    CLI::App* detect_cmd = app.add_subcommand("detect", "Prints the format and encoding of each input");
    detect_cmd->add_option("files", detect_inputs, "Input files; - reads stdin")->required();

    lint_options lint;
    std::vector<std::string> lint_formats;
    CLI::App* lint_cmd = app.add_subcommand("lint", "Prints every problem of each input (lenient read)");
    lint_cmd->add_flag_callback("--json", [&lint] { lint.report = "json"; }, "Same as --format json");
    lint_cmd->add_option("-f,--format", lint_formats,
                         "Report format gcc (default), json (JSON Lines) or sarif (SARIF 2.1.0); any other name is the "
                         "input format (default: detected)")
        ->allow_extra_args(false);
    add_encoding_option(lint_cmd, lint.reading);
    lint_cmd->add_option("--max-errors", lint.max_errors, "Stop reporting after N errors (0: no limit)");
    lint_cmd->add_option("-W", lint.severity_overrides, "CODE=error|warning|off: report a code as an error, a warning, or not at all")
        ->allow_extra_args(false);
    add_wthor_options(lint_cmd, lint.reading);
    lint_cmd->add_flag("--json-summary", lint.json_summary, "Print the summary as one JSON object on stderr");
    add_batch_options(lint_cmd, lint);
    lint_cmd->add_option("files", lint.inputs, "Input files and directories; - reads stdin");

    position_options position;
    CLI::App* position_cmd = app.add_subcommand(
        "position", "Prints a position of a record's main line, an SFEN/USI string or a Shogi64 code");
    position_cmd->add_option("file", position.input, "A record of any game; - reads stdin");
    position_cmd->add_option("--sfen", position.sfen, "An SFEN, or a USI position command ('startpos moves 7g7f')");
    position_cmd->add_option("--shogi64", position.shogi64, "A Shogi64 code");
    position_cmd->add_option("--ply", position.ply, "The position after N moves of the main line (default: the end)")
        ->check(CLI::NonNegativeNumber);
    position_cmd->add_option("--number", position.number, "Only game N of the file (1-based)")
        ->check(CLI::PositiveNumber);
    position_cmd->add_option("-t,--to", position.to,
                             "Output: shogi sfen (default), shogi64, bod, jkf; any game text (go, othello: default), svg")
        ->check(CLI::IsMember({"sfen", "shogi64", "bod", "jkf", "text", "svg"}));
    add_format_option(position_cmd, position.reading, "Input format of FILE (default: detected)");
    add_encoding_option(position_cmd, position.reading);

    trace_options trace;
    CLI::App* trace_cmd = app.add_subcommand("trace", "Prints every grammar rule tried on a file, in the grammar's terms");
    add_format_option(trace_cmd, trace.reading, "The format whose grammar runs");
    trace_cmd->get_option("--format")->required();
    trace_cmd->add_option("file", trace.input, "Input file; - reads stdin")->required();

    index_options index;
    CLI::App* index_cmd = app.add_subcommand("index", "Adds every position of the inputs' games to a position index (SQLite)");
    index_cmd->add_option("database", index.database, "The index file (created when missing)")->required();
    index_cmd->add_option("inputs", index.inputs, "Input files and directories; - reads stdin");
    add_format_option(index_cmd, index.reading);
    add_encoding_option(index_cmd, index.reading);
    index_cmd->add_flag("--rebuild", index.rebuild, "Start from an empty index");
    add_input_options(index_cmd, index);

    search_options search;
    CLI::App* search_cmd = app.add_subcommand("search", "Lists the indexed games that reached a position and the moves played next");
    search_cmd->add_option("database", search.database, "The index file")->required();
    CLI::Option* sfen = search_cmd->add_option("--sfen", search.sfen, "A shogi position as SFEN");
    CLI::Option* board = search_cmd->add_option("--board", search.board, "A go or othello board: rows of X, O and . then b or w");
    CLI::Option* from_record = search_cmd->add_option("--position", search.position, "A record: the position after its first game's main line");
    sfen->excludes(board)->excludes(from_record);
    board->excludes(from_record);
    search_cmd->add_option("--ply", search.ply, "With --position: the position after this many moves")
        ->needs(from_record)
        ->check(CLI::NonNegativeNumber);
    search_cmd->add_option("--game", search.game, "shogi, go or othello (default: from the position)");
    search_cmd->add_option("--limit", search.limit, "Games listed at most (default 50)")
        ->check(CLI::Range(std::size_t{0}, std::size_t{1000000000}));
    search_cmd->add_option("--players", search.players, "Only games with a player whose name contains this");
    search_cmd->add_option("--from", search.from, "Only games dated on or after this (YYYY, YYYY-MM, YYYY-MM-DD)");
    search_cmd->add_option("--to", search.to, "Only games dated on or before this");
    search_cmd->add_flag("--json", search.json, "Print the result as one JSON document");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? exit_ok : exit_usage;
    }
    for (const std::string& f : lint_formats) {
        (f == "gcc" || f == "json" || f == "sarif" ? lint.report : lint.reading.format) = f;
    }
    for (const auto& [b, cmd] : {std::pair<const batch_options*, const CLI::App*>{&convert, convert_cmd},
                                 std::pair<const batch_options*, const CLI::App*>{&lint, lint_cmd},
                                 std::pair<const batch_options*, const CLI::App*>{&index, index_cmd}}) {
        if (b->inputs.empty() && b->files_from.empty() && cmd->parsed()) {
            return usage_error("no input: give files, directories, - or --files-from");
        }
    }

    int status = exit_ok;
    try {
        if (convert_cmd->parsed()) {
            status = run_convert(convert);
        } else if (detect_cmd->parsed()) {
            status = run_detect(detect_inputs);
        } else if (lint_cmd->parsed()) {
            status = run_lint(lint);
        } else if (position_cmd->parsed()) {
            status = run_position(position);
        } else if (index_cmd->parsed()) {
            status = run_index(index);
        } else if (search_cmd->parsed()) {
            if (search.sfen.empty() && search.board.empty() && search.position.empty()) {
                return usage_error("search needs a position: --sfen, --board or --position");
            }
            status = run_search(search);
        } else {
            status = run_trace(trace);
        }
    } catch (const std::bad_alloc&) {
        std::fputs("kifu: error: out of memory\n", stderr);
        return exit_input;
    } catch (const std::system_error& e) {
        // What the system refused (a write to stderr, a thread, a file-system call): a problem
        // with the run's surroundings, not a bug of kifu.
        std::fprintf(stderr, "kifu: error: %s\n", e.what());
        return exit_input;
    } catch (const std::exception& e) {
        fmt::print(stderr, "kifu: internal error: {}\n", e.what());
        return exit_input;
    }
    // Anything still in stdio's buffer for stdout is checked here: a lost output is an error,
    // never exit 0, and a closed pipe ends the program as it ends any other.
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
        const int error = errno;
        if (error == EPIPE) end_as_closed_pipe();
        fmt::print(stderr, "kifu: error: cannot write the output: {}\n", std::strerror(error));
        return std::max(status, exit_input);
    }
    return status;
}
