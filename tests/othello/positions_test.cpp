// Position rows (training data): whole golden CSV and JSON Lines of our own games, the result
// and eval rules, and (corpus) every FFO game's rows against its record.

#include <catch2/catch.hpp>

#include <kifu/format.hpp>
#include <kifu/othello/positions.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/othello/wthor.hpp>
#include <kifu/read.hpp>

#include "othello/formats.hpp"
#include "support/corpus.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace othello = kifu::othello;
namespace wthor = kifu::othello::wthor;
namespace test = kifu::test;

namespace {

std::vector<othello::record> read_ggf(const std::string& text) {
    kifu::read_options options;
    options.mode = kifu::read_mode::lenient;
    const kifu::source_text source("t.ggf", text, "UTF-8");
    kifu::read_result result;
    othello::ggf_format().read_text(source, options, result);
    std::vector<othello::record> out;
    for (const kifu::record& k : result.records) out.push_back(*k.get<othello::record>());
    return out;
}

void check_golden(const std::string& text, const std::filesystem::path& path) {
    if (std::getenv("KIFU_UPDATE_GOLDEN") != nullptr) {
        std::ofstream(path, std::ios::binary) << text;
    }
    CHECK(text == test::slurp(path));
}

// Three games: evals on some moves (match.ggf's first game, RE +2), a game that stops early
// with RE[?] (no value at all), and a WTHOR game with six passes whose RE is taken away (the
// result then comes from the final board: black wins 64 with the empties).
std::vector<othello::record> sample_games() {
    std::vector<othello::record> games = read_ggf(
        "(;GM[Othello]PB[alpha]PW[beta]TY[8]RE[+2.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- "
        "-------- -------- *]B[f5/0.50/1.20]W[F6//0:03]B[e6/+1.5]W[F4/-1.00/2]B[g6];)\n"
        "(;GM[Othello]TY[8]RE[?]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
        "B[F5]W[f6];)\n");
    REQUIRE(games.size() == 2);
    wthor::game g;
    g.black_score = 64;
    const std::string_view transcript = "f5f6e6f4g5g6e7f7h6e8f8h4d8d6d7c8b8h7h5g7h3h2e3d2g8f3h8h1g4g3c7d3d1";
    for (std::size_t i = 0; i + 1 < transcript.size(); i += 2) {
        g.moves[i / 2] = static_cast<std::uint8_t>(10 * (transcript[i + 1] - '0') + (transcript[i] - 'a' + 1));
    }
    std::vector<kifu::diagnostic> ds;
    othello::record r = wthor::to_record(g, wthor::header{}, wthor::name_tables{}, "t.wtb", 1, ds);
    REQUIRE(ds.empty());
    REQUIRE(r.passes_inserted == 6);
    std::erase_if(r.header, [](const auto& kv) { return kv.first == "RE"; });
    games.push_back(std::move(r));
    return games;
}

}  // namespace

TEST_CASE("positions: golden CSV and JSON Lines of our games", "[othello][positions]") {
    const std::vector<othello::record> games = sample_games();
    std::string csv;
    std::string jsonl;
    othello::write_positions_csv_header(csv);
    for (std::size_t i = 0; i < games.size(); ++i) {
        CHECK(othello::write_positions_csv(csv, games[i], "games, of 2024.ggf", i + 1));
        CHECK(othello::write_positions_jsonl(jsonl, games[i], "games, of 2024.ggf", i + 1));
    }
    check_golden(csv, test::data_dir() / "othello" / "positions.csv");
    check_golden(jsonl, test::data_dir() / "othello" / "positions.jsonl");
}

