// kifu index and kifu search: whole outputs, re-runs, a killed run, bad inputs.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <chrono>
#include <fstream>
#include <random>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include "cli/run_kifu.hpp"

namespace {

namespace fs = std::filesystem;
using kifu::test::run_kifu;
using kifu::test::scratch_dir;

// The rows of `queries`, one line each, columns separated by '|'.
std::string rows(const fs::path& db_path, std::initializer_list<const char*> queries) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(db_path.string().c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    std::string out;
    for (const char* sql : queries) {
        sqlite3_stmt* st = nullptr;
        REQUIRE(sqlite3_prepare_v2(db, sql, -1, &st, nullptr) == SQLITE_OK);
        while (sqlite3_step(st) == SQLITE_ROW) {
            for (int i = 0; i < sqlite3_column_count(st); ++i) {
                const auto* t = sqlite3_column_text(st, i);
                out += t ? reinterpret_cast<const char*>(t) : "NULL";
                out += '|';
            }
            out += '\n';
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return out;
}

// Every row of the index's tables, row ids included, in key order: what "unchanged" means.
std::string dump(const fs::path& db_path) {
    return rows(db_path, {"SELECT * FROM sources ORDER BY id", "SELECT * FROM games ORDER BY id",
                          "SELECT * FROM occurrences ORDER BY source, number",
                          "SELECT game, line, ply, hash, next, hex(position) FROM positions ORDER BY game, line, ply"});
}

// What the index holds, without row ids (which depend on the order things were added in):
// sources by path, games by content hash with the copies that hold them, positions by game.
// Two indexes of the same inputs have the same contents, however they were built.
std::string contents(const fs::path& db_path) {
    return rows(db_path,
                {"SELECT path, format, size, mtime FROM sources ORDER BY path",
                 "SELECT hex(g.content_hash), g.game, g.black, g.white, g.date, g.event, g.result, g.moves, "
                 "(SELECT group_concat(copy, ' ') FROM (SELECT s.path || '#' || o.number AS copy FROM occurrences o "
                 "JOIN sources s ON s.id = o.source WHERE o.game = g.id ORDER BY s.path, o.number)) "
                 "FROM games g ORDER BY 1",
                 "SELECT count(*) FROM occurrences WHERE game NOT IN (SELECT id FROM games) "
                 "OR source NOT IN (SELECT id FROM sources)",
                 "SELECT count(*) FROM positions WHERE game NOT IN (SELECT id FROM games)",
                 "SELECT hex(g.content_hash), p.line, p.ply, p.hash, p.next, hex(p.position) FROM positions p "
                 "JOIN games g ON g.id = p.game ORDER BY 1, 2, 3"});
}

// Copies a file of tests/data and gives it a modification time of its own (a rewrite within
// the file system's time resolution would otherwise look unchanged).
void put(const std::string& data_file, const fs::path& to, int seconds) {
    fs::create_directories(to.parent_path());
    fs::copy_file(kifu::test::data_dir() / data_file, to, fs::copy_options::overwrite_existing);
    fs::last_write_time(to, fs::file_time_type::clock::now() + std::chrono::seconds(seconds));
}

// Random but reproducible go games, 100 to a file: enough for an index run that lasts a
// while. Black plays in the top nine rows and White in the bottom nine, each on empty points,
// so no stone is ever taken and every move is legal.
void write_random_games(const fs::path& dir, int files) {
    std::mt19937 rng(7);
    for (int f = 0; f < files; ++f) {
        std::ofstream out(dir / ("games-" + std::to_string(1000 + f) + ".sgf"));
        for (int g = 0; g < 100; ++g) {
            out << "(;GM[1]FF[4]SZ[19]PB[p" << rng() % 50 << "]PW[p" << rng() % 50 << "]RE[" << (rng() % 2 ? "B+R" : "W+R") << "]";
            std::vector<bool> taken(19 * 19, false);
            for (int m = 0; m < 80; ++m) {
                int x = 0;
                int y = 0;
                do {
                    x = static_cast<int>(rng() % 19);
                    y = static_cast<int>(rng() % 9) + (m % 2 ? 10 : 0);
                } while (taken[static_cast<std::size_t>(y * 19 + x)]);
                taken[static_cast<std::size_t>(y * 19 + x)] = true;
                out << ';' << (m % 2 ? 'W' : 'B') << '[' << static_cast<char>('a' + x) << static_cast<char>('a' + y) << ']';
            }
            out << ")\n";
        }
    }
}

}  // namespace

TEST_CASE("cli_search_json", "[cli][search]") {
    const fs::path db = scratch_dir("search-json") / "games.kdb";
    const auto index = run_kifu("index '" + db.string() + "' search/go-9x9.sgf search/go-9x9-mirrored.sgf search/go-9x9-turned.sgf");
    INFO(index.err);
    REQUIRE(index.status == 0);
    CHECK(index.err.find("3 files read (0 unchanged, 0 removed), 3 games added (0 already indexed, 0 with errors left out), 27 positions") != std::string::npos);
    const auto r = run_kifu("search '" + db.string() + "' --position search/go-9x9.sgf --ply 4 --json");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out ==
          R"({"games":[{"source":"search/go-9x9-mirrored.sgf","index":1,"ply":4,"format":"sgf","game":"go","black":"Black B","white":"White B","date":"2021-05-06","event":"","result":"white","moves":7,"next":"ee"},)"
          R"({"source":"search/go-9x9-turned.sgf","index":1,"ply":4,"format":"sgf","game":"go","black":"Black C","white":"White C","date":"2022-07-08","event":"","result":"draw","moves":7,"next":"ee"},)"
          R"({"source":"search/go-9x9.sgf","index":1,"ply":4,"format":"sgf","game":"go","black":"Black A","white":"White A","date":"2020-01-01","event":"Index test","result":"black","moves":7,"next":"ee"}],)"
          R"("total":3,"next":[{"move":"ee","games":3,"wins":1,"draws":1,"losses":1}]})"
          "\n");
    // After 5. ee the lines part. The position is its own mirror image, so the original's
    // variation 6. ge and its mirror image ce are one move, shown as the smaller.
    const auto after = run_kifu("search '" + db.string() + "' --position search/go-9x9.sgf --ply 5");
    CHECK(after.status == 0);
    CHECK(after.out ==
          "3 games reached the position\n"
          "  search/go-9x9-mirrored.sgf#1  ply 5  Black B - White B  2021-05-06  white won  next: ec\n"
          "  search/go-9x9-turned.sgf#1  ply 5  Black C - White C  2022-07-08  draw  next: ec\n"
          "  search/go-9x9.sgf#1  ply 5  Black A - White A  2020-01-01  black won  next: ec\n"
          "\n"
          "next move   games    wins   draws  losses  score (side to move)\n"
          "ec              3       1       1       1  50%\n"
          "ce              1       0       0       1  0%\n");
}

TEST_CASE("cli_index_twice_leaves_the_index_unchanged", "[cli][search]") {
    const fs::path db = scratch_dir("index-twice") / "games.kdb";
    const auto first = run_kifu("index '" + db.string() + "' search");
    CHECK(first.status == 1);  // shogi-broken.csa
    const std::string before = dump(db);
    const auto second = run_kifu("index '" + db.string() + "' search");
    CHECK(second.status == 0);
    CHECK(second.err.find("0 files read (8 unchanged, 0 removed), 0 games added") != std::string::npos);
    CHECK(dump(db) == before);
    const auto rebuilt = run_kifu("index --rebuild '" + db.string() + "' search");
    CHECK(rebuilt.status == 1);
    CHECK(dump(db) == before);
}

TEST_CASE("cli_index_reports_a_broken_record_and_indexes_the_rest", "[cli][search]") {
    const fs::path db = scratch_dir("index-broken") / "games.kdb";
    const auto r = run_kifu("index '" + db.string() + "' search");
    CHECK(r.status == 1);
    CHECK(r.err.find("search/shogi-broken.csa:16:4: error: expected a square (two digits) [csa.syntax]\n") != std::string::npos);
    CHECK(r.err.find("8 files read (0 unchanged, 0 removed), 10 games added (1 already indexed, 1 with errors left out), 90 positions") != std::string::npos);
    const auto found = run_kifu("search '" + db.string() + "' --sfen 'lnsgkgsnl/1r5b1/pppp1pppp/4p4/9/4P4/PPPP1PPPP/1B5R1/LNSGKGSNL b - 3'");
    CHECK(found.status == 0);
    // The broken second game, which reached this position before its error, is not indexed.
    CHECK(found.out == "1 game reached the position\n"
                       "  search/shogi-broken.csa#1  ply 2  Sente D - Gote D  draw  next: (end)\n");
}

TEST_CASE("cli_index_killed_then_rerun_is_consistent", "[cli][search]") {
    const fs::path dir = scratch_dir("index-killed");
    const fs::path games = dir / "games";
    fs::create_directories(games);
    write_random_games(games, 40);
    const fs::path clean = dir / "clean.kdb";
    REQUIRE(run_kifu("index '" + clean.string() + "' '" + games.string() + "'").status == 0);

    const fs::path killed = dir / "killed.kdb";
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        const int devnull = ::open("/dev/null", O_WRONLY);
        dup2(devnull, 2);
        execl(KIFU_CLI_PATH, "kifu", "index", killed.c_str(), games.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    // Kill it once it has written part of the index (or give up waiting and kill anyway).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    std::error_code ec;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto wal = fs::file_size(killed.string() + "-wal", ec);
        if (!ec && wal > 2'000'000) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) {
        // Cut short: part of the sources are in, the rest are not.
        CHECK(contents(killed) != contents(clean));
    } else {
        WARN("the index run ended before it could be killed");
    }
    const auto rerun = run_kifu("index '" + killed.string() + "' '" + games.string() + "'");
    INFO(rerun.err);
    CHECK(rerun.status == 0);
    CHECK(contents(killed) == contents(clean));
}

TEST_CASE("cli_index_keeps_a_game_while_any_file_holds_it", "[cli][search]") {
    // Game A is in a.csa and b.csa: the index stores it once, named by its first copy (a.csa).
    // When a.csa changes or goes, A stays, named by the copy left. After each change the index
    // holds what a fresh index of the same files holds.
    const fs::path dir = scratch_dir("index-copies");
    const fs::path games = dir / "games";
    put("search/shogi-a.csa", games / "a.csa", 0);
    put("search/shogi-a.csa", games / "b.csa", 0);
    put("search/shogi-b.csa", games / "c.csa", 0);
    const fs::path db = dir / "games.kdb";
    const std::string index = "index '" + db.string() + "' '" + games.string() + "'";
    const auto fresh_contents = [&] {
        const fs::path fresh = dir / "fresh.kdb";
        REQUIRE(run_kifu("index --rebuild '" + fresh.string() + "' '" + games.string() + "'").status == 0);
        return contents(fresh);
    };
    // The games that reached the start position: `source#index` of each, in order.
    const auto named = [&] {
        const auto r = run_kifu("search '" + db.string() + "' --sfen startpos --json");
        REQUIRE(r.status == 0);
        const nlohmann::json found = nlohmann::json::parse(r.out);
        std::string out;
        for (const auto& g : found["games"]) {
            out += fs::path(g["source"].get<std::string>()).filename().string() + "#" + std::to_string(g["index"].get<int>()) + " ";
        }
        return out;
    };
    REQUIRE(run_kifu(index).status == 0);
    CHECK(named() == "a.csa#1 c.csa#1 ");

    // a.csa now holds game T, then A: A is named by a.csa's second game.
    put("search/shogi-two-games.csa", games / "a.csa", 10);
    auto r = run_kifu(index);
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.err.find("1 files read (2 unchanged, 0 removed), 1 games added (1 already indexed, 0 with errors left out)") != std::string::npos);
    CHECK(contents(db) == fresh_contents());
    CHECK(named() == "a.csa#1 a.csa#2 c.csa#1 ");

