// kifu convert -t kif|kifu|ki2|ki2u|csa|csa-v2.2: whole outputs of a shogi sample, the CP932
// bytes of -t kif and -t ki2 against files in tests/data/cli/shogi-writers (made from the UTF-8
// outputs by iconv, not by kifu's encoder), --declare-encoding, one file per input with -o, what
// the outputs read back as, and the errors: a game that is not shogi, several games for KIF, a
// character CP932 lacks, a special CSA lacks.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/run_kifu.hpp"

namespace {

const std::string yagura_kif_body =
    "先手：Sente Sample\n"
    "後手：Gote Sample\n"
    "棋戦：kifu sample game\n"
    "開始日時：2024/01/02 10:00:00\n"
    "手合割：平手\n"
    "手数----指手---------消費時間--\n"
    "*A short Yagura opening written for kifu's samples; White resigns.\n"
    "   1 ７六歩(77)   ( 0:05/00:00:05)\n"
    "   2 ８四歩(83)   ( 0:03/00:00:03)\n"
    "   3 ７八金(69)   ( 0:04/00:00:09)\n"
    "   4 ８五歩(84)   ( 0:02/00:00:05)\n"
    "   5 ７七角(88)   ( 0:06/00:00:15)\n"
    "   6 ４二銀(31)   ( 0:03/00:00:08)\n"
    "   7 ６八銀(79)   ( 0:07/00:00:22)\n"
    "   8 ３四歩(33)   ( 0:02/00:00:10)\n"
    "   9 ６六歩(67)   ( 0:05/00:00:27)\n"
    "  10 ５二金(61)   ( 0:04/00:00:14)\n"
    "  11 ５六歩(57)   ( 0:03/00:00:30)\n"
    "  12 ５四歩(53)   ( 0:06/00:00:20)\n"
    "  13 ２六歩(27)   ( 0:08/00:00:38)\n"
    "  14 投了\n"
    "まで13手で先手の勝ち\n";

}  // namespace

TEST_CASE("kifu convert -t kifu writes a CSA game as UTF-8 KIF") {
    const auto r = kifu::test::run_kifu("convert -t kifu samples/yagura-opening.csa");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out == yagura_kif_body);
}

TEST_CASE("kifu convert -t ki2u writes JSA notation with the 相対 word a twin needs") {
    const auto r = kifu::test::run_kifu("convert -t ki2u samples/yagura-opening.csa");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out ==
          "先手：Sente Sample\n"
          "後手：Gote Sample\n"
          "棋戦：kifu sample game\n"
          "開始日時：2024/01/02 10:00:00\n"
          "手合割：平手\n"
          "*A short Yagura opening written for kifu's samples; White resigns.\n"
          "▲７六歩    △８四歩    ▲７八金    △８五歩    ▲７七角    △４二銀\n"
          "▲６八銀    △３四歩    ▲６六歩    △５二金右  ▲５六歩    △５四歩\n"
          "▲２六歩\n"
          "まで13手で先手の勝ち\n");
}

TEST_CASE("kifu convert -t csa writes V3.0 and -t csa-v2.2 V2.2, several games separated by /") {
    const auto v3 = kifu::test::run_kifu("convert -t csa cli/two-games.csa");
    CHECK(v3.status == 0);
    CHECK(v3.err.empty());
    const std::string games = "N+First\nN-Second\nPI\n+\n+7776FU\n-3334FU\n%CHUDAN\n/\n"
                              "N+Third\nN-Fourth\nPI\n+\n+2726FU\n-8384FU\n+2625FU\n%CHUDAN\n";
    CHECK(v3.out == "'CSA encoding=UTF-8\nV3.0\n" + games);
    const auto v2 = kifu::test::run_kifu("convert -t csa-v2.2 cli/two-games.csa");
    CHECK(v2.status == 0);
    CHECK(v2.out == "V2.2\n" + games);
}

