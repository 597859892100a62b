// The position index: canonical keys under symmetry, and queries checked against a brute-force
// replay of the whole collection.

#include <algorithm>
#include <fstream>
#include <iostream>
#include <optional>
#include <map>
#include <random>
#include <set>

#include <unistd.h>

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <kifu/read.hpp>
#include <kifu/search.hpp>

#include "support/corpus.hpp"

namespace {

namespace fs = std::filesystem;
using kifu::search::position_key;

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("kifu-search-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path p = dir / name;
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(p.string() + suffix);
    return p;
}

std::vector<position_key> main_line_keys(const fs::path& file) {
    const kifu::read_result r = kifu::read_file(file);
    REQUIRE(r.ok());
    REQUIRE(!r.records.empty());
    std::vector<position_key> keys;
    kifu::search::for_each_position(r.records.front(), [&](const kifu::search::position_visit& v) {
        if (v.line == 0) keys.push_back(v.key);
    });
    return keys;
}

// One collection read into memory: its games by source, and every position they reach.
struct collection {
    std::vector<std::pair<std::string, kifu::read_result>> sources;

    // The games the index keeps: a record with an error is left out.
    void add(const fs::path& file) {
        kifu::read_result r = kifu::read_file(file, lenient());
        indexed.emplace_back(file.string(), r);
        std::erase_if(r.records, [](const kifu::record& g) { return g.has_error; });
        sources.emplace_back(file.string(), std::move(r));
    }
    std::vector<std::pair<std::string, kifu::read_result>> indexed;  // what the index is given
    static kifu::read_options lenient() {
        kifu::read_options o;
        o.mode = kifu::read_mode::lenient;
        return o;
    }
};

struct hit {
    int ply = 0;
    std::set<std::string> next;
};
using hits = std::map<std::pair<std::string, std::size_t>, hit>;

// The brute force: every game of every source replayed, each position compared whole.
hits brute_force(const collection& c, const position_key& wanted) {
    hits out;
    for (const auto& [source, result] : c.sources) {
        for (const kifu::record& r : result.records) {
            std::optional<hit> h;
            kifu::search::for_each_position(r, [&](const kifu::search::position_visit& v) {
                if (v.key.game != wanted.game || v.key.bytes != wanted.bytes) return;
                if (!h) h = hit{v.ply, {}};
                h->ply = std::min(h->ply, v.ply);
                if (!v.next.empty()) h->next.insert(kifu::search::move_for(wanted, v.next));
            });
            if (h) out[{source, r.index}] = *h;
        }
    }
    return out;
}

// Keeps one copy of each game content, the one the index names it by: the smallest source
// path, then the smallest game number.
void drop_duplicates(collection& c) {
    std::map<std::string, std::pair<std::string, std::size_t>> first;
    for (const auto& [source, result] : c.sources) {
        for (const kifu::record& r : result.records) {
            const auto [it, added] = first.emplace(kifu::to_jkf(r), std::pair{source, r.index});
            if (!added) it->second = std::min(it->second, std::pair{source, r.index});
        }
    }
    for (auto& [source, result] : c.sources) {
        std::vector<kifu::record> kept;
        for (const kifu::record& r : result.records) {
            if (first[kifu::to_jkf(r)] == std::pair{source, r.index}) kept.push_back(r);
        }
        result.records = std::move(kept);
    }
}

std::vector<position_key> sample_positions(const collection& c, kifu::game game, std::size_t count, unsigned seed) {
    std::vector<position_key> all;
    for (const auto& [source, result] : c.sources) {
        for (const kifu::record& r : result.records) {
            if (r.game() != game) continue;
            kifu::search::for_each_position(r, [&](const kifu::search::position_visit& v) { all.push_back(v.key); });
        }
    }
    std::mt19937 rng(seed);
    std::shuffle(all.begin(), all.end(), rng);
    if (all.size() > count) all.resize(count);
    return all;
}

void check_against_brute_force(const std::vector<fs::path>& files, const std::string& db_name, std::size_t per_game) {
    collection c;
    const fs::path db_path = scratch(db_name);
    {
        auto db = kifu::search::database::open(db_path, kifu::search::open_mode::rebuild);
        for (const fs::path& f : files) {
            c.add(f);
            db.add_source(f.string(), c.indexed.back().second);
        }
        db.finish();
    }
    drop_duplicates(c);
    const auto db = kifu::search::database::open(db_path, kifu::search::open_mode::read_only);
    kifu::search::query_options all;
    all.limit = 1'000'000;
    std::size_t checked = 0;
    for (const kifu::game game : {kifu::game::shogi, kifu::game::go, kifu::game::othello}) {
        for (const position_key& key : sample_positions(c, game, per_game, 20261125)) {
            const hits expected = brute_force(c, key);
            const kifu::search::query_result found = db.find(key, all);
            hits got;
            for (const auto& g : found.games) got[{g.game.source, g.game.index}].ply = g.ply;
            std::map<std::string, std::size_t> moves;
            for (const auto& [id, h] : expected) {
                for (const std::string& m : h.next) ++moves[m];
            }
            std::map<std::string, std::size_t> got_moves;
            for (const auto& m : found.next) got_moves[m.move] = m.games;
            INFO("game " << kifu::to_string(game) << ", position hash " << key.hash);
            REQUIRE(found.total_games == expected.size());
            REQUIRE(got.size() == expected.size());
            for (const auto& [id, h] : expected) {
                REQUIRE(got.count(id) == 1);
                CHECK(got[id].ply == h.ply);
            }
            CHECK(got_moves == moves);
            ++checked;
        }
    }
    std::cout << "compared " << checked << " positions with a brute-force replay of " << files.size() << " files\n";
    CHECK(checked > 0);
}

std::vector<fs::path> files_in(const fs::path& dir, std::size_t at_most = SIZE_MAX) {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (e.is_regular_file()) out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    if (out.size() > at_most) out.resize(at_most);
    return out;
}

}  // namespace

