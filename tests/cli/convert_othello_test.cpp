// kifu convert -t csv|ggf|positions-csv|positions-jsonl: whole outputs of the othello
// exports (golden files, or the library's own export of the same records), one CSV header for
// all inputs on stdout, one file per input with -o, the usage errors (exit 2) of a target
// a game cannot have, and the WTHOR names files that convert and lint are given.

#include <catch2/catch.hpp>

#include <kifu/othello/csv.hpp>
#include <kifu/othello/ggf_writer.hpp>
#include <kifu/othello/positions.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/othello/wthor.hpp>
#include <kifu/read.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cli/run_kifu.hpp"

namespace othello = kifu::othello;
namespace wthor = kifu::othello::wthor;

namespace {

std::vector<othello::record> library_read(const std::filesystem::path& path) {
    std::vector<othello::record> out;
    for (const kifu::record& r : kifu::read_file(path).records) out.push_back(*r.get<othello::record>());
    return out;
}

void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

// A WTHOR base of our own in a scratch folder: 2 games of 1981, the names beside them.
std::filesystem::path make_wthor_base() {
    const auto dir = kifu::test::scratch_dir("wthor-base");
    wthor::names_file players;
    players.header.names = 3;
    players.names = {"Wiener Paul", wthor::encode_name("Dupré Zoé"), "O'Hara, \"Kid\""};
    wthor::names_file tournaments;
    tournaments.header.names = 1;
    tournaments.names = {wthor::encode_name("Championnat de Suède")};
    wthor::games_file games;
    games.header.games = 2;
    games.header.game_year = 1981;
    games.header.board_size = 8;
    games.header.depth = 24;
    for (const auto& [b, w, score, moves] :
         {std::tuple{0, 1, 33, std::string_view("f5d6c3d3c4")}, std::tuple{2, 0, 40, std::string_view("f5f6e6")}}) {
        wthor::game g;
        g.black = static_cast<std::uint16_t>(b);
        g.white = static_cast<std::uint16_t>(w);
        g.black_score = static_cast<std::uint8_t>(score);
        for (std::size_t i = 0; i + 1 < moves.size(); i += 2) {
            g.moves[i / 2] = static_cast<std::uint8_t>(10 * (moves[i + 1] - '0') + (moves[i] - 'a' + 1));
        }
        games.games.push_back(g);
    }
    write_bytes(dir / "WTH_1981.wtb", wthor::write(games));
    write_bytes(dir / "WTHOR.JOU", wthor::write(players, wthor::file_kind::players));
    write_bytes(dir / "WTHOR.TRN", wthor::write(tournaments, wthor::file_kind::tournaments));
    return dir / "WTH_1981.wtb";
}

}  // namespace

TEST_CASE("kifu convert -t ggf writes the golden GGF of a file of games") {
    const auto r = kifu::test::run_kifu("convert -t ggf othello/ggf/match.ggf");
    CHECK(r.status == 0);
    CHECK(r.out == kifu::test::slurp(kifu::test::data_dir() / "othello" / "ggf" / "match-written.ggf"));
    CHECK(r.err.empty());
}

TEST_CASE("kifu convert -t csv writes one BOM and header row for all inputs") {
    const auto wtb = make_wthor_base();
    const std::vector<othello::record> games = library_read(wtb);
    REQUIRE(games.size() == 2);
    const auto r = kifu::test::run_kifu("convert -t csv '" + wtb.string() + "' samples/othello-opening.ggf");
    CHECK(r.status == 0);
    std::string expected;
    othello::write_csv_header(expected);
    for (const othello::record& g : games) othello::write_csv_row(expected, g);
    othello::write_csv_row(expected, library_read(kifu::test::data_dir() / "samples" / "othello-opening.ggf").at(0));
    CHECK(r.out == expected);
    CHECK(r.out ==
          "\xEF\xBB\xBFtournamentId,tournamentName,blackPlayerId,blackPlayerName,whitePlayerId,whitePlayerName,"
          "blackScore,blackTheoreticalScore,transcript\r\n"
          "0,Championnat de Suède,0,Wiener Paul,1,Dupré Zoé,33,0,f5d6c3d3c4\r\n"
          "0,Championnat de Suède,2,\"O'Hara, \"\"Kid\"\"\",0,Wiener Paul,40,0,f5f6e6\r\n"
          ",kifu samples,,Black Sample,,White Sample,,,f5d6c3d3c4f4f6f3\r\n");
    CHECK(r.err.empty());
}

