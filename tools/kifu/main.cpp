// The kifu program: command-line parsing only (CLI11 lives in this file alone); the
// commands are in the other files of tools/kifu/.

#include <exception>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "commands.hpp"
#include "targets.hpp"

int main(int argc, char** argv) {
    using namespace kifu::cli;
    CLI::App app{"kifu reads, checks and normalizes shogi, go and othello game records.", "kifu"};
    app.set_version_flag("--version", "kifu " KIFU_VERSION);
    app.require_subcommand(1);

    const std::string encoding_help =
        "Decode text inputs from this encoding (CP932, UTF-8, GB18030, ...; any name iconv knows) "
        "instead of the detected one";
    convert_options convert;
    CLI::App* convert_cmd =
        app.add_subcommand("convert", "Writes the normalized JKF of each input (or SGF for go, an othello export: -t)");
    convert_cmd->add_option("-f,--format", convert.format, "Input format (default: detected)");
    convert_cmd->add_option("-e,--encoding", convert.encoding, encoding_help);
    convert_cmd
        ->add_option("-t,--to", convert.to,
                     "Output format: jkf; go games also sgf; othello games also csv (WTHOR CSV), ggf, positions-csv, positions-jsonl")
        ->check(CLI::IsMember(target_names));
    CLI::Option* pretty = convert_cmd->add_flag("--pretty", convert.pretty, "Indent single-game documents");
    CLI::Option* jsonl =
        convert_cmd->add_flag("--jsonl", convert.jsonl, "JSON Lines: one compact record per line, always");
    pretty->excludes(jsonl);
    convert_cmd->add_option("-o,--output-dir", convert.output_dir,
                            "Write DIR/<stem>.jkf (or .jsonl) per input instead of stdout");
    convert_cmd->add_flag("--lenient", convert.lenient, "Report every problem and keep what can be read");
    convert_cmd->add_option("files", convert.inputs, "Input files; - reads stdin")->required();

    std::vector<std::string> detect_inputs;
    CLI::App* detect_cmd = app.add_subcommand("detect", "Prints the format and encoding of each input");
    detect_cmd->add_option("files", detect_inputs, "Input files; - reads stdin")->required();

    lint_options lint;
    CLI::App* lint_cmd = app.add_subcommand("lint", "Prints every problem of each input (lenient read)");
    lint_cmd->add_flag("--json", lint.json, "One JSON object per diagnostic and line");
    lint_cmd->add_option("-f,--format", lint.format, "Input format (default: detected)");
    lint_cmd->add_option("-e,--encoding", lint.encoding, encoding_help);
    lint_cmd->add_option("files", lint.inputs, "Input files; - reads stdin")->required();

    trace_options trace;
    CLI::App* trace_cmd = app.add_subcommand("trace", "Prints the PEGTL trace of a format's grammar on a file");
    trace_cmd->add_option("-f,--format", trace.format, "The format whose grammar runs")->required();
    trace_cmd->add_option("file", trace.input, "Input file; - reads stdin")->required();

    index_options index;
    CLI::App* index_cmd = app.add_subcommand("index", "Adds every position of the inputs' games to a position index (SQLite)");
    index_cmd->add_option("database", index.database, "The index file (created when missing)")->required();
    index_cmd->add_option("inputs", index.inputs, "Input files and directories; - reads stdin")->required();
    index_cmd->add_option("-f,--format", index.format, "Input format (default: detected)");
    index_cmd->add_option("-e,--encoding", index.encoding, encoding_help);
    index_cmd->add_flag("--rebuild", index.rebuild, "Start from an empty index");

    search_options search;
    CLI::App* search_cmd = app.add_subcommand("search", "Lists the indexed games that reached a position and the moves played next");
    search_cmd->add_option("database", search.database, "The index file")->required();
    CLI::Option* sfen = search_cmd->add_option("--sfen", search.sfen, "A shogi position as SFEN");
    CLI::Option* board = search_cmd->add_option("--board", search.board, "A go or othello board: rows of X, O and . then b or w");
    CLI::Option* position = search_cmd->add_option("--position", search.position, "A record: the position after its first game's main line");
    sfen->excludes(board)->excludes(position);
    board->excludes(position);
    search_cmd->add_option("--ply", search.ply, "With --position: the position after this many moves")->needs(position);
    search_cmd->add_option("--game", search.game, "shogi, go or othello (default: from the position)");
    search_cmd->add_option("--limit", search.limit, "Games listed at most (default 50)");
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

    try {
        if (convert_cmd->parsed()) {
            return run_convert(convert);
        }
        if (detect_cmd->parsed()) {
            return run_detect(detect_inputs);
        }
        if (lint_cmd->parsed()) {
            return run_lint(lint);
        }
        if (index_cmd->parsed()) {
            return run_index(index);
        }
        if (search_cmd->parsed()) {
            if (search.sfen.empty() && search.board.empty() && search.position.empty()) {
                fmt::print(stderr, "kifu: error: search needs a position: --sfen, --board or --position\n"
                                   "Run with --help for more information.\n");
                return exit_usage;
            }
            return run_search(search);
        }
        return run_trace(trace);
    } catch (const std::exception& e) {
        fmt::print(stderr, "kifu: internal error: {}\n", e.what());
        return exit_input;
    }
}
