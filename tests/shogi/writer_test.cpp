// The KIF, KI2 and CSA writers on small records made here: whole outputs, the 相対 words of
// the JSA table (../shared/formats/shogi.md §5.8) read back to the same origins, starts from a
// handicap and from a board, several CSA records in one file, and each writer's error.

#include <catch2/catch.hpp>

#include <string>

#include <kifu/read.hpp>
#include <kifu/shogi/position.hpp>
#include <kifu/shogi/write.hpp>

#include "shogi/kakinoki_writer.hpp"
#include "shogi/vocabulary.hpp"
#include "shogi/writer_support.hpp"

namespace {

using namespace kifu::shogi;

// Reads one record of a format from text; the read must succeed without diagnostics.
jkf read_one(const std::string& text, const std::string& format) {
    kifu::read_options options;
    options.format = format;
    const kifu::read_result r = kifu::read_buffer(text, "record." + format, options);
    INFO(text);
    for (const auto& d : r.diagnostics) INFO(d.code << ": " << d.message);
    REQUIRE(r.diagnostics.empty());
    REQUIRE(r.records.size() == 1);
    return *r.records[0].get<jkf>();
}

// Times, a comment on the start, a bookmark, a two-line comment, a drop, 同, 投了 with its
// まで line, and a variation holding a variation, in Kifu for Windows' layout.
const std::string sample_kif =
    "先手：先手さん\n"
    "後手：後手さん\n"
    "手合割：平手\n"
    "手数----指手---------消費時間--\n"
    "*開始局面のコメント\n"
    "   1 ７六歩(77)   ( 0:01/00:00:01)\n"
    "   2 ３四歩(33)   ( 0:02/00:00:02)+\n"
    "&しおり\n"
    "   3 ２二角成(88) ( 0:03/00:00:04)\n"
    "   4 同　銀(31)   ( 0:04/00:00:06)\n"
    "*二行の\n"
    "*コメント\n"
    "   5 ４五角打     ( 0:05/00:00:09)\n"
    "   6 投了         ( 0:06/00:00:12)\n"
    "まで5手で先手の勝ち\n"
    "\n"
    "変化：2手\n"
    "   2 ８四歩(83)   ( 0:10/00:00:10)\n"
    "   3 ２六歩(27)   ( 0:01/00:00:02)+\n"
    "   4 中断         ( 0:00/00:00:10)\n"
    "\n"
    "変化：3手\n"
    "   3 ６八銀(79)   ( 0:01/00:00:02)\n";

}  // namespace

TEST_CASE("write_kif writes a record read from KIF as Kifu for Windows wrote it") {
    const jkf record = read_one(sample_kif, "kif");
    const write_result w = write_kif(record);
    REQUIRE(w.ok());
    CHECK(w.text == sample_kif);
}

TEST_CASE("write_kif puts the #KIF declaration first when asked, naming the encoding written") {
    const jkf record = read_one(sample_kif, "kif");
    kakinoki_write_options options;
    options.declare_encoding = true;
    CHECK(write_kif(record, options).text == "#KIF version=2.0 encoding=UTF-8\n" + sample_kif);
    options.encoding = text_encoding::cp932;
    const write_result sjis = write_kif(record, options);
    REQUIRE(sjis.ok());
    CHECK(sjis.text.starts_with("#KIF version=2.0 encoding=Shift_JIS\n\x90\xE6\x8E\xE8"));  // 先手 in CP932
    // Read back without saying the encoding: the declaration names it.
    const kifu::read_result back = kifu::read_buffer(sjis.text, "record.kif");
    REQUIRE(back.ok());
    CHECK(*back.records[0].get<jkf>() == record);
}

TEST_CASE("write_ki2 writes JSA notation, the まで line as the end of each line of play") {
    const jkf record = read_one(sample_kif, "kif");
    const write_result w = write_ki2(record);
    REQUIRE(w.ok());
    CHECK(w.text ==
          "先手：先手さん\n"
          "後手：後手さん\n"
          "手合割：平手\n"
          "*開始局面のコメント\n"
          "▲７六歩    △３四歩\n"
          "&しおり\n"
          "▲２二角成  △同　銀\n"
          "*二行の\n"
          "*コメント\n"
          "▲４五角\n"  // no board bishop could reach ４五: no 打
          "まで5手で先手の勝ち\n"
          "\n"
          "変化：2手\n"
          "△８四歩    ▲２六歩\n"
          "まで3手で中断\n"
          "\n"
          "変化：3手\n"
          "▲６八銀\n");
    const jkf back = read_one(w.text, "ki2");
    CHECK(kifu::test::comparable(back, kifu::test::shogi_target::ki2) ==
          kifu::test::comparable(record, kifu::test::shogi_target::ki2));
}

