// Indexes the games of some records in a position index, then asks which indexed games
// reached the position after the first three moves of the first file's first game, and what
// was played next.

#include <iostream>

#include <kifu/kifu.hpp>

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: search_positions INDEX FILE...\n";
        return 2;
    }
    try {
        auto index = kifu::search::database::open(argv[1], kifu::search::open_mode::rebuild);
        for (int i = 2; i < argc; ++i) {
            const kifu::read_result games = kifu::read_file(argv[i]);
            for (const kifu::diagnostic& d : games.diagnostics) std::cerr << kifu::format_gcc(d) << '\n';
            const kifu::search::add_stats added = index.add_source(argv[i], games);
            std::cout << argv[i] << ": " << added.games_added << " games, " << added.positions << " positions\n";
        }
        index.finish();

        const kifu::read_result first = kifu::read_file(argv[2]);
        if (first.records.empty()) return 1;
        std::string error;
        const auto key = kifu::search::key_of(first.records.front(), 3, error);
        if (!key) {
            std::cerr << error << '\n';
            return 1;
        }
        const kifu::search::query_result found = index.find(*key);
        std::cout << found.total_games << " games reached the position after 3 moves\n";
        for (const kifu::search::game_hit& hit : found.games) {
            std::cout << "  " << hit.game.source << " game " << hit.game.index << " at ply " << hit.ply << '\n';
        }
        for (const kifu::search::next_move& m : found.next) {
            std::cout << "  next " << m.move << ": " << m.games << " games, " << m.wins << " won, " << m.draws
                      << " drawn, " << m.losses << " lost by the side to move\n";
        }
    } catch (const kifu::search::error& e) {
        std::cerr << e.what() << '\n';
        return 1;
    }
    return 0;
}
