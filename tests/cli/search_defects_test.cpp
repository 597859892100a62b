// kifu index and kifu search regressions: results of every special, the documented schema and
// queries, concurrent runs, what a search or an index run that reads nothing leaves on disk.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include "cli/run_kifu.hpp"

namespace {

namespace fs = std::filesystem;
using kifu::test::run_kifu;
using kifu::test::scratch_dir;

void write_file(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

}  // namespace

// 反則負け (ILLEGAL_MOVE) is a loss of the side to move. The index counted it as a win while
// positions-csv and the KIF writer counted a loss: all three now read one table.
TEST_CASE("cli_illegal_move_is_a_loss_of_the_side_to_move_everywhere", "[cli][search]") {
    const fs::path dir = scratch_dir("illegal-move");
    // Black plays, White plays, then Black (to move) makes an illegal move: White wins.
    write_file(dir / "illegal.csa", "V2.2\nN+Sente X\nN-Gote X\nPI\n+\n+7776FU\n-3334FU\n%ILLEGAL_MOVE\n");
    const fs::path db = dir / "games.kdb";
    REQUIRE(run_kifu("index " + quoted(db) + " " + quoted(dir / "illegal.csa")).status == 0);

    const auto found = run_kifu("search " + quoted(db) + " --sfen startpos --json");
    REQUIRE(found.status == 0);
    const auto j = nlohmann::json::parse(found.out);
    CHECK(j["games"][0]["result"] == "white");
    // From the start Black is to move, and Black lost.
    CHECK(j["next"].dump() == R"([{"draws":0,"games":1,"losses":1,"move":"7g7f","wins":0}])");

    const auto rows = run_kifu("convert -t positions-csv " + quoted(dir / "illegal.csa"));
    REQUIRE(rows.status == 0);
    std::vector<std::string> results;
    const std::regex result_column(R"(,([01]),([^,]*),(-?1),\r)");
    for (auto it = std::sregex_iterator(rows.out.begin(), rows.out.end(), result_column); it != std::sregex_iterator(); ++it) {
        results.push_back((*it)[1].str() + ":" + (*it)[3].str());
    }
    // to_move:result for ply 0, 1, 2: Black lost, White won.
    CHECK(results == std::vector<std::string>{"0:-1", "1:1", "0:-1"});

    const auto kif = run_kifu("convert -t kifu " + quoted(dir / "illegal.csa"));
    REQUIRE(kif.status == 0);
    CHECK(kif.out.ends_with("まで2手で先手の反則負け\n"));

    // The other specials whose result the index once read apart from the rows: 最大手数 is a draw.
    write_file(dir / "max.csa", "V2.2\nPI\n+\n+7776FU\n%MAX_MOVES\n");
    REQUIRE(run_kifu("index " + quoted(db) + " " + quoted(dir / "max.csa")).status == 0);
    const auto max = run_kifu("search " + quoted(db) + " --sfen startpos --json");
    const auto m = nlohmann::json::parse(max.out);
    REQUIRE(m["games"].size() == 2);
    CHECK(m["games"][1]["source"].get<std::string>().ends_with("max.csa"));
    CHECK(m["games"][1]["result"] == "draw");
}

namespace {

// A fenced block of a Markdown page: its info string ("sql", "sql schema", "") and its text.
struct fenced_block {
    std::string info;
    std::string text;
};

std::vector<fenced_block> fenced_blocks(const std::string& page) {
    std::vector<fenced_block> blocks;
    std::istringstream in(page);
    std::string line;
    fenced_block* open = nullptr;
    while (std::getline(in, line)) {
        if (line.starts_with("```")) {
            if (open) {
                open = nullptr;
            } else {
                blocks.push_back({line.substr(3), {}});
                open = &blocks.back();
            }
        } else if (open) {
            open->text += line + "\n";
        }
    }
    return blocks;
}

std::string trimmed(std::string s) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
    while (!s.empty() && s.front() == ' ') s.erase(0, 1);
    return s;
}

// A table as `sqlite3 -header -column` prints it, read back into cells: the dash line gives
// the columns' widths (two spaces between columns).
std::vector<std::vector<std::string>> column_table(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    REQUIRE(lines.size() >= 2);
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    const std::string& dashes = lines[1];
    for (std::size_t i = 0; i < dashes.size();) {
        const std::size_t end = dashes.find(' ', i);
        const std::size_t stop = end == std::string::npos ? dashes.size() : end;
        spans.emplace_back(i, stop - i);
        i = stop + 2;
    }
    std::vector<std::vector<std::string>> rows;
    for (std::size_t l = 0; l < lines.size(); ++l) {
        if (l == 1) continue;
        std::vector<std::string> cells;
        for (std::size_t c = 0; c < spans.size(); ++c) {
            const auto [at, width] = spans[c];
            // The last column is as wide as its widest cell; the shell pads it, the page does not.
            cells.push_back(at < lines[l].size() ? trimmed(lines[l].substr(at, c + 1 == spans.size() ? std::string::npos : width))
                                                 : std::string());
        }
        rows.push_back(std::move(cells));
    }
    return rows;
}

// Runs one query of the page (a `.parameter set :name value` line first binds :name), and
// returns its column names then its rows, as text.
std::vector<std::vector<std::string>> run_query(sqlite3* db, const std::string& block) {
    std::istringstream in(block);
    std::string sql;
    std::vector<std::pair<std::string, std::string>> parameters;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with(".parameter set ")) {
            std::istringstream words(line.substr(15));
            std::string name, value;
            words >> name >> value;
            parameters.emplace_back(name, value);
        } else {
            sql += line + "\n";
        }
    }
    sqlite3_stmt* st = nullptr;
    const char* tail = nullptr;
    INFO(sql);
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &st, &tail) == SQLITE_OK);
    CHECK(trimmed(std::regex_replace(std::string(tail), std::regex("\\s+"), " ")).empty());  // one statement a block
    for (const auto& [name, value] : parameters) {
        const int i = sqlite3_bind_parameter_index(st, name.c_str());
        REQUIRE(i > 0);
        REQUIRE(sqlite3_bind_int64(st, i, std::stoll(value)) == SQLITE_OK);
    }
    std::vector<std::vector<std::string>> rows(1);
    for (int c = 0; c < sqlite3_column_count(st); ++c) rows[0].emplace_back(sqlite3_column_name(st, c));
    int rc = SQLITE_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        std::vector<std::string> row;
        for (int c = 0; c < sqlite3_column_count(st); ++c) {
            const auto* t = sqlite3_column_text(st, c);
            row.emplace_back(t ? reinterpret_cast<const char*>(t) : "");
        }
        rows.push_back(std::move(row));
    }
    CHECK(rc == SQLITE_DONE);
    sqlite3_finalize(st);
    return rows;
}

}  // namespace