    // a.csa now holds a copy of c.csa's game: T has no copy left and goes; A is b.csa's.
    put("search/shogi-b.csa", games / "a.csa", 20);
    r = run_kifu(index);
    CHECK(r.status == 0);
    CHECK(r.err.find("1 files read (2 unchanged, 0 removed), 0 games added (1 already indexed, 0 with errors left out)") != std::string::npos);
    CHECK(contents(db) == fresh_contents());
    CHECK(named() == "a.csa#1 b.csa#1 ");

    // a.csa goes: c.csa's copy names B.
    fs::remove(games / "a.csa");
    r = run_kifu(index);
    CHECK(r.status == 0);
    CHECK(r.err.find("0 files read (2 unchanged, 1 removed), 0 games added (0 already indexed, 0 with errors left out)") != std::string::npos);
    CHECK(contents(db) == fresh_contents());
    CHECK(named() == "b.csa#1 c.csa#1 ");
}

TEST_CASE("cli_index_forgets_the_files_gone_from_its_inputs", "[cli][search]") {
    const fs::path dir = scratch_dir("index-gone");
    const fs::path one = dir / "one";
    const fs::path two = dir / "two";
    put("search/shogi-a.csa", one / "a.csa", 0);
    put("search/go-9x9.sgf", one / "deep" / "go.sgf", 0);
    put("search/othello.ggf", one / "othello.ggf", 0);
    put("search/shogi-b.csa", two / "b.csa", 0);
    put("search/go-9x9-turned.sgf", dir / "turned.sgf", 0);
    const fs::path db = dir / "games.kdb";
    const std::string all = "'" + one.string() + "' '" + two.string() + "' '" + (dir / "turned.sgf").string() + "'";
    REQUIRE(run_kifu("index '" + db.string() + "' " + all).status == 0);

    // Under the directory given, a file is gone and another is no longer read as a record;
    // the other directory and the file outside are not among the inputs of the second run.
    fs::remove_all(one / "deep");
    fs::rename(one / "othello.ggf", one / "othello.bak");
    const auto rerun = run_kifu("index '" + db.string() + "' '" + one.string() + "'");
    INFO(rerun.err);
    CHECK(rerun.status == 0);
    CHECK(rerun.err.find("0 files read (1 unchanged, 2 removed)") != std::string::npos);
    const fs::path fresh = dir / "fresh.kdb";
    REQUIRE(run_kifu("index '" + fresh.string() + "' " + all).status == 0);
    CHECK(contents(db) == contents(fresh));

    // A file named on the command line that no longer exists: reported, and forgotten.
    fs::remove(dir / "turned.sgf");
    const auto missing = run_kifu("index '" + db.string() + "' '" + (dir / "turned.sgf").string() + "'");
    CHECK(missing.status == 1);
    CHECK(missing.err.find((dir / "turned.sgf").string() + ": error: cannot open the file") == 0);
    CHECK(missing.err.find("0 files read (0 unchanged, 1 removed)") != std::string::npos);
    const fs::path fresh2 = dir / "fresh2.kdb";
    REQUIRE(run_kifu("index '" + fresh2.string() + "' '" + one.string() + "' '" + two.string() + "'").status == 0);
    CHECK(contents(db) == contents(fresh2));
}

