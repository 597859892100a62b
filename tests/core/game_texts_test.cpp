// Multi-game texts decoded game by game (runtime/src/game_texts.cpp): each game of a merged CSA or
// SGF file is read in the encoding its own bytes call for, and read_file and read_stream (which
// decodes ~128 KiB pieces) give the same records and diagnostics, in every mode.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <kifu/read.hpp>
#include <kifu/read_stream.hpp>

#include "support/stream_compare.hpp"

namespace {

// Counts the occurrences of `needle` in the lines of `lines`.
std::size_t count_in(const std::vector<std::string>& lines, const std::string& needle) {
    std::size_t n = 0;
    for (const std::string& line : lines) {
        for (std::size_t at = line.find(needle); at != std::string::npos; at = line.find(needle, at + 1)) ++n;
    }
    return n;
}

void check_same(const kifu::test::whole_and_streamed& both) {
    const std::size_t at = kifu::test::first_difference(both.streamed, both.whole);
    if (at != std::string::npos) {
        INFO("first difference at line " << at << " of " << both.whole.size());
        CHECK((at < both.streamed.size() ? both.streamed[at] : "(end)") == (at < both.whole.size() ? both.whole[at] : "(end)"));
    }
    CHECK(both.streamed_records == both.whole_records);
    CHECK(both.streamed_ok == both.whole_ok);
}

kifu::read_options in_mode(kifu::read_mode mode) {
    kifu::read_options options;
    options.mode = mode;
    return options;
}

// 先手 and 後手 in Shift_JIS.
const std::string sjis_sente = "\x90\xe6\x8e\xe8";
const std::string sjis_gote = "\x8c\xe3\x8e\xe8";

std::string csa_game(const std::string& declaration, const std::string& black, const std::string& white) {
    return declaration + "V3.0\nN+" + black + "\nN-" + white + "\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%TORYO\n";
}

}  // namespace

TEST_CASE("csa_games_decoded_each_in_its_own_encoding_streamed_and_whole", "[stream][encoding]") {
    // Games that declare UTF-8 and games that declare Shift_JIS, in turn, so that every piece of
    // the stream holds both whatever its bounds; then games that declare nothing: Shift_JIS bytes
    // are read in the encoding declared last, valid UTF-8 as UTF-8.
    const std::string utf8 = csa_game("'CSA encoding=UTF-8\n", "先手太郎", "後手花子");
    const std::string sjis = csa_game("'CSA encoding=SHIFT_JIS\n", sjis_sente, sjis_gote);
    const std::string sjis_undeclared = csa_game("", sjis_sente, sjis_gote);
    const std::string utf8_undeclared = csa_game("", "先手太郎", "後手花子");
    const std::string* cycle[] = {&utf8, &sjis, &sjis_undeclared, &utf8_undeclared, &sjis, &utf8};
    std::string text;
    std::size_t games = 0;
    while (text.size() < 3 * 1024 * 1024) {
        text += (games ? "/\n" : "") + *cycle[games % 6];
        ++games;
    }
    const auto path = kifu::test::scratch_file("mixed.csa", text);
    for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
        const kifu::test::whole_and_streamed both = kifu::test::read_whole_and_streamed(path, in_mode(mode));
        check_same(both);
        CHECK(both.whole_records == games);
        CHECK(both.whole.size() == games);  // no diagnostic
        CHECK(count_in(both.whole, ":\"先手") == games);
        CHECK(count_in(both.streamed, ":\"後手") == games);
    }
}

TEST_CASE("sgf_games_decoded_each_in_its_own_encoding_streamed_and_whole", "[stream][encoding]") {
    const std::string utf8 = "(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[Müller 先手]PW[W];B[ee];W[cc])\n";
    const std::string latin1 = "(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]PB[M\xfcller]PW[W];B[ee];W[cc])\n";
    std::string text;
    std::size_t games = 0;
    while (text.size() < 3 * 1024 * 1024) {
        text += games % 3 == 1 ? latin1 : utf8;
        ++games;
    }
    const auto path = kifu::test::scratch_file("mixed.sgf", text);
    for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
        const kifu::test::whole_and_streamed both = kifu::test::read_whole_and_streamed(path, in_mode(mode));
        check_same(both);
        CHECK(both.whole_records == games);
        CHECK(both.whole.size() == games);
        CHECK(count_in(both.streamed, "Müller") == games);
        CHECK(count_in(both.streamed, "Müller 先手") == games - games / 3 - (games % 3 == 2 ? 1 : 0));
    }
}

