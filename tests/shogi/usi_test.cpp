// The usi format (grammars/usi.peg, runtime/src/shogi/usi_builder.cpp) and kifu/shogi/sfen.hpp's
// record functions: whole JKF of USI lines, errors with line:column, lenient reads, and over
// the corpus: the 2,000 generated KIF games written as USI equal mainline.usi.tsv, whose lines
// read back to the same main lines.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <kifu/read.hpp>
#include <kifu/record.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/sfen.hpp>

#include "support/corpus.hpp"

using namespace kifu::shogi;

namespace {

kifu::read_result read_usi(const std::string& text, kifu::read_mode mode = kifu::read_mode::strict) {
    kifu::read_options options;
    options.format = "usi";
    options.mode = mode;
    return kifu::read_buffer(text, "t.usi", options);
}

std::string errors_of(const kifu::read_result& r) {
    std::string out;
    for (const kifu::diagnostic& d : r.diagnostics)
        out += std::to_string(d.line) + ":" + std::to_string(d.column) + " " + d.code + " " + d.message + "\n";
    return out;
}

}  // namespace

TEST_CASE("usi: every form of a line reads to the JKF of its game", "[usi]") {
    const auto r = read_usi(
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e\r\n"
        "  \t\n"
        "sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d\n"
        "startpos\n"
        "8k/9/9/9/9/9/9/9/K8 w 2Pr 3 moves 1a1b\n"
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves");
    INFO(errors_of(r));
    REQUIRE(r.ok());
    REQUIRE(r.records.size() == 5);
    CHECK(kifu::to_jkf(r.records[0]) ==
          "{\"header\":{},\"initial\":{\"preset\":\"HIRATE\"},\"moves\":[{},"
          "{\"move\":{\"color\":0,\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}},"
          "{\"move\":{\"color\":1,\"from\":{\"x\":3,\"y\":3},\"to\":{\"x\":3,\"y\":4},\"piece\":\"FU\"}},"
          "{\"move\":{\"color\":0,\"from\":{\"x\":8,\"y\":8},\"to\":{\"x\":2,\"y\":2},\"piece\":\"KA\",\"promote\":true,\"capture\":\"KA\"}},"
          "{\"move\":{\"color\":1,\"from\":{\"x\":3,\"y\":1},\"to\":{\"x\":2,\"y\":2},\"piece\":\"GI\",\"same\":true,\"capture\":\"UM\"}},"
          "{\"move\":{\"color\":0,\"to\":{\"x\":4,\"y\":5},\"piece\":\"KA\"}}]}");
    CHECK(kifu::to_jkf(r.records[1]) ==
          "{\"header\":{},\"initial\":{\"preset\":\"2\"},\"moves\":[{},"
          "{\"move\":{\"color\":1,\"from\":{\"x\":3,\"y\":3},\"to\":{\"x\":3,\"y\":4},\"piece\":\"FU\"}}]}");
    CHECK(to_usi_position(*r.records[2].get<jkf>()) ==
          "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    CHECK(to_usi_position(*r.records[3].get<jkf>()) == "position sfen 8k/9/9/9/9/9/9/9/K8 w 2Pr 1 moves 1a1b");
    CHECK(r.records[4].get<jkf>()->moves.size() == 1);
}

TEST_CASE("usi: bad lines are errors at their line and column", "[usi]") {
    struct bad {
        const char* text;
        const char* error;
    };
    const bad cases[] = {
        {"position startpos moves 7g7f\nhello\n",
         "2:1 usi.syntax expected 'position', 'sfen', 'startpos' or an SFEN board such as "
         "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL\n"},
        {"position sfn x\n", "1:10 usi.syntax expected 'startpos' or 'sfen' after 'position'\n"},
        {"position startpos moves 7g7f 7j7i\n", "1:30 usi.syntax expected a USI move such as 7g7f, 8h2b+ or P*5e\n"},
        {"position startpos 7g7f\n", "1:19 usi.syntax expected the end of the line\n"},
        {"sfen 9/9/9/9/9/9/9/9 b -\n", "1:21 usi.syntax expected '/' and the next rank: an SFEN board has nine ranks\n"},
        {"sfen 9/9/9/9/9/9/9/9/x b -\n", "1:22 usi.syntax expected a rank of pieces and digits, such as 1r5b1\n"},
        {"sfen 9/9/9/9/9/9/9/9/9 B -\n", "1:24 usi.syntax expected the side to move: b or w\n"},
        {"sfen 9/9/9/9/9/9/9/9/9 b x\n", "1:26 usi.syntax expected the pieces in hand: '-' or counts and letters such as 2Pb\n"},
        {"sfen 9/9/9/4k5/9/9/9/9/9 b -\n", "1:14 usi.syntax an SFEN rank has more than nine squares\n"},
        {"sfen 9/9/9/4k3/9/9/9/9/9 b -\n", "1:15 usi.syntax an SFEN rank has fewer than nine squares\n"},
        {"sfen 9/9/9/4+g4/9/9/9/9/9 b -\n", "1:13 usi.syntax this piece cannot be promoted\n"},
        {"sfen 9/9/9/9/9/9/9/9/9 b 10P9P\n", "1:29 usi.syntax a hand holds more than 18 pieces of a kind\n"},
        {"position startpos moves 7g7f 7g7f\n", "1:30 shogi.illegal.empty-origin -7776??: there is no piece on the origin square\n"},
    };
    for (const bad& b : cases) {
        INFO(b.text);
        const auto r = read_usi(b.text);
        CHECK_FALSE(r.ok());
        CHECK(errors_of(r) == b.error);
    }
}

TEST_CASE("usi: a lenient read keeps the good lines around a bad one", "[usi]") {
    const auto r = read_usi("startpos moves 7g7f\nsfen 9/9/9/4k3/9/9/9/9/9 b -\nstartpos moves 2g2f\n", kifu::read_mode::lenient);
    CHECK(errors_of(r) == "2:15 usi.syntax an SFEN rank has fewer than nine squares\n");
    REQUIRE(r.records.size() == 2);
    CHECK(to_usi_position(*r.records[1].get<jkf>()).ends_with(" moves 2g2f"));
}

TEST_CASE("usi: position_after and main_line follow the main line only", "[usi]") {
    const auto r = read_usi("startpos moves 7g7f 3c3d 2g2f\n");
    REQUIRE(r.ok());
    const jkf& game = *r.records[0].get<jkf>();
    CHECK(main_line(game).size() == 3);
    CHECK(to_sfen(*position_after(game, 2), 3) == "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    CHECK_FALSE(position_after(game, 4));
}

TEST_CASE("usi: the generated KIF games give mainline.usi.tsv, which reads back to the same main lines", "[usi][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const auto dir = kifu::test::corpus_dir() / "shogi" / "generated" / "seed1-2000";
    std::ifstream tsv(dir / "mainline.usi.tsv");
    std::string line;
    std::size_t written = 0;
    std::size_t read_back = 0;
    std::size_t lines = 0;
    while (std::getline(tsv, line)) {
        ++lines;
        const std::size_t tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        const std::string stem = line.substr(0, tab);
        const std::string expected = line.substr(tab + 1);
        const std::filesystem::path kif =
            std::filesystem::exists(dir / "kif" / (stem + ".kif")) ? dir / "kif" / (stem + ".kif") : dir / "kif" / (stem + ".kifu");
        const kifu::read_result from_kif = kifu::read_file(kif);
        REQUIRE(from_kif.ok());
        const jkf& game = *from_kif.records.at(0).get<jkf>();
        if (to_usi_position(game) == expected) ++written;
        else FAIL_CHECK(stem << ": " << to_usi_position(game));

        const kifu::read_result from_usi = read_usi(expected);
        if (from_usi.ok() && from_usi.records.size() == 1 &&
            to_usi_position(*from_usi.records[0].get<jkf>()) == expected && main_line(*from_usi.records[0].get<jkf>()) == main_line(game))
            ++read_back;
        else FAIL_CHECK(stem << " does not read back: " << errors_of(from_usi));
    }
    CHECK(lines == 2000);
    CHECK(written == 2000);
    CHECK(read_back == 2000);
    WARN("USI: " << written << " of " << lines << " KIF main lines equal mainline.usi.tsv; " << read_back << " read back");
}