TEST_CASE("kifu convert -t kif writes CP932, and -o DIR names each file by its format") {
    const auto dir = kifu::test::scratch_dir("shogi-writers");
    for (const char* target : {"kif", "kifu", "ki2", "ki2u", "csa", "csa-v2.2"}) {
        const auto r = kifu::test::run_kifu(std::string("convert -t ") + target + " -o '" + dir.string() +
                                            "' --force samples/yagura-opening.csa");
        CHECK(r.status == 0);
        CHECK(r.err.empty());
    }
    const auto expected = kifu::test::data_dir() / "cli" / "shogi-writers";
    const std::string kif = kifu::test::slurp(dir / "yagura-opening.kif");
    CHECK(kif.starts_with("\x90\xE6\x8E\xE8\x81\x46Sente Sample\n"));  // 先手： in CP932
    CHECK(kif == kifu::test::slurp(expected / "yagura-opening.kif"));
    CHECK(kifu::test::slurp(dir / "yagura-opening.kifu") == yagura_kif_body);
    CHECK(kifu::test::slurp(dir / "yagura-opening.ki2") == kifu::test::slurp(expected / "yagura-opening.ki2"));
    CHECK(kifu::test::slurp(dir / "yagura-opening.ki2u") == kifu::test::run_kifu("convert -t ki2u samples/yagura-opening.csa").out);
    CHECK(kifu::test::slurp(dir / "yagura-opening.csa").starts_with("V2.2\n"));  // the last -t csa-v2.2 wrote it
    // Every file reads back as the same game (what CSA and KI2 cannot hold aside: times, 手合割).
    const auto direct = kifu::test::run_kifu("convert samples/yagura-opening.csa");
    for (const char* ext : {".kif", ".kifu", ".csa"}) {
        const auto again = kifu::test::run_kifu("convert '" + (dir / (std::string("yagura-opening") + ext)).string() + "'");
        CHECK(again.status == 0);
        CHECK(again.err.empty());
        if (std::string(ext) == ".csa") {
            CHECK(again.out == direct.out);
        } else {
            // KIF adds the 手合割 line a CSA game has no header for.
            CHECK(again.out.find("\"手合割\":\"平手\"") != std::string::npos);
        }
    }
}

TEST_CASE("kifu convert -t kif and -t ki2 write CP932 byte for byte, 0x5C second bytes, comments, bookmarks and forks") {
    // 十 表 圭 end in 0x5C in CP932 (a byte scan for '\\' would break them); the game has 成,
    // 不成, 同, 打, times, a bookmark and a variation.
    const auto expected = kifu::test::data_dir() / "cli" / "shogi-writers";
    for (const char* target : {"kif", "ki2"}) {
        const auto r = kifu::test::run_kifu(std::string("convert -t ") + target + " cli/shogi-writers/features.kifu");
        CHECK(r.status == 0);
        CHECK(r.err.empty());
        CHECK(r.out == kifu::test::slurp(expected / (std::string("features.") + target)));
    }
    const auto yagura = kifu::test::run_kifu("convert -t ki2 samples/yagura-opening.csa");
    CHECK(yagura.status == 0);
    CHECK(yagura.out == kifu::test::slurp(expected / "yagura-opening.ki2"));
}

TEST_CASE("kifu convert --declare-encoding starts KIF and KI2 with the #KIF (#KI2) line of their encoding") {
    const auto utf8 = kifu::test::run_kifu("convert -t kifu --declare-encoding samples/yagura-opening.csa");
    CHECK(utf8.status == 0);
    CHECK(utf8.err.empty());
    CHECK(utf8.out == "#KIF version=2.0 encoding=UTF-8\n" + yagura_kif_body);
    const auto expected = kifu::test::data_dir() / "cli" / "shogi-writers";
    const auto cp932 = kifu::test::run_kifu("convert -t kif --declare-encoding samples/yagura-opening.csa");
    CHECK(cp932.status == 0);
    CHECK(cp932.out == kifu::test::slurp(expected / "yagura-opening-declared.kif"));
    const auto ki2 = kifu::test::run_kifu("convert -t ki2 --declare-encoding samples/yagura-opening.csa");
    CHECK(ki2.out == "#KI2 version=2.0 encoding=Shift_JIS\n" + kifu::test::slurp(expected / "yagura-opening.ki2"));
    const auto ki2u = kifu::test::run_kifu("convert -t ki2u --declare-encoding samples/yagura-opening.csa");
    CHECK(ki2u.out == "#KI2 version=2.0 encoding=UTF-8\n" + kifu::test::run_kifu("convert -t ki2u samples/yagura-opening.csa").out);
    // Detection reads the declaration: the CP932 file gives the game its UTF-8 twin gives.
    const auto twin = kifu::test::scratch_dir("shogi-declared") / "yagura-opening.kifu";
    std::ofstream(twin, std::ios::binary) << utf8.out;
    const auto back = kifu::test::run_kifu("convert cli/shogi-writers/yagura-opening-declared.kif");
    CHECK(back.status == 0);
    CHECK(back.err.empty());
    CHECK(back.out == kifu::test::run_kifu("convert '" + twin.string() + "'").out);
    CHECK(back.out.find("\"先手\":\"Sente Sample\"") != std::string::npos);
}

