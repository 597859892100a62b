// kifu lint -W: an unknown code or a pattern that matches no code is a usage error with the
// codes that may have been meant; `*` patterns; every code kifu reports can be named.

#include <set>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli/run_kifu.hpp"

using kifu::test::run_kifu;

namespace {
const std::string help = "Run with --help for more information.\n";
}

// `-W no.such-code=off` and `-W 'txt.*=off'` were accepted and changed nothing: a typo in a CI
// lint configuration went unnoticed.
TEST_CASE("cli_lint_unknown_w_code_is_a_usage_error", "[cli][lint]") {
    const auto unknown = run_kifu("lint -W no.such-code=off search/shogi-broken.csa");
    CHECK(unknown.status == 2);
    CHECK(unknown.out.empty());
    CHECK(unknown.err ==
          "kifu: error: -W no.such-code=off: no diagnostic has the code 'no.such-code' (docs/diagnostics.md lists every "
          "code)\n" + help);
    const auto typo = run_kifu("lint -W csa.bad-pice=off search/shogi-broken.csa");
    CHECK(typo.status == 2);
    CHECK(typo.err == "kifu: error: -W csa.bad-pice=off: no diagnostic has the code 'csa.bad-pice'; did you mean one of "
                      "csa.bad-piece, csa.bad-time?\n" + help);
    const auto family = run_kifu("lint -W txt.bad-bytes=error search/shogi-broken.csa");
    CHECK(family.status == 2);
    CHECK(family.err == "kifu: error: -W txt.bad-bytes=error: no diagnostic has the code 'txt.bad-bytes'; did you mean "
                        "text.bad-bytes?\n" + help);
    const auto pattern = run_kifu("lint -W 'txt.*=off' search/shogi-broken.csa");
    CHECK(pattern.status == 2);
    CHECK(pattern.err == "kifu: error: -W txt.*=off: the pattern 'txt.*' matches no diagnostic code; did you mean "
                         "text.*?\n" + help);
    // The first bad -W stops the run before any input is read.
    const auto second = run_kifu("lint -W csa.syntax=warning -W 'nothing*here=off' search/shogi-broken.csa");
    CHECK(second.status == 2);
    CHECK(second.out.empty());
    CHECK(second.err.starts_with("kifu: error: -W nothing*here=off: the pattern 'nothing*here' matches no diagnostic code"));
}

TEST_CASE("cli_lint_w_patterns_and_the_last_w_wins", "[cli][lint]") {
    const auto plain = run_kifu("lint search/shogi-broken.csa");
    REQUIRE(plain.status == 1);
    REQUIRE(plain.out == "search/shogi-broken.csa:16:4: error: expected a square (two digits) [csa.syntax]\n");
    const auto warned = run_kifu("lint -W 'csa.*=warning' search/shogi-broken.csa");
    CHECK(warned.status == 0);
    CHECK(warned.out == "search/shogi-broken.csa:16:4: warning: expected a square (two digits) [csa.syntax]\n");
    const auto off = run_kifu("lint -W '*.syntax=off' search/shogi-broken.csa");
    CHECK(off.status == 0);
    CHECK(off.out.empty());
    const auto last = run_kifu("lint -W '*=off' -W csa.syntax=error search/shogi-broken.csa");
    CHECK(last.status == 1);
    CHECK(last.out == plain.out);
    const auto text = run_kifu("lint -W 'text.*=off' search/shogi-broken.csa");
    CHECK(text.status == 1);
}

// Every code the test records make kifu report is one -W accepts (the codes come from
// docs/diagnostics.md's table; a code missing there could not be changed).
TEST_CASE("cli_lint_w_accepts_every_code_reported", "[cli][lint]") {
    const auto all = run_kifu("lint --all --json --no-summary .");
    std::set<std::string> codes;
    std::size_t lines = 0;
    for (std::size_t at = 0; at < all.out.size();) {
        const std::size_t end = all.out.find('\n', at);
        codes.insert(nlohmann::json::parse(all.out.substr(at, end - at))["code"].get<std::string>());
        ++lines;
        at = end + 1;
    }
    CHECK(codes.size() >= 40);
    std::string options;
    for (const std::string& c : codes) options += " -W " + c + "=off";
    const auto silenced = run_kifu("lint --all --json --no-summary" + options + " .");
    INFO(silenced.err);
    CHECK(silenced.status == 0);
    CHECK(silenced.out.empty());
}
