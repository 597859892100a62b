#pragma once

// Made-up WTHOR games, headers and name tables for the othello tests.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <kifu/othello/wthor.hpp>

namespace kifu::test::wthor_fixture {

/// Move codes (8×8: 10 × row + column) of a transcript like "f5d6c3"; `--` (a pass, which
/// WTHOR does not store) is skipped.
inline std::vector<std::uint8_t> codes(std::string_view transcript) {
    std::vector<std::uint8_t> out;
    for (std::size_t i = 0; i + 1 < transcript.size(); i += 2) {
        if (transcript[i] == '-') continue;
        out.push_back(static_cast<std::uint8_t>(10 * (transcript[i + 1] - '0') + (transcript[i] - 'a' + 1)));
    }
    return out;
}

/// A game of the given move codes: black player 0, white player 1, tournament 0.
inline othello::wthor::game game_of(const std::vector<std::uint8_t>& moves, std::uint8_t black_score = 32) {
    othello::wthor::game g;
    g.white = 1;
    g.black_score = black_score;
    std::copy(moves.begin(), moves.end(), g.moves.begin());
    return g;
}

/// A game with its tournament, players and scores, moves from a transcript.
inline othello::wthor::game make_game(std::uint16_t tournament, std::uint16_t black, std::uint16_t white,
                                      std::uint8_t black_score, std::uint8_t theoretical_score,
                                      std::string_view transcript) {
    othello::wthor::game g = game_of(codes(transcript), black_score);
    g.tournament = tournament;
    g.black = black;
    g.white = white;
    g.theoretical_score = theoretical_score;
    return g;
}

/// The header of an 8×8 game file of `year` (depth 0 = not given).
inline othello::wthor::header header_of(std::uint16_t year, std::uint8_t depth = 0) {
    othello::wthor::header h;
    h.game_year = year;
    h.board_size = 8;
    h.depth = depth;
    return h;
}

/// Name tables as if both names files were loaded.
inline othello::wthor::name_tables names_of(std::vector<std::string> players, std::vector<std::string> tournaments) {
    othello::wthor::name_tables names;
    names.players = std::move(players);
    names.tournaments = std::move(tournaments);
    names.players_loaded = names.tournaments_loaded = true;
    return names;
}

}  // namespace kifu::test::wthor_fixture