// docs/search.md described schema version 1 long after the file became version 2, and its
// queries failed (`no such column: g.source`). Its schema block is now checked against a new
// index's, each column table against the table's columns, and every query runs and gives
// the output the page shows.
TEST_CASE("cli_search_doc_schema_and_queries_match_a_real_index", "[cli][search][docs]") {
    const fs::path dir = scratch_dir("search-doc");
    const fs::path db_path = dir / "games.kdb";
    // The page's first example, from the repository's root.
    const std::string command = "cd '" KIFU_SOURCE_DIR "' && '" KIFU_CLI_PATH "' index '" + db_path.string() +
                                "' tests/data/samples tests/data/search 2>/dev/null";
    const int raw = std::system(command.c_str());
    REQUIRE(WIFEXITED(raw));
    REQUIRE(WEXITSTATUS(raw) == 1);  // shogi-broken.csa is broken on purpose

    const std::string page = kifu::test::slurp(fs::path(KIFU_SOURCE_DIR) / "docs" / "search.md");
    const std::vector<fenced_block> blocks = fenced_blocks(page);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(db_path.string().c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);

    SECTION("the schema block is the index's schema") {
        std::string schema;
        for (const auto& row :
             run_query(db, "SELECT sql || ';' FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY rowid")) {
            if (row[0] != "sql || ';'") schema += row[0] + "\n";
        }
        std::size_t found = 0;
        for (const fenced_block& b : blocks) {
            if (b.info != "sql schema") continue;
            ++found;
            CHECK(b.text == schema);
        }
        CHECK(found == 1);
        CHECK(page.find("schema version 2 (`PRAGMA user_version` = 2)") != std::string::npos);
        CHECK(run_query(db, "PRAGMA user_version")[1][0] == "2");
    }

    SECTION("each table's column table lists its columns with their types") {
        std::size_t tables = 0;
        for (const auto& t : run_query(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")) {
            if (t[0] == "name") continue;
            ++tables;
            const std::string heading = "### `" + t[0] + "`";
            const std::size_t at = page.find(heading);
            INFO(heading);
            REQUIRE(at != std::string::npos);
            const std::size_t end = page.find("\n#", at + 1);
            const std::string section = page.substr(at, end - at);
            std::vector<std::string> documented;
            const std::regex column_row(R"(\n\| `(\w+)` \| ([A-Z][A-Z ]*[A-Z]) \|)");
            for (auto it = std::sregex_iterator(section.begin(), section.end(), column_row); it != std::sregex_iterator(); ++it) {
                documented.push_back((*it)[1].str() + " " + (*it)[2].str());
            }
            std::vector<std::string> real;
            for (const auto& c : run_query(db, ("SELECT name, type, \"notnull\" FROM pragma_table_info('" + t[0] + "')").c_str())) {
                if (c[0] == "name") continue;
                real.push_back(c[0] + " " + c[1]);
            }
            REQUIRE(documented.size() == real.size());
            for (std::size_t i = 0; i < real.size(); ++i) {
                // The type cell starts with the declared type, then says NOT NULL, UNIQUE as declared.
                CHECK(documented[i].starts_with(real[i]));
            }
            // NOT NULL as declared.
            for (const auto& c : run_query(db, ("SELECT name, \"notnull\" FROM pragma_table_info('" + t[0] + "')").c_str())) {
                if (c[0] == "name") continue;
                const auto doc = std::find_if(documented.begin(), documented.end(),
                                              [&](const std::string& d) { return d.starts_with(c[0] + " "); });
                REQUIRE(doc != documented.end());
                CHECK((doc->find("NOT NULL") != std::string::npos) == (c[1] == "1"));
            }
        }
        CHECK(tables == 5);
    }

    SECTION("every query runs and gives the output shown") {
        std::size_t queries = 0;
        std::size_t compared = 0;
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            if (blocks[i].info != "sql") continue;
            ++queries;
            const auto rows = run_query(db, blocks[i].text);
            if (i + 1 < blocks.size() && blocks[i + 1].info.empty()) {
                ++compared;
                INFO(blocks[i].text);
                CHECK(column_table(blocks[i + 1].text) == rows);
            }
        }
        CHECK(queries >= 10);
        CHECK(compared == queries);
    }
    sqlite3_close(db);
}

