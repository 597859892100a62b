#include <catch2/catch.hpp>

#include <kifu/format.hpp>
#include <kifu/go/record.hpp>
#include <kifu/go/sgf.hpp>
#include <kifu/kifu.hpp>

#include <string>
#include <vector>

#include "go/readers.hpp"
#include "go/sgf_support.hpp"
#include "support/corpus.hpp"

using namespace kifu::go;
using kifu::test::codes;
using strings = std::vector<std::string>;

namespace {

const std::string head =
    "Rated game\n19\nshiro       9DP\nkuro        7D*\nwww.cyberoro.com\n0\n0\n6\n20170316 [09:37]\n5\n"
    "White wins by  resign!\n2\n";

struct read_back {
    sgf_collection tree;
    std::vector<kifu::diagnostic> diagnostics;
};

read_back read(const std::string& text, kifu::read_mode mode = kifu::read_mode::lenient) {
    read_back r;
    const kifu::source_text t("t.ngf", text, "UTF-8");
    r.tree = parse_ngf(t, mode, r.diagnostics);
    return r;
}

}  // namespace

TEST_CASE("NGF: a small GB18030 record converts to SGF and JKF", "[go][ngf]") {
    const auto dir = kifu::test::data_dir() / "go" / "ngf";
    const kifu::read_result r = kifu::read_file(dir / "handicap2-gb18030.ngf");
    CHECK(r.format == "ngf");
    CHECK(r.encoding == "GB18030");
    CHECK(r.diagnostics.empty());
    REQUIRE(r.records.size() == 1);
    sgf_write_options o;
    o.declare_utf8 = true;
    CHECK(write_sgf({*r.records[0].get<record>()}, o) == kifu::test::slurp(dir / "handicap2.sgf"));
    CHECK(kifu::to_jkf(r.records[0]) + "\n" == kifu::test::slurp(dir / "handicap2.jkf"));
    // Detected by content too.
    CHECK(kifu::detect(kifu::test::slurp(dir / "handicap2-gb18030.ngf"), "game.txt").format->name == "ngf");
}

TEST_CASE("NGF: header fields, ranks, komi and results", "[go][ngf]") {
    const read_back r = read(head + "PMABBREER\nPMACWEEEE\n");
    CHECK(r.diagnostics.empty());
    CHECK(write_sgf(r.tree) ==
          "(;FF[4]CA[UTF-8]GM[1]SZ[19]PW[shiro]WR[9p]PB[kuro]BR[7d*]KM[6.5]RE[W+R]DT[2017-03-16];B[qd];W[dd])\n");
    auto re = [](const std::string& line) {
        std::string text = head + "PMABBREER\nPMACWEEEE\n";
        text.replace(text.find("White wins by  resign!"), 22, line);
        const sgf_collection c = read(text).tree;
        return c.values(0, "RE").empty() ? std::string("-") : std::string(c.values(0, "RE").front().raw());
    };
    CHECK(re("Black wins by 0.5!") == "B+0.5");
    CHECK(re("White wins by time!") == "W+T");
    CHECK(re("Jigo") == "-");
    // A handicap game keeps a komi of 0 out; the old `GI` layout gives size, date and result.
    std::string handicap = head + "PMABWREER\nPMACBEEEE\n";
    handicap.replace(handicap.find("\n0\n0\n6\n"), 7, "\n3\n0\n0\n");
    const sgf_collection h = read(handicap).tree;
    CHECK(h.values(0, "KM").empty());
    CHECK(h.values(0, "AB").size() == 3);
    const read_back old = read("GIa\nGIb\nGIc\nGI\nGI\nGI2006-9-5\nGI9\nGI0\nGI0\nGI6\nGI1\nPMABBEEEE\nGI1\nIDB[1] 白中盘胜[EndTxt]\n");
    CHECK(old.diagnostics.empty());
    CHECK(write_sgf(old.tree) == "(;FF[4]CA[UTF-8]GM[1]SZ[9]RE[W+R]DT[2006-09-05];B[dd])\n");
}

TEST_CASE("NGF diagnostics: each broken line gives its code at file:line:col", "[go][ngf]") {
    auto first = [](const std::string& text) {
        const read_back r = read(text);
        REQUIRE_FALSE(r.diagnostics.empty());
        const kifu::diagnostic& d = r.diagnostics.front();
        return d.code + " " + std::to_string(d.line) + ":" + std::to_string(d.column) + " " + d.message;
    };
    CHECK(first("Rated game\nnineteen\n") == "ngf.syntax 2:1 expected the board size (a number)");
    CHECK(first("Rated game\n19\n") == "ngf.syntax 3:1 expected the white player's line");
    CHECK(first(head.substr(0, head.find("2017")) ) == "ngf.syntax 9:1 expected the date line");
    CHECK(first(head + "PMABXREER\n") == "ngf.syntax 13:5 expected the colour (B or W)");
    CHECK(first(head + "PMABBRE\n") == "ngf.syntax 13:8 expected four coordinate letters (x y y x; B = 1, C = 2, …)");
    CHECK(first(head + "PM\n") == "ngf.syntax 13:3 expected the move number (two letters A-Z)");
    CHECK(first(head + "MOVE\n") == "ngf.syntax 13:1 expected a PM move line");
    CHECK(first(head + "PMABBAEEA\nPMACWEEEE\n") == "ngf.bad-point 13:6 'AEEA' is not a point of the 19×19 board");
    CHECK(first(head + "PMABBREEQ\nPMACWEEEE\n") ==
          "ngf.coordinate-mismatch 13:6 'REEQ': the second pair does not repeat the first; the first is played");
    CHECK(first(head + "PMABBREER\n") == "ngf.move-count 12:1 the header says 2 moves; the file has 1");
    std::string big = head + "PMABBREER\nPMACWEEEE\n";
    big.replace(big.find("\n19\n"), 4, "\n40\n");
    CHECK(first(big) == "ngf.bad-size 2:1 board size 40 is not 2-25; 19 is used");
    // A size too large for any integer is said as written, not as -1.
    big.replace(big.find("\n40\n"), 4, "\n100000000000000000000000000000000\n");
    CHECK(first(big) == "ngf.bad-size 2:1 board size 100000000000000000000000000000000 is not 2-25; 19 is used");
    std::string handicap = head + "PMABBREER\nPMACWEEEE\n";
    handicap.replace(handicap.find("\n0\n0\n6\n"), 7, "\n1\n0\n6\n");
    CHECK(first(handicap) == "ngf.bad-handicap 6:1 handicap 1 is not 0 or 2-9");

    // Lenient reading skips a broken move line (the move count then differs: not reported
    // again); strict stops there.
    const read_back lenient = read(head + "PMABB\nPMACWEEEE\n");
    CHECK(codes(lenient.diagnostics) == strings{"ngf.syntax"});
    CHECK(write_sgf(lenient.tree).ends_with(";W[dd])\n"));
    CHECK(codes(read(head + "PMABB\nPMACWEEEE\n", kifu::read_mode::strict).diagnostics) == strings{"ngf.syntax"});
}

TEST_CASE("NGF sniffing: move lines and the size line", "[go][ngf]") {
    CHECK(sniff_ngf(head + "PMABBREER\n") == 80);
    CHECK(sniff_ngf("GIx\nGI\nPMABBREER\n") == 70);
    CHECK(sniff_ngf("Rated game\n19\n") == 0);
    CHECK(sniff_ngf("(;GM[1]\nPM)") == 0);
}