TEST_CASE("kifu convert -t positions-csv and positions-jsonl write every position") {
    const auto wtb = make_wthor_base();
    const auto csv = kifu::test::run_kifu("convert -t positions-csv samples/othello-opening.ggf '" + wtb.string() + "'");
    CHECK(csv.status == 0);
    std::string expected;
    othello::write_positions_csv_header(expected);
    othello::write_positions_csv(expected, library_read(kifu::test::data_dir() / "samples" / "othello-opening.ggf").at(0),
                                 "samples/othello-opening.ggf", 1);
    const std::vector<othello::record> games = library_read(wtb);
    othello::write_positions_csv(expected, games[0], wtb.string(), 1);
    othello::write_positions_csv(expected, games[1], wtb.string(), 2);
    CHECK(csv.out == expected);
    CHECK(csv.err.empty());

    const auto jsonl = kifu::test::run_kifu("convert -t positions-jsonl '" + wtb.string() + "'");
    CHECK(jsonl.status == 0);
    // Every row names its input (the file name holds the WTHOR year); the rest of each row is
    // compared below without it.
    const std::string source = "{\"source\":\"" + wtb.string() + "\",";
    std::string rows = jsonl.out;
    std::size_t named = 0;
    for (std::size_t at = rows.find(source); at != std::string::npos; at = rows.find(source, at + 1)) {
        rows.replace(at, source.size(), "{");
        ++named;
    }
    CHECK(named == 10);
    // The bitboards were computed by an independent replay (a1 = bit 0, h8 = bit 63).
    CHECK(rows ==
          "{\"game\":1,\"ply\":0,\"black\":34628173824,\"white\":68853694464,\"to_move\":0,\"move\":\"f5\",\"value\":2,\"value_source\":\"result\"}\n"
          "{\"game\":1,\"ply\":1,\"black\":240786604032,\"white\":134217728,\"to_move\":1,\"move\":\"d6\",\"value\":-2,\"value_source\":\"result\"}\n"
          "{\"game\":1,\"ply\":2,\"black\":206426865664,\"white\":8830586978304,\"to_move\":0,\"move\":\"c3\",\"value\":2,\"value_source\":\"result\"}\n"
          "{\"game\":1,\"ply\":3,\"black\":206561345536,\"white\":8830452760576,\"to_move\":1,\"move\":\"d3\",\"value\":-2,\"value_source\":\"result\"}\n"
          "{\"game\":1,\"ply\":4,\"black\":206427127808,\"white\":8830587502592,\"to_move\":0,\"move\":\"c4\",\"value\":2,\"value_source\":\"result\"}\n"
          "{\"game\":1,\"ply\":5,\"black\":206628454400,\"white\":8830453284864,\"to_move\":1,\"move\":null,\"value\":-2,\"value_source\":\"result\"}\n"
          "{\"game\":2,\"ply\":0,\"black\":34628173824,\"white\":68853694464,\"to_move\":0,\"move\":\"f5\",\"value\":16,\"value_source\":\"result\"}\n"
          "{\"game\":2,\"ply\":1,\"black\":240786604032,\"white\":134217728,\"to_move\":1,\"move\":\"f6\",\"value\":-16,\"value_source\":\"result\"}\n"
          "{\"game\":2,\"ply\":2,\"black\":172067127296,\"white\":35253225783296,\"to_move\":0,\"move\":\"e6\",\"value\":16,\"value_source\":\"result\"}\n"
          "{\"game\":2,\"ply\":3,\"black\":17832972648448,\"white\":35184506306560,\"to_move\":1,\"move\":null,\"value\":-16,\"value_source\":\"result\"}\n");
    CHECK(jsonl.err.empty());
}

TEST_CASE("kifu convert -o DIR -t writes <stem>.ggf, .csv or .jsonl per input") {
    const auto dir = kifu::test::scratch_dir("convert-othello-o");
    const auto r = kifu::test::run_kifu("convert -t ggf -o '" + dir.string() + "' othello/ggf/match.ggf samples/othello-opening.ggf");
    CHECK(r.status == 0);
    CHECK(r.out.empty());
    CHECK(kifu::test::slurp(dir / "match.ggf") == kifu::test::slurp(kifu::test::data_dir() / "othello" / "ggf" / "match-written.ggf"));
    std::vector<kifu::diagnostic> ds;
    CHECK(kifu::test::slurp(dir / "othello-opening.ggf") ==
          othello::to_ggf(library_read(kifu::test::data_dir() / "samples" / "othello-opening.ggf").at(0), ds));

    const auto lines = kifu::test::run_kifu("convert -t positions-jsonl -o '" + dir.string() + "' samples/othello-opening.ggf");
    CHECK(lines.status == 0);
    std::string expected;
    othello::write_positions_jsonl(expected, library_read(kifu::test::data_dir() / "samples" / "othello-opening.ggf").at(0),
                                   "samples/othello-opening.ggf", 1);
    CHECK(kifu::test::slurp(dir / "othello-opening.jsonl") == expected);

    const auto csv = kifu::test::run_kifu("convert -t csv -o '" + dir.string() + "' samples/othello-opening.ggf");
    CHECK(csv.status == 0);
    CHECK(kifu::test::slurp(dir / "othello-opening.csv").rfind("\xEF\xBB\xBFtournamentId,", 0) == 0);
}