TEST_CASE("search_mirrored_and_turned_go_games_reach_the_same_keys", "[search]") {
    const fs::path dir = kifu::test::data_dir() / "search";
    const auto original = main_line_keys(dir / "go-9x9.sgf");
    const auto mirrored = main_line_keys(dir / "go-9x9-mirrored.sgf");
    const auto turned = main_line_keys(dir / "go-9x9-turned.sgf");
    REQUIRE(original.size() == 8);
    REQUIRE(mirrored.size() == 8);
    REQUIRE(turned.size() == 8);
    for (std::size_t i = 0; i < original.size(); ++i) {
        INFO("ply " << i);
        CHECK(original[i].hash == mirrored[i].hash);
        CHECK(original[i].bytes == mirrored[i].bytes);
        CHECK(original[i].bytes == turned[i].bytes);
    }
    // The orientations differ: the transforms that reach the key do.
    CHECK(original[1].symmetry != mirrored[1].symmetry);
}

TEST_CASE("search_transposed_and_half_turned_othello_games_reach_the_same_keys", "[search]") {
    const kifu::read_result r = kifu::read_file(kifu::test::data_dir() / "search" / "othello.ggf");
    REQUIRE(r.ok());
    REQUIRE(r.records.size() == 3);
    std::vector<std::vector<position_key>> keys(3);
    for (std::size_t g = 0; g < 3; ++g) {
        kifu::search::for_each_position(r.records[g], [&](const kifu::search::position_visit& v) { keys[g].push_back(v.key); });
    }
    REQUIRE(keys[0].size() == 11);
    for (std::size_t g = 1; g < 3; ++g) {
        REQUIRE(keys[g].size() == keys[0].size());
        for (std::size_t i = 0; i < keys[0].size(); ++i) CHECK(keys[g][i].bytes == keys[0][i].bytes);
    }
}

