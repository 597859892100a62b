// wthor::replay (the streaming replay) against to_record, which is built on it, and both
// against an independent replay on the general board (board.hpp): moves with their flips,
// inserted passes, final counts, end, stop and diagnostics; the portable path against the
// one this CPU takes. On games made here and, with the corpus, on every FFO WTHOR game.

#include <catch2/catch.hpp>

#include <kifu/othello/wthor.hpp>

#include "othello/wthor_replay.hpp"
#include "othello/wthor_fixture.hpp"
#include "support/corpus.hpp"

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <string_view>
#include <vector>

using kifu::diagnostic;
using namespace kifu::othello;
namespace othello = kifu::othello;
namespace test = kifu::test;
using kifu::test::wthor_fixture::codes;
using kifu::test::wthor_fixture::game_of;
using kifu::test::wthor_fixture::header_of;
using kifu::test::wthor_fixture::names_of;

namespace {

// The replay's result as the general board gives it, move by move (no bitboards, no AVX2).
wthor::replayed_game board_replay(const wthor::game& g, int size) {
    wthor::replayed_game r;
    board b = board::standard(size);
    const int base = size == 8 ? 10 : 12;
    const std::size_t count = size == 8 ? 60 : 96;
    for (std::size_t k = 0; k < count && g.moves[k] != 0; ++k) {
        const int ply = static_cast<int>(r.moves.size()) + 1;
        const int row = g.moves[k] / base;
        const int col = g.moves[k] % base;
        if (row < 1 || row > size || col < 1 || col > size) {
            r.stop = replay_stop{ply, "wthor.bad-move", std::nullopt};
            break;
        }
        const square to{static_cast<std::int8_t>(col), static_cast<std::int8_t>(row)};
        if (b.flip_runs(to, b.to_move()) == 0) {
            if (b.has_move(b.to_move()) || b.flip_runs(to, opponent(b.to_move())) == 0) {
                r.stop = replay_stop{ply, "othello.illegal-move", to};
                break;
            }
            r.moves.push_back(move{b.to_move(), pass_kind::inserted, {}, 0});
            ++r.passes_inserted;
            b.pass();
        }
        const color mover = b.to_move();
        r.moves.push_back(move{mover, pass_kind::none, to, b.play_runs(to)});
    }
    r.final_counts = b.counts();
    r.end = !b.game_over() ? game_end::early : r.final_counts.empty == 0 ? game_end::full : game_end::blocked;
    return r;
}

wthor::replayed_game replayed_of(const othello::record& r) {
    return {r.moves, r.final_counts, r.end, r.passes_inserted, r.stop};
}

std::vector<std::string> codes_of(const std::vector<diagnostic>& ds) {
    std::vector<std::string> out;
    for (const diagnostic& d : ds) {
        out.push_back(d.code);
    }
    return out;
}

bool same(const std::vector<diagnostic>& a, const std::vector<diagnostic>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const diagnostic& x, const diagnostic& y) {
        return x.severity == y.severity && x.code == y.code && x.message == y.message && x.file == y.file &&
               x.line == y.line && x.column == y.column && x.ply == y.ply;
    });
}

// Compares one game through every path; `streamed` is reused from game to game, as a
// streaming reader does. Returns the number of differences (0 or 1), after CHECKs that
// say which.
struct comparer {
    wthor::replayed_game streamed;
    wthor::replayed_game portable;
    othello::record reused;

