// kifu trace: the format's own trace of its grammar on the decoded input, whole.

#include <catch2/catch.hpp>

#include <kifu/format.hpp>
#include <kifu/text.hpp>

#include "cli/run_kifu.hpp"

namespace {

// What the library's trace of `format` gives for a file of tests/data.
std::string library_trace(const char* format_name, const std::string& file, bool& parsed) {
    const kifu::format_info* format = kifu::find_format(format_name);
    REQUIRE(format != nullptr);
    REQUIRE(format->has_grammar);
    const std::string bytes = kifu::test::slurp(kifu::test::data_dir() / file);
    kifu::decode_options options;
    options.forced = kifu::detect(bytes, *format).encoding;
    std::vector<kifu::diagnostic> diagnostics;
    const kifu::source_text text = kifu::decode(file, bytes, options, diagnostics);
    REQUIRE(diagnostics.empty());
    std::string out;
    parsed = kifu::trace(text, *format, out);
    return out;
}

}  // namespace

TEST_CASE("kifu trace prints the grammar's trace of a file it matches") {
    bool parsed = false;
    const std::string expected = library_trace("csa", "cli/shift-jis.csa", parsed);
    REQUIRE(parsed);
    CHECK(expected.rfind("file 1:1\n", 0) == 0);  // the .peg's rule names, line:column
    CHECK(expected.find("kifu::grammar::") == std::string::npos);
    const auto r = kifu::test::run_kifu("trace -f csa cli/shift-jis.csa");
    CHECK(r.status == 0);
    CHECK(r.out == expected);
    CHECK(r.err.empty());
}

TEST_CASE("kifu trace exits 1 when the grammar does not match") {
    bool parsed = true;
    const std::string expected = library_trace("csa", "samples/short-9x9.sgf", parsed);
    REQUIRE(!parsed);
    const auto r = kifu::test::run_kifu("trace -f csa samples/short-9x9.sgf");
    CHECK(r.status == 1);
    CHECK(r.out == expected);
    CHECK(r.err.empty());
}

TEST_CASE("kifu trace of a format without a grammar is a usage error") {
    REQUIRE(kifu::find_format("jkf") != nullptr);
    REQUIRE(!kifu::find_format("jkf")->has_grammar);
    const auto r = kifu::test::run_kifu("trace -f jkf samples/bishop-exchange.jkf");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "kifu: error: format 'jkf' has no grammar to trace\n");
}