TEST_CASE("search_next_moves_are_shown_in_the_query_orientation", "[search]") {
    // After 1. cc 2. gg in the original, the mirrored game's position is the same key; its next
    // move `cc`, turned back into each query's own orientation, is `gc` for the original.
    const fs::path dir = kifu::test::data_dir() / "search";
    const auto original = main_line_keys(dir / "go-9x9.sgf");
    const auto mirrored = main_line_keys(dir / "go-9x9-mirrored.sgf");
    const fs::path db_path = scratch("orientation.kdb");
    {
        auto db = kifu::search::database::open(db_path, kifu::search::open_mode::rebuild);
        db.add_source("mirrored", kifu::read_file(dir / "go-9x9-mirrored.sgf"));
    }
    const auto db = kifu::search::database::open(db_path, kifu::search::open_mode::read_only);
    const auto from_original = db.find(original[2]);
    REQUIRE(from_original.next.size() == 1);
    CHECK(from_original.next[0].move == "gc");
    const auto from_mirrored = db.find(mirrored[2]);
    REQUIRE(from_mirrored.next.size() == 1);
    CHECK(from_mirrored.next[0].move == "cc");
}

TEST_CASE("search_finds_exactly_what_a_brute_force_replay_finds", "[search]") {
    check_against_brute_force(files_in(kifu::test::data_dir() / "search"), "brute.kdb", 200);
}

TEST_CASE("search_corpus_finds_exactly_what_a_brute_force_replay_finds", "[search][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const fs::path corpus = kifu::test::corpus_dir();
    std::vector<fs::path> files = files_in(corpus / "shogi" / "generated" / "seed1-2000" / "kif", 150);
    for (const fs::path& f : files_in(corpus / "go" / "sgf" / "gogui")) files.push_back(f);
    for (const fs::path& f : files_in(corpus / "go" / "sgf" / "sabaki-sgf")) files.push_back(f);
    files.push_back(corpus / "othello" / "wthor" / "ffo-1977-2021" / "WTH_1980.wtb");
    for (const fs::path& f : files_in(corpus / "othello" / "ggf" / "real" / "ntest")) files.push_back(f);
    check_against_brute_force(files, "corpus.kdb", 200);
}

TEST_CASE("search_a_hash_collision_is_not_a_match", "[search]") {
    const fs::path dir = kifu::test::data_dir() / "search";
    const fs::path db_path = scratch("collision.kdb");
    {
        auto db = kifu::search::database::open(db_path, kifu::search::open_mode::rebuild);
        db.add_source("a", kifu::read_file(dir / "shogi-a.csa"));
    }
    const auto db = kifu::search::database::open(db_path, kifu::search::open_mode::read_only);
    position_key key = main_line_keys(dir / "shogi-a.csa")[3];
    CHECK(db.find(key).total_games == 1);
    // Same hash, another position: what a collision looks like to the index.
    key.bytes[40] = static_cast<char>(key.bytes[40] ^ 1);
    CHECK(db.find(key).total_games == 0);
}

TEST_CASE("search_the_same_game_twice_is_indexed_once", "[search]") {
    const fs::path dir = kifu::test::data_dir() / "search";
    const fs::path db_path = scratch("twice.kdb");
    auto db = kifu::search::database::open(db_path, kifu::search::open_mode::rebuild);
    const auto a = db.add_source("a", kifu::read_file(dir / "shogi-a.csa"));
    CHECK(a.games_added == 1);
    const auto again = db.add_source("a", kifu::read_file(dir / "shogi-a.csa"));
    CHECK(again.games_added == 1);  // the source is replaced, not added to
    const auto copy = db.add_source("copy", kifu::read_file(dir / "shogi-a.csa"));
    CHECK(copy.games_added == 0);
    CHECK(copy.games_duplicate == 1);
    const auto two = db.add_source("two", kifu::read_file(dir / "shogi-two-games.csa"));
    CHECK(two.games_added == 1);
    CHECK(two.games_duplicate == 1);
    db.finish();
    const auto s = db.stats();
    CHECK(s.sources == 3);
    CHECK(s.games == 2);
    db.remove_source("two");
    CHECK(db.stats().games == 1);
    // The game stays while a source holds a copy, named by the first copy left.
    std::string error;
    const auto start = kifu::search::key_from_sfen("startpos", error);
    REQUIRE(start);
    REQUIRE(db.find(*start).games.size() == 1);
    CHECK(db.find(*start).games[0].game.source == "a");
    db.remove_source("a");
    CHECK(db.stats().games == 1);
    REQUIRE(db.find(*start).games.size() == 1);
    CHECK(db.find(*start).games[0].game.source == "copy");
    db.remove_source("copy");
    const auto empty = db.stats();
    CHECK(empty.sources == 0);
    CHECK(empty.games == 0);
    CHECK(empty.positions == 0);
    CHECK(db.find(*start).total_games == 0);
}

