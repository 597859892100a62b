// kifu search: the games of a position index that reached a position, and the table of the
// moves played next (docs/search.md).

#include <fmt/core.h>

#include <kifu/json_writer.hpp>
#include <kifu/search.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "output.hpp"

namespace kifu::cli {
namespace {

std::optional<kifu::game> game_option(const std::string& name) {
    if (name == "shogi") return kifu::game::shogi;
    if (name == "go") return kifu::game::go;
    if (name == "othello") return kifu::game::othello;
    return std::nullopt;
}

// The board of --board decides the game when --game does not: an othello size is othello.
kifu::game board_game(const std::string& board) {
    std::size_t cells = 0;
    for (const char c : board) {
        if (c != '/' && c != ' ' && c != '\n' && c != '\t' && c != '\r') ++cells;
    }
    for (const int n : {4, 6, 8, 10, 12, 14}) {
        if (cells == static_cast<std::size_t>(n * n) || cells == static_cast<std::size_t>(n * n + 1)) {
            return kifu::game::othello;
        }
    }
    return kifu::game::go;
}

// Returns the key of the position the options name, or nothing after printing why: a
// position written on the command line that is wrong is a usage error, a record that gives
// none a problem with an input.
std::optional<search::position_key> wanted_position(const search_options& o, int& status) {
    std::string error;
    std::optional<search::position_key> key;
    if (!o.sfen.empty()) {
        // Read as `kifu position --sfen` reads it: an SFEN, or a USI position with moves.
        const std::optional<record> game = read_sfen_option("--sfen", o.sfen);
        if (!game) {
            status = usage_error();
            return std::nullopt;
        }
        key = search::key_of(*game, std::nullopt, error);
        if (!key) status = usage_error("--sfen: " + error);
    } else if (!o.board.empty()) {
        const kifu::game g = o.game.empty() ? board_game(o.board) : *game_option(o.game);
        key = search::key_from_board(o.board, g, error);
        if (!key) status = usage_error("--board: " + error);
    } else {
        read_options read;
        if (!bind_read_options(o.reading, read)) {
            status = exit_usage;
            return std::nullopt;
        }
        const read_result r = read_input(o.position, read);
        print_diagnostics(stderr, r.diagnostics);
        if (r.records.empty()) {
            fmt::print(stderr, "kifu: error: {}: no game to take a position from\n", shown_name(o.position));
            status = exit_input;
            return std::nullopt;
        }
        key = search::key_of(r.records.front(), o.ply, error);
        if (!key) {
            fmt::print(stderr, "kifu: error: {}: {}\n", shown_name(o.position), printable(error));
            status = exit_input;
        }
    }
    if (!key) return std::nullopt;
    if (!o.game.empty() && key->game != *game_option(o.game)) {
        status = usage_error(fmt::format("the position is a {} position, not {}", to_string(key->game), o.game));
        return std::nullopt;
    }
    return key;
}

std::string percent(std::size_t part, std::size_t whole) {
    return whole == 0 ? std::string("-") : fmt::format("{:.0f}%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

std::string text_of(const search::query_result& r) {
    std::string out;
    out += fmt::format("{} game{} reached the position", r.total_games, r.total_games == 1 ? "" : "s");
    if (r.games.size() < r.total_games) out += fmt::format(" (the first {} listed)", r.games.size());
    out += '\n';
    for (const search::game_hit& h : r.games) {
        const search::game_entry& g = h.game;
        out += fmt::format("  {}#{}  ply {}  {} - {}", g.source, g.index, h.ply, g.black.empty() ? "?" : g.black,
                           g.white.empty() ? "?" : g.white);
        if (!g.date.empty()) out += fmt::format("  {}", g.date);
        out += fmt::format("  {}", g.result.empty() ? "result unknown" : g.result == "draw" ? "draw" : g.result + " won");
        out += fmt::format("  next: {}\n", h.next.empty() ? "(end)" : h.next);
    }
    if (r.next.empty()) return out;
    out += "\nnext move   games    wins   draws  losses  score (side to move)\n";
    for (const search::next_move& m : r.next) {
        const std::size_t decided = m.wins + m.draws + m.losses;
        out += fmt::format("{:<10} {:>6} {:>7} {:>7} {:>7}  {}\n", m.move, m.games, m.wins, m.draws, m.losses,
                           percent(2 * m.wins + m.draws, 2 * decided));
    }
    return out;
}

std::string json_of(const search::query_result& r) {
    std::string out;
    json_writer w(out);
    w.begin_object();
    w.key("games");
    w.begin_array();
    for (const search::game_hit& h : r.games) {
        const search::game_entry& g = h.game;
        w.begin_object();
        w.member("source", std::string_view(g.source));
        w.member("index", static_cast<std::uint64_t>(g.index));
        w.member("ply", h.ply);
        w.member("format", std::string_view(g.format));
        w.member("game", to_string(g.game));
        w.member("black", std::string_view(g.black));
        w.member("white", std::string_view(g.white));
        w.member("date", std::string_view(g.date));
        w.member("event", std::string_view(g.event));
        w.key("result");
        if (g.result.empty()) {
            w.null();
        } else {
            w.value(std::string_view(g.result));
        }
        w.member("moves", g.moves);
        w.key("next");
        if (h.next.empty()) {
            w.null();
        } else {
            w.value(std::string_view(h.next));
        }
        w.end_object();
    }
    w.end_array();
    w.member("total", static_cast<std::uint64_t>(r.total_games));
    w.key("next");
    w.begin_array();
    for (const search::next_move& m : r.next) {
        w.begin_object();
        w.member("move", std::string_view(m.move));
        w.member("games", static_cast<std::uint64_t>(m.games));
        w.member("wins", static_cast<std::uint64_t>(m.wins));
        w.member("draws", static_cast<std::uint64_t>(m.draws));
        w.member("losses", static_cast<std::uint64_t>(m.losses));
        w.end_object();
    }
    w.end_array();
    w.end_object();
    out += '\n';
    return out;
}

}  // namespace

int run_search(const search_options& options) {
    if (!options.game.empty() && !game_option(options.game)) {
        return usage_error(fmt::format("unknown game '{}' (shogi, go or othello)", options.game));
    }
    int status = exit_ok;
    const std::optional<search::position_key> key = wanted_position(options, status);
    if (!key) return status;
    try {
        const search::database db = search::database::open(options.database, search::open_mode::read_only);
        search::query_options q;
        q.limit = options.limit;
        q.players = options.players;
        q.from = options.from;
        q.to = options.to;
        const search::query_result r = db.find(*key, q);
        if (!write_stdout(options.json ? json_of(r) : text_of(r))) return exit_input;
    } catch (const search::error& e) {
        fmt::print(stderr, "kifu: error: {}\n", e.what());
        return exit_input;
    }
    return exit_ok;
}

}  // namespace kifu::cli
