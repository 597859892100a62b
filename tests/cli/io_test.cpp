// Inputs that cannot be read or recognized: diagnostics, exit status 1.

#include <fstream>

#include <catch2/catch.hpp>

#include <kifu/diagnostic.hpp>

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

TEST_CASE("kifu lint and detect show control characters of records and file names escaped") {
    const auto dir = kifu::test::scratch_dir("escapes");
    const std::string record = "手合割：平手\n1 ７六歩(77)\nまで\x1b]0;pwned\x07\x1b[2J1手で何か\n";
    const auto file = dir / "n\x1b[31mame.kifu";
    std::ofstream(file, std::ios::binary) << record;
    const auto lint = kifu::test::run_kifu("lint '" + file.string() + "'");
    CHECK(lint.status == 0);
    CHECK(lint.out == kifu::printable(file.string()) +
                          ":3:1: warning: cannot read the summary 'まで\\x1b]0;pwned\\x07\\x1b[2J1手で何か'; kept as a comment "
                          "[kif.unknown-summary]\n");
    CHECK(lint.out.find('\x1b') == std::string::npos);
    // JSON escapes them as JSON does, and keeps the real name.
    const auto json = kifu::test::run_kifu("lint --json '" + file.string() + "'");
    CHECK(json.out.find("\\u001b]0;pwned\\u0007") != std::string::npos);
    CHECK(json.out.find('\x1b') == std::string::npos);
    const auto detect = kifu::test::run_kifu("detect '" + file.string() + "'");
    CHECK(detect.out == kifu::printable(file.string()) + ": kif UTF-8\n");
}