TEST_CASE("search_results_and_filters", "[search]") {
    const fs::path dir = kifu::test::data_dir() / "search";
    const fs::path db_path = scratch("filters.kdb");
    {
        auto db = kifu::search::database::open(db_path, kifu::search::open_mode::rebuild);
        for (const char* f : {"shogi-a.csa", "shogi-b.csa", "shogi-two-games.csa"}) db.add_source(f, kifu::read_file(dir / f));
    }
    const auto db = kifu::search::database::open(db_path, kifu::search::open_mode::read_only);
    std::string error;
    const auto start = kifu::search::key_from_sfen("startpos", error);
    REQUIRE(start);
    const auto r = db.find(*start);
    REQUIRE(r.total_games == 3);
    REQUIRE(r.next.size() == 2);
    CHECK(r.next[0].move == "7g7f");
    CHECK(r.next[0].games == 2);
    CHECK(r.next[0].wins == 2);  // both games ended in White's resignation
    CHECK(r.next[1].move == "2g2f");
    CHECK(r.next[1].wins + r.next[1].draws + r.next[1].losses == 0);  // 中断: no result
    kifu::search::query_options q;
    q.players = "Sente B";
    CHECK(db.find(*start, q).total_games == 1);
    q = {};
    q.from = "2024-02";
    CHECK(db.find(*start, q).total_games == 2);
    q.to = "2024-02-28";
    CHECK(db.find(*start, q).total_games == 1);
    q = {};
    q.limit = 1;
    const auto limited = db.find(*start, q);
    CHECK(limited.total_games == 3);
    CHECK(limited.games.size() == 1);
    // The transposition: 7g7f 8c8d 2g2f (shogi-b) and 2g2f 8c8d 7g7f (the two-game file).
    const auto b = main_line_keys(dir / "shogi-b.csa");
    const auto t = db.find(b[3]);
    CHECK(t.total_games == 2);
}

TEST_CASE("search_keys_from_text", "[search]") {
    std::string error;
    CHECK_FALSE(kifu::search::key_from_sfen("lnsgkgsnl/9/9/9/9/9/9/9/9 x - 1", error));
    CHECK_FALSE(error.empty());
    error.clear();
    CHECK_FALSE(kifu::search::key_from_board("XO.Z", kifu::game::go, error));
    CHECK(error == "column 4: 'Z' is not a board cell (X, O or .), a row separator (/) or the side to move (b, w)");
    CHECK_FALSE(kifu::search::key_from_board("XO.", kifu::game::go, error));
    CHECK(error == "3 cells do not make a square board");
    CHECK_FALSE(kifu::search::key_from_board("XOXO/XO/XOX", kifu::game::go, error));
    CHECK(error == "rows of 4 cells on a 3×3 board");
    CHECK_FALSE(kifu::search::key_from_board("XOX/OXO/XOX", kifu::game::othello, error));
    CHECK(error == "a 3×3 board is not an othello board");
    const auto board = kifu::search::key_from_board("---------------------------OX------XO--------------------------- w",
                                                    kifu::game::othello, error);
    REQUIRE(board);
    CHECK(board->to_move == 1);
}

TEST_CASE("search_a_file_that_is_not_an_index_is_refused", "[search]") {
    const fs::path junk = scratch("junk.kdb");
    {
        std::ofstream out(junk, std::ios::binary);
        out << std::string(4096, 'J');
    }
    CHECK_THROWS_WITH(kifu::search::database::open(junk, kifu::search::open_mode::create),
                      Catch::Contains("not a kifu index"));
    const fs::path other = scratch("other.sqlite");
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(other.string().c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    CHECK_THROWS_WITH(kifu::search::database::open(other, kifu::search::open_mode::read_only),
                      Catch::Contains("an SQLite database of something else"));
    CHECK_THROWS_WITH(kifu::search::database::open(scratch("missing.kdb"), kifu::search::open_mode::read_only),
                      Catch::Contains("no such index"));
}