    int compare(const wthor::game& g, const wthor::header& h, const wthor::name_tables& names, std::size_t number) {
        const int size = h.board_size == 10 ? 10 : 8;
        std::vector<diagnostic> from_replay;
        wthor::replay(g, h, "f.wtb", number, from_replay, streamed);
        std::vector<diagnostic> from_portable;
        detail::wthor_replay_portable(g, h, "f.wtb", number, from_portable, portable);
        std::vector<diagnostic> from_record;
        const othello::record r = wthor::to_record(g, h, names, "f.wtb", number, from_record);
        std::vector<diagnostic> from_reused;
        wthor::to_record(g, h, names, "f.wtb", number, from_reused, reused);
        // to_record adds the name checks (they come first) to the replay's diagnostics.
        std::vector<diagnostic> record_replay_part = from_record;
        record_replay_part.erase(std::remove_if(record_replay_part.begin(), record_replay_part.end(),
                                                [](const diagnostic& d) {
                                                    return d.code == "wthor.unknown-player" ||
                                                           d.code == "wthor.unknown-tournament";
                                                }),
                                 record_replay_part.end());
        const wthor::replayed_game expected = board_replay(g, size);
        const bool ok = streamed == expected && portable == expected && replayed_of(r) == expected &&
                        r == reused && same(from_replay, from_portable) && same(from_replay, record_replay_part) &&
                        same(from_record, from_reused) &&
                        (!expected.stop || (!from_replay.empty() && from_replay.back().code == expected.stop->code &&
                                            from_replay.back().ply == expected.stop->ply));
        if (!ok) {
            CHECK(streamed == expected);
            CHECK(portable == expected);
            CHECK(replayed_of(r) == expected);
            CHECK(r == reused);
            CHECK(codes_of(from_replay) == codes_of(from_portable));
            CHECK(codes_of(from_replay) == codes_of(record_replay_part));
            CHECK(same(from_replay, record_replay_part));
        }
        return ok ? 0 : 1;
    }
};

// A random game played on the general board: passes are left out (as WTHOR stores them),
// some games stop early, and some get one code spoiled (taken square, illegal square, no
// square, codes after the end).
wthor::game random_game(std::mt19937& rng, int size) {
    board b = board::standard(size);
    std::vector<std::uint8_t> codes;
    const int base = size == 8 ? 10 : 12;
    const std::size_t capacity = size == 8 ? 60 : 96;
    const std::size_t stop_at = rng() % 4 == 0 ? rng() % capacity : capacity;
    while (codes.size() < stop_at && !b.game_over()) {
        std::vector<square> moves = b.legal_moves(b.to_move());
        if (moves.empty()) {
            b.pass();
            continue;
        }
        const square s = moves[rng() % moves.size()];
        std::vector<square> flipped;
        b.play(s, flipped);
        codes.push_back(static_cast<std::uint8_t>(base * s.y + s.x));
    }
    switch (rng() % 8) {
        case 0:  // a random code, usually a taken or illegal square, sometimes no square at all
            if (!codes.empty()) {
                codes[rng() % codes.size()] = static_cast<std::uint8_t>(rng() % (base * (size + 1)));
            }
            break;
        case 1:  // codes after the terminating 0
            if (codes.size() + 2 < capacity) {
                codes.push_back(0);
                codes.push_back(static_cast<std::uint8_t>(base + 1));
            }
            break;
        default: break;
    }
    const disc_counts c = b.counts();
    int score = c.black;
    if (c.black > c.white) {
        score += c.empty;
    } else if (c.black == c.white) {
        score += c.empty / 2;
    }
    wthor::game g;
    g.black = 0;
    g.white = 1;
    g.black_score = static_cast<std::uint8_t>(rng() % 16 == 0 ? rng() % 120 : score);
    std::copy(codes.begin(), codes.end(), g.moves.begin());
    return g;
}

}  // namespace

