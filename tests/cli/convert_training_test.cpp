// kifu convert -t hcpe|psv: the binary training records go to stdout and to `-o DIR` files as
// the bytes the library writes, inputs back to back; a position they cannot hold is an error.

#include <catch2/catch.hpp>

#include <string>

#include <kifu/read.hpp>
#include <kifu/write.hpp>

#include "cli/run_kifu.hpp"

namespace {

std::string library_bytes(const char* file, const char* writer) {
    const kifu::read_result r = kifu::read_file(kifu::test::data_dir() / file);
    REQUIRE(r.ok());
    const kifu::write_result w = kifu::write(r.records, writer);
    REQUIRE(w.ok());
    return w.text;
}

}  // namespace

TEST_CASE("kifu convert -t hcpe and -t psv write the library's bytes on stdout, inputs back to back") {
    for (const char* writer : {"hcpe", "psv"}) {
        INFO(writer);
        const auto r = kifu::test::run_kifu(std::string("convert --no-summary -t ") + writer +
                                            " training/floodgate-style.csa training/mate-no-special.csa");
        INFO(r.err);
        CHECK(r.status == 0);
        CHECK(r.err.empty());
        const std::string expected = library_bytes("training/floodgate-style.csa", writer) +
                                     library_bytes("training/mate-no-special.csa", writer);
        CHECK(r.out.size() == (std::string(writer) == "hcpe" ? 38u : 40u) * 22);
        CHECK(r.out == expected);
    }
}

TEST_CASE("kifu convert -t hcpe -o DIR writes <stem>.hcpe") {
    const auto dir = kifu::test::scratch_dir("hcpe-out");
    const auto r = kifu::test::run_kifu("convert --no-summary -t hcpe -o '" + dir.string() + "' training/mate-no-special.csa");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.out.empty());
    CHECK(kifu::test::slurp(dir / "mate-no-special.hcpe") == library_bytes("training/mate-no-special.csa", "hcpe"));
}

TEST_CASE("kifu convert -t psv of a position without a king is an error and writes nothing for it") {
    const auto r = kifu::test::run_kifu("convert --no-summary -t psv training/no-white-king.csa training/mate-no-special.csa");
    CHECK(r.status == 1);
    CHECK(r.err == "training/no-white-king.csa: warning: White has no king (only the side to move may lack one, in a "
                   "tsume position) [shogi.position.no-king]\n"
                   "kifu: error: training/no-white-king.csa: game 1, ply 0: White has 0 kings; the 256-bit code needs "
                   "exactly one a side; -t psv cannot write the position [psv.write.position]\n");
    CHECK(r.out == library_bytes("training/mate-no-special.csa", "psv"));
}