TEST_CASE("write_ki2 puts six moves on a line") {
    const jkf record = read_one("手数----指手---------消費時間--\n"
                                "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n"
                                "   5 ２五歩(26)\n   6 ８五歩(84)\n   7 ７八金(69)\n",
                                "kif");
    CHECK(write_ki2(record).text ==
          "▲７六歩    △３四歩    ▲２六歩    △８四歩    ▲２五歩    △８五歩\n"
          "▲７八金\n");
}

TEST_CASE("write_csa writes V3.0 with milliseconds and V2.2 with whole seconds") {
    const std::string csa =
        "'CSA encoding=UTF-8\n"
        "V3.0\n"
        "N+先手さん\n"
        "N-後手さん\n"
        "$EVENT:研究会\n"
        "$OPENING:相掛かり\n"
        "PI\n"
        "+\n"
        "'開始局面\n"
        "+2726FU\n"
        "T6.123\n"
        "-8384FU\n"
        "T2\n"
        "'** 30 +2625FU\n"
        "%TORYO\n"
        "T10\n";
    const jkf record = read_one(csa, "csa");
    const write_result v3 = write_csa(record);
    REQUIRE(v3.ok());
    CHECK(v3.text == csa);
    csa_write_options options;
    options.version = csa_version::v2_2;
    const write_result v2 = write_csa(record, options);
    REQUIRE(v2.ok());
    CHECK(v2.text == "V2.2\n" + csa.substr(csa.find("N+")).replace(csa.find("T6.123") - csa.find("N+"), 6, "T6"));
}

TEST_CASE("write_csa writes several records separated by /, which read back as they were") {
    const jkf first = read_one(sample_kif, "kif");
    const jkf second = read_one("手合割：香落ち\n手数----指手---------消費時間--\n   1 ３四歩(33)\n   2 中断\n", "kif");
    const write_result w = write_csa(std::vector<const jkf*>{&first, &second});
    REQUIRE(w.ok());
    CHECK(w.text.find("\n/\nPI11KY\n-\n-3334FU\n%CHUDAN\n") != std::string::npos);
    kifu::read_options options;
    options.format = "csa";
    const kifu::read_result back = kifu::read_buffer(w.text, "two.csa", options);
    REQUIRE(back.ok());
    REQUIRE(back.records.size() == 2);
    using kifu::test::comparable;
    using kifu::test::shogi_target;
    CHECK(comparable(*back.records[0].get<jkf>(), shogi_target::csa) == comparable(first, shogi_target::csa));
    CHECK(comparable(*back.records[1].get<jkf>(), shogi_target::csa) == comparable(second, shogi_target::csa));
}

TEST_CASE("A handicap start is a 手合割 line in KIF and KI2 and a PI line in CSA, with 下手 and 上手 naming the sides") {
    const jkf record = read_one("手合割：二枚落ち\n手数----指手---------消費時間--\n   1 ６二銀(71)\n   2 ７六歩(77)\n   3 投了\n", "kif");
    const std::string kif = write_kif(record).text;
    CHECK(kif.starts_with("手合割：二枚落ち\n"));
    CHECK(kif.ends_with("   3 投了\nまで2手で下手の勝ち\n"));
    CHECK(write_ki2(record).text == "手合割：二枚落ち\n△６二銀    ▲７六歩\nまで2手で下手の勝ち\n");
    CHECK(write_csa(record).text == "'CSA encoding=UTF-8\nV3.0\nPI82HI22KA\n-\n-7162GI\n+7776FU\n%TORYO\n");
}

TEST_CASE("A start that is no preset is a BOD board with hands in KIF and P1..P9 rows with P+ and P- in CSA") {
    const std::string bod =
        "後手の持駒：飛　金二　歩十一　\n"
        "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
        "+---------------------------+\n"
        "| ・ ・ ・ ・ ・ ・ ・v桂v玉|一\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
        "| ・ ・ ・ ・ ・ ・ ・ 歩 ・|三\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
        "| ・ ・ ・ ・ 玉 ・ ・ ・ 杏|九\n"
        "+---------------------------+\n"
        "先手の持駒：金　銀　\n"
        "先手番\n";
    const jkf record = read_one(bod + "手数----指手---------消費時間--\n   1 ２二金打\n   2 詰み\n", "kif");
    const std::string kif = write_kif(record).text;
    CHECK(kif == bod + "手数----指手---------消費時間--\n   1 ２二金打\n   2 詰み\nまで1手で詰み\n");
    CHECK(write_csa(record).text ==
          "'CSA encoding=UTF-8\nV3.0\n"
          "P1 *  *  *  *  *  *  * -KE-OU\n"
          "P2 *  *  *  *  *  *  *  *  * \n"
          "P3 *  *  *  *  *  *  * +FU * \n"
          "P4 *  *  *  *  *  *  *  *  * \n"
          "P5 *  *  *  *  *  *  *  *  * \n"
          "P6 *  *  *  *  *  *  *  *  * \n"
          "P7 *  *  *  *  *  *  *  *  * \n"
          "P8 *  *  *  *  *  *  *  *  * \n"
          "P9 *  *  *  * +OU *  *  * +NY\n"
          "P+00GI00KI\n"
          "P-00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00KI00KI00HI\n"
          "+\n"
          "+0022KI\n"
          "%TSUMI\n");
    CHECK(write_ki2(record).text.ends_with("▲２二金\nまで1手で詰み\n"));
}

