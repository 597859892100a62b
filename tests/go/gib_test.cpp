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
    "\\HS\n\\[GIBOKIND=Global\\]\n\\[GAMEBLACKNAME=kuro (2K)\\]\n\\[GAMEWHITENAME=shiro\\]\n"
    "\\[GAMEINFOMAIN=GRLT:0,ZIPSU:35,GONGJE:65\\]\n\\[GAMETAG=C2020:05:06:07:08\\]\n\\HE\n\\GS\n2 1 0\n3 0 &4\nINI 0 1 0 &4 \n";

struct read_back {
    sgf_collection tree;
    strings codes;
    std::vector<kifu::diagnostic> diagnostics;
};

read_back read(const std::string& text, kifu::read_mode mode = kifu::read_mode::lenient) {
    read_back r;
    const kifu::source_text t("t.gib", text, "UTF-8");
    r.tree = parse_gib(t, mode, r.diagnostics);
    r.codes = codes(r.diagnostics);
    return r;
}

}  // namespace

TEST_CASE("GIB: a small record converts to SGF and JKF (UTF-8 and EUC-KR copies)", "[go][gib]") {
    const auto dir = kifu::test::data_dir() / "go" / "gib";
    for (const char* name : {"handicap2-utf8.gib", "handicap2-euckr.gib"}) {
        INFO(name);
        const kifu::read_result r = kifu::read_file(dir / name);
        CHECK(r.format == "gib");
        CHECK(r.diagnostics.empty());
        REQUIRE(r.records.size() == 1);
        sgf_write_options o;
        o.declare_utf8 = true;
        CHECK(write_sgf({*r.records[0].get<record>()}, o) == kifu::test::slurp(dir / "handicap2.sgf"));
        CHECK(kifu::to_jkf(r.records[0]) + "\n" == kifu::test::slurp(dir / "handicap2.jkf"));
    }
    CHECK(kifu::detect(kifu::test::slurp(dir / "handicap2-euckr.gib"), "x.txt").encoding == "CP949");
}

TEST_CASE("GIB: header lists, results and moves", "[go][gib]") {
    const read_back r = read(head + "STO 0 2 1 15 3 \nSTO 0 3 2 3 15 \n\\GE\n");
    CHECK(r.codes.empty());
    CHECK(write_sgf(r.tree) == "(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[kuro]BR[2K]PW[shiro]KM[6.5]RE[B+3.5]DT[2020-05-06];B[pd];W[dp])\n");
    auto re = [](const std::string& list) {
        std::string text = head + "\\GE\n";
        text.replace(text.find("GRLT:0,ZIPSU:35"), 15, list);
        const sgf_collection c = read(text).tree;
        return c.values(0, "RE").empty() ? std::string("-") : std::string(c.values(0, "RE").front().raw());
    };
    CHECK(re("GRLT:1,ZIPSU:110") == "W+11");
    CHECK(re("GRLT:3,ZIPSU:0") == "B+R");
    CHECK(re("GRLT:8,ZIPSU:0") == "W+T");
    CHECK(re("GRLT:255,ZIPSU:0") == "-");
    // Without GRLT, the tag's W and Z.
    std::string tag_only = head + "\\GE\n";
    tag_only.replace(tag_only.find("GRLT:0,ZIPSU:35,GONGJE:65"), 25, "DUM:0");
    tag_only.replace(tag_only.find("C2020"), 5, "W7,G75,C2020");
    const sgf_collection t = read(tag_only).tree;
    CHECK(t.values(0, "RE").front().raw() == "B+T");
    CHECK(t.values(0, "KM").front().raw() == "7.5");
    // A tag date that is not YYYY:MM:DD gives no DT (a cut-off `C2016:03:2`, text).
    std::string bad_date = head + "\\GE\n";
    bad_date.replace(bad_date.find("C2020:05:06"), 11, "C2020:05:0x");
    CHECK(read(bad_date).tree.values(0, "DT").empty());
}

TEST_CASE("GIB diagnostics: each broken line gives its code at file:line:col", "[go][gib]") {
    auto first = [](const std::string& text) {
        const read_back r = read(text);
        REQUIRE_FALSE(r.diagnostics.empty());
        const kifu::diagnostic& d = r.diagnostics.front();
        return d.code + " " + std::to_string(d.line) + ":" + std::to_string(d.column) + " " + d.message;
    };
    CHECK(first("(;GM[1])") == "gib.syntax 1:1 not a GIB record (expected \\HS)");
    CHECK(first(head + "STO 0 2 3 15 3 \n\\GE\n") == "gib.syntax 12:9 expected a colour (1 black, 2 white)");
    CHECK(first(head + "STO 0 2 1 x 3 \n\\GE\n") == "gib.syntax 12:11 expected a coordinate (0-18)");
    CHECK(first(head + "MOVE 1\n\\GE\n") ==
          "gib.syntax 12:1 expected a \\[KEY=VALUE\\] line, \\HE, \\GS, \\GE, an INI or STO line, or a line of numbers");
    CHECK(first(head + "STO 0 2 1 19 3 \n\\GE\n") == "gib.bad-point 12:11 coordinate 19 is off the 19×19 board (0-18)");
    CHECK(first("\\HS\n\\[GAMEKOMI=6\\]\n\\GE\n") == "gib.unknown-key 2:3 unknown key 'GAMEKOMI'; ignored");
    CHECK(first("\\HS\n\\GS\nINI 0 1 12 &4\n\\GE\n") == "gib.bad-handicap 3:9 handicap 12 is not 0 or 2-9");
    // A handicap too large for any integer is said as written, not as -1.
    CHECK(first("\\HS\n\\GS\nINI 0 1 100000000000000000000000000000000 &4\n\\GE\n") ==
          "gib.bad-handicap 3:9 handicap 100000000000000000000000000000000 is not 0 or 2-9");
    CHECK(first(head + "STO 0 2 1 15 3 \n") == "gib.truncated 13:1 unexpected end of file (no \\GE)");

    // Lenient reading skips the broken line and keeps the rest; strict stops at it.
    const read_back lenient = read(head + "STO 0 2 1 15 \nSTO 0 3 1 15 3 \n\\GE\n");
    CHECK(lenient.codes == strings{"gib.syntax"});
    CHECK(lenient.tree.roots.size() == 1);
    CHECK(write_sgf(lenient.tree).ends_with(";B[pd])\n"));
    const read_back strict = read(head + "STO 0 2 1 15 \nSTO 0 3 1 15 3 \n\\GE\n", kifu::read_mode::strict);
    CHECK(strict.codes == strings{"gib.syntax"});
}

TEST_CASE("GIB sniffing: the header line, and GIBOKIND names the encoding of non-UTF-8 bytes", "[go][gib]") {
    std::string declared;
    CHECK(sniff_gib("\\HS\n\\[GIBOKIND=China\\]\n\xC0\xEE", declared) == 95);
    CHECK(declared == "GB18030");
    declared.clear();
    CHECK(sniff_gib("\\HS\n\\[GIBOKIND=Korea\\]\n\xED\x95\x9C", declared) == 95);  // UTF-8 한
    CHECK(declared.empty());
    // A window that ends inside a UTF-8 character (sniffers see 64 KiB) is still UTF-8.
    CHECK(sniff_gib("\\HS\n\\[GIBOKIND=Korea\\]\n\xED\x95\x9C\xED\x95", declared) == 95);
    CHECK(declared.empty());
    CHECK(sniff_gib("(;GM[1])", declared) == 0);
}