TEST_CASE("csa_bad_bytes_in_one_game_strict_stream_and_whole_read_agree", "[stream][encoding]") {
    // A game whose name holds bytes that are not UTF-8 (the file says UTF-8): strict reading ends
    // before that game (its diagnostic said), lenient reading keeps every game; the same streamed.
    const std::string comment = "'" + std::string(2000, 'x') + "\n";
    for (const std::size_t count : {std::size_t{60}, std::size_t{1200}}) {
        const std::size_t bad = count / 2 + 1;  // 31 of 60, 601 of 1200
        std::string text;
        for (std::size_t g = 1; g <= count; ++g) {
            if (g > 1) text += "/\n";
            text += "'CSA encoding=UTF-8\nV3.0\n" + comment + "N+" + (g == bad ? std::string("\xff\xfe") : "先手") +
                    "\nN-後手\nPI\n+\n+7776FU\n%TORYO\n";
        }
        const auto path = kifu::test::scratch_file("bad-bytes.csa", text);
        INFO(count << " games");
        const kifu::test::whole_and_streamed strict = kifu::test::read_whole_and_streamed(path, in_mode(kifu::read_mode::strict));
        check_same(strict);
        CHECK(strict.whole_records == bad - 1);
        CHECK_FALSE(strict.whole_ok);
        REQUIRE(strict.whole.size() == bad);
        const std::string line = std::to_string((bad - 1) * 10 + 4);  // 9 lines a game, and its `/`
        CHECK(strict.whole.back() == path.string() + ":" + line +
                                         ":3: error: bytes that are not valid UTF-8 (first 0xFF) replaced by U+FFFD [text.bad-bytes]");
        const kifu::test::whole_and_streamed lenient = kifu::test::read_whole_and_streamed(path, in_mode(kifu::read_mode::lenient));
        check_same(lenient);
        CHECK(lenient.whole_records == count);
        CHECK(lenient.whole.size() == count + 1);
    }
}

TEST_CASE("wrong_encoding_summed_up_per_game_streamed_and_whole", "[stream][encoding]") {
    // Games of many Shift_JIS lines in a file that says UTF-8: each game's lines are summed up in
    // that game (text.wrong-encoding at its first line), so the stream's pieces say the same.
    std::string game = "'CSA encoding=UTF-8\nV3.0\n";
    for (int i = 0; i < 10; ++i) game += "'" + sjis_sente + "\n";
    game += "PI\n+\n+7776FU\n%TORYO\n";
    std::string text;
    std::size_t games = 0;
    while (text.size() < 2 * 1024 * 1024) {
        text += (games ? "/\n" : "") + game;
        ++games;
    }
    const auto path = kifu::test::scratch_file("wrong.csa", text);
    const kifu::test::whole_and_streamed lenient = kifu::test::read_whole_and_streamed(path, in_mode(kifu::read_mode::lenient));
    check_same(lenient);
    CHECK(lenient.whole_records == games);
    CHECK(count_in(lenient.whole, "[text.wrong-encoding]") == games);
    CHECK(count_in(lenient.whole, "10 lines have bytes that are not valid UTF-8; the text looks like CP932: try -e CP932") == games);
    CHECK(count_in(lenient.whole, "[text.bad-bytes]") == 10 * games);
    const kifu::test::whole_and_streamed strict = kifu::test::read_whole_and_streamed(path, in_mode(kifu::read_mode::strict));
    check_same(strict);
    CHECK(strict.whole_records == 0);
    CHECK(strict.whole.size() == 11);  // the first game's lines and its summary
}
