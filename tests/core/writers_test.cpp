// The writer list (kifu/write.hpp): every writer registered once with what it tells, whole
// texts of a small shogi, go and othello game written through it, and every error a write
// reports instead of writing.

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include <kifu/othello/record.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/write.hpp>
#include <kifu/write.hpp>

namespace {

// A shogi game of two moves, a go game of two moves, an othello game of two plies.
const std::string shogi_csa = "V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";
const std::string go_sgf = "(;GM[1]FF[4]SZ[9]PB[Black]PW[White]RE[B+R];B[ee];W[cc])\n";
const std::string othello_ggf =
    "(;GM[Othello]PC[club]PB[Alice]PW[Bob]RE[+2.000]"
    "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[D6];)\n";

std::vector<kifu::record> read(const std::string& text, const std::string& name) {
    const kifu::read_result result = kifu::read_buffer(text, name);
    REQUIRE(result.ok());
    return result.records;
}

// Writes and requires success: the whole text.
std::string written(const std::vector<kifu::record>& records, std::string_view writer, kifu::write_options options = {}) {
    const kifu::write_result r = kifu::write(records, writer, options);
    INFO(writer);
    REQUIRE(r.ok());
    CHECK(r.diagnostics.empty());
    return r.text;
}

// Writes and requires failure: the one diagnostic, with no text.
kifu::diagnostic failure(const std::vector<kifu::record>& records, std::string_view writer,
                         kifu::write_options options = {}) {
    const kifu::write_result r = kifu::write(records, writer, options);
    INFO(writer);
    REQUIRE(!r.ok());
    CHECK(r.text.empty());
    CHECK(r.header_size == 0);
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].severity == kifu::severity::error);
    return r.diagnostics[0];
}

}  // namespace

TEST_CASE("every writer is registered once, with an extension, a description and its encodings") {
    std::vector<std::string> names;
    std::set<std::string> unique;
    for (const kifu::writer_info& w : kifu::writers()) {
        INFO(w.name);
        names.emplace_back(w.name);
        unique.emplace(w.name);
        CHECK(w.extension.starts_with('.'));
        CHECK(!w.description.empty());
        CHECK(w.encodings.empty() == w.binary);
        CHECK(kifu::find_writer(w.name) == &w);
    }
    CHECK(unique.size() == names.size());
    // The order `kifu convert --help` has always listed them in.
    CHECK(names == std::vector<std::string>{"jkf", "sgf", "csv", "ggf", "positions-csv", "positions-jsonl", "kif",
                                            "kifu", "ki2", "ki2u", "csa", "csa-v2.2", "usi", "sfen", "hcpe",
                                            "psv"});
    CHECK(kifu::find_writer("docx") == nullptr);
}

TEST_CASE("what the writers tell: game, extension, one game or many, encodings") {
    const kifu::writer_info& jkf = *kifu::find_writer("jkf");
    CHECK(!jkf.game);
    CHECK(jkf.extension == ".jkf");
    CHECK(jkf.lines_extension == ".jsonl");
    CHECK(jkf.many_games);
    const kifu::writer_info& kif = *kifu::find_writer("kif");
    CHECK(kif.game == kifu::game::shogi);
    CHECK(!kif.many_games);
    CHECK(kif.encodings == std::vector<std::string_view>{"CP932"});
    CHECK(kifu::find_writer("kifu")->encodings == std::vector<std::string_view>{"UTF-8"});
    CHECK(kifu::find_writer("csa-v2.2")->extension == ".csa");
    CHECK(kifu::find_writer("sgf")->game == kifu::game::go);
    CHECK(kifu::find_writer("ggf")->game == kifu::game::othello);
    CHECK(!kifu::find_writer("positions-jsonl")->game);
    CHECK(kifu::find_writer("positions-jsonl")->extension == ".jsonl");
    CHECK(kifu::find_writer("positions-jsonl")->lines_extension.empty());
}