TEST_CASE("kifu convert --declare-encoding with a target other than KIF or KI2 is a usage error") {
    const auto r = kifu::test::run_kifu("convert -t csa --declare-encoding samples/yagura-opening.csa");
    CHECK(r.status == 2);
    CHECK(r.err == "kifu: error: --declare-encoding applies to -t kif, kifu, ki2 and ki2u only, not to -t csa\n"
                   "Run with --help for more information.\n");
    CHECK(r.out.empty());
}

TEST_CASE("kifu convert to a shogi format with a game that is not shogi is a usage error (exit 2)") {
    const auto r = kifu::test::run_kifu("convert -t kif samples/short-9x9.sgf samples/yagura-opening.csa");
    CHECK(r.status == 2);
    CHECK(r.err == "kifu: error: samples/short-9x9.sgf: game 1 is a go game; -t kif writes shogi games only\n");
    CHECK(r.out.starts_with("\x90\xE6\x8E\xE8"));  // the shogi input after it is still written
    const auto othello = kifu::test::run_kifu("convert -t csa samples/othello-opening.ggf");
    CHECK(othello.status == 2);
    CHECK(othello.err == "kifu: error: samples/othello-opening.ggf: game 1 is an othello game; -t csa writes shogi games only\n");
    CHECK(othello.out.empty());
}

TEST_CASE("kifu convert -t kif of an input holding several games is an error: KIF holds one") {
    const auto r = kifu::test::run_kifu("convert -t ki2u cli/two-games.csa");
    CHECK(r.status == 2);
    CHECK(r.err == "kifu: error: cli/two-games.csa: holds 2 games; -t ki2u writes one game per file (-t csa or -t jkf write several)\n");
    CHECK(r.out.empty());
}

TEST_CASE("kifu convert -t kif of a character CP932 lacks fails with kif.write.cp932 and -t kifu writes it") {
    const auto file = kifu::test::scratch_dir("shogi-cp932") / "mark.kifu";
    std::ofstream(file, std::ios::binary) << "先手：☗名人\n手数----指手---------消費時間--\n   1 ７六歩(77)\n";
    const auto r = kifu::test::run_kifu("convert -t kif '" + file.string() + "'");
    CHECK(r.status == 1);  // the input's content, not the command line: not a usage error
    CHECK(r.err == "kifu: error: " + file.string() +
                       ": '☗' (U+2617) on line 1 of the written text has no CP932 form; write UTF-8 instead [kif.write.cp932]\n");
    CHECK(r.out.empty());
    const auto ki2 = kifu::test::run_kifu("convert -t ki2 '" + file.string() + "'");
    CHECK(ki2.err.ends_with("[ki2.write.cp932]\n"));
    const auto utf8 = kifu::test::run_kifu("convert -t kifu '" + file.string() + "'");
    CHECK(utf8.status == 0);
    CHECK(utf8.out.starts_with("先手：☗名人\n"));
}

TEST_CASE("kifu convert -t csa of a game ending with a word CSA lacks fails with csa.write.special") {
    const auto file = kifu::test::scratch_dir("shogi-special") / "default.kifu";
    std::ofstream(file, std::ios::binary) << "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 不戦勝\n";
    const auto r = kifu::test::run_kifu("convert -t csa '" + file.string() + "'");
    CHECK(r.status == 1);
    CHECK(r.err.ends_with(": game 1 ends with '不戦勝', which has no CSA special (%TORYO, %CHUDAN, …) [csa.write.special]\n"));
    CHECK(r.out.empty());
}
