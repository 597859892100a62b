// Go position rows (kifu/go/positions.hpp): the result from RE, and a setup node in the main
// line that changes the board without a row. Whole outputs: tests/cli/convert_usi_test.cpp.

#include <catch2/catch.hpp>

#include <kifu/go/positions.hpp>
#include <kifu/go/record.hpp>
#include <kifu/read.hpp>

namespace go = kifu::go;

namespace {

go::record read_sgf(const std::string& text) {
    const kifu::read_result r = kifu::read_buffer(text, "t.sgf");
    REQUIRE(r.records.size() == 1);
    return *r.records[0].get<go::record>();
}

}  // namespace

TEST_CASE("go positions: RE gives the result from each side", "[positions]") {
    CHECK(go::result_for(read_sgf("(;SZ[5]RE[W+3.5])"), go::color::white) == 1);
    CHECK(go::result_for(read_sgf("(;SZ[5]RE[W+3.5])"), go::color::black) == -1);
    CHECK(go::result_for(read_sgf("(;SZ[5]RE[B+R])"), go::color::black) == 1);
    CHECK(go::result_for(read_sgf("(;SZ[5]RE[0])"), go::color::black) == 0);
    CHECK(go::result_for(read_sgf("(;SZ[5]RE[Draw])"), go::color::white) == 0);
    CHECK_FALSE(go::result_for(read_sgf("(;SZ[5]RE[?])"), go::color::black));
    CHECK_FALSE(go::result_for(read_sgf("(;SZ[5])"), go::color::black));
}

TEST_CASE("go positions: setup, captures and passes in the rows", "[positions]") {
    const go::record r = read_sgf("(;SZ[3]AB[ab]PL[W];W[aa];B[ba];AW[cc];W[];B[bb])");
    std::string csv;
    go::write_positions_csv(csv, r, "t.sgf", 1);
    CHECK(csv ==
          "t.sgf,1,0,.../X../...,1,aa,\r\n"
          "t.sgf,1,1,O../X../...,0,ba,\r\n"
          "t.sgf,1,2,.X./X../..O,1,pass,\r\n"  // B[ba] took the white stone at aa; AW[cc] set one
          "t.sgf,1,3,.X./X../..O,0,bb,\r\n"
          "t.sgf,1,4,.X./XX./..O,1,,\r\n");
}
