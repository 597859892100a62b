#pragma once

// One semantics, checked: runs kifu-pegc's interpreter and the parser kifu-pegc generated for
// the same grammar on the same texts, strict and lenient, and requires the same @build events
// (rule, start, end) and the same diagnostics (code, message, line, column).

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <kifu/text.hpp>

#include "checker.hpp"
#include "core/peg_support.hpp"
#include "diagnostics.hpp"
#include "interpreter.hpp"
#include "reader.hpp"
#include "support/corpus.hpp"

namespace kifu::test {

/// A grammar read, checked and ready to interpret.
struct interpreted_grammar {
    pegc::grammar g;
    pegc::analysis a;
    std::unique_ptr<pegc::interpreter> run;
};

inline std::unique_ptr<interpreted_grammar> load_interpreted(const std::string& name) {
    const std::filesystem::path path = source_dir() / "grammars" / (name + ".peg");
    pegc::diagnostics diags;
    auto g = pegc::read_grammar(path.string(), slurp(path), diags);
    REQUIRE(g);
    auto out = std::make_unique<interpreted_grammar>();
    out->g = std::move(*g);
    out->a = pegc::check_grammar(out->g, diags);
    REQUIRE_FALSE(diags.has_error());
    out->run = std::make_unique<pegc::interpreter>(out->g, out->a);
    return out;
}

/// The inputs of a grammar's example cases (tests/grammars/<name>/*.txt, `--- input` sections).
inline std::vector<std::string> case_inputs(const std::string& name) {
    std::vector<std::string> out;
    const std::filesystem::path dir = source_dir() / "tests" / "grammars" / name;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return out;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() == ".txt") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        std::istringstream lines(slurp(file));
        bool in_input = false;
        for (std::string line; std::getline(lines, line);) {
            if (line == "--- input") {
                in_input = true;
                out.emplace_back();
            } else if (line.rfind("--- ", 0) == 0 || line.rfind("=== ", 0) == 0) {
                in_input = false;
            } else if (in_input) {
                out.back() += line + "\n";
            }
        }
    }
    return out;
}

/// Records the generated parser's events as "rule start end".
template <typename EventNames>
struct event_recorder {
    std::vector<std::string>& out;
    const EventNames& names;
    template <typename Event>
    void on(Event e, std::string_view matched, std::size_t offset) {
        out.push_back(std::string(names[static_cast<std::size_t>(e)]) + " " + std::to_string(offset) + " " +
                      std::to_string(offset + matched.size()));
    }
};

/// Compares both on one text in both modes; returns a description of the first difference.
template <typename Root, typename Traits, typename EventNames>
std::string compare_once(const interpreted_grammar& ig, const EventNames& event_names, const kifu::source_text& text,
                         const std::string& code_prefix) {
    for (const bool lenient : {false, true}) {
        std::vector<std::string> generated_events;
        std::vector<std::string> interpreted_events;
        std::vector<kifu::diagnostic> diagnostics;
        event_recorder<EventNames> rec{generated_events, event_names};
        const bool generated_ok = kifu::detail::parse<Root, Traits>(
            text, lenient ? kifu::read_mode::lenient : kifu::read_mode::strict, code_prefix, rec, diagnostics);
        pegc::run_options options;
        options.lenient = lenient;
        const pegc::run_result result = ig.run->run(text.text(), options);
        for (const pegc::run_event& e : result.events) {
            interpreted_events.push_back(ig.g.rules[e.rule].name + " " + std::to_string(e.begin) + " " +
                                         std::to_string(e.end));
        }
        std::vector<std::string> generated_errors, interpreted_errors;
        for (const kifu::diagnostic& d : diagnostics) {
            generated_errors.push_back(d.code + " " + std::to_string(d.line) + ":" + std::to_string(d.column) + " " + d.message);
        }
        for (const pegc::run_error& e : result.errors) {
            const kifu::text_position p = text.position_of(e.offset);
            interpreted_errors.push_back(code_prefix + "." + e.code + " " + std::to_string(p.line) + ":" +
                                         std::to_string(p.column) + " " + e.message);
        }
        const std::string mode = lenient ? "lenient" : "strict";
        if (generated_ok != result.matched) return mode + ": the generated parser says " + (generated_ok ? "ok" : "failed");
        if (generated_errors != interpreted_errors) {
            std::string out = mode + ": diagnostics differ\n generated:";
            for (const auto& e : generated_errors) out += "\n  " + e;
            out += "\n interpreted:";
            for (const auto& e : interpreted_errors) out += "\n  " + e;
            return out;
        }
        if (generated_events != interpreted_events) {
            std::size_t i = 0;
            while (i < generated_events.size() && i < interpreted_events.size() && generated_events[i] == interpreted_events[i]) ++i;
            return mode + ": events differ at event " + std::to_string(i) + ": generated '" +
                   (i < generated_events.size() ? generated_events[i] : "(none)") + "', interpreted '" +
                   (i < interpreted_events.size() ? interpreted_events[i] : "(none)") + "'";
        }
    }
    return {};
}

/// Mutates a text: deletes, duplicates, inserts or replaces a short span, or cuts the text.
inline std::string mutate(const std::string& text, const std::vector<std::string>& pieces, std::mt19937& random) {
    std::string out = text;
    const auto pick = [&](std::size_t n) { return n == 0 ? std::size_t{0} : std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
    const std::size_t edits = 1 + pick(3);
    for (std::size_t k = 0; k < edits; ++k) {
        const std::size_t at = pick(out.size() + 1);
        const std::size_t length = std::min<std::size_t>(1 + pick(8), out.size() - std::min(at, out.size()));
        switch (pick(6)) {
            case 0: out.erase(at, length); break;
            case 1: out.insert(at, out.substr(at, length)); break;
            case 2: out.insert(at, pieces[pick(pieces.size())]); break;
            case 3: out.replace(at, length, pieces[pick(pieces.size())]); break;
            case 4: out.insert(at, 1, static_cast<char>(pick(128))); break;
            default: out.resize(at); break;
        }
    }
    return out;
}

/// The literals of a grammar and a few line breaks: what mutations insert.
inline std::vector<std::string> grammar_pieces(const pegc::grammar& g) {
    std::set<std::string> found{"\n", "\r\n", " ", "\t", "0", "9", "\xE3\x80\x80"};
    std::function<void(const pegc::node&)> walk = [&](const pegc::node& n) {
        if (n.kind == pegc::node_kind::literal && !n.text.empty()) found.insert(n.text);
        for (const pegc::node& c : n.children) walk(c);
    };
    for (const pegc::rule& r : g.rules) walk(r.body);
    return {found.begin(), found.end()};
}

}  // namespace kifu::test