TEST_CASE("Each KIF terminal word reads back as the special it was written from") {
    for (const char* word : {"投了", "中断", "持将棋", "千日手", "詰み", "不詰", "切れ負け", "反則勝ち", "反則負け",
                             "入玉勝ち", "最大手数"}) {
        const jkf record = read_one(std::string("手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ") + word + "\n", "kif");
        for (auto t : {kifu::test::shogi_target::kif, kifu::test::shogi_target::ki2, kifu::test::shogi_target::csa}) {
            INFO(word << " as " << kifu::test::name_of(t));
            std::string text;
            const kifu::read_result back = kifu::test::write_and_read(record, t, text);
            INFO(text);
            REQUIRE(back.ok());
            REQUIRE(back.records.size() == 1);
            CHECK(back.records[0].get<jkf>()->moves.back().special == record.moves.back().special);
        }
    }
}

TEST_CASE("The KI2 writer's 相対 words are those of the JSA table and read back to the same origins") {
    struct row {
        piece_kind kind;
        std::vector<int> origins;
        int to;
        std::vector<std::string> words;
    };
    using pk = piece_kind;
    const std::vector<row> table{
        {pk::ki, {93, 72}, 82, {"上", "寄"}},       {pk::ki, {43, 31}, 32, {"上", "引"}},
        {pk::ki, {56, 45}, 55, {"上", "寄"}},       {pk::gi, {89, 77}, 88, {"上", "引"}},
        {pk::gi, {49, 27}, 38, {"上", "引"}},       {pk::ki, {92, 72}, 81, {"左", "右"}},
        {pk::ki, {32, 12}, 22, {"左", "右"}},       {pk::gi, {65, 45}, 56, {"左", "右"}},
        {pk::ki, {89, 79}, 78, {"左", "直"}},       {pk::gi, {39, 29}, 38, {"直", "右"}},
        {pk::ki, {63, 53, 43}, 52, {"左", "直", "右"}},
        {pk::to, {79, 89, 99, 98, 87}, 88, {"右", "直", "左上", "寄", "引"}},
        {pk::gi, {29, 17, 39, 37}, 28, {"直", "右", "左上", "左引"}},
        {pk::ry, {91, 84}, 82, {"引", "上"}},       {pk::ry, {23, 52}, 43, {"寄", "引"}},
        {pk::ry, {55, 15}, 35, {"左", "右"}},       {pk::ry, {99, 89}, 88, {"左", "右"}},
        {pk::ry, {28, 19}, 17, {"左", "右"}},       {pk::um, {91, 81}, 82, {"左", "右"}},
        {pk::um, {95, 63}, 85, {"寄", "引"}},       {pk::um, {11, 34}, 12, {"引", "上"}},
        {pk::um, {99, 59}, 77, {"左", "右"}},       {pk::um, {47, 18}, 29, {"左", "右"}},
        {pk::um, {93, 74}, 92, {"左", "右"}},
    };
    auto at = [](int xy) { return square{static_cast<std::int8_t>(xy / 10), static_cast<std::int8_t>(xy % 10)}; };
    for (const row& r : table) {
        for (std::size_t i = 0; i < r.origins.size(); ++i) {
            state_format start;
            start.board[5][8] = piece{color::black, pk::ou};  // 6九
            start.board[4][0] = piece{color::white, pk::ou};  // 5一
            for (int o : r.origins) start.board[static_cast<std::size_t>(o / 10 - 1)][static_cast<std::size_t>(o % 10 - 1)] = piece{color::black, r.kind};
            jkf record;
            record.initial = initial_format{"OTHER", start};
            record.moves.resize(2);
            record.moves[1].move = move_data{color::black, at(r.origins[i]), at(r.to), r.kind, std::nullopt, std::nullopt,
                                             std::nullopt, ""};
            std::string text;
            const kifu::read_result back = kifu::test::write_and_read(record, kifu::test::shogi_target::ki2, text);
            INFO(text);
            REQUIRE(back.ok());
            const std::string token = text.substr(text.find("▲"));
            CHECK(token.find(std::string(kifu::shogi::detail::move_piece_names[static_cast<std::size_t>(r.kind)]) + r.words[i]) != std::string::npos);
            CHECK(back.records[0].get<jkf>()->moves[1].move->from == at(r.origins[i]));
        }
    }
}