TEST_CASE("kifu convert -t with a target the game cannot have is a usage error (exit 2)") {
    const auto go = kifu::test::run_kifu("convert -t csv samples/short-9x9.sgf samples/othello-opening.ggf");
    CHECK(go.status == 2);
    CHECK(go.err == "kifu: error: samples/short-9x9.sgf: game 1 is a go game; -t csv writes othello games only\n");
    std::string expected;
    othello::write_csv_header(expected);
    othello::write_csv_row(expected, library_read(kifu::test::data_dir() / "samples" / "othello-opening.ggf").at(0));
    CHECK(go.out == expected);  // the other inputs are still written

    const auto shogi = kifu::test::run_kifu("convert -t ggf samples/yagura-opening.csa");
    CHECK(shogi.status == 2);
    CHECK(shogi.err == "kifu: error: samples/yagura-opening.csa: game 1 is a shogi game; -t ggf writes othello games only\n");
    CHECK(shogi.out.empty());

    // match.ggf holds 4×4, octagon and 6×6 games: no 64-bit bitboards for them.
    const auto small = kifu::test::run_kifu("convert -t positions-csv othello/ggf/match.ggf");
    CHECK(small.status == 2);
    CHECK(small.err ==
          "kifu: error: othello/ggf/match.ggf: game 3 is played on a 4×4 board; -t positions-csv needs 8×8 boards "
          "(64-bit bitboards)\n");
    CHECK(small.out.empty());

    const auto pretty = kifu::test::run_kifu("convert -t ggf --pretty samples/othello-opening.ggf");
    CHECK(pretty.status == 2);
    CHECK(pretty.err == "kifu: error: --pretty applies to -t jkf only, not to -t ggf\nRun with --help for more information.\n");
    CHECK(pretty.out.empty());
    const auto jsonl = kifu::test::run_kifu("convert -t positions-jsonl --jsonl samples/othello-opening.ggf");
    CHECK(jsonl.status == 2);
    CHECK(jsonl.err == "kifu: error: --jsonl applies to -t jkf only, not to -t positions-jsonl\nRun with --help for more information.\n");
}

TEST_CASE("kifu convert -t jkf is unchanged by the othello targets") {
    const auto a = kifu::test::run_kifu("convert samples/othello-opening.ggf");
    const auto b = kifu::test::run_kifu("convert -t jkf samples/othello-opening.ggf");
    CHECK(a.status == 0);
    CHECK(a.out == b.out);
    CHECK(a.out == kifu::to_jkf(kifu::read_file(kifu::test::data_dir() / "samples" / "othello-opening.ggf").records.at(0)) + "\n");
}

TEST_CASE("kifu lint and convert find WTHOR names with --names DIR or --jou FILE --trn FILE") {
    const auto base = make_wthor_base();
    // The games alone in one folder, the names under other file names in another.
    const auto games = kifu::test::scratch_dir("wthor-games");
    const auto names = kifu::test::scratch_dir("wthor-names");
    std::filesystem::copy_file(base, games / "WTH_1981.wtb", std::filesystem::copy_options::overwrite_existing);
    std::filesystem::copy_file(base.parent_path() / "WTHOR.JOU", names / "WTHOR.JOU",
                               std::filesystem::copy_options::overwrite_existing);
    std::filesystem::copy_file(base.parent_path() / "WTHOR.TRN", names / "WTHOR.TRN",
                               std::filesystem::copy_options::overwrite_existing);
    std::filesystem::copy_file(base.parent_path() / "WTHOR.JOU", names / "players-2026.jou",
                               std::filesystem::copy_options::overwrite_existing);
    std::filesystem::copy_file(base.parent_path() / "WTHOR.TRN", names / "tournaments-2026.trn",
                               std::filesystem::copy_options::overwrite_existing);
    const std::string wtb = "'" + (games / "WTH_1981.wtb").string() + "'";
    const std::string dir = "'" + names.string() + "'";
    const std::string files = "--jou '" + (names / "players-2026.jou").string() + "' --trn '" +
                              (names / "tournaments-2026.trn").string() + "'";

    const auto without = kifu::test::run_kifu("lint " + wtb);
    CHECK(without.status == 0);
    CHECK(without.out == (games / "WTH_1981.wtb").string() +
                             ": warning: no WTHOR.JOU and WTHOR.TRN beside the game file: games carry numbers instead of "
                             "names (give them with --names DIR or --jou/--trn) [wthor.names-missing]\n");
    for (const std::string& given : {"--names " + dir, files}) {
        INFO(given);
        const auto lint = kifu::test::run_kifu("lint " + given + " " + wtb);
        CHECK(lint.status == 0);
        CHECK(lint.out.empty());
        CHECK(lint.err.empty());
        // convert takes the same options and writes the names.
        const auto csv = kifu::test::run_kifu("convert -t csv " + given + " " + wtb);
        CHECK(csv.status == 0);
        CHECK(csv.err.empty());
        CHECK(csv.out == kifu::test::run_kifu("convert -t csv '" + base.string() + "'").out);
    }
    // A folder without the names says where it looked.
    const auto empty = kifu::test::scratch_dir("wthor-no-names");
    const auto missing = kifu::test::run_kifu("lint --names '" + empty.string() + "' " + wtb);
    CHECK(missing.status == 0);
    CHECK(missing.out == (games / "WTH_1981.wtb").string() + ": warning: no WTHOR.JOU and WTHOR.TRN in " + empty.string() +
                             ": games carry numbers instead of names (give them with --names DIR or --jou/--trn) "
                             "[wthor.names-missing]\n");
}
