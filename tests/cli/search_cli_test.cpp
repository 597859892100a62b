// kifu index and kifu search: whole outputs, re-runs, a killed run, bad inputs.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <fstream>
#include <random>
#include <regex>
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
    // The file with an error is read (and reported) again; the others are unchanged.
    CHECK(second.status == 1);
    CHECK(second.err.starts_with(first.err.substr(0, first.err.find("kifu index: "))));
    CHECK(second.err.find("1 files read (7 unchanged, 0 removed)") != std::string::npos);
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

TEST_CASE("cli_index_gives_the_same_index_with_any_number_of_jobs", "[cli][search]") {
    // Reading and replaying run on -j threads; the writes keep the input order, so even the
    // row ids are those of -j 1.
    const fs::path dir = scratch_dir("index-jobs");
    const fs::path games = dir / "games";
    fs::create_directories(games);
    write_random_games(games, 6);
    const std::string inputs = "search '" + games.string() + "' search/shogi-a.csa";
    const fs::path one = dir / "one.kdb";
    const auto r1 = run_kifu("index -j 1 '" + one.string() + "' " + inputs);
    CHECK(r1.status == 1);  // shogi-broken.csa
    for (const char* jobs : {"2", "5"}) {
        const fs::path many = dir / (std::string("jobs-") + jobs + ".kdb");
        const auto r = run_kifu("index -j " + std::string(jobs) + " '" + many.string() + "' " + inputs);
        INFO("-j " << jobs);
        CHECK(r.status == 1);
        CHECK(r.err.substr(0, r.err.find(" in ")) == r1.err.substr(0, r1.err.find(" in ")));
        CHECK(dump(many) == dump(one));
    }
}

TEST_CASE("cli_index_takes_its_inputs_as_convert_does", "[cli][search]") {
    const fs::path dir = scratch_dir("index-inputs");
    put("search/shogi-a.csa", dir / "games" / "a.csa", 0);
    put("search/shogi-b.csa", dir / "games" / "b.record", 0);  // no registered extension
    {
        std::ofstream list(dir / "list.txt");
        list << "search/go-9x9.sgf\n\nsearch/othello.ggf\n";
    }
    const fs::path db = dir / "games.kdb";
    const auto listed = run_kifu("index '" + db.string() + "' --files-from '" + (dir / "list.txt").string() + "' '" +
                                 (dir / "games").string() + "'");
    INFO(listed.err);
    CHECK(listed.status == 0);
    CHECK(listed.err.find("3 files read (0 unchanged, 0 removed), 5 games added") != std::string::npos);
    // --all reads every file of a directory, detected by content.
    const auto all = run_kifu("index --all '" + db.string() + "' '" + (dir / "games").string() + "'");
    CHECK(all.status == 0);
    CHECK(all.err.find("1 files read (1 unchanged, 0 removed), 1 games added") != std::string::npos);

    const auto none = run_kifu("index '" + db.string() + "'");
    CHECK(none.status == 2);
    CHECK(none.err == "kifu: error: no input: give files, directories, - or --files-from\n"
                      "Run with --help for more information.\n");
}

TEST_CASE("cli_index_shows_the_progress_bar_when_asked", "[cli][search]") {
    const fs::path db = scratch_dir("index-progress") / "games.kdb";
    const auto r = run_kifu("index --progress -j 1 '" + db.string() + "' search/go-9x9.sgf search/shogi-a.csa");
    CHECK(r.status == 0);
    const std::string clear = "\r\x1b[K";
    const std::string bar = std::regex_replace(r.err, std::regex(R"([0-9.]+ MB/s  ETA ([0-9]+s|-))"), "R MB/s  ETA T");
    CHECK(bar.starts_with(clear + "[1/2] 1 game  R MB/s  ETA T  search/go-9x9.sgf" + clear +
                          "[2/2] 2 games  R MB/s  ETA T  search/shogi-a.csa" + clear + "kifu index: 2 files read"));
}

