// kifu detect: one `FILE: FORMAT ENCODING` line per input, in order.

#include <catch2/catch.hpp>

#include "cli/run_kifu.hpp"

TEST_CASE("kifu detect prints format and encoding of every input") {
    const auto r = kifu::test::run_kifu(
        "detect samples/bishop-exchange.jkf samples/short-9x9.sgf samples/yagura-opening.csa cli/shift-jis.csa");
    CHECK(r.status == 0);
    CHECK(r.out ==
          "samples/bishop-exchange.jkf: jkf UTF-8\n"
          "samples/short-9x9.sgf: sgf UTF-8\n"
          "samples/yagura-opening.csa: csa UTF-8\n"
          "cli/shift-jis.csa: csa CP932\n");
    CHECK(r.err.empty());
}

TEST_CASE("kifu detect reads stdin by content, and goes on after an unknown input") {
    const auto r = kifu::test::run_kifu("detect - cli/not-a-record.txt samples/short-9x9.sgf", "cli/shift-jis.csa");
    CHECK(r.status == 1);
    CHECK(r.out ==
          "<stdin>: csa CP932\n"
          "cli/not-a-record.txt: unknown\n"
          "samples/short-9x9.sgf: sgf UTF-8\n");
    CHECK(r.err.empty());
}
