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
    "[Header]\nSize=19\nHdcp=0,6.50\nWinner=B,R\nDate=2020/06/23,01:02:03\nCoordinateType=IGS\n"
    "PlayerB=kuro,2k,,\nPlayerW=shiro,1d?,,\n[Data]\n";

struct read_back {
    sgf_collection tree;
    std::vector<kifu::diagnostic> diagnostics;
};

read_back read(const std::string& text, kifu::read_mode mode = kifu::read_mode::lenient) {
    read_back r;
    const kifu::source_text t("t.ugf", text, "UTF-8");
    r.tree = parse_ugf(t, mode, r.diagnostics);
    return r;
}

}  // namespace

TEST_CASE("UGF: a small Shift_JIS review converts to SGF and JKF", "[go][ugf]") {
    const auto dir = kifu::test::data_dir() / "go" / "ugf";
    const kifu::read_result r = kifu::read_file(dir / "handicap2-sjis.ugi");
    CHECK(r.format == "ugf");
    CHECK(r.encoding == "CP932");
    // The comment on the review variation's node is the one thing not read.
    CHECK(codes(r.diagnostics) == strings{"ugf.comment-off-main-line"});
    REQUIRE(r.records.size() == 1);
    sgf_write_options o;
    o.declare_utf8 = true;
    CHECK(write_sgf({*r.records[0].get<record>()}, o) == kifu::test::slurp(dir / "handicap2.sgf"));
    CHECK(kifu::to_jkf(r.records[0]) + "\n" == kifu::test::slurp(dir / "handicap2.jkf"));
}

TEST_CASE("UGF: IGS coordinates, passes, header values", "[go][ugf]") {
    // QP = column Q (17) from the left, row P (16) from the bottom = SGF qd; a margin that is
    // no number (`Winner=B,R`) leaves the winner only.
    const read_back r = read(head + "QP,B1,1,0\nDC,W1,2,0\nYA,B1,3,0\n");
    CHECK(r.diagnostics.empty());
    CHECK(write_sgf(r.tree) ==
          "(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[kuro]BR[2k]PW[shiro]WR[1d?]KM[6.5]RE[B+]DT[2020-06-23];B[qd];W[dq];B[])\n");
    std::string won = head + "QP,B1,1,0\n";
    won.replace(won.find("Winner=B,R"), 10, "Winner=W,10.50");
    CHECK(read(won).tree.values(0, "RE").front().raw() == "W+10.5");
    // Without [ReviewNode], `.Comment,k` is on the node after k − 1 moves.
    const read_back c = read(head + "QP,B1,1,0\nDC,W1,2,0\n[ReviewComment]\n.Comment,1\n hello\n.Comment,3\nlast\n");
    CHECK(c.diagnostics.empty());
    CHECK(write_sgf(c.tree).ends_with("C[hello];B[qd];W[dq]C[last])\n"));
}

TEST_CASE("UGF diagnostics: each broken line gives its code at file:line:col", "[go][ugf]") {
    auto first = [](const std::string& text) {
        const read_back r = read(text);
        REQUIRE_FALSE(r.diagnostics.empty());
        const kifu::diagnostic& d = r.diagnostics.front();
        return d.code + " " + std::to_string(d.line) + ":" + std::to_string(d.column) + " " + d.message;
    };
    CHECK(first("Ver=1\n") == "ugf.syntax 1:1 not a UGF/UGI record (expected [Header])");
    CHECK(first("[Header]\nno value here\n") == "ugf.syntax 2:3 expected a Key=Value line");
    CHECK(first(head + "QP,X1,1,0\n") == "ugf.syntax 10:4 expected the colour (B or W)");
    CHECK(first(head + "QP B1\n") == "ugf.syntax 10:3 expected \",\"");
    CHECK(first(head + "move\n") ==
          "ugf.syntax 10:1 expected a move line (column and row letters, colour, move number, time: QP,B1,1,0)");
    CHECK(first(head + "QP,B1,1,0\n[ReviewNode]\nNODE,1\n") == "ugf.syntax 12:7 expected \",\"");
    CHECK(first("[Header]\nKomi=6\n") == "ugf.unknown-key 2:1 unknown key 'Komi'; ignored");
    CHECK(first(head + "QP,B1,1,0\n[Chat2]\nhi\n") == "ugf.unknown-section 11:1 unknown section [Chat2]; skipped");
    CHECK(first(head + "QP,B1,1,0\n[Chat]\nhi\n") == "ugf.unknown-section 11:1 unknown section [Chat]; skipped");
    CHECK(first("[Header]\nSize=30\n[Data]\nAA,B1,1,0\n") == "ugf.bad-size 2:1 board size 30 is not 2-24; 19 is used");
    CHECK(first(head + "ZA,B1,1,0\n") == "ugf.bad-point 10:1 'ZA' is not a point of the 19×19 board");
    CHECK(first(head + "QP,B1,1,0\nDD,B1,0,0\n") ==
          "ugf.misplaced-stone 11:1 a move number 0 (a handicap stone) must be black and come before the moves");
    CHECK(first(head + "QP,B1,5,0\n") == "ugf.move-number 10:1 move number 5 where 1 was expected");
    std::string other = head + "QP,B1,1,0\n";
    other.replace(other.find("CoordinateType=IGS"), 18, "CoordinateType=XY");
    CHECK(first(other) == "ugf.coordinate-type 6:1 CoordinateType=XY is not IGS, the only one known; read as IGS");
    CHECK(first(head + "QP,B1,1,0\n[ReviewNode]\nNODE,1,0,0,0\nNODE,2,1,17,16\n VARIATION,\n  NODE,3,1,1,1\n VARIATIONEND,\n"
                       "[ReviewComment]\n.Comment,3\nx\n") ==
          "ugf.comment-off-main-line 18:10 .Comment,3 is on no node of the main line (review variations are not read); dropped");

    // Lenient reading skips a broken move line; strict stops there.
    const read_back lenient = read(head + "QP,B\nQP,B1,1,0\n");
    CHECK(codes(lenient.diagnostics) == strings{"ugf.syntax"});
    CHECK(write_sgf(lenient.tree).ends_with(";B[qd])\n"));
    CHECK(codes(read(head + "QP,B\nQP,B1,1,0\n", kifu::read_mode::strict).diagnostics) == strings{"ugf.syntax"});
}

TEST_CASE("UGF sniffing: [Header], and Lang=SJIS names the encoding of non-UTF-8 bytes", "[go][ugf]") {
    std::string declared;
    CHECK(sniff_ugf("[Header]\nVer=UGF3,200\nLang=SJIS\nTitle=\x93\xfa\n[Data]\n", declared) == 90);
    CHECK(declared == "CP932");
    declared.clear();
    CHECK(sniff_ugf("[Header]\nLang=SJIS\nTitle=\xE6\x97\xA5\n", declared) == 40);
    CHECK(declared.empty());
    CHECK(sniff_ugf("[Game]\n", declared) == 0);
}