TEST_CASE("a shogi game written by the shogi writers") {
    const auto game = read(shogi_csa, "game.csa");
    CHECK(written(game, "csa") == "'CSA encoding=UTF-8\nV3.0\nN+Sente\nN-Gote\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n");
    CHECK(written(game, "usi") ==
          "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d\n");
    CHECK(written(game, "sfen") == "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n");
    kifu::write_options at_one;
    at_one.ply = 1;
    CHECK(written(game, "sfen", at_one) == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n");
    CHECK(written(game, "kifu") ==
          "先手：Sente\n後手：Gote\n手合割：平手\n手数----指手---------消費時間--\n"
          "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n");
    // kif is the same text in CP932: what the shogi writer gives.
    kifu::shogi::kakinoki_write_options cp932;
    cp932.encoding = kifu::shogi::text_encoding::cp932;
    CHECK(written(game, "kif") == kifu::shogi::write_kif(*game[0].get<kifu::shogi::jkf>(), cp932).text);
    kifu::write_options declared;
    declared.declare_encoding = true;
    CHECK(written(game, "ki2u", declared).starts_with("#KI2 version=2.0 encoding=UTF-8\n"));
    kifu::write_options source;
    source.source = "game.csa";
    const kifu::write_result rows = kifu::write(game, "positions-csv", source);
    REQUIRE(rows.ok());
    const std::string header = "source,game,ply,sfen,to_move,move,result,eval\r\n";
    CHECK(rows.text == header +
                           "game.csa,1,0,lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1,0,7g7f,-1,\r\n"
                           "game.csa,1,1,lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2,1,3c3d,1,\r\n"
                           "game.csa,1,2,lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3,0,,-1,\r\n");
    CHECK(rows.header_size == header.size());
    CHECK(rows.extension == ".csv");
}

TEST_CASE("a go game written as SGF and position rows") {
    const auto game = read(go_sgf, "game.sgf");
    CHECK(written(game, "sgf") == go_sgf);
    kifu::write_options options;
    options.source = "game.sgf";
    options.header = false;
    CHECK(written(game, "positions-csv", options) ==
          "game.sgf,1,0,........./........./........./........./........./........./........./........./.........,0,ee,1\r\n"
          "game.sgf,1,1,........./........./........./........./....X..../........./........./........./.........,1,cc,-1\r\n"
          "game.sgf,1,2,........./........./..O....../........./....X..../........./........./........./.........,0,,1\r\n");
}

TEST_CASE("an othello game written as GGF, the WTHOR CSV and position rows") {
    const auto game = read(othello_ggf, "game.ggf");
    CHECK(written(game, "ggf") == othello_ggf);
    const kifu::write_result csv = kifu::write(game, "csv");
    const std::string header =
        "\xEF\xBB\xBFtournamentId,tournamentName,blackPlayerId,blackPlayerName,whitePlayerId,whitePlayerName,"
        "blackScore,blackTheoreticalScore,transcript\r\n";
    CHECK(csv.text == header + ",club,,Alice,,Bob,,,f5d6\r\n");
    CHECK(csv.header_size == header.size());
    kifu::write_options no_header;
    no_header.header = false;
    CHECK(written(game, "csv", no_header) == ",club,,Alice,,Bob,,,f5d6\r\n");
    kifu::write_options source;
    source.source = "game.ggf";
    CHECK(written(game, "positions-jsonl", source) ==
          "{\"source\":\"game.ggf\",\"game\":1,\"ply\":0,\"black\":34628173824,\"white\":68853694464,\"to_move\":0,"
          "\"move\":\"f5\",\"value\":2,\"value_source\":\"result\"}\n"
          "{\"source\":\"game.ggf\",\"game\":1,\"ply\":1,\"black\":240786604032,\"white\":134217728,\"to_move\":1,"
          "\"move\":\"d6\",\"value\":-2,\"value_source\":\"result\"}\n"
          "{\"source\":\"game.ggf\",\"game\":1,\"ply\":2,\"black\":206426865664,\"white\":8830586978304,\"to_move\":0,"
          "\"move\":null,\"value\":2,\"value_source\":\"result\"}\n");
}

TEST_CASE("jkf writes a document for one game and JSON Lines for several, with their extensions") {
    const auto one = read(shogi_csa, "game.csa");
    const kifu::write_result document = kifu::write(one, "jkf");
    REQUIRE(document.ok());
    CHECK(document.text == kifu::to_jkf(one[0]) + "\n");
    CHECK(document.extension == ".jkf");
    kifu::write_options pretty;
    pretty.pretty = true;
    CHECK(written(one, "jkf", pretty) == kifu::to_jkf(one[0], {.pretty = true}) + "\n");
    kifu::write_options lines;
    lines.json_lines = true;
    lines.pretty = true;  // JSON Lines are never indented
    const kifu::write_result line = kifu::write(one, "jkf", lines);
    CHECK(line.text == kifu::to_jkf(one[0]) + "\n");
    CHECK(line.extension == ".jsonl");
    const std::vector<kifu::record> two{one[0], read(go_sgf, "game.sgf")[0]};
    const kifu::write_result both = kifu::write(two, "jkf", pretty);
    CHECK(both.text == kifu::to_jkf(two[0]) + "\n" + kifu::to_jkf(two[1]) + "\n");
    CHECK(both.extension == ".jsonl");
}

TEST_CASE("a record of another game is an error named after the source") {
    const auto shogi = read(shogi_csa, "game.csa");
    kifu::write_options options;
    options.source = "game.csa";
    const kifu::diagnostic d = failure(shogi, "sgf", options);
    CHECK(d.code == "write.wrong-game");
    CHECK(d.message == "game 1 is a shogi game; -t sgf writes go games only");
    CHECK(d.file == "game.csa");
    CHECK(failure(read(othello_ggf, "game.ggf"), "kif").message ==
          "game 1 is an othello game; -t kif writes shogi games only");
    CHECK(failure(read(go_sgf, "game.sgf"), "csv").code == "write.wrong-game");
    // positions-*: the first record's game decides, a later one of another game fails.
    // Records not numbered by a reader (index 0) are numbered by their place.
    std::vector<kifu::record> mixed{shogi[0], read(go_sgf, "game.sgf")[0]};
    for (kifu::record& r : mixed) r.index = 0;
    CHECK(failure(mixed, "positions-csv").message == "game 2 is a go game; -t positions-csv writes shogi games only");
}

TEST_CASE("what a writer cannot write is an error, and nothing is written") {
    const auto shogi = read(shogi_csa, "game.csa");
    const std::vector<kifu::record> two{shogi[0], shogi[0]};
    const kifu::diagnostic many = failure(two, "kif");
    CHECK(many.code == "write.one-game");
    CHECK(many.message == "holds 2 games; -t kif writes one game per file (-t csa or -t jkf write several)");
    CHECK(written(two, "csa").find("\n/\n") != std::string::npos);

    kifu::write_options past;
    past.ply = 5;
    const kifu::diagnostic ply = failure(shogi, "sfen", past);
    CHECK(ply.code == "write.ply");
    CHECK(ply.message == "game 1 has 2 moves in its main line; --ply 5 is past its end");

    const auto star = read("V2.2\nPI\n+\n'\xE2\x98\x97\n+7776FU\n", "star.csa");
    const kifu::diagnostic cp932 = failure(star, "ki2");
    CHECK(cp932.code == "ki2.write.cp932");
    CHECK(cp932.message == "'\xE2\x98\x97' (U+2617) on line 2 of the written text has no CP932 form; write UTF-8 instead");
    CHECK(written(star, "ki2u").find("\xE2\x98\x97") != std::string::npos);

    const auto small = read("(;GM[Othello]BO[4 ---- -O*- -*O- ---- *]B[A2];)\n", "small.ggf");
    const kifu::diagnostic board = failure(small, "positions-jsonl");
    CHECK(board.code == "write.board-size");
    CHECK(board.message == "game 1 is played on a 4×4 board; -t positions-jsonl needs 8×8 boards (64-bit bitboards)");

    const kifu::diagnostic unknown = failure(shogi, "docx");
    CHECK(unknown.code == "write.unknown-writer");
    CHECK(unknown.message == "no writer is called 'docx'");
}

TEST_CASE("a GGF value that changes is a warning that names the game and the write succeeds") {
    auto game = *read(othello_ggf, "game.ggf")[0].get<kifu::othello::record>();
    game.set_header("PB", "Al]ice");
    kifu::record r(game);
    r.index = 3;
    kifu::write_options options;
    options.source = "club.ggf";
    const kifu::write_result result = kifu::write(std::span<const kifu::record>(&r, 1), "ggf", options);
    REQUIRE(result.ok());
    CHECK(result.text.find("PB[Al)ice]") != std::string::npos);
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].severity == kifu::severity::warning);
    CHECK(result.diagnostics[0].code == "ggf.write.value-changed");
    CHECK(result.diagnostics[0].file == "club.ggf");
    CHECK(result.diagnostics[0].message.starts_with("game 3: "));
}

TEST_CASE("write_to appends to the text it is given and leaves it as it was when the write fails") {
    const auto shogi = read(shogi_csa, "game.csa");
    const kifu::writer_info& usi = *kifu::find_writer("usi");
    std::string out = "before\n";
    std::vector<kifu::diagnostic> diagnostics;
    CHECK(kifu::write_to(out, shogi, usi, diagnostics));
    CHECK(out == "before\n" + written(shogi, "usi"));
    CHECK(diagnostics.empty());

    out = "before\n";
    CHECK(!kifu::write_to(out, shogi, *kifu::find_writer("csv"), diagnostics));
    CHECK(out == "before\n");
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0].code == "write.wrong-game");

    // A writer_info of the caller's own is found by its name.
    kifu::writer_info copy = usi;
    out.clear();
    CHECK(kifu::write_to(out, shogi, copy, diagnostics));
    CHECK(out == written(shogi, "usi"));
}