// Two `kifu index` runs started together on a new database: the second one failed with
// `table meta already exists` (the schema was written outside a transaction) or `database is
// locked` (switching to WAL does not wait on the busy timeout). Both now succeed, one after
// the other's lock, and the index holds both runs' games.
TEST_CASE("cli_index_two_runs_at_once_on_a_new_database_both_succeed", "[cli][search]") {
    const fs::path dir = scratch_dir("index-at-once");
    for (int round = 0; round < 8; ++round) {
        const fs::path db = dir / ("games" + std::to_string(round) + ".kdb");
        const std::string run = "'" KIFU_CLI_PATH "' index " + quoted(db);
        const std::string script = "cd '" + kifu::test::data_dir().string() + "' || exit 1; { " + run + " samples 2>" +
                                   quoted(dir / "err1") + "; echo $? >" + quoted(dir / "status1") + "; } & { " + run +
                                   " search/go-9x9.sgf search/shogi-a.csa 2>" + quoted(dir / "err2") + "; echo $? >" +
                                   quoted(dir / "status2") + "; } & wait";
        REQUIRE(std::system(script.c_str()) == 0);
        INFO(kifu::test::slurp(dir / "err1") + kifu::test::slurp(dir / "err2"));
        CHECK(kifu::test::slurp(dir / "status1") == "0\n");
        CHECK(kifu::test::slurp(dir / "status2") == "0\n");
        // samples holds 5 games, the two others 1 each; the lookup index is there.
        const auto again = run_kifu("index " + quoted(db) + " samples search/go-9x9.sgf search/shogi-a.csa");
        CHECK(again.status == 0);
        CHECK(again.err.starts_with("kifu index: 0 files read (7 unchanged, 0 removed), 0 games added"));
        CHECK(again.err.find("now holds 7 games") != std::string::npos);
        sqlite3* handle = nullptr;
        REQUIRE(sqlite3_open_v2(db.string().c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
        sqlite3_stmt* st = nullptr;
        REQUIRE(sqlite3_prepare_v2(handle, "SELECT count(*) FROM sqlite_master WHERE name = 'positions_by_hash'", -1, &st,
                                   nullptr) == SQLITE_OK);
        REQUIRE(sqlite3_step(st) == SQLITE_ROW);
        CHECK(sqlite3_column_int(st, 0) == 1);
        sqlite3_finalize(st);
        sqlite3_close(handle);
    }
}

// `kifu search --sfen` rejected `startpos moves 7g7f`, which `kifu position --sfen` takes: both
// now read the string as the usi format, and a malformed one is shown with a caret.
TEST_CASE("cli_search_sfen_takes_a_usi_position_with_moves", "[cli][search]") {
    const fs::path db = scratch_dir("search-usi") / "games.kdb";
    REQUIRE(run_kifu("index " + quoted(db) + " search/shogi-a.csa search/shogi-b.csa").status == 0);
    const auto by_moves = run_kifu("search " + quoted(db) + " --sfen 'startpos moves 7g7f' --json");
    REQUIRE(by_moves.status == 0);
    const auto position = run_kifu("position --sfen 'startpos moves 7g7f'");
    REQUIRE(position.status == 0);
    const std::string sfen = position.out.substr(0, position.out.size() - 1);
    const auto by_sfen = run_kifu("search " + quoted(db) + " --sfen '" + sfen + "' --json");
    CHECK(by_sfen.status == 0);
    CHECK(by_moves.out == by_sfen.out);
    CHECK(nlohmann::json::parse(by_moves.out)["total"] == 2);
    CHECK(run_kifu("search " + quoted(db) + " --sfen 'position sfen " + sfen + "' --json").out == by_sfen.out);

    const auto bad = run_kifu("search " + quoted(db) + " --sfen 'startpos moves 7g7x'");
    CHECK(bad.status == 2);
    CHECK(bad.out.empty());
    CHECK(bad.err == "kifu: error: --sfen, column 16: expected a USI move such as 7g7f, 8h2b+ or P*5e\n"
                     "  startpos moves 7g7x\n"
                     "                 ^\n"
                     "Run with --help for more information.\n");
    const auto illegal = run_kifu("search " + quoted(db) + " --sfen 'startpos moves 7g7f 7g7f'");
    CHECK(illegal.status == 2);
    CHECK(illegal.err.starts_with("kifu: error: --sfen, column "));
}

// `--board 'XO..'` was read as a 2×2 go board and found nothing: a run of cells without a row
// separator is a board only from 4×4 up; a small board is written row by row.
TEST_CASE("cli_search_board_syntax_is_checked", "[cli][search]") {
    const fs::path db = scratch_dir("search-board") / "games.kdb";
    REQUIRE(run_kifu("index " + quoted(db) + " search/go-9x9.sgf").status == 0);
    const auto run = run_kifu("search " + quoted(db) + " --board 'XO..'");
    CHECK(run.status == 2);
    CHECK(run.err == "kifu: error: --board: 4 cells without a row separator are not a board: write a board smaller than "
                     "4×4 row by row (rows separated by /)\nRun with --help for more information.\n");
    CHECK(run_kifu("search " + quoted(db) + " --board 'XOX.O.XOX w'").status == 2);
    const auto rows = run_kifu("search " + quoted(db) + " --board 'XO/..'");
    CHECK(rows.status == 0);
    CHECK(rows.out == "0 games reached the position\n");
    const auto ragged = run_kifu("search " + quoted(db) + " --board 'XOX./..../XO./.....'");
    CHECK(ragged.status == 2);
    CHECK(ragged.err == "kifu: error: --board: rows of 3 cells on a 4×4 board\nRun with --help for more information.\n");
    // The othello start position as one run of 64 cells is still a board.
    CHECK(run_kifu("search " + quoted(db) + " --board '---------------------------OX------XO--------------------------- b'")
              .status == 0);
}

// `--limit` is a count of games: a negative or absurd one is a usage error, not "everything".
TEST_CASE("cli_search_limit_is_range_checked", "[cli][search]") {
    const fs::path db = scratch_dir("search-limit") / "games.kdb";
    REQUIRE(run_kifu("index " + quoted(db) + " search/shogi-a.csa search/shogi-b.csa").status == 0);
    for (const char* limit : {"-1", "1000000001", "x", "1.5"}) {
        INFO(limit);
        const auto r = run_kifu("search " + quoted(db) + " --sfen startpos --limit " + limit);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.starts_with("--limit: "));
    }
    const auto one = run_kifu("search " + quoted(db) + " --sfen startpos --limit 1 --json");
    CHECK(one.status == 0);
    CHECK(nlohmann::json::parse(one.out)["games"].size() == 1);
}

// A search only reads: it left DB-wal and DB-shm beside the index (a read-only SQLite
// connection creates them and cannot remove them).
TEST_CASE("cli_search_leaves_no_wal_or_shm_files", "[cli][search]") {
    const fs::path dir = scratch_dir("search-no-wal");
    const fs::path db = dir / "games.kdb";
    REQUIRE(run_kifu("index " + quoted(db) + " search/shogi-a.csa").status == 0);
    const auto listing = [&] {
        std::vector<std::string> names;
        for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
        std::sort(names.begin(), names.end());
        return names;
    };
    CHECK(listing() == std::vector<std::string>{"games.kdb"});
    const std::string before = kifu::test::slurp(db);
    CHECK(run_kifu("search " + quoted(db) + " --sfen startpos").status == 0);
    CHECK(run_kifu("search " + quoted(db) + " --position search/shogi-a.csa --ply 3 --json").status == 0);
    CHECK(listing() == std::vector<std::string>{"games.kdb"});
    CHECK(kifu::test::slurp(db) == before);  // and the index is unchanged
}

// `kifu index db missing.kif` left an empty index behind. A new index is created only when an
// input is added to it.
TEST_CASE("cli_index_that_reads_nothing_creates_no_index", "[cli][search]") {
    const fs::path dir = scratch_dir("index-nothing");
    fs::create_directories(dir / "empty");
    const fs::path db = dir / "games.kdb";
    const auto missing = run_kifu("index " + quoted(db) + " " + quoted(dir / "missing.kif"));
    CHECK(missing.status == 1);
    CHECK(missing.err == dir.string() + "/missing.kif: error: cannot open the file: No such file or directory [io.open]\n"
                         "kifu index: 0 files read (0 unchanged, 0 removed), 0 games added (0 already indexed, 0 with "
                         "errors left out), 0 positions in 0.0 s; nothing could be read: " +
                             db.string() + " not created\n");
    CHECK_FALSE(fs::exists(db));
    const auto empty = run_kifu("index " + quoted(db) + " " + quoted(dir / "empty"));
    CHECK_FALSE(fs::exists(db));
    // One readable input creates it; a later run that reads nothing keeps it as it was.
    REQUIRE(run_kifu("index " + quoted(db) + " search/shogi-a.csa").status == 0);
    const std::string before = kifu::test::slurp(db);
    CHECK(run_kifu("index " + quoted(db) + " " + quoted(dir / "missing.kif")).status == 1);
    CHECK(kifu::test::slurp(db) == before);
    // A folder that does not exist is still reported at once.
    const auto no_folder = run_kifu("index " + quoted(dir / "none" / "games.kdb") + " search/shogi-a.csa");
    CHECK(no_folder.status == 1);
    CHECK(no_folder.err == "kifu: error: " + (dir / "none" / "games.kdb").string() + ": cannot open: unable to open database file\n");
}
