// Reads a record in any format kifu knows and walks the main line of every game in it,
// through the model of the game's own kind: shogi JKF, go or othello.

#include <iostream>
#include <string>

#include <kifu/kifu.hpp>

namespace {

void walk(const kifu::shogi::jkf& game) {
    // moves[0] is the start entry (comments before the first move); moves[i] is ply i.
    for (std::size_t ply = 1; ply < game.moves.size(); ++ply) {
        const kifu::shogi::move_format& entry = game.moves[ply];
        if (entry.move) {
            const kifu::shogi::move_data& m = *entry.move;  // normalized: color, to and piece are set
            std::cout << "  " << ply << ' ' << (*m.color == kifu::shogi::color::black ? "black " : "white ")
                      << kifu::shogi::to_csa(*m.piece) << " to " << int(m.to->x) << int(m.to->y)
                      << (m.from ? "" : " (drop)") << (m.promote.value_or(false) ? " promotes" : "") << '\n';
        } else if (!entry.special.empty()) {
            std::cout << "  " << ply << ' ' << entry.special << '\n';
        }
    }
}

void walk(const kifu::go::record& game) {
    const kifu::go::line& main_line = game.lines[0];  // lines[0][0] is the start entry
    for (std::size_t ply = 1; ply < main_line.size(); ++ply) {
        const kifu::go::move_entry& entry = main_line[ply];
        if (!entry.move) continue;  // a node with setup or comments only
        std::cout << "  " << ply << (entry.move->color == kifu::go::color::black ? " black " : " white ");
        if (entry.move->to) {
            std::cout << int(entry.move->to->x) << ',' << int(entry.move->to->y);
        } else {
            std::cout << "pass";
        }
        std::cout << " takes " << entry.captures.size() << '\n';
    }
}

void walk(const kifu::othello::record& game) {
    int ply = 0;
    for (const kifu::othello::move& m : game.moves) {  // ply 1 first
        std::cout << "  " << ++ply << (m.color == kifu::othello::color::black ? " black " : " white ")
                  << (m.is_pass() ? std::string("pass") : kifu::othello::to_string(m.to) + " flips " +
                                                             std::to_string(kifu::othello::flip_count(m.flip_runs)))
                  << '\n';
    }
    std::cout << "  final " << game.final_counts.black << '-' << game.final_counts.white << '\n';
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: walk_games FILE\n";
        return 2;
    }
    const kifu::read_result result = kifu::read_file(argv[1]);
    for (const kifu::diagnostic& d : result.diagnostics) std::cerr << kifu::format_gcc(d) << '\n';
    for (const kifu::record& game : result.records) {
        std::cout << "game " << game.index << " (" << kifu::to_string(game.game()) << ")\n";
        if (const auto* shogi = game.get<kifu::shogi::jkf>()) walk(*shogi);
        if (const auto* go = game.get<kifu::go::record>()) walk(*go);
        if (const auto* othello = game.get<kifu::othello::record>()) walk(*othello);
    }
    return result.ok() ? 0 : 1;
}
