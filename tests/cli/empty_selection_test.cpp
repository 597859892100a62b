// A selection with no input: a folder without a file of a registered extension, an empty
// --files-from list. It was a silent success (exit 0, nothing printed off a terminal) and
// `convert -o out emptydir` made an empty out/.

#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "cli/run_kifu.hpp"

namespace {

namespace fs = std::filesystem;
using kifu::test::run_kifu;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

// A folder holding only a file no format claims by its extension.
fs::path folder_without_records(const std::string& name) {
    const fs::path dir = kifu::test::scratch_dir(name) / "notes";
    fs::create_directories(dir);
    std::ofstream(dir / "readme.txt") << "not a record\n";
    return dir;
}

std::string warning_of(const fs::path& dir) {
    return dir.string() +
           ": warning: the directory holds no file with an extension kifu reads (.kif, .csa, .sgf, .ggf, ...); nothing is "
           "read from it (--all reads every file, detected by content) [io.empty-selection]\n";
}

}  // namespace

TEST_CASE("cli_lint_of_a_folder_without_records_warns_and_fails", "[cli][batch]") {
    const fs::path dir = folder_without_records("lint-empty");
    const auto r = run_kifu("lint " + quoted(dir));
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(r.err == warning_of(dir));
    // With a record beside it, the folder is still named, but the run is judged by the record.
    const auto mixed = run_kifu("lint " + quoted(dir) + " samples/yagura-castle.kif");
    CHECK(mixed.status == 0);
    CHECK(mixed.err == warning_of(dir));
    // An empty list of inputs too.
    const auto list = run_kifu("lint --files-from -", "/dev/null");
    CHECK(list.status == 1);
    CHECK(list.err == "<stdin>: warning: the list names no input [io.empty-selection]\n");
    // --all reads every file: then there is something to read (here, not a record).
    const auto all = run_kifu("lint --all " + quoted(dir));
    CHECK(all.status == 1);
    CHECK(all.err.empty());
    CHECK(all.out.find("[read.undetected-format]") != std::string::npos);
}

TEST_CASE("cli_convert_of_a_folder_without_records_makes_no_output_folder", "[cli][batch]") {
    const fs::path dir = folder_without_records("convert-empty");
    const fs::path out = dir.parent_path() / "out";
    const auto r = run_kifu("convert -o " + quoted(out) + " " + quoted(dir));
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(r.err == warning_of(dir) + "kifu convert: no input file selected; nothing is written\n");
    CHECK_FALSE(fs::exists(out));
    const auto to_stdout = run_kifu("convert " + quoted(dir));
    CHECK(to_stdout.status == 1);
    CHECK(to_stdout.out.empty());
}

TEST_CASE("cli_index_of_a_folder_without_records_fails_and_creates_nothing", "[cli][batch][search]") {
    const fs::path dir = folder_without_records("index-empty");
    const fs::path db = dir.parent_path() / "games.kdb";
    const auto r = run_kifu("index " + quoted(db) + " " + quoted(dir));
    CHECK(r.status == 1);
    CHECK(r.err.starts_with(warning_of(dir) + "kifu index: 0 files read"));
    CHECK_FALSE(fs::exists(db));
}
