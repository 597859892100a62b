#include <kifu/diagnostic.hpp>

#include <catch2/catch.hpp>

namespace {

kifu::diagnostic make(std::uint32_t line, std::uint32_t column, std::int32_t ply = -1) {
    kifu::diagnostic d;
    d.severity = kifu::severity::error;
    d.code = "csa.syntax";
    d.message = "expected a move";
    d.file = "game.csa";
    d.line = line;
    d.column = column;
    d.ply = ply;
    return d;
}

}  // namespace

TEST_CASE("to_string(severity) names each severity", "[diagnostic]") {
    CHECK(kifu::to_string(kifu::severity::note) == "note");
    CHECK(kifu::to_string(kifu::severity::warning) == "warning");
    CHECK(kifu::to_string(kifu::severity::error) == "error");
}

TEST_CASE("format_gcc writes file:line:col: severity: message and the code in brackets", "[diagnostic]") {
    CHECK(kifu::format_gcc(make(12, 5)) == "game.csa:12:5: error: expected a move [csa.syntax]");
    CHECK(kifu::format_gcc(make(12, 0)) == "game.csa:12: error: expected a move [csa.syntax]");
    CHECK(kifu::format_gcc(make(0, 0)) == "game.csa: error: expected a move [csa.syntax]");
    // A column without a line is meaningless: both go.
    CHECK(kifu::format_gcc(make(0, 7)) == "game.csa: error: expected a move [csa.syntax]");
}

TEST_CASE("format_gcc puts the ply before the code", "[diagnostic]") {
    CHECK(kifu::format_gcc(make(3, 1, 0)) == "game.csa:3:1: error: expected a move (ply 0) [csa.syntax]");
    kifu::diagnostic d = make(40, 2, 37);
    d.severity = kifu::severity::warning;
    d.code = "shogi.illegal.two-pawns";
    d.message = "two pawns on file 5";
    CHECK(kifu::format_gcc(d) == "game.csa:40:2: warning: two pawns on file 5 (ply 37) [shogi.illegal.two-pawns]");
    d.severity = kifu::severity::note;
    d.code.clear();
    CHECK(kifu::format_gcc(d) == "game.csa:40:2: note: two pawns on file 5 (ply 37)");
}

TEST_CASE("format_json writes one compact object, ply only when set", "[diagnostic]") {
    CHECK(kifu::format_json(make(12, 5)) ==
          R"({"severity":"error","code":"csa.syntax","message":"expected a move","file":"game.csa","line":12,"column":5})");
    kifu::diagnostic d = make(0, 0, 7);
    d.severity = kifu::severity::note;
    d.message = "say \"hi\"\n";
    d.file = "C:\\棋譜\\a.kif";
    CHECK(kifu::format_json(d) ==
          R"({"severity":"note","code":"csa.syntax","message":"say \"hi\"\n","file":"C:\\棋譜\\a.kif","line":0,"column":0,"ply":7})");
}

TEST_CASE("has_error looks for an error among the diagnostics", "[diagnostic]") {
    std::vector<kifu::diagnostic> list;
    CHECK_FALSE(kifu::has_error(list));
    kifu::diagnostic note = make(1, 1);
    note.severity = kifu::severity::note;
    kifu::diagnostic warning = make(1, 1);
    warning.severity = kifu::severity::warning;
    list = {note, warning};
    CHECK_FALSE(kifu::has_error(list));
    list.push_back(make(2, 2));
    CHECK(kifu::has_error(list));

    // Only the diagnostics added after the first `since` count.
    CHECK(kifu::has_error_since(list, 0));
    CHECK(kifu::has_error_since(list, 2));
    CHECK_FALSE(kifu::has_error_since(list, 3));
    CHECK_FALSE(kifu::has_error_since(list, 9));
    list.push_back(warning);
    CHECK_FALSE(kifu::has_error_since(list, 3));
}

TEST_CASE("printable shows control characters as escapes and keeps the rest", "[diagnostic]") {
    CHECK(kifu::printable("") == "");
    CHECK(kifu::printable("C:\\棋譜\\a.kif") == "C:\\棋譜\\a.kif");
    CHECK(kifu::printable("a\x1b]0;pwned\x07\x1b[2Jb") == "a\\x1b]0;pwned\\x07\\x1b[2Jb");
    CHECK(kifu::printable(std::string("\0\t\n\r\x7f", 5)) == "\\x00\\x09\\x0a\\x0d\\x7f");
    // C1 controls in UTF-8 (U+009B is a one-byte CSI on some terminals); U+00A0 and up stay.
    CHECK(kifu::printable("x\xc2\x9by\xc2\x80z\xc2\xa0") == "x\\u009by\\u0080z\xc2\xa0");
    CHECK(kifu::printable("\xc2") == "\xc2");  // a cut sequence is not a control
}

TEST_CASE("format_gcc shows the file and message through printable", "[diagnostic]") {
    kifu::diagnostic d = make(3, 1);
    d.file = "n\x1b[31mame.kif";
    d.message = "cannot read the summary '\x1b]0;pwned\x07'";
    CHECK(kifu::format_gcc(d) == "n\\x1b[31mame.kif:3:1: error: cannot read the summary '\\x1b]0;pwned\\x07' [csa.syntax]");
}
