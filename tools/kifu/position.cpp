// kifu position: one position of a record's main line (after --ply N moves; default the end)
// or of an SFEN/USI or Shogi64 string: shogi in SFEN, Shogi64, BOD or JKF; every game as a text
// diagram or an SVG picture.

#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>

#include <kifu/diagram.hpp>
#include <kifu/record.hpp>
#include <kifu/shogi/bod.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/sfen.hpp>
#include <kifu/shogi/shogi64.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "output.hpp"

namespace kifu::cli {
namespace {

// The text of a shogi position in the requested form; false (after a message) when it has none.
bool render(const shogi::position& p, std::size_t ply, const std::string& to, std::string& out) {
    if (to == "sfen") {
        out += shogi::to_sfen(p, static_cast<int>(ply) + 1) + '\n';
    } else if (to == "shogi64") {
        std::string why;
        const std::optional<std::string> code = shogi::to_shogi64(p, &why);
        if (!code) {
            fmt::print(stderr, "kifu: error: {}: {}\n", shogi::to_sfen(p, static_cast<int>(ply) + 1), why);
            return false;
        }
        out += *code + '\n';
    } else if (to == "bod" || to == "text") {
        if (!out.empty()) out += '\n';  // a blank line between diagrams
        out += shogi::to_bod(p);
    } else if (to == "svg") {
        out += shogi::to_svg(p);
    } else {
        shogi::jkf game;
        game.initial.emplace();
        game.initial->preset = "OTHER";
        game.initial->data = p.to_state();
        game.moves.emplace_back();
        out += to_jkf(record(std::move(game))) + '\n';
    }
    return true;
}

// The position after `ply` moves (-1: all) of each game (or of game `number` only, when not
// 0); false (after a message) on a form the game has not or a main line shorter than `ply`.
bool render_games(const read_result& result, const std::string& name, int ply, int number, const std::string& to,
                  std::string& out) {
    if (number > 0 && static_cast<std::size_t>(number) > result.records.size()) {
        fmt::print(stderr, "kifu: error: {}: --number {} asks for a game the input does not hold ({} game{})\n", name,
                   number, result.records.size(), result.records.size() == 1 ? "" : "s");
        return false;
    }
    std::size_t drawn = 0;
    for (std::size_t i = 0; i < result.records.size(); ++i) {
        if (number > 0 && i + 1 != static_cast<std::size_t>(number)) continue;
        const record& r = result.records[i];
        const std::size_t game_number = r.index != 0 ? r.index : i + 1;
        const auto* game = r.get<shogi::jkf>();
        const std::string form = to.empty() ? (game != nullptr ? "sfen" : "text") : to;
        if (game == nullptr && form != "text" && form != "svg") {
            fmt::print(stderr, "kifu: error: {}: game {} is a {} game; -t {} is a shogi form (a {} position is shown "
                       "with -t text or -t svg)\n",
                       name, game_number, to_string(r.game()), form, to_string(r.game()));
            return false;
        }
        if (form == "svg" && ++drawn > 1) {
            fmt::print(stderr, "kifu: error: {}: the input holds {} games and -t svg draws one picture; choose one "
                       "with --number N\n",
                       name, result.records.size());
            return false;
        }
        if (game == nullptr || form == "svg" || form == "text") {
            std::string why;
            const std::optional<std::string> picture = draw_position(
                r, ply >= 0 ? std::optional<std::size_t>(static_cast<std::size_t>(ply)) : std::nullopt,
                form == "svg" ? diagram_kind::svg : diagram_kind::text, &why);
            if (!picture) {
                fmt::print(stderr, "kifu: error: {}: game {}: {}\n", name, game_number, why);
                return false;
            }
            if (form == "text" && !out.empty()) out += '\n';
            out += *picture;
            continue;
        }
        const std::size_t moves = shogi::main_line(*game).size();
        const std::size_t at = ply >= 0 ? static_cast<std::size_t>(ply) : moves;
        const std::optional<shogi::position> p = shogi::position_after(*game, at);
        if (!p) {
            fmt::print(stderr, "kifu: error: {}: game {} has {} move{} in its main line; --ply {} is past its end\n",
                       name, game_number, moves, moves == 1 ? "" : "s", ply);
            return false;
        }
        if (!render(*p, at, form, out)) return false;
    }
    return true;
}

}  // namespace

int run_position(const position_options& options) {
    const int sources = (options.input.empty() ? 0 : 1) + (options.sfen ? 1 : 0) + (options.shogi64 ? 1 : 0);
    if (sources != 1) {
        fmt::print(stderr, "kifu: error: kifu position takes one of FILE, --sfen SFEN and --shogi64 CODE\n");
        return exit_usage;
    }
    if (options.shogi64 && options.ply >= 0) {
        fmt::print(stderr, "kifu: error: --ply applies to a record or an SFEN with moves, not to --shogi64\n");
        return exit_usage;
    }
    std::string out;
    if (options.shogi64) {
        shogi::shogi64_error error;
        const std::optional<shogi::position> p = shogi::parse_shogi64(*options.shogi64, &error);
        if (!p) {
            print_string_error("--shogi64", *options.shogi64, error.column, error.message);
            return exit_input;
        }
        bool failed = false;
        for (const shogi::position_problem& problem : shogi::check_position(*p)) {
            if (problem.severity == severity::error) {
                fmt::print(stderr, "kifu: error: --shogi64: {} [{}]\n", problem.message, shogi::code_of(problem.flaw));
            } else {
                fmt::print(stderr, "--shogi64: {}: {} [{}]\n", to_string(problem.severity), problem.message,
                           shogi::code_of(problem.flaw));
            }
            failed = failed || problem.severity == severity::error;
        }
        if (failed) return exit_input;
        if (!render(*p, 0, options.to.empty() ? "sfen" : options.to, out)) return exit_input;
    } else if (options.sfen) {
        std::optional<record> game = read_sfen_option("--sfen", *options.sfen);
        if (!game) return exit_input;
        read_result result;
        result.records.push_back(std::move(*game));
        if (!render_games(result, "--sfen", options.ply, 0, options.to.empty() ? "sfen" : options.to, out)) return exit_usage;
    } else {
        read_options reading;
        if (!bind_read_options(options.reading, reading)) return exit_usage;
        const read_result result = read_input(options.input, reading);
        print_diagnostics(stderr, result.diagnostics);
        if (!result.ok()) return exit_input;
        if (!render_games(result, display_name(options.input), options.ply, options.number, options.to, out)) return exit_usage;
    }
    return write_stdout(out) ? exit_ok : exit_input;
}

}  // namespace kifu::cli