TEST_CASE("cli_search_refuses_a_file_that_is_not_an_index", "[cli][search]") {
    const fs::path dir = scratch_dir("search-junk");
    {
        std::ofstream out(dir / "junk.kdb", std::ios::binary);
        out << std::string(5000, '\x7f');
    }
    const auto r = run_kifu("search '" + (dir / "junk.kdb").string() + "' --sfen startpos");
    CHECK(r.status == 1);
    CHECK(r.err == "kifu: error: " + (dir / "junk.kdb").string() +
                       ": not a kifu index (not an SQLite database, or a damaged one)\n");
    const auto missing = run_kifu("search '" + (dir / "none.kdb").string() + "' --sfen startpos");
    CHECK(missing.status == 1);
    CHECK(missing.err == "kifu: error: " + (dir / "none.kdb").string() + ": no such index\n");
}

TEST_CASE("cli_search_usage_errors", "[cli][search]") {
    const auto none = run_kifu("search games.kdb");
    CHECK(none.status == 2);
    CHECK(none.err == "kifu: error: search needs a position: --sfen, --board or --position\nRun with --help for more information.\n");
    const auto bad_sfen = run_kifu("search games.kdb --sfen 'lnsgkgsnl/9 b'");
    CHECK(bad_sfen.status == 2);
    CHECK(bad_sfen.err.find("kifu: error: --sfen: ") == 0);
    const auto wrong_game = run_kifu("search games.kdb --sfen startpos --game go");
    CHECK(wrong_game.status == 2);
    CHECK(wrong_game.err == "kifu: error: the position is a shogi position, not go\n");
}
