// Inputs that cannot be read or recognized: diagnostics, exit status 1.

#include <catch2/catch.hpp>

#include "cli/run_kifu.hpp"

TEST_CASE("kifu detect names an unrecognized input unknown") {
    const auto r = kifu::test::run_kifu("detect cli/not-a-record.txt");
    CHECK(r.status == 1);
    CHECK(r.out == "cli/not-a-record.txt: unknown\n");
    CHECK(r.err.empty());
}

TEST_CASE("kifu detect reports a missing file on stderr") {
    const auto r = kifu::test::run_kifu("detect cli/missing.csa");
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(r.err == "cli/missing.csa: error: cannot open the file: No such file or directory [io.open]\n");
}

TEST_CASE("kifu lint prints unreadable inputs as diagnostics on stdout") {
    const auto r = kifu::test::run_kifu("lint cli/missing.csa cli/not-a-record.txt");
    CHECK(r.status == 1);
    CHECK(r.out ==
          "cli/missing.csa: error: cannot open the file: No such file or directory [io.open]\n"
          "cli/not-a-record.txt: error: cannot tell the format of the input (give it with a format "
          "option) [read.undetected-format]\n");
    CHECK(r.err.empty());
}

TEST_CASE("kifu lint --json prints one JSON object per diagnostic") {
    const auto r = kifu::test::run_kifu("lint --json cli/missing.csa");
    CHECK(r.status == 1);
    CHECK(r.out ==
          "{\"severity\":\"error\",\"code\":\"io.open\",\"message\":\"cannot open the file: No such file or directory\","
          "\"file\":\"cli/missing.csa\",\"line\":0,\"column\":0}\n");
    CHECK(r.err.empty());
}

TEST_CASE("kifu convert of an unreadable input writes nothing and exits 1") {
    const auto r = kifu::test::run_kifu("convert - cli/missing.csa", "cli/not-a-record.txt");
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(r.err ==
          "<stdin>: error: cannot tell the format of the input (give it with a format option) "
          "[read.undetected-format]\n"
          "cli/missing.csa: error: cannot open the file: No such file or directory [io.open]\n");
}