TEST_CASE("A character CP932 lacks fails a CP932 write with kif.write.cp932 or ki2.write.cp932") {
    const jkf record = read_one("先手：☗先手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n", "kif");
    kakinoki_write_options options;
    options.encoding = text_encoding::cp932;
    const write_result kif = write_kif(record, options);
    CHECK(kif.code == "kif.write.cp932");
    CHECK(kif.message == "'☗' (U+2617) on line 1 of the written text has no CP932 form; write UTF-8 instead");
    CHECK(kif.text.empty());
    const write_result ki2 = write_ki2(record, options);
    CHECK(ki2.code == "ki2.write.cp932");
    CHECK(write_kif(record).ok());  // UTF-8 holds it
}

TEST_CASE("A special with no CSA word fails the CSA write with csa.write.special") {
    kifu::read_options options;
    options.format = "kif";
    const kifu::read_result r =
        kifu::read_buffer("手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 不戦勝\n", "record.kif", options);
    REQUIRE(r.records.size() == 1);
    const write_result w = write_csa(*r.records[0].get<jkf>());
    CHECK(w.code == "csa.write.special");
    CHECK(w.message == "game 1 ends with '不戦勝', which has no CSA special (%TORYO, %CHUDAN, …)");
    CHECK(w.text.empty());
}

TEST_CASE("A foul by either side reads back as the same signed ILLEGAL_ACTION from KIF, KI2 and CSA") {
    // After ▲７六歩 White is to move: %+ILLEGAL_ACTION is the last mover's foul (KIF 反則勝ち),
    // %-ILLEGAL_ACTION the foul of the side to move (KIF `後手 反則負け`).
    for (const char* special : {"+ILLEGAL_ACTION", "-ILLEGAL_ACTION"}) {
        const jkf record = read_one(std::string("V2.2\nPI\n+\n+7776FU\n%") + special + "\n", "csa");
        const std::string kif = write_kif(record).text;
        CHECK(kif.find(special[0] == '+' ? "   2 反則勝ち\n" : "   2 後手 反則負け\n") != std::string::npos);
        CHECK(kif.ends_with(special[0] == '+' ? "まで1手で後手の反則勝ち\n" : "まで1手で先手の反則勝ち\n"));
        for (auto t : {kifu::test::shogi_target::kif, kifu::test::shogi_target::ki2, kifu::test::shogi_target::csa}) {
            INFO(special << " as " << kifu::test::name_of(t));
            std::string text;
            const kifu::read_result back = kifu::test::write_and_read(record, t, text);
            INFO(text);
            REQUIRE(back.ok());
            CHECK(back.records[0].get<jkf>()->moves.back().special == special);
        }
    }
}

TEST_CASE("A comment's lone CR, LF and CRLF are line breaks in KIF, KI2 and CSA, each line marked") {
    jkf record = read_one(sample_kif, "kif");
    record.moves[1].comments = {"one\rtwo\nthree\r\nfour\r"};
    const std::vector<std::string> lines{"one", "two", "three", "four", ""};
    const write_result kif = write_kif(record);
    REQUIRE(kif.ok());
    CHECK(kif.text.find("*one\n*two\n*three\n*four\n*\n") != std::string::npos);
    CHECK(kif.text.find('\r') == std::string::npos);
    CHECK(read_one(kif.text, "kif").moves[1].comments == lines);
    const write_result ki2 = write_ki2(record);
    REQUIRE(ki2.ok());
    CHECK(ki2.text.find("*one\n*two\n*three\n*four\n*\n") != std::string::npos);
    CHECK(read_one(ki2.text, "ki2").moves[1].comments == lines);
    const write_result csa = write_csa(std::vector<const jkf*>{&record});
    REQUIRE(csa.ok());
    CHECK(csa.text.find("'one\n'two\n'three\n'four\n'\n") != std::string::npos);
    CHECK(csa.text.find('\r') == std::string::npos);
    CHECK(read_one(csa.text, "csa").moves[1].comments == lines);
}
