// kifu convert: normalized JKF (or SGF, or an othello export) of every input, on stdout or one
// file per input.

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include <fmt/core.h>

#include <kifu/record.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "targets.hpp"

namespace kifu::cli {
namespace {

// `[n/N] file` on a terminal's stderr while many files convert; silent otherwise, so
// logs and pipes see only diagnostics.
class progress_line {
public:
    explicit progress_line(std::size_t total) : total_(total), on_(total > 1 && isatty(fileno(stderr)) != 0) {}
    void show(std::size_t n, const std::string& name) {
        if (on_) {
            fmt::print(stderr, "\r\x1b[K[{}/{}] {}", n, total_, name);
            std::fflush(stderr);
        }
    }
    void clear() {
        if (on_) {
            fmt::print(stderr, "\r\x1b[K");
        }
    }

private:
    std::size_t total_;
    bool on_;
};

// One document for a single game; JSON Lines (one compact record per line) for several
// games or when asked.
std::string render(const read_result& result, const convert_options& options, bool& as_lines) {
    as_lines = options.jsonl || result.records.size() != 1;
    std::string out;
    if (!as_lines) {
        jkf_options jkf;
        jkf.pretty = options.pretty;
        out = to_jkf(result.records.front(), jkf);
        out += '\n';
        return out;
    }
    for (const record& r : result.records) {
        out += to_jkf(r);
        out += '\n';
    }
    return out;
}

std::string stem_of(const std::string& arg) {
    return arg == "-" ? std::string("stdin") : std::filesystem::path(arg).stem().string();
}

bool write_file(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) {
        fmt::print(stderr, "kifu: error: cannot write {}: {}\n", path.string(), std::strerror(errno));
        return false;
    }
    return true;
}

}  // namespace

int run_convert(const convert_options& options) {
    if (!options.format.empty() && format_option(options.format) == nullptr) {
        return exit_usage;
    }
    const std::optional<output_target> target = target_of(options.to);
    if (!target) {
        fmt::print(stderr, "kifu: error: unknown output format '{}'\n", options.to);
        return exit_usage;
    }
    if (*target != output_target::jkf && (options.pretty || options.jsonl)) {
        fmt::print(stderr, "kifu: error: {} applies to -t jkf only, not to -t {}\n",
                   options.pretty ? "--pretty" : "--jsonl", options.to);
        return exit_usage;
    }
    if (options.ply >= 0 && *target != output_target::sfen) {
        fmt::print(stderr, "kifu: error: --ply applies to -t sfen only, not to -t {}\n", options.to);
        return exit_usage;
    }
    const std::filesystem::path dir = options.output_dir;
    if (!dir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        if (ec) {
            fmt::print(stderr, "kifu: error: cannot create {}: {}\n", dir.string(), ec.message());
            return exit_input;
        }
    }

    read_options reading;
    reading.format = options.format;
    reading.encoding = options.encoding;
    reading.mode = options.lenient ? read_mode::lenient : read_mode::strict;
    std::map<std::filesystem::path, std::string> written;  // output file → the input it came from
    progress_line progress(options.inputs.size());
    int status = exit_ok;
    bool header_written = false;  // CSV on stdout: one header row for all inputs
    for (std::size_t i = 0; i < options.inputs.size(); ++i) {
        const std::string& arg = options.inputs[i];
        progress.show(i + 1, display_name(arg));
        const read_result result = read_input(arg, reading);
        if (!result.diagnostics.empty()) {
            progress.clear();
            print_diagnostics(stderr, result.diagnostics);
        }
        if (!result.ok()) {
            status = std::max(status, exit_input);
        }
        if (result.records.empty()) {
            continue;
        }
        bool as_lines = false;
        std::string text;
        std::string extension;
        if (*target == output_target::jkf) {
            text = render(result, options, as_lines);
            extension = as_lines ? ".jsonl" : ".jkf";
        } else {
            std::string error;
            std::vector<diagnostic> warnings;
            if (!render_export(result, *target, !dir.empty() || !header_written, display_name(arg), text, error,
                                warnings, options.ply)) {
                progress.clear();
                fmt::print(stderr, "kifu: error: {}\n", error);
                status = exit_usage;  // a target the game cannot have is a usage error
                continue;
            }
            if (!warnings.empty()) {
                progress.clear();
                print_diagnostics(stderr, warnings);
            }
            header_written = true;
            extension = extension_of(*target);
        }
        if (dir.empty()) {
            std::fwrite(text.data(), 1, text.size(), stdout);
            continue;
        }
        const std::filesystem::path output = dir / (stem_of(arg) + extension);
        const auto [previous, inserted] = written.emplace(output, display_name(arg));
        if (!inserted) {
            progress.clear();
            fmt::print(stderr, "kifu: error: {}: {} was already written from {}; not overwritten\n",
                       display_name(arg), output.string(), previous->second);
            status = std::max(status, exit_input);
        } else if (!write_file(output, text)) {
            status = std::max(status, exit_input);
        }
    }
    progress.clear();
    std::fflush(stdout);
    return status;
}

}  // namespace kifu::cli
