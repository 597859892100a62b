// kifu convert: framing of the output (one document, JSON Lines, files in -o DIR), stdin,
// strict and lenient reading, diagnostics on stderr. The expected JSON and diagnostics come
// from the library itself (the formats' own tests check those): here the whole stdout and
// stderr of the program must be exactly the library's results, framed as documented.

#include <catch2/catch.hpp>

#include <fstream>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>

#include "cli/run_kifu.hpp"
#include "support/diagnostics.hpp"

namespace {

kifu::read_result library_read(const std::string& file, kifu::read_mode mode = kifu::read_mode::strict,
                               const std::string& name = {}) {
    kifu::read_options options;
    options.mode = mode;
    if (name.empty()) {
        return kifu::read_file(kifu::test::data_dir() / file, options);
    }
    return kifu::read_buffer(kifu::test::slurp(kifu::test::data_dir() / file), name, options);
}

// The JKF of every record, one compact record per line.
std::string jsonl(const kifu::read_result& r) {
    std::string out;
    for (const kifu::record& game : r.records) {
        out += kifu::to_jkf(game) + "\n";
    }
    return out;
}

// The program names inputs as given on its command line.
std::string gcc_lines(const kifu::read_result& r, const std::string& file) {
    return kifu::test::gcc_lines(r.diagnostics, file);
}

}  // namespace

TEST_CASE("kifu convert writes one JKF document for a one-game file") {
    const auto lib = library_read("samples/short-9x9.sgf");
    REQUIRE(lib.records.size() == 1);
    REQUIRE(lib.ok());
    const auto r = kifu::test::run_kifu("convert samples/short-9x9.sgf");
    CHECK(r.status == 0);
    CHECK(r.out == kifu::to_jkf(lib.records[0]) + "\n");
    CHECK(r.err.empty());

    const auto pretty = kifu::test::run_kifu("convert --pretty samples/short-9x9.sgf");
    CHECK(pretty.status == 0);
    CHECK(pretty.out == kifu::to_jkf(lib.records[0], {.pretty = true}) + "\n");
    CHECK(pretty.err.empty());
}

TEST_CASE("kifu convert writes JSON Lines for a file of several games, inputs in order") {
    const auto one = library_read("samples/short-9x9.sgf");
    const auto two = library_read("cli/two-games.sgf");
    REQUIRE(two.records.size() == 2);
    const auto r = kifu::test::run_kifu("convert --pretty cli/two-games.sgf samples/short-9x9.sgf");
    CHECK(r.status == 0);
    CHECK(r.out == jsonl(two) + kifu::to_jkf(one.records[0], {.pretty = true}) + "\n");
    CHECK(r.err.empty());
}

TEST_CASE("kifu convert reads stdin for -") {
    const auto lib = library_read("cli/broken-second-game.sgf", kifu::read_mode::strict, "<stdin>");
    REQUIRE(!lib.ok());
    const auto r = kifu::test::run_kifu("convert -", "cli/broken-second-game.sgf");
    CHECK(r.status == 1);
    CHECK(r.out == jsonl(lib));
    CHECK(r.err == gcc_lines(lib, "<stdin>"));
}

TEST_CASE("kifu convert is strict unless --lenient, and writes what it could read") {
    const auto strict = library_read("cli/broken-second-game.sgf");
    const auto lenient = library_read("cli/broken-second-game.sgf", kifu::read_mode::lenient);
    REQUIRE(!strict.ok());
    REQUIRE(strict.records.size() < lenient.records.size());

    const auto r = kifu::test::run_kifu("convert cli/broken-second-game.sgf");
    CHECK(r.status == 1);
    CHECK(r.out == (strict.records.size() == 1 ? kifu::to_jkf(strict.records[0]) + "\n" : jsonl(strict)));
    CHECK(r.err == gcc_lines(strict, "cli/broken-second-game.sgf"));

    const auto l = kifu::test::run_kifu("convert --lenient cli/broken-second-game.sgf");
    CHECK(l.status == 1);
    CHECK(l.out == jsonl(lenient));
    CHECK(l.err == gcc_lines(lenient, "cli/broken-second-game.sgf"));
}

