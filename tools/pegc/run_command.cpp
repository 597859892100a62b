// kifu-pegc run GRAMMAR.peg FILE... [--events] [--tree] [--trace] [--lenient] [-e ENCODING]
//
// Interprets a grammar on files, decoded to UTF-8 as kifu decodes them: prints the @build
// events (the default), the tree of the named rules that matched, or every rule tried, and the
// diagnostics in gcc's form on stderr. A file that cannot be read is an error of that input
// (exit 1), as in kifu; the others are still run.

#include <charconv>
#include <cstdio>
#include <iostream>

#include <kifu/diagnostic.hpp>
#include <kifu/format.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

#include "commands.hpp"
#include "core/text_positions.hpp"
#include "diagnostics.hpp"
#include "reader.hpp"

namespace kifu::pegc {
namespace {

constexpr const char* run_usage =
    "usage: kifu-pegc run GRAMMAR.peg FILE... [--events] [--tree] [--trace] [--lenient] [-e ENCODING]\n"
    "       [--max-depth N]\n";

std::string position_text(const detail::text_positions& positions, std::size_t offset) {
    const auto p = positions.at(offset);
    return std::to_string(p.line) + ":" + std::to_string(p.column);
}

// The encoding kifu decodes the file from: as `kifu -f <code>` when the grammar's code names one
// of its formats (`@code csa`: a BOM, then `'CSA encoding=`, then UTF-8, else CP932),
// else as decode() finds it (a BOM, UTF-16/32, else UTF-8). `-e` beats both, as in kifu.
std::string encoding_of(std::string_view bytes, const loaded_grammar& grammar, const std::string& given) {
    if (!given.empty()) return given;
    const format_info* format = find_format(grammar.code_prefix);
    if (format == nullptr || format->binary) return {};
    return detect(bytes, *format).encoding;
}

}  // namespace

std::unique_ptr<loaded_grammar> load_grammar(const std::string& path) {
    std::string source;
    std::vector<diagnostic> unread;
    if (!load_file(path, source, unread)) {
        for (const diagnostic& d : unread) std::cerr << format_gcc(d) << '\n';
        return nullptr;
    }
    diagnostics diags;
    std::optional<grammar> g = read_grammar(path, source, diags);
    analysis a;
    if (g) a = check_grammar(*g, diags);
    diags.print(std::cerr, path, source);
    if (!g || diags.has_error()) return nullptr;
    auto out = std::make_unique<loaded_grammar>();
    out->g = std::move(*g);
    out->a = std::move(a);
    out->run = std::make_unique<interpreter>(out->g, out->a);
    if (out->g.code) {
        out->code_prefix = *out->g.code;
    } else {
        std::string stem = path.substr(path.find_last_of('/') + 1);
        out->code_prefix = stem.substr(0, stem.find('.'));
    }
    return out;
}

std::string render_events(const loaded_grammar& grammar, std::string_view text, const run_result& result) {
    const detail::text_positions positions(text);
    std::string out;
    for (const run_event& e : result.events) {
        out += position_text(positions, e.begin) + " " + grammar.g.rules[e.rule].name + " " +
               quote_text(text.substr(e.begin, e.end - e.begin)) + "\n";
    }
    return out;
}

std::string render_errors(const loaded_grammar& grammar, std::string_view text, const run_result& result,
                          const std::string& prefix) {
    const detail::text_positions positions(text);
    std::string out;
    for (const run_error& e : result.errors) {
        out += prefix + position_text(positions, e.offset) + ": error: " + e.message + " [" + grammar.code_prefix +
               "." + e.code + "]\n";
    }
    return out;
}

// Every rule tried, in the form `kifu trace` prints (peg_support.hpp's trace): a line when a
// rule starts, one when it ends, indented by nesting.
class trace_observer : public run_observer {
public:
    trace_observer(const grammar& g, std::string_view text, std::string& out) : g_(g), text_(text), positions_(text), out_(out) {}
    void enter(std::size_t rule, std::size_t offset) override {
        out_.append(2 * depth_, ' ') += g_.rules[rule].name + " " + position_text(positions_, offset) + "\n";
        ++depth_;
    }
    void leave(std::size_t rule, std::size_t begin, std::size_t end, bool matched, const std::string* message) override {
        --depth_;
        out_.append(2 * depth_, ' ') += g_.rules[rule].name + " " + position_text(positions_, begin);
        if (matched) {
            out_ += " matched " + quote_text(text_.substr(begin, end - begin), 40) + "\n";
        } else if (message != nullptr) {
            out_ += " raised " + quote_text(*message) + " at " + position_text(positions_, end) + "\n";
        } else {
            out_ += " failed\n";
        }
    }

private:
    const grammar& g_;
    std::string_view text_;
    detail::text_positions positions_;
    std::string& out_;
    std::size_t depth_ = 0;
};

// The named rules that matched, as a tree: a rule undone by a later failure (its alternative
// or repetition failed, or it matched inside a predicate) is dropped with its subtree.
class tree_observer : public run_observer {
public:
    tree_observer(const grammar& g, std::string_view text) : g_(g), text_(text), positions_(text) {}
    void enter(std::size_t rule, std::size_t offset) override {
        open_.push_back(nodes_.size());
        nodes_.push_back({rule, offset, offset, open_.size() - 1});
    }
    void leave(std::size_t, std::size_t, std::size_t end, bool matched, const std::string*) override {
        const std::size_t self = open_.back();
        open_.pop_back();
        if (matched) {
            nodes_[self].end = end;
        } else {
            nodes_.resize(self);
        }
    }
    std::size_t mark() const override { return nodes_.size(); }
    void rewind(std::size_t mark) override { nodes_.resize(mark); }
    std::string render() const {
        std::string out;
        for (const item& n : nodes_) {
            out.append(2 * n.depth, ' ') += g_.rules[n.rule].name + " " + position_text(positions_, n.begin) + " " +
                                            quote_text(text_.substr(n.begin, n.end - n.begin), 40) + "\n";
        }
        return out;
    }

private:
    struct item {
        std::size_t rule, begin, end, depth;
    };
    const grammar& g_;
    std::string_view text_;
    detail::text_positions positions_;
    std::vector<std::size_t> open_;
    std::vector<item> nodes_;
};

int run_command(const std::vector<std::string>& args) {
    bool events = false, tree = false, trace = false;
    run_options options;
    std::string encoding;
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--events") {
            events = true;
        } else if (a == "--tree") {
            tree = true;
        } else if (a == "--trace") {
            trace = true;
        } else if (a == "--lenient") {
            options.lenient = true;
        } else if ((a == "-e" || a == "--encoding") && i + 1 < args.size()) {
            encoding = args[++i];
        } else if (a == "--max-depth" && i + 1 < args.size()) {
            const std::string& n = args[++i];
            const auto [end, error] = std::from_chars(n.data(), n.data() + n.size(), options.max_depth);
            if (error != std::errc() || end != n.data() + n.size() || options.max_depth == 0) {
                std::cerr << "kifu-pegc: error: --max-depth takes a positive number, not '" << n << "'\n" << run_usage;
                return exit_usage;
            }
        } else if (a == "--help" || a == "-h") {
            std::cout << run_usage;
            return exit_ok;
        } else if (!a.empty() && a[0] != '-') {
            paths.push_back(a);
        } else {
            std::cerr << "kifu-pegc: error: unexpected argument '" << a << "'\n" << run_usage;
            return exit_usage;
        }
    }
    if (paths.size() < 2) {
        std::cerr << run_usage;
        return exit_usage;
    }
    if (!events && !tree && !trace) events = true;
    const std::unique_ptr<loaded_grammar> grammar = load_grammar(paths.front());
    if (!grammar) return exit_usage;
    int status = exit_ok;
    for (std::size_t f = 1; f < paths.size(); ++f) {
        std::string bytes;
        std::vector<diagnostic> problems;
        if (!load_file(paths[f], bytes, problems)) {
            for (const diagnostic& d : problems) std::cerr << format_gcc(d) << '\n';
            status = exit_input;
            continue;
        }
        decode_options decode_with;
        decode_with.forced = encoding_of(bytes, *grammar, encoding);
        const source_text text = decode(paths[f], bytes, decode_with, problems);
        for (const diagnostic& d : problems) std::cerr << format_gcc(d) << '\n';
        if (has_error(problems)) status = exit_input;
        if (paths.size() > 2 && (events || tree || trace)) std::cout << "== " << paths[f] << '\n';
        std::string trace_text;
        trace_observer tracer(grammar->g, text.text(), trace_text);
        tree_observer builder(grammar->g, text.text());
        both_observer observers(trace ? &tracer : nullptr, tree ? &builder : nullptr);
        const run_result result = grammar->run->run(text.text(), options, &observers);
        if (trace) std::cout << trace_text;
        if (tree) std::cout << builder.render();
        if (events) std::cout << render_events(*grammar, text.text(), result);
        std::cout.flush();
        std::cerr << render_errors(*grammar, text.text(), result, paths[f] + ":");
        if (!result.errors.empty()) status = exit_input;
    }
    return status;
}

}  // namespace kifu::pegc
