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
    CLI::App* trace_cmd = app.add_subcommand("trace", "Prints every grammar rule tried on a file, in the grammar's terms");
    trace_cmd->add_option("-f,--format", trace.format, "The format whose grammar runs")->required();
    trace_cmd->add_option("file", trace.input, "Input file; - reads stdin")->required();

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
        return run_trace(trace);
    } catch (const std::exception& e) {
        fmt::print(stderr, "kifu: internal error: {}\n", e.what());
        return exit_input;
    }
}
