// kifu-pegc test GRAMMAR.peg [CASES...] [--update] [--complete]
//
// Runs a grammar's example cases. A case file (UTF-8 text, any name ending in .txt) holds
// cases like this one; lines before the first case are a comment:
//
//   === a black move
//   --- input
//   +7776FU
//   --- events
//   1:1 move "+7776FU"
//   --- errors
//
// `=== NAME` starts a case; `lenient` after the name reads in lenient mode, `no-eol` drops the
// input's last line break. The input is every line up to `--- events`, each with its line
// break. The expected events and errors are what `kifu-pegc run` prints (errors without the
// file name). --update writes what the grammar gives now instead of comparing. Then it names,
// at their line:column in the grammar, the @build rules no case's events show and the @error
// messages no case's errors show, and says so when the grammar declares no @code; --complete
// makes that a failure.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include <kifu/text.hpp>

#include "commands.hpp"
#include "diagnostics.hpp"

namespace kifu::pegc {
namespace {

constexpr const char* test_usage = "usage: kifu-pegc test GRAMMAR.peg [CASES...] [--update] [--complete]\n";

struct test_case {
    std::string name;
    bool lenient = false;
    bool no_eol = false;
    std::size_t line = 0;  // of the === line
    std::string input;
    std::string events;
    std::string errors;
};

struct case_file {
    std::string path;
    std::string preamble;
    std::vector<test_case> cases;
};

bool starts_with(const std::string& s, std::string_view prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

// Trailing empty lines of a section do not count: they separate cases.
std::string trim_trailing_blank_lines(std::string s) {
    while (s.size() >= 2 && s[s.size() - 1] == '\n' && s[s.size() - 2] == '\n') s.pop_back();
    if (s == "\n") s.clear();
    return s;
}

bool parse_case_file(const std::string& path, case_file& out, std::string& problem) {
    std::string text;
    if (!read_whole_file(path, text)) {
        problem = "cannot read '" + path + "'";
        return false;
    }
    out.path = path;
    enum class section { preamble, header, input, events, errors } at = section::preamble;
    std::istringstream lines(text);
    std::string line;
    std::size_t number = 0;
    while (std::getline(lines, line)) {
        ++number;
        if (starts_with(line, "=== ")) {
            test_case c;
            std::istringstream words(line.substr(4));
            std::string name = line.substr(4);
            // Options are the last words of the header.
            for (;;) {
                const std::size_t space = name.find_last_of(' ');
                const std::string last = space == std::string::npos ? name : name.substr(space + 1);
                if (space == std::string::npos || (last != "lenient" && last != "no-eol")) break;
                (last == "lenient" ? c.lenient : c.no_eol) = true;
                name.erase(space);
            }
            c.name = name;
            c.line = number;
            out.cases.push_back(std::move(c));
            at = section::header;
        } else if (at == section::preamble) {
            out.preamble += line + "\n";
        } else if (line == "--- input" && at == section::header) {
            at = section::input;
        } else if (line == "--- events" && at == section::input) {
            at = section::events;
        } else if (line == "--- errors" && at == section::events) {
            at = section::errors;
        } else if (at == section::input) {
            out.cases.back().input += line + "\n";
        } else if (at == section::events) {
            out.cases.back().events += line + "\n";
        } else if (at == section::errors) {
            out.cases.back().errors += line + "\n";
        } else if (!line.empty()) {
            problem = path + ":" + std::to_string(number) + ": expected '--- input' after the case name";
            return false;
        }
    }
    for (test_case& c : out.cases) {
        if (c.no_eol && !c.input.empty()) c.input.pop_back();
        c.events = trim_trailing_blank_lines(c.events);
        c.errors = trim_trailing_blank_lines(c.errors);
    }
    return true;
}

std::string render_case_file(const case_file& f) {
    std::string out = f.preamble;
    for (std::size_t i = 0; i < f.cases.size(); ++i) {
        const test_case& c = f.cases[i];
        if (i != 0) out += "\n";
        out += "=== " + c.name + (c.lenient ? " lenient" : "") + (c.no_eol ? " no-eol" : "") + "\n";
        out += "--- input\n" + c.input + (c.no_eol ? "\n" : "");
        out += "--- events\n" + c.events;
        out += "--- errors\n" + c.errors;
    }
    return out;
}

void print_difference(const std::string& what, const std::string& expected, const std::string& actual) {
    std::cout << "  " << what << " expected:\n";
    std::istringstream e(expected), a(actual);
    for (std::string line; std::getline(e, line);) std::cout << "    - " << line << '\n';
    std::cout << "  " << what << " given:\n";
    for (std::string line; std::getline(a, line);) std::cout << "    + " << line << '\n';
}

std::vector<std::string> case_paths(const std::vector<std::string>& args) {
    std::vector<std::string> out;
    for (const std::string& a : args) {
        if (std::filesystem::is_directory(a)) {
            std::vector<std::string> found;
            for (const auto& entry : std::filesystem::directory_iterator(a)) {
                if (entry.path().extension() == ".txt") found.push_back(entry.path().string());
            }
            std::sort(found.begin(), found.end());
            out.insert(out.end(), found.begin(), found.end());
        } else {
            out.push_back(a);
        }
    }
    return out;
}

}  // namespace

int test_command(const std::vector<std::string>& args) {
    bool update = false, complete = false;
    std::vector<std::string> paths;
    for (const std::string& a : args) {
        if (a == "--update") {
            update = true;
        } else if (a == "--complete") {
            complete = true;
        } else if (a == "--help" || a == "-h") {
            std::cout << test_usage;
            return exit_ok;
        } else if (!a.empty() && a[0] != '-') {
            paths.push_back(a);
        } else {
            std::cerr << "kifu-pegc test: unexpected argument '" << a << "'\n" << test_usage;
            return exit_usage;
        }
    }
    if (paths.empty()) {
        std::cerr << test_usage;
        return exit_usage;
    }
    const std::unique_ptr<loaded_grammar> grammar = load_grammar(paths.front());
    if (!grammar) return exit_usage;
    if (paths.size() == 1) {
        // Without cases: tests/grammars/<stem>/ next to grammars/, the usual layout.
        const std::filesystem::path g(paths.front());
        paths.push_back((g.parent_path().parent_path() / "tests" / "grammars" / g.stem()).string());
    }
    const std::vector<std::string> files = case_paths({paths.begin() + 1, paths.end()});
    std::set<std::string> seen_events;
    std::set<std::string> seen_messages;
    std::size_t passed = 0, failed = 0, updated = 0;
    for (const std::string& path : files) {
        case_file f;
        std::string problem;
        if (!parse_case_file(path, f, problem)) {
            std::cerr << "kifu-pegc test: " << problem << '\n';
            return exit_usage;
        }
        bool changed = false;
        for (test_case& c : f.cases) {
            const source_text text(c.name, c.input, "UTF-8");
            run_options options;
            options.lenient = c.lenient;
            const run_result result = grammar->run->run(text.text(), options);
            for (const run_event& e : result.events) seen_events.insert(grammar->g.rules[e.rule].name);
            for (const run_error& e : result.errors) seen_messages.insert(e.message);
            const std::string events = render_events(*grammar, text.text(), result);
            const std::string errors = render_errors(*grammar, text.text(), result, "");
            if (events == c.events && errors == c.errors) {
                ++passed;
                continue;
            }
            if (update) {
                c.events = events;
                c.errors = errors;
                changed = true;
                ++updated;
                continue;
            }
            ++failed;
            std::cout << path << ":" << c.line << ": case '" << c.name << "' failed\n";
            if (events != c.events) print_difference("events", c.events, events);
            if (errors != c.errors) print_difference("errors", c.errors, errors);
        }
        if (changed) {
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            out << render_case_file(f);
            if (!out) {
                std::cerr << "kifu-pegc test: cannot write '" << path << "'\n";
                return exit_usage;
            }
        }
    }
    // Each gap is named at its place in the grammar, as a compiler names a line.
    const pegc::grammar& g = grammar->g;
    struct gap {
        std::string where;  // file, or file:line:col
        std::string text;
    };
    std::vector<gap> missing;
    const auto at = [&](std::size_t offset) { return paths.front() + ":" + line_column(g.source, offset); };
    if (!g.code) {
        missing.push_back({paths.front(), "the grammar declares no @code: its diagnostics are named after the file (" +
                                              grammar->code_prefix + ".syntax), so its cases fail for a copy under another name"});
    }
    for (const rule& r : g.rules) {
        if (r.build && seen_events.count(r.name) == 0) {
            missing.push_back({at(r.offset), "@build rule '" + r.name + "' has no event in any case"});
        }
        if (r.error_message && seen_messages.count(*r.error_message) == 0) {
            missing.push_back({at(r.error_offset), "@error message of '" + r.name + "' (\"" + *r.error_message + "\") is in no case"});
        }
    }
    for (const gap& m : missing) std::cout << m.where << ": " << (complete ? "error: " : "note: ") << m.text << '\n';
    std::cout << passed << " passed, " << failed << " failed" << (update ? ", " + std::to_string(updated) + " updated" : "")
              << " (" << files.size() << " files)\n";
    if (failed != 0 || (complete && !missing.empty())) return exit_input;
    return exit_ok;
}

}  // namespace kifu::pegc