TEST_CASE("cli_index_rebuild_replaces_only_an_index", "[cli][search]") {
    const fs::path dir = scratch_dir("index-rebuild");
    // A record named where the index goes: --rebuild leaves it as it is.
    const fs::path record = dir / "game.csa";
    put("search/shogi-a.csa", record, 0);
    const std::string bytes = kifu::test::slurp(record);
    const auto r = run_kifu("index --rebuild '" + record.string() + "' search/shogi-b.csa");
    CHECK(r.status == 1);
    CHECK(r.err == "kifu: error: " + record.string() +
                       ": not a kifu index; a rebuild replaces only an index (remove the file yourself to use its name)\n");
    CHECK(kifu::test::slurp(record) == bytes);
    // An empty file and an index are replaced.
    const fs::path db = dir / "games.kdb";
    { std::ofstream empty(db); }
    CHECK(run_kifu("index --rebuild '" + db.string() + "' search/shogi-a.csa").status == 0);
    const auto again = run_kifu("index --rebuild '" + db.string() + "' search/shogi-b.csa");
    CHECK(again.status == 0);
    CHECK(again.err.find("now holds 1 games") != std::string::npos);
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
    const std::string help = "Run with --help for more information.\n";
    const auto none = run_kifu("search games.kdb");
    CHECK(none.status == 2);
    CHECK(none.err == "kifu: error: search needs a position: --sfen, --board or --position\n" + help);
    const auto bad_sfen = run_kifu("search games.kdb --sfen 'lnsgkgsnl/9 b'");
    CHECK(bad_sfen.status == 2);
    CHECK(bad_sfen.err.starts_with("kifu: error: --sfen, column "));
    CHECK(bad_sfen.err.ends_with("\n" + help));
    const auto bad_board = run_kifu("search games.kdb --board 'XO.Z'");
    CHECK(bad_board.status == 2);
    CHECK(bad_board.err == "kifu: error: --board: column 4: 'Z' is not a board cell (X, O or .), a row separator (/) or "
                           "the side to move (b, w)\n" + help);
    const auto shogi_board = run_kifu("search games.kdb --board 'XOX/OXO/XOX' --game shogi");
    CHECK(shogi_board.status == 2);
    CHECK(shogi_board.err == "kifu: error: --board: a shogi position is given as an SFEN (--sfen)\n" + help);
    const auto wrong_game = run_kifu("search games.kdb --sfen startpos --game go");
    CHECK(wrong_game.status == 2);
    CHECK(wrong_game.err == "kifu: error: the position is a shogi position, not go\n" + help);
    const auto unknown_game = run_kifu("search games.kdb --sfen startpos --game chess");
    CHECK(unknown_game.status == 2);
    CHECK(unknown_game.err == "kifu: error: unknown game 'chess' (shogi, go or othello)\n" + help);
    const auto ply_alone = run_kifu("search games.kdb --sfen startpos --ply 3");
    CHECK(ply_alone.status == 2);
    CHECK(ply_alone.err == "--ply requires --position\n" + help);
    const auto negative = run_kifu("search games.kdb --sfen startpos --limit -1");
    CHECK(negative.status == 2);
    CHECK(negative.err.starts_with("--limit: Value -1 not in range 0 to 1000000000"));
    CHECK(negative.err.ends_with("\n" + help));
    // A record without that position is a problem with an input, not a usage error.
    const auto too_far = run_kifu("search games.kdb --position search/go-9x9.sgf --ply 99");
    CHECK(too_far.status == 1);
    CHECK(too_far.err == "kifu: error: search/go-9x9.sgf: the main line has 7 moves: no position at ply 99\n");
}

