#include <catch2/catch.hpp>

#include <kifu/go/record.hpp>
#include <kifu/go/sgf.hpp>

#include <string>
#include <vector>

#include "go/normalize.hpp"
#include "go/sgf_support.hpp"

using namespace kifu::go;
using kifu::test::codes;
using strings = std::vector<std::string>;

namespace {

struct result {
    record r;
    std::vector<kifu::diagnostic> diagnostics;
};

result read(const std::string& sgf, bool rules_are_errors = false) {
    result out;
    const kifu::source_text text("t.sgf", sgf, "UTF-8");
    const sgf_collection c = parse_sgf(text, kifu::read_mode::lenient, out.diagnostics);
    REQUIRE(c.roots.size() == 1);
    normalize_options options;
    options.rules_are_errors = rules_are_errors;
    out.r = normalize(c, c.roots[0], options, out.diagnostics, &text);
    return out;
}

std::string jkf(const record& r) {
    std::string s;
    kifu::json_writer w(s);
    write_jkf_to(w, r);
    return s;
}

}  // namespace

TEST_CASE("a go record in JKF shape: header - initial - moves - captures - forks", "[go][normalize]") {
    const result x = read(
        "(;GM[1]FF[4]SZ[5:4]PB[Black\\\n Player]HA[2]AB[aa:ab][bb]AW[ee]PL[W]C[root comment\nsecond line]"
        ";W[ba]C[in atari](;B[ca]C[takes ba]N[x];W[]TR[aa])(;B[dd];W[tt]))");
    CHECK(jkf(x.r) ==
          R"({"game":"go","header":{"GM":"1","FF":"4","SZ":"5:4","PB":"Black Player","HA":"2"},)"
          R"("initial":{"size":{"x":5,"y":4},"handicap":2,"setup":{"black":[{"x":1,"y":1},{"x":1,"y":2},{"x":2,"y":2}],"color":1}},)"
          R"("moves":[{"comments":["root comment","second line"]},)"
          R"({"comments":["in atari"],"move":{"color":1,"to":{"x":2,"y":1}}},)"
          R"({"comments":["takes ba"],"move":{"color":0,"to":{"x":3,"y":1}},"captures":[{"x":2,"y":1}],"properties":{"N":["x"]},)"
          R"("forks":[[{"move":{"color":0,"to":{"x":4,"y":4}}},{"move":{"color":1,"pass":true}}]]},)"
          R"({"move":{"color":1,"pass":true},"properties":{"TR":["aa"]}}],"prisoners":{"black":1,"white":0}})");
    // AW[ee] is off a 5×4 board.
    CHECK(codes(x.diagnostics) == strings{"go.off-board"});
    CHECK(x.diagnostics[0].severity == kifu::severity::warning);
}

TEST_CASE("a record written as SGF reads back to the same record", "[go][record_writer]") {
    const result x = read(
        "(;GM[1]SZ[5:4]GC[two\nlines]AP[a:b]AB[aa:ab][bb]PL[W]C[c\\]];W[ba]KO[](;B[ca]N[x];W[]TR[aa:bb])(;B[dd];W[tt]))");
    const std::string sgf = write_sgf(std::vector<record>{x.r});
    CHECK(sgf == "(;GM[1]SZ[5:4]GC[two\nlines]AP[a:b]AB[aa][ab][bb]PL[W]C[c\\]];W[ba]KO[]\n"
                 "(;B[ca]N[x];W[]TR[aa:bb])\n(;B[dd];W[]))\n");
    const result y = read(sgf);
    CHECK(y.r == x.r);
}

TEST_CASE("rectangular and large boards: tt is a point above 19", "[go][normalize]") {
    const result big = read("(;SZ[52:20];B[tt];W[ZZ])");
    REQUIRE(big.r.lines[0].size() == 3);
    CHECK(big.r.lines[0][1].move->to == point{20, 20});
    CHECK(big.r.lines[0][2].illegal == strings{"off-board"});  // row 52 on a 20-row board
    CHECK(codes(big.diagnostics) == strings{"go.off-board"});
    const result small = read("(;SZ[19];B[tt])");
    CHECK(small.r.lines[0][1].move->pass);
}

TEST_CASE("go.illegal.ko: an immediate retake is a warning and a flag, an error with rules_are_errors but for KO", "[go][normalize]") {
    const std::string setup = "(;SZ[4:3]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb]";
    CHECK(read(setup + ")", true).diagnostics.at(0).severity == kifu::severity::error);
    CHECK(read(setup + "KO[])", true).diagnostics.at(0).severity == kifu::severity::warning);
    const result x = read(setup + ")");
    CHECK(codes(x.diagnostics) == strings{"go.illegal.ko"});
    CHECK(x.diagnostics[0].severity == kifu::severity::warning);
    CHECK(x.diagnostics[0].ply == 2);
    CHECK(x.r.lines[0][2].illegal == strings{"ko"});
    CHECK(x.r.lines[0][2].captures == std::vector<point>{{3, 2}});
    const result forced = read(setup + "KO[])");
    CHECK(forced.diagnostics[0].severity == kifu::severity::warning);
    CHECK(forced.r.lines[0][2].forced);
}

TEST_CASE("go.illegal.suicide depends on RU", "[go][normalize]") {
    const result japanese = read("(;SZ[3]RU[Japanese]AW[ba][ab];B[aa])");
    CHECK(codes(japanese.diagnostics) == strings{"go.illegal.suicide"});
    CHECK(japanese.r.lines[0][1].suicide == std::vector<point>{{1, 1}});
    CHECK(japanese.r.prisoners_white == 1);
    const result nz = read("(;SZ[3]RU[NZ]AW[ba][ab];B[aa])");
    CHECK(nz.diagnostics.empty());
    CHECK(nz.r.lines[0][1].suicide == std::vector<point>{{1, 1}});
    CHECK(nz.r.lines[0][1].illegal.empty());
}