TEST_CASE("replay gives what to_record and the general board give", "[othello][wthor]") {
    wthor::header h = header_of(1981);  // the random games also set 10×10
    const wthor::name_tables names = names_of({"A", "B"}, {"T"});
    comparer c;

    SECTION("games made here, one per diagnostic") {
        // f5 d6 c3 (legal), then a1 (legal for neither side); then a code of no square; codes
        // after the end; a score above 64; the 1981 game of wthor_test.cpp with a wrong score
        // and with its own; no move at all.
        const auto wiener = codes("f5f6e6f4g5g6e7f7h6e8f8h4d8d6d7c8b8h7h5g7h3h2e3d2g8f3h8h1g4g3c7d3d1");
        const std::vector<wthor::game> games = {
            game_of(codes("f5d6c3a1"), 32), game_of({56, 19}, 32), game_of({56, 0, 64}, 32),
            game_of(codes("f5"), 65),        game_of(wiener, 37),   game_of(wiener, 64),
            game_of({}, 32)};
        int differences = 0;
        std::vector<std::string> all_codes;
        for (std::size_t i = 0; i < games.size(); ++i) {
            differences += c.compare(games[i], h, names, i + 1);
            std::vector<diagnostic> ds;
            wthor::replay(games[i], h, "f.wtb", i + 1, ds, c.streamed);
            for (const auto& code : codes_of(ds)) {
                all_codes.push_back(code);
            }
        }
        CHECK(differences == 0);
        CHECK(all_codes == std::vector<std::string>{"othello.illegal-move", "wthor.bad-move", "wthor.moves-after-end",
                                                     "wthor.bad-score", "wthor.score-mismatch"});
        // The 1981 game: six passes inserted, black 37–0 with 27 empties (wthor_test.cpp).
        std::vector<diagnostic> ds;
        wthor::replay(games[5], h, "f.wtb", 1, ds, c.streamed);
        CHECK(ds.empty());
        CHECK(c.streamed.passes_inserted == 6);
        CHECK(c.streamed.final_counts == disc_counts{37, 0, 27});
        CHECK(c.streamed.end == game_end::blocked);
    }

    SECTION("random games, 8x8 and 10x10, some spoiled") {
        std::mt19937 rng(2026);
        int differences = 0;
        int passes = 0;
        int stops = 0;
        for (int i = 0; i < 3000; ++i) {
            const int size = i % 10 == 9 ? 10 : 8;
            h.board_size = static_cast<std::uint8_t>(size);
            const wthor::game g = random_game(rng, size);
            differences += c.compare(g, h, names, static_cast<std::size_t>(i) + 1);
            passes += c.streamed.passes_inserted;
            stops += c.streamed.stop ? 1 : 0;
        }
        CHECK(differences == 0);
        CHECK(passes > 100);  // the pass path was taken
        CHECK(stops > 100);   // and the stopping paths
    }
}

TEST_CASE("replay of every FFO WTHOR game gives what to_record and the general board give",
          "[othello][wthor][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const auto dir = test::corpus_dir() / "othello" / "wthor" / "ffo-1977-2021";
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() == ".wtb") {
            files.push_back(e.path());
        }
    }
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() == 45);
    wthor::name_tables names;
    std::vector<diagnostic> ds;
    names.players = wthor::decoded_names(wthor::read_names(test::slurp(dir / "WTHOR.JOU"), wthor::file_kind::players,
                                                           "WTHOR.JOU", ds));
    names.tournaments = wthor::decoded_names(
        wthor::read_names(test::slurp(dir / "WTHOR.TRN"), wthor::file_kind::tournaments, "WTHOR.TRN", ds));
    names.players_loaded = names.tournaments_loaded = true;
    comparer c;
    std::size_t games = 0;
    std::size_t passes = 0;
    int differences = 0;
    for (const auto& path : files) {
        const wthor::games_file file = wthor::read_games(test::slurp(path), path.string(), ds);
        INFO(path.filename().string());
        for (std::size_t i = 0; i < file.games.size() && differences < 5; ++i) {
            differences += c.compare(file.games[i], file.header, names, i + 1);
            passes += static_cast<std::size_t>(c.streamed.passes_inserted);
            ++games;
        }
    }
    CHECK(ds.empty());
    CHECK(differences == 0);
    CHECK(games == 127475);
    CHECK(passes == 143081);
}