TEST_CASE("positions: the start row holds the standard bitboards and the result or eval", "[othello][positions]") {
    const std::vector<othello::record> games = sample_games();
    std::string csv;
    REQUIRE(othello::write_positions_csv(csv, games[0], "a.ggf", 7));
    std::istringstream in(csv);
    std::string line;
    std::vector<std::string> rows;
    while (std::getline(in, line)) rows.push_back(line);
    REQUIRE(rows.size() == 6);  // start + 5 plies
    // d5, e4 black (bits 35, 28); d4, e5 white (27, 36); f5 carries eval 0.5 (black's view).
    const std::uint64_t black = (std::uint64_t{1} << 35) | (std::uint64_t{1} << 28);
    const std::uint64_t white = (std::uint64_t{1} << 27) | (std::uint64_t{1} << 36);
    CHECK(rows[0] == "a.ggf,7,0," + std::to_string(black) + "," + std::to_string(white) + ",0,f5,0.5,eval\r");
    // W[F6//0:03] has a time but no eval: the result +2 from white's view.
    CHECK(rows[1].substr(rows[1].size() - 16) == ",1,f6,-2,result\r");
    CHECK(rows[5].substr(rows[5].size() - 14) == ",1,,-2,result\r");  // last position: no move, white to move
    // A game with RE[?] that stops early has no value.
    std::string early;
    REQUIRE(othello::write_positions_jsonl(early, games[1], "a.ggf", 2));
    CHECK(early.find("\"value\":null,\"value_source\":null}\n") != std::string::npos);
    CHECK(!othello::black_result(games[1]));
    CHECK(othello::black_result(games[2]) == 64.0);  // by the board: black wins, empties to black
}

TEST_CASE("positions: boards other than 8×8 give no rows", "[othello][positions]") {
    const std::vector<othello::record> small = read_ggf("(;GM[Othello]TY[4]BO[4 ---- -O*- -*O- ---- *]B[d3];)");
    REQUIRE(small.size() == 1);
    std::string out = "x";
    CHECK(!othello::write_positions_csv(out, small[0], "small.ggf", 1));
    CHECK(!othello::write_positions_jsonl(out, small[0], "small.ggf", 1));
    CHECK(out == "x");
}

TEST_CASE("positions: every FFO game's rows replay to its final board", "[othello][positions][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const auto dir = test::corpus_dir() / "othello" / "wthor" / "ffo-1977-2021";
    kifu::read_options options;
    options.format = "wthor";
    std::size_t games = 0;
    std::size_t bad = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".wtb") continue;
        const kifu::read_result wtb = kifu::read_file(entry.path(), options);
        for (const kifu::record& k : wtb.records) {
            const othello::record& r = *k.get<othello::record>();
            std::string csv;
            REQUIRE(othello::write_positions_csv(csv, r, entry.path().filename().string(), k.index));
            // The last row: bitboards whose counts are the final counts; the value is the
            // WTHOR result from the side to move's view; one row per position.
            const std::size_t rows = static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n'));
            const std::size_t last = csv.rfind('\n', csv.size() - 2) == std::string::npos ? 0 : csv.rfind('\n', csv.size() - 2) + 1;
            std::vector<std::string> cols;
            std::string col;
            std::istringstream row(csv.substr(last, csv.size() - last - 2));
            while (std::getline(row, col, ',')) cols.push_back(col);
            std::uint64_t b = 0;
            std::uint64_t w = 0;
            std::from_chars(cols.at(3).data(), cols.at(3).data() + cols.at(3).size(), b);
            std::from_chars(cols.at(4).data(), cols.at(4).data() + cols.at(4).size(), w);
            const int side = cols.at(5) == "0" ? 1 : -1;
            const int result = 2 * std::stoi(*r.find_header("wthor.score")) - 64;
            if (rows != r.moves.size() + 1 || (b & w) != 0 || std::popcount(b) != r.final_counts.black ||
                std::popcount(w) != r.final_counts.white || cols.at(7) != std::to_string(side * result) || cols.at(0) != entry.path().filename().string()) {
                ++bad;
            }
            ++games;
        }
    }
    CHECK(games == 127475);
    CHECK(bad == 0);
}
