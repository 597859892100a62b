#pragma once

// What the shogi benchmarks share with ../shared/peers/shogi/bench.mjs: its --list TSV (the
// exact games the peer timed) and its way of counting moves, so that kifu and the peer are
// timed on the same games and their move counts can be checked against each other.

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>

#include <kifu/kifu.hpp>
#include <kifu/shogi/jkf.hpp>

#include "bench_support.hpp"

namespace kifu::bench {

// Main-line moves, as bench.mjs counts them: entries with a move (not specials, not forks).
inline std::size_t main_line_moves(const kifu::shogi::jkf& game) {
    return static_cast<std::size_t>(
        std::count_if(game.moves.begin(), game.moves.end(), [](const auto& m) { return m.move.has_value(); }));
}

// The K-th (0-based) game of a text whose games are separated by lines that are exactly "/".
inline std::string nth_game(const std::string& bytes, std::size_t k) {
    std::istringstream lines(bytes);
    std::string line;
    std::string out;
    std::size_t game = 0;
    while (std::getline(lines, line)) {
        const std::string bare = !line.empty() && line.back() == '\r' ? line.substr(0, line.size() - 1) : line;
        if (bare == "/") {
            ++game;
            continue;
        }
        if (game == k) {
            out += line;
            out += '\n';
        }
    }
    return out;
}

struct listed {
    std::vector<kifu::bench::input> inputs;
    std::size_t moves = 0;  // the peer's main-line moves over all inputs
};

// Reads bench.mjs's --list TSV (header line, then input<TAB>bytes<TAB>moves).
inline listed load_list(const std::string& file) {
    listed out;
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string name;
        std::string bytes;
        std::string moves;
        if (!std::getline(fields, name, '\t') || !std::getline(fields, bytes, '\t') || !std::getline(fields, moves, '\t')) {
            continue;
        }
        out.moves += static_cast<std::size_t>(std::stoull(moves));
        std::string path = name;
        std::size_t game = 0;
        bool split = false;
        if (const auto hash = name.rfind('#'); hash != std::string::npos && name.find('/', hash) == std::string::npos) {
            path = name.substr(0, hash);
            game = static_cast<std::size_t>(std::stoull(name.substr(hash + 1)));
            split = true;
        }
        kifu::bench::input input{name, {}};
        std::vector<kifu::diagnostic> problems;
        if (!kifu::load_file(path, input.bytes, problems)) {
            fmt::print(stderr, "skipped {}\n", name);
            continue;
        }
        if (split) {
            // bench.mjs counts games from 1 (PATH#1 is the first).
            input.bytes = nth_game(input.bytes, game == 0 ? 0 : game - 1);
        }
        out.inputs.push_back(std::move(input));
    }
    return out;
}

}  // namespace kifu::bench