TEST_CASE("cli_search_filters_and_positions", "[cli][search]") {
    const fs::path db = scratch_dir("search-filters") / "games.kdb";
    REQUIRE(run_kifu("index '" + db.string() + "' search").status == 1);  // shogi-broken.csa
    const std::string search = "search '" + db.string() + "' ";
    const std::string table = "\nnext move   games    wins   draws  losses  score (side to move)\n";
    const std::string a = "  search/shogi-a.csa#1  ply 0  Sente A - Gote A  2024/01/02 10:00:00  black won  next: 7g7f\n";
    const std::string b = "  search/shogi-b.csa#1  ply 0  Sente B - Gote B  2024/02/03 10:00:00  black won  next: 7g7f\n";
    const std::string c = "  search/shogi-broken.csa#1  ply 0  Sente D - Gote D  draw  next: 5g5f\n";
    const std::string d = "  search/shogi-two-games.csa#1  ply 0  Sente C - Gote C  2024/03/04 10:00:00  result unknown  next: 2g2f\n";
    const std::string moves = "7g7f            2       2       0       0  100%\n"
                              "2g2f            1       0       0       0  -\n"
                              "5g5f            1       0       1       0  50%\n";
    const auto start = run_kifu(search + "--sfen startpos");
    CHECK(start.status == 0);
    CHECK(start.out == "4 games reached the position\n" + a + b + c + d + table + moves);
    // --limit lists fewer games; the move table still counts them all, and --json says how
    // many there are in "total".
    const auto limited = run_kifu(search + "--sfen startpos --limit 1");
    CHECK(limited.out == "4 games reached the position (the first 1 listed)\n" + a + table + moves);
    const auto counted = run_kifu(search + "--sfen startpos --limit 0 --json");
    CHECK(counted.out == R"({"games":[],"total":4,"next":[{"move":"7g7f","games":2,"wins":2,"draws":0,"losses":0},)"
                         R"({"move":"2g2f","games":1,"wins":0,"draws":0,"losses":0},)"
                         R"({"move":"5g5f","games":1,"wins":0,"draws":1,"losses":0}]})"
                         "\n");
    // The filters apply to the move table too.
    const auto players = run_kifu(search + "--sfen startpos --players 'Sente B'");
    CHECK(players.out == "1 game reached the position\n" + b + table + "7g7f            1       1       0       0  100%\n");
    const auto dated = run_kifu(search + "--sfen startpos --from 2024-01-15 --to 2024-03");
    CHECK(dated.out == "2 games reached the position\n" + b + d + table +
                           "2g2f            1       0       0       0  -\n"
                           "7g7f            1       1       0       0  100%\n");
    // The othello start, row by row from the top: the three games of othello.ggf.
    const auto othello = run_kifu(search + "--board '........ ........ ........ ...OX... ...XO... ........ ........ ........ b' --json");
    CHECK(othello.status == 0);
    CHECK(othello.out.find(R"("total":3,)") != std::string::npos);
    // A go board after 1. cc 2. gg: the mirrored and the turned game reach it too.
    const auto go = run_kifu(search + "--board '........./........./..X....../........./........./........./......O../........./......... b'");
    CHECK(go.out == "3 games reached the position\n"
                    "  search/go-9x9-mirrored.sgf#1  ply 2  Black B - White B  2021-05-06  white won  next: gc\n"
                    "  search/go-9x9-turned.sgf#1  ply 2  Black C - White C  2022-07-08  draw  next: gc\n"
                    "  search/go-9x9.sgf#1  ply 2  Black A - White A  2020-01-01  black won  next: gc\n" +
                        table + "gc              3       1       1       1  50%\n");
    // After 7g7f 8c8d 2g2f, White to move: the two-game file reaches it by another order.
    const auto from_record = run_kifu(search + "--position search/shogi-b.csa --ply 3");
    CHECK(from_record.out ==
          "2 games reached the position\n"
          "  search/shogi-b.csa#1  ply 3  Sente B - Gote B  2024/02/03 10:00:00  black won  next: 8d8e\n"
          "  search/shogi-two-games.csa#1  ply 3  Sente C - Gote C  2024/03/04 10:00:00  result unknown  next: 3c3d\n" +
              table + "3c3d            1       0       0       0  -\n8d8e            1       0       0       1  0%\n");
}

TEST_CASE("cli_search_reads_an_index_on_a_read_only_mount", "[cli][search]") {
    // A read-only mount is the one place where even root cannot write beside the index (SQLite's
    // WAL wants a -shm file there). Mounting needs root: elsewhere the test is skipped.
    const fs::path dir = scratch_dir("index-read-only");
    const fs::path mount = dir / "mnt";
    fs::create_directories(mount);
    if (::geteuid() != 0 ||
        std::system(("mount -t tmpfs -o size=4m tmpfs '" + mount.string() + "' 2>/dev/null").c_str()) != 0) {
        std::cout << "KIFU-SKIP: mounting a tmpfs needs root\n";
        return;
    }
    const fs::path db = mount / "games.kdb";
    const auto index = run_kifu("index '" + db.string() + "' search/go-9x9.sgf search/go-9x9-mirrored.sgf");
    const std::string query = "search '" + db.string() + "' --position search/go-9x9.sgf --ply 4 --json";
    const auto writable = run_kifu(query);
    const int remounted = std::system(("mount -o remount,ro '" + mount.string() + "'").c_str());
    const auto read_only = run_kifu(query);
    const auto rebuild = run_kifu("index --rebuild '" + db.string() + "' search/go-9x9.sgf");
    std::system(("umount '" + mount.string() + "'").c_str());
    REQUIRE(index.status == 0);
    REQUIRE(remounted == 0);
    CHECK(writable.status == 0);
    CHECK(read_only.status == 0);
    CHECK(read_only.err.empty());
    CHECK(read_only.out == writable.out);
    // Writing there fails with the real cause, not "not a kifu index".
    CHECK(rebuild.status != 0);
    CHECK(rebuild.err.find("not a kifu index") == std::string::npos);
    CHECK(rebuild.err.find("read-only") != std::string::npos);
}
