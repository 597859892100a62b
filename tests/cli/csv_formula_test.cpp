// CSV exports show a text a spreadsheet would run as a formula (a player's name, a file name in
// the source column) as text: quoted after a `'`.

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "cli/run_kifu.hpp"

namespace {

// Runs `kifu <args>` in `dir` and returns its exit status and stdout.
kifu::test::run_result run_in(const std::filesystem::path& dir, const std::string& args) {
    const std::string command =
        "cd '" + dir.string() + "' && '" KIFU_CLI_PATH "' " + args + " >out.txt 2>err.txt </dev/null";
    kifu::test::run_result r;
    const int raw = std::system(command.c_str());
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = kifu::test::slurp(dir / "out.txt");
    r.err = kifu::test::slurp(dir / "err.txt");
    return r;
}

}  // namespace

TEST_CASE("convert -t csv and positions-csv show formula-like names and file names as text") {
    const auto dir = kifu::test::scratch_dir("csv-formulas");
    std::string game = kifu::test::slurp(kifu::test::data_dir() / "samples" / "othello-opening.ggf");
    game.replace(game.find("PB[Black Sample]"), 16, "PB[=cmd|' /C calc'!A0]");
    game.replace(game.find("PW[White Sample]"), 16, "PW[@SUM(1)]");
    std::ofstream(dir / "=HYPERLINK(1).ggf", std::ios::binary) << game;

    const auto csv = run_in(dir, "convert -t csv '=HYPERLINK(1).ggf'");
    CHECK(csv.status == 0);
    CHECK(csv.out ==
          "\xEF\xBB\xBFtournamentId,tournamentName,blackPlayerId,blackPlayerName,whitePlayerId,whitePlayerName,"
          "blackScore,blackTheoreticalScore,transcript\r\n"
          ",kifu samples,,\"'=cmd|' /C calc'!A0\",,\"'@SUM(1)\",,,f5d6c3d3c4f4f6f3\r\n");

    const auto rows = run_in(dir, "convert -t positions-csv '=HYPERLINK(1).ggf'");
    CHECK(rows.status == 0);
    const std::string first_row = rows.out.substr(rows.out.find('\n') + 1);
    CHECK(first_row.starts_with("\"'=HYPERLINK(1).ggf\",1,0,"));
}
