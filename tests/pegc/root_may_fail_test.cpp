// kifu-pegc's root_may_fail: false only for a grammar whose root, on valid UTF-8, matches or
// raises but never fails plainly (then peg_support.hpp keeps no furthest point, which only the
// message of a plain failure needs). Checked on random valid texts and every prefix of them:
// such a root never returns false. The cases are tests/pegc/cases/{cannot_fail,may_fail}.

#include <string>
#include <string_view>

#include <tao/pegtl.hpp>

#include "../../generated/csa.hpp"
#include "../../generated/ggf.hpp"
#include "../../generated/ki2.hpp"
#include "../../generated/kif.hpp"
#include "../../generated/nhk.hpp"
#include "../../generated/sgf.hpp"
#include "cases/cannot_fail/expected.hpp"
#include "cases/may_fail/expected.hpp"
#include "random_prefixes.hpp"

#include <catch2/catch.hpp>

namespace {

enum class outcome { matched, failed, raised };

template <typename Root>
outcome parse(std::string_view text) {
    tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy> in(text.data(), text.size(), "test");
    try {
        return tao::pegtl::parse<Root>(in) ? outcome::matched : outcome::failed;
    } catch (const tao::pegtl::parse_error&) {
        return outcome::raised;
    }
}

// Runs the root on random valid texts of `pieces`; returns the first prefix it fails plainly
// on ("" when none), and counts how often it matched and raised (both must happen, else the
// pieces test too little).
template <typename Root>
std::string first_plain_failure(std::vector<std::string> pieces, int& matched, int& raised) {
    kifu::test::random_texts spec;
    spec.pieces = std::move(pieces);
    spec.whole_characters = true;
    spec.count = 1500;
    std::string failing;
    kifu::test::for_every_prefix(spec, [&](const std::string& text) {
        switch (parse<Root>(text)) {
            case outcome::matched: ++matched; return true;
            case outcome::raised: ++raised; return true;
            case outcome::failed: failing = text.empty() ? std::string("(empty)") : text; return false;
        }
        return false;
    });
    return failing;
}

}  // namespace

TEST_CASE("root_may_fail is false only where kifu-pegc proved it", "[pegc][root_may_fail]") {
    CHECK_FALSE(kifu::grammar::cannot_fail::traits::root_may_fail);
    CHECK(kifu::grammar::may_fail::traits::root_may_fail);
    // The shipped grammars: the token streams, NHK's cut after the magic line and the shogi
    // grammars' lines (`!eof ^ …`: a line fails only at the end) cannot fail plainly.
    CHECK_FALSE(kifu::grammar::sgf::traits::root_may_fail);
    CHECK_FALSE(kifu::grammar::ggf::traits::root_may_fail);
    CHECK_FALSE(kifu::grammar::nhk::traits::root_may_fail);
    CHECK_FALSE(kifu::grammar::csa::traits::root_may_fail);
    CHECK_FALSE(kifu::grammar::kif::traits::root_may_fail);
    CHECK_FALSE(kifu::grammar::ki2::traits::root_may_fail);
}

TEST_CASE("a root flagged root_may_fail = false never fails plainly", "[pegc][root_may_fail]") {
    int matched = 0;
    int raised = 0;
    SECTION("cannot_fail") {
        CHECK(first_plain_failure<kifu::grammar::cannot_fail::file>(
                  {"%", "1", "2", ";", ".", "a", "z", "!", " ", "?", "\n", "同", "é"}, matched, raised) == "");
        CHECK(raised > 0);
    }
    SECTION("sgf") {
        CHECK(first_plain_failure<kifu::grammar::sgf::file>(
                  {"(", ")", ";", "B", "AB", "[", "]", "\\", "aa", " ", "\n", "x", "同", "é"}, matched, raised) == "");
        CHECK(raised > 0);
    }
    SECTION("nhk") {
        CHECK(first_plain_failure<kifu::grammar::nhk::file>(
                  {"NIP100;", "NIP100;\n", "\r", "\n", "END", "A=", "b;", ";", "=", "同", "\xEF\xBB\xBF"}, matched, raised) == "");
        CHECK(raised > 0);
    }
    SECTION("kif") {
        CHECK(first_plain_failure<kifu::grammar::kif::file>(
                  {"   1 ", "７六", "同\u3000", "歩", "成", "(77)", "打", "投了", " ( 0:16/00:00:16)", "(", ":", "1", "\n",
                   "\r", "*", "手合割：平手", "変化：", "まで", "#", " ", "x"},
                  matched, raised) == "");
        CHECK(raised > 0);
    }
    SECTION("ki2") {
        CHECK(first_plain_failure<kifu::grammar::ki2::file>(
                  {"▲", "△", "７六歩", "同\u3000銀", "右", "成", "\n", "\r", "*", "手合割：平手", "変化：", "まで", " ", "x"},
                  matched, raised) == "");
        CHECK(raised > 0);
    }
    SECTION("csa") {
        CHECK(first_plain_failure<kifu::grammar::csa::file>(
                  {"V2.2\n", "PI\n", "+\n", "+7776FU", "-3334FU", ",", "T12", "%TORYO", "'", "N+", "$", "\n", "\r", " ", "x"},
                  matched, raised) == "");
        CHECK(raised > 0);
    }
    SECTION("ggf (no cut: it never raises either)") {
        CHECK(first_plain_failure<kifu::grammar::ggf::file>(
                  {"(;", ";)", "(", ")", ";", "[", "]", "A", "BO", " ", "\n", "x", "同"}, matched, raised) == "");
    }
    CHECK(matched > 0);
}

TEST_CASE("the random texts find a plain failure where there is one", "[pegc][root_may_fail]") {
    int matched = 0;
    int raised = 0;
    CHECK(first_plain_failure<kifu::grammar::may_fail::file>({"1", "y", "x", "a", " ", "同"}, matched, raised) != "");
    CHECK(matched > 0);
}

TEST_CASE("a root flagged root_may_fail = true can fail plainly", "[pegc][root_may_fail]") {
    CHECK(parse<kifu::grammar::may_fail::file>("ab1x 12 ") == outcome::matched);
    CHECK(parse<kifu::grammar::may_fail::file>("1y") == outcome::failed);
    CHECK(parse<kifu::grammar::may_fail::file>("1234") == outcome::failed);
}
