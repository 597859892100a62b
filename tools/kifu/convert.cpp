// kifu convert: every input written by one of the library's writers (kifu/write.hpp; normalized
// JKF by default), on stdout or one file per input under -o DIR (mirroring the input tree), on
// -j threads in input order.

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <unordered_map>
#include <unordered_set>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>

#include <fmt/core.h>

#include <kifu/othello/wthor.hpp>
#include <kifu/read_stream.hpp>
#include <kifu/record.hpp>
#include <kifu/write.hpp>

#include "batch.hpp"
#include "batch_report.hpp"
#include "commands.hpp"
#include "input.hpp"
#include "output.hpp"
#include "parallel.hpp"

namespace kifu::cli {
namespace {

namespace fs = std::filesystem;

// What the inputs share: the options and what they mean.
struct convert_job {
    const convert_options& options;
    const writer_info& writer;
    read_options reading;
    fs::path dir;  // empty = stdout
    output_tree tree;  // with -o DIR: where the files go
    std::vector<std::string> outputs;  // with -o DIR: each input's output under DIR, without its extension
};

// One input's outcome, handed back in input order.
struct converted {
    std::string messages;  // stderr text: diagnostics and errors, in order
    std::string out;       // stdout text from out_begin on (empty with -o DIR)
    std::size_t out_begin = 0;  // where its rows start: the header before them is written once
    std::string header;    // stdout CSV: the header row its rows need (written once)
    std::vector<diagnostic> diagnostics;
    std::uint64_t bytes = 0;
    std::size_t games = 0;
    std::size_t moves = 0;
    int status = exit_ok;
};

// The message of an error a write gave: `FILE: message`, and the code of a format's own
// writer (`kif.write.cp932`); the writer list's checks (`write.*`) read as sentences alone.
std::string write_error(const diagnostic& d) {
    return d.code.starts_with("write.") ? fmt::format("kifu: error: {}: {}\n", printable(d.file), printable(d.message))
                                        : fmt::format("kifu: error: {}: {} [{}]\n", printable(d.file), printable(d.message), d.code);
}

// The paths of the outputs are put together as strings: std::filesystem's decomposition of
// each path cost more than converting a small record. Each helper does what its namesake in
// std::filesystem does on the relative paths of input_item.

// `dir` and a relative `part`, with one '/' between them (path::operator/).
std::string joined(std::string dir, std::string_view part) {
    if (!dir.empty() && !dir.ends_with('/')) dir += '/';
    dir += part;
    return dir;
}

// The folder of `path` (path::parent_path): "" for a bare name, "/" for a name under the root.
std::string_view parent_of(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    if (slash == std::string_view::npos) return {};
    return slash == 0 ? path.substr(0, 1) : path.substr(0, slash);
}

// The file name of `path` (path::filename).
std::string_view name_of(std::string_view path) { return path.substr(path.rfind('/') + 1); }

// The output file of an input under -o DIR, without its extension and relative to DIR:
// <relative dir>/<stem>, the stem being the name up to its last '.' unless that is its first
// character (path::stem).
std::string output_base(const input_item& item, bool keep_ext) {
    std::string_view stem = name_of(item.relative);
    if (const std::size_t dot = stem.rfind('.'); !keep_ext && dot != std::string_view::npos && dot != 0 && stem != "..") {
        stem = stem.substr(0, dot);
    }
    return joined(std::string(parent_of(item.relative)), stem);
}

// True for the WTHOR names files (WTHOR.JOU, WTHOR.TRN): inputs that hold names for the game
// files beside them and no game (`wthor.no-games`), so they have no output under -o DIR.
// The WTHOR codec's own rule, by the name alone (no bytes: any other name is a games file).
bool holds_names_only(const input_item& item) {
    return othello::wthor::kind_of({}, name_of(item.relative)) != othello::wthor::file_kind::games;
}

// The status of a write that failed (docs/cli.md, "Exit status"): a target the input's games
// cannot have (the wrong game, a board the rows cannot hold, several games for a one-game
// format, --ply past the main line) is a usage error; a game the target cannot encode (a
// character CP932 lacks, a special CSA has no word for, a position hcpe cannot code) is a
// problem with that input.
int write_status(std::string_view code) {
    for (const std::string_view usage : {"write.wrong-game", "write.board-size", "write.one-game", "write.ply",
                                         "write.unknown-writer"}) {
        if (code == usage) return exit_usage;
    }
    return exit_input;
}

// --split: each game of an input written as a file of its own under -o DIR, <base>.<N><ext>
// with N the game's number in the input (from 1). A game the target cannot write is reported
// and the others are still written.
void write_games_apart(const std::vector<record>& records, const std::string& base, const convert_job& job,
                       const write_options& writing, converted& c) {
    if (base.empty()) return;  // a WTHOR names file: no games, no output
    for (std::size_t i = 0; i < records.size(); ++i) {
        const write_result written = write(std::span<const record>(&records[i], 1), job.writer, writing);
        if (!written.ok()) {
            for (const diagnostic& d : written.diagnostics) {
                if (d.severity != severity::error) continue;
                c.messages += write_error(d);
                c.status = std::max(c.status, write_status(d.code));
            }
            continue;
        }
        append_diagnostics(c.messages, written.diagnostics);
        c.diagnostics.insert(c.diagnostics.end(), written.diagnostics.begin(), written.diagnostics.end());
        const std::size_t number = records[i].index != 0 ? records[i].index : i + 1;
        const std::string failure =
            job.tree.write_file(fmt::format("{}.{}{}", base, number, written.extension), written.text, job.options.force);
        if (!failure.empty()) {
            c.messages += failure;
            c.status = std::max(c.status, exit_input);
        }
    }
}

// Everything about one input: read, render, write (a file under -o DIR; stdout text is
// returned for the caller to write in input order).
converted convert_one(const input_item& item, const std::string* output, const convert_job& job) {
    converted c;
    const std::string name = display_name(item.arg);
    const read_result result = read_input(item.arg, job.reading);
    // The read knows the size; a file it could not read is asked (stdin counts 0).
    c.bytes = item.arg == "-" ? 0 : result.bytes != 0 ? result.bytes : input_size(item.arg);
    c.games = result.records.size();
    for (const record& r : result.records) c.moves += main_line_moves(r);
    c.diagnostics = result.diagnostics;
    append_diagnostics(c.messages, result.diagnostics);
    if (!result.ok()) c.status = exit_input;
    if (result.records.empty()) return c;

    write_options writing;
    writing.source = name;
    writing.pretty = job.options.pretty;
    writing.json_lines = job.options.jsonl;
    writing.declare_encoding = job.options.declare_encoding;
    writing.ply = job.options.ply;
    if (job.options.split && !job.dir.empty()) {
        write_games_apart(result.records, *output, job, writing, c);
        return c;
    }
    write_result written = write(result.records, job.writer, writing);
    if (!written.ok()) {
        for (const diagnostic& d : written.diagnostics) {
            if (d.severity != severity::error) continue;
            c.messages += write_error(d);
            c.status = std::max(c.status, write_status(d.code));
        }
        return c;
    }
    append_diagnostics(c.messages, written.diagnostics);
    c.diagnostics.insert(c.diagnostics.end(), written.diagnostics.begin(), written.diagnostics.end());
    if (job.dir.empty()) {
        // On stdout the CSV header is written once, by the caller, before the first rows.
        c.header.assign(written.text, 0, written.header_size);
        c.out_begin = written.header_size;
        c.out = std::move(written.text);
        return c;
    }
    if (output->empty()) return c;  // a WTHOR names file: no games, no output
    const std::string failure = job.tree.write_file(*output + std::string(written.extension), written.text, job.options.force);
    if (!failure.empty()) {
        c.messages += failure;
        c.status = std::max(c.status, exit_input);
    }
    return c;
}

// Checks, before anything is read or written, that no two inputs share an output and that
// no output exists already (unless --force); creates the output folders and notes each input's
// output in job.outputs. Returns false after printing every clash.
bool plan_outputs(const std::vector<input_item>& items, convert_job& job) {
    std::unordered_map<std::string, const input_item*> taken;
    // What each output folder holds, listed once (one getdents for a folder of new outputs,
    // rather than a failing stat per output); a folder that does not exist holds nothing.
    std::unordered_map<std::string, std::unordered_set<std::string>> listings;
    const auto names_in = [&](std::string_view folder) -> const std::unordered_set<std::string>& {
        const auto [at, fresh] = listings.try_emplace(std::string(folder));
        if (fresh) {
            std::error_code ec;
            for (fs::directory_iterator it(job.tree.path(folder), ec), end; !ec && it != end; it.increment(ec)) {
                at->second.insert(std::string(name_of(it->path().native())));
            }
        }
        return at->second;
    };
    bool ok = true;
    std::vector<std::string> extensions{std::string(job.writer.extension)};
    if (!job.writer.lines_extension.empty()) extensions.emplace_back(job.writer.lines_extension);
    job.outputs.clear();
    job.outputs.reserve(items.size());
    for (const input_item& item : items) {
        if (holds_names_only(item)) {
            job.outputs.emplace_back();  // no output: convert_one writes nothing for it
            continue;
        }
        job.outputs.push_back(output_base(item, job.options.keep_ext));
        const std::string& base = job.outputs.back();
        const auto [previous, inserted] = taken.emplace(base, &item);
        if (!inserted) {
            const bool ext_differs = name_of(previous->second->relative) != name_of(item.relative);
            fmt::print(stderr, "kifu: error: {} and {} would both be written to {}.*{}\n",
                       shown_name(previous->second->arg), shown_name(item.arg), job.tree.display(base),
                       ext_differs && !job.options.keep_ext ? " (--keep-ext keeps their extensions apart)" : "");
            ok = false;
            continue;
        }
        if (job.options.force) continue;
        const std::unordered_set<std::string>& present = names_in(parent_of(base));
        const std::string stem(name_of(base));
        if (job.options.split) {
            // --split writes <stem>.<N><ext>: any such file is an output that exists.
            std::vector<std::string> existing;
            for (const std::string& name : present) {
                for (const std::string& ext : extensions) {
                    if (!name.starts_with(stem + ".") || !name.ends_with(ext) || name.size() <= stem.size() + 1 + ext.size()) continue;
                    const std::string_view number =
                        std::string_view(name).substr(stem.size() + 1, name.size() - stem.size() - 1 - ext.size());
                    if (std::all_of(number.begin(), number.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
                        existing.push_back(name);
                    }
                }
            }
            std::sort(existing.begin(), existing.end());
            for (const std::string& name : existing) {
                fmt::print(stderr, "kifu: error: {} exists (an output of {} with --split); --force overwrites\n",
                           job.tree.display(joined(std::string(parent_of(base)), name)), shown_name(item.arg));
                ok = false;
            }
            continue;
        }
        for (const std::string& ext : extensions) {
            if (present.count(stem + ext) != 0) {
                fmt::print(stderr, "kifu: error: {}{} exists (the output of {}); --force overwrites\n",
                           job.tree.display(base), printable(ext), shown_name(item.arg));
                ok = false;
            }
        }
    }
    if (!ok) return false;
    // The folders are made before anything is read, link by link: a symbolic link under DIR
    // stops the run here, before a single output is written.
    std::unordered_set<std::string> folders;
    std::string failure = job.tree.make_folders({});
    for (const std::string& output : job.outputs) {
        if (!failure.empty()) break;
        const std::string_view folder = parent_of(output);
        if (!output.empty() && !folder.empty() && folders.insert(std::string(folder)).second) {
            failure = job.tree.make_folders(folder);
        }
    }
    if (!failure.empty()) {
        fmt::print(stderr, "{}", failure);
        return false;
    }
    return true;
}

// --jsonl on stdout: each game of input `i` is written as one JSON line as soon as it is read
// (read_stream), so memory stays bounded by the largest game. Returns the input's status.
int stream_one(batch& b, std::size_t i, const convert_job& job, stdout_sink& out) {
    const input_item& item = b.items()[i];
    std::vector<diagnostic> diagnostics;
    std::size_t games = 0;
    std::size_t moves = 0;
    std::string line;
    write_options writing;
    writing.json_lines = true;
    std::vector<diagnostic> unused;  // JKF writes every record
    stream_sink sink;
    sink.on_record = [&](record&& r) {
        ++games;
        moves += main_line_moves(r);
        line.clear();
        write_to(line, std::span<const record>(&r, 1), job.writer, unused, writing);
        out.write(line);
        return !out.failed();
    };
    sink.on_diagnostic = [&](diagnostic&& d) {
        std::string message;
        append_diagnostics(message, std::vector<diagnostic>{d});
        b.report(message);
        diagnostics.push_back(std::move(d));
    };
    // Standard input streams as a file does (a format that does not stream is read whole, at
    // most 1 GiB, as a file is).
    const bool ok = item.arg == "-" ? read_stream(std::cin, "<stdin>", job.reading, sink).ok
                                    : read_stream(item.arg, job.reading, sink).ok;
    b.done(i, input_size(item.arg), games, moves, diagnostics);
    return ok ? exit_ok : exit_input;
}

}  // namespace

int run_convert(const convert_options& options) {
    read_options reading;
    if (!bind_read_options(options.reading, reading)) {
        return exit_usage;
    }
    const writer_info* writer = find_writer(options.to);
    if (writer == nullptr) {
        return usage_error(fmt::format("unknown output format '{}'", options.to));
    }
    const bool jkf = writer->name == "jkf";
    if (!jkf && (options.pretty || options.jsonl)) {
        return usage_error(fmt::format("{} applies to -t jkf only, not to -t {}",
                                       options.pretty ? "--pretty" : "--jsonl", options.to));
    }
    if (options.ply >= 0 && writer->name != "sfen") {
        return usage_error(fmt::format("--ply applies to -t sfen only, not to -t {}", options.to));
    }
    if ((options.keep_ext || options.split) && options.output_dir.empty()) {
        return usage_error(fmt::format("{} applies to -o DIR only", options.keep_ext ? "--keep-ext" : "--split"));
    }
    if (options.split && options.jsonl) return usage_error("--split writes one game per file; --jsonl many per file");
    if (options.declare_encoding && writer->name != "kif" && writer->name != "kifu" && writer->name != "ki2" &&
        writer->name != "ki2u") {
        return usage_error(fmt::format("--declare-encoding applies to -t kif, kifu, ki2 and ki2u only, not to -t {}", options.to));
    }
    convert_job job{options, *writer, std::move(reading), options.output_dir, output_tree(options.output_dir), {}};

    batch b(options);
    if (b.items().empty()) {
        // Nothing to convert: the expansion said why; no output folder is made.
        fmt::print(stderr, "kifu convert: no input file selected; nothing is written\n");
        b.finish();
        return b.status();
    }
    if (!job.dir.empty() && !plan_outputs(b.items(), job)) {
        return exit_input;
    }
    stdout_sink out;
    std::string header;  // CSV on stdout: the BOM and header row last written
    int status = b.status();
    if (jkf && options.jsonl && job.dir.empty()) {
        // Streamed: one input at a time, each game written as soon as it is read.
        for (std::size_t i = 0; i < b.items().size() && !out.failed(); ++i) {
            status = std::max(status, stream_one(b, i, job, out));
        }
        if (!out.finish()) status = std::max(status, exit_input);
        b.finish();
        return status;
    }
    std::atomic<bool> lost{false};  // stdout failed: the inputs left are not converted
    run_in_order<converted>(
        b.items().size(), b.jobs(),
        [&](std::size_t i, unsigned) {
            return lost ? converted{} : convert_one(b.items()[i], job.dir.empty() ? nullptr : &job.outputs[i], job);
        },
        [&](std::size_t i, converted& c) {
            b.report(c.messages);
            if (c.out.size() > c.out_begin) {
                if (c.header != header) out.write(c.header);  // once, unless the game changes
                header = c.header;
                out.write(std::string_view(c.out).substr(c.out_begin));
                lost = out.failed();
            }
            status = std::max(status, c.status);
            b.done(i, c.bytes, c.games, c.moves, c.diagnostics);
        });
    if (!out.finish()) {
        status = std::max(status, exit_input);
    }
    b.finish();
    return status;
}

}  // namespace kifu::cli
