// Usage errors: CLI11's message on stderr, nothing on stdout, exit status 2.

#include <catch2/catch.hpp>

#include <kifu/format.hpp>

#include "cli/run_kifu.hpp"

namespace {

std::string known_formats() {
    std::string known;
    for (const kifu::format_info& f : kifu::formats()) {
        known += known.empty() ? "" : ", ";
        known += f.name;
    }
    return known;
}

}  // namespace

TEST_CASE("kifu without a command is a usage error") {
    const auto r = kifu::test::run_kifu("");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "A subcommand is required\nRun with --help for more information.\n");
}

TEST_CASE("kifu convert without files is a usage error") {
    const auto r = kifu::test::run_kifu("convert");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "kifu: error: no input: give files, directories, - or --files-from\n"
                   "Run with --help for more information.\n");
}

TEST_CASE("kifu convert --pretty --jsonl is a usage error") {
    const auto r = kifu::test::run_kifu("convert --pretty --jsonl samples/x");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "--pretty excludes --jsonl\nRun with --help for more information.\n");
}

TEST_CASE("kifu convert to an unknown output format is a usage error") {
    const auto r = kifu::test::run_kifu("convert -t docx samples/x");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "--to: docx not in {jkf,sgf,csv,ggf,positions-csv,positions-jsonl,kif,kifu,ki2,ki2u,csa,csa-v2.2,usi,sfen,hcpe,psv}\nRun with --help for more information.\n");
}

TEST_CASE("an unknown input format is a usage error in every command") {
    const std::string expected = "kifu: error: unknown format 'xyz' (known formats: " + known_formats() +
                                 ")\nRun with --help for more information.\n";
    for (const char* args : {"convert -f xyz samples/x", "lint -f xyz samples/x", "trace -f xyz samples/x"}) {
        INFO(args);
        const auto r = kifu::test::run_kifu(args);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err == expected);
    }
}

TEST_CASE("kifu --version prints the version") {
    const auto r = kifu::test::run_kifu("--version");
    CHECK(r.status == 0);
    CHECK(r.out == "kifu " KIFU_CLI_VERSION "\n");
    CHECK(r.err.empty());
}
