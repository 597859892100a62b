// The WTHOR CSV export, compared whole with a golden file.

#include <catch2/catch.hpp>

#include <kifu/othello/csv.hpp>
#include <kifu/othello/wthor.hpp>

#include "othello/wthor_fixture.hpp"
#include "support/corpus.hpp"

#include <cstdlib>
#include <fstream>
#include <vector>

namespace othello = kifu::othello;
namespace wthor = kifu::othello::wthor;
namespace test = kifu::test;

using kifu::test::wthor_fixture::make_game;

TEST_CASE("WTHOR games export as CSV with a BOM and RFC 4180 quoting", "[othello][csv]") {
    const wthor::header h = kifu::test::wthor_fixture::header_of(1981, 24);
    const wthor::name_tables names = kifu::test::wthor_fixture::names_of(
        {"Wiener Paul", "???", "O'Hara, \"Kid\"", "Dupré Zoé"}, {"Parties U.S.A.", "Championnat de Suède", "Line\r\nbreak"});
    std::vector<kifu::diagnostic> ds;
    std::vector<othello::record> records;
    // A game with six passes (left out of the transcript), a name with a comma and quotes,
    // a tournament name with a line break, and a game whose player is not in the file.
    records.push_back(wthor::to_record(
        make_game(0, 0, 1, 64, 64, "f5f6e6f4g5g6e7f7h6e8f8h4d8d6d7c8b8h7h5g7h3h2e3d2g8f3h8--h1--g4--g3--c7--d3--d1"), h,
        names, "t.wtb", 1, ds));
    records.push_back(wthor::to_record(make_game(1, 2, 3, 33, 30, "f5d6c3d3c4"), h, names, "t.wtb", 2, ds));
    records.push_back(wthor::to_record(make_game(2, 3, 9, 40, 36, "f5f6"), h, names, "t.wtb", 3, ds));
    REQUIRE(ds.size() == 1);  // player 9 is not in the names
    CHECK(ds[0].code == "wthor.unknown-player");

    const std::string csv = othello::to_csv(records);
    const auto golden_path = test::data_dir() / "othello" / "wthor-export.csv";
    if (std::getenv("KIFU_UPDATE_GOLDEN") != nullptr) {
        std::ofstream(golden_path, std::ios::binary) << csv;
    }
    CHECK(csv == test::slurp(golden_path));
    CHECK(csv.rfind("\xEF\xBB\xBFtournamentId,tournamentName,", 0) == 0);
}