TEST_CASE("go.illegal.overwrite: a stone on an occupied point replaces it", "[go][normalize]") {
    const result x = read("(;SZ[9];B[ee];W[ee])");
    CHECK(codes(x.diagnostics) == strings{"go.illegal.overwrite"});
    CHECK(x.r.lines[0][2].illegal == strings{"overwrite"});
}

TEST_CASE("go.bad-point: values that name no point", "[go][normalize]") {
    const result x = read("(;SZ[19]AB[z1];B[R16];W[Pass])");
    CHECK(codes(x.diagnostics) == strings{"go.bad-point", "go.bad-point", "go.bad-point"});
    CHECK(x.diagnostics[0].severity == kifu::severity::warning);  // setup: ignored
    CHECK(x.diagnostics[1].severity == kifu::severity::error);    // a move: skipped
    CHECK(x.r.lines[0][1].move->invalid == "R16");
    CHECK(x.r.lines[0][1].illegal == strings{"unparseable"});
}

TEST_CASE("go.off-board: a move outside the board is skipped and flagged", "[go][normalize]") {
    const result x = read("(;SZ[9];B[rs])");
    CHECK(codes(x.diagnostics) == strings{"go.off-board"});
    CHECK(x.diagnostics[0].severity == kifu::severity::warning);
    CHECK(x.r.lines[0][1].illegal == strings{"off-board"});
    CHECK(read("(;SZ[9];B[rs])", true).diagnostics.at(0).severity == kifu::severity::error);
}

TEST_CASE("go.blank-pass go.extra-value go.two-moves go.bad-color", "[go][normalize]") {
    const result x = read("(;PL[X];B[ ];W[aa][bb];B[cc]W[dd])");
    CHECK(codes(x.diagnostics) == strings{"go.bad-color", "go.blank-pass", "go.extra-value", "go.two-moves"});
    REQUIRE(x.r.lines[0].size() == 5);
    CHECK(x.r.lines[0][1].move->pass);
    CHECK(x.r.lines[0][3].move->color == color::black);  // B before W in one node
    CHECK(x.r.lines[0][4].move->color == color::white);
}

TEST_CASE("go.bad-size go.bad-handicap go.handicap-without-stones go.not-go", "[go][normalize]") {
    const result size = read("(;SZ[60];B[aa])");
    CHECK(codes(size.diagnostics) == strings{"go.bad-size"});
    CHECK(size.r.width == 19);
    const result handicap = read("(;HA[many])");
    CHECK(codes(handicap.diagnostics) == strings{"go.bad-handicap"});
    const result fox = read("(;HA[3];W[pd])");
    CHECK(codes(fox.diagnostics) == strings{"go.handicap-without-stones"});
    const result othello = read("(;GM[2];B[aa];W[aa])");
    CHECK(codes(othello.diagnostics) == strings{"go.not-go"});
    CHECK(othello.r.lines[0][2].illegal.empty());  // not replayed
}

TEST_CASE("a move in the root becomes the second entry", "[go][normalize]") {
    const result x = read("(;SZ[9]B[ee];W[dd])");
    REQUIRE(x.r.lines[0].size() == 3);
    CHECK(x.r.lines[0][1].move->to == point{5, 5});
    CHECK(x.r.lines[0][2].move->to == point{4, 4});
}

// Found by fuzz_sgf: SZ padded with a form feed read as 19x19, and the SZ the writer gave back
// (SimpleText: the form feed became a space) as 9x9, so a written record read back differently.
TEST_CASE("SZ padded with any SimpleText white space is the size, and the record round-trips", "[go][normalize]") {
    const result x = read("(;GM[1]SZ[9\f\v];B[ee])");
    CHECK(x.diagnostics.empty());
    CHECK(x.r.width == 9);
    CHECK(x.r.height == 9);
    const std::string sgf = write_sgf(std::vector<record>{x.r});
    CHECK(sgf == "(;GM[1]SZ[9  ];B[ee])\n");
    const result y = read(sgf);
    CHECK(y.r == x.r);
}

// An escaped form feed in SZ (`\<FF>`) must not stay in the number as a backslash: SZ would
// be "not a size" (19x19), while the SGF written from the record (escapes removed) reads back
// as 9x9. Escapes go first, as in every SGF value.
TEST_CASE("sgf_sz_escaped_white_space: SZ with escapes is read as the text it stands for", "[go][normalize]") {
    const result x = read("(;GM[1]SZ[9\f\\\f]C[x];B[ee])");
    CHECK(x.diagnostics.empty());
    CHECK(x.r.width == 9);
    CHECK(x.r.height == 9);
    const std::string sgf = write_sgf(std::vector<record>{x.r});
    CHECK(sgf == "(;GM[1]SZ[9  ]C[x];B[ee])\n");
    CHECK(read(sgf).r == x.r);
    // An escaped digit is that digit; the compose colon only when not escaped.
    const result composed = read("(;SZ[1\\3:\\7];B[aa])");
    CHECK(composed.diagnostics.empty());
    CHECK(composed.r.width == 13);
    CHECK(composed.r.height == 7);
    const result escaped_colon = read("(;SZ[13\\:7])");
    CHECK(codes(escaped_colon.diagnostics) == strings{"go.bad-size"});
}