TEST_CASE("kifu convert -o DIR writes <stem>.jkf or <stem>.jsonl per input") {
    const auto dir = kifu::test::scratch_dir("convert-o") / "out";  // created by kifu
    const auto one = library_read("samples/short-9x9.sgf");
    const auto two = library_read("cli/two-games.sgf");

    const auto r = kifu::test::run_kifu("convert -o '" + dir.string() + "' samples/short-9x9.sgf cli/two-games.sgf");
    CHECK(r.status == 0);
    CHECK(r.out.empty());
    CHECK(r.err.empty());
    CHECK(kifu::test::slurp(dir / "short-9x9.jkf") == kifu::to_jkf(one.records[0]) + "\n");
    CHECK(kifu::test::slurp(dir / "two-games.jsonl") == jsonl(two));

    const auto lines = kifu::test::run_kifu("convert --force --jsonl -o '" + dir.string() + "' samples/short-9x9.sgf");
    CHECK(lines.status == 0);
    CHECK(kifu::test::slurp(dir / "short-9x9.jsonl") == jsonl(one));

    const auto in = kifu::test::run_kifu("convert -o '" + dir.string() + "' -", "samples/short-9x9.sgf");
    CHECK(in.status == 0);
    CHECK(kifu::test::slurp(dir / "stdin.jkf") == kifu::to_jkf(one.records[0]) + "\n");
}

TEST_CASE("kifu convert -o DIR never overwrites an output of the same run") {
    const auto dir = kifu::test::scratch_dir("convert-collision");
    const auto r = kifu::test::run_kifu("convert -o '" + dir.string() + "' cli/two-games.sgf cli/two-games.sgf");
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(r.err == "kifu: error: cli/two-games.sgf and cli/two-games.sgf would both be written to " +
                       (dir / "two-games").string() + ".*\n");
    CHECK(std::filesystem::is_empty(dir));
}

TEST_CASE("kifu convert and lint -e decode text inputs from the encoding given, over a declared one") {
    // UTF-8 bytes that declare UTF-8: read as ISO-8859-1 when told, each byte one character.
    const auto file = kifu::test::scratch_dir("encoding") / "declared-utf8.sgf";
    std::ofstream(file, std::ios::binary) << "(;GM[1]SZ[9]CA[UTF-8]PB[M\xC3\xB6ller];B[ee])";
    const std::string tail = R"("initial":{"size":{"x":9,"y":9}},"moves":[{},{"move":{"color":0,"to":{"x":5,"y":5}}}],)"
                             R"("prisoners":{"black":0,"white":0}})"
                             "\n";
    const auto detected = kifu::test::run_kifu("convert '" + file.string() + "'");
    CHECK(detected.status == 0);
    CHECK(detected.out == R"({"game":"go","header":{"GM":"1","SZ":"9","CA":"UTF-8","PB":"M)" "\xC3\xB6" R"(ller"},)" + tail);
    const auto forced = kifu::test::run_kifu("convert -e ISO-8859-1 '" + file.string() + "'");
    CHECK(forced.status == 0);
    CHECK(forced.err.empty());
    CHECK(forced.out == R"({"game":"go","header":{"GM":"1","SZ":"9","CA":"UTF-8","PB":"M)" "\xC3\x83\xC2\xB6" R"(ller"},)" + tail);
    // An encoding iconv does not know is the input's error (it is read as UTF-8).
    const auto unknown = kifu::test::run_kifu("lint --encoding NO-SUCH-CODE '" + file.string() + "'");
    CHECK(unknown.status == 1);
    CHECK(unknown.out == file.string() + ": error: unknown encoding \"NO-SUCH-CODE\"; read as UTF-8 [text.unknown-encoding]\n");
}
