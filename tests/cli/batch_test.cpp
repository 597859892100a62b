// kifu convert and lint over collections: directories, --files-from, -o DIR mirroring the
// input tree, the overwrite rule, -j determinism, the summary, and the pipe problems
// (GGF and WTHOR on stdin, a full disk).

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <kifu/read.hpp>
#include <kifu/record.hpp>

#include "cli/run_kifu.hpp"

namespace {

std::string jkf_of(const std::string& file) {
    const kifu::read_result r = kifu::read_file(kifu::test::data_dir() / file);
    REQUIRE(r.records.size() == 1);
    return kifu::to_jkf(r.records.front()) + "\n";
}

std::string quoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

}  // namespace

TEST_CASE("kifu convert DIR reads the known extensions below it, sorted by path") {
    const auto r = kifu::test::run_kifu("convert -j 1 cli/tree");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out == jkf_of("cli/tree/a/game.kif") + jkf_of("cli/tree/b/c/short.SGF") + jkf_of("cli/tree/b/game.csa"));
}

TEST_CASE("kifu convert --all DIR reads every file, detected by content") {
    const auto r = kifu::test::run_kifu("convert --all -j 1 cli/tree");
    CHECK(r.status == 1);
    CHECK(r.out == jkf_of("cli/tree/README") + jkf_of("cli/tree/a/game.kif") + jkf_of("cli/tree/b/c/short.SGF") +
                       jkf_of("cli/tree/b/game.csa"));
    CHECK(r.err == "cli/tree/notes.txt: error: cannot tell the format of the input (give it with a format option) "
                   "[read.undetected-format]\n");
}

TEST_CASE("kifu convert --files-from reads the listed inputs after the arguments") {
    const auto dir = kifu::test::scratch_dir("files-from");
    std::ofstream(dir / "list") << "cli/tree/b/game.csa\n\nsamples/short-9x9.sgf\r\n";
    const auto r = kifu::test::run_kifu("convert cli/tree/a/game.kif --files-from " + quoted(dir / "list"));
    CHECK(r.status == 0);
    CHECK(r.out == jkf_of("cli/tree/a/game.kif") + jkf_of("cli/tree/b/game.csa") + jkf_of("samples/short-9x9.sgf"));

    const auto in = kifu::test::run_kifu("convert --files-from -", (dir / "list").string());
    CHECK(in.out == jkf_of("cli/tree/b/game.csa") + jkf_of("samples/short-9x9.sgf"));

    const auto missing = kifu::test::run_kifu("convert --files-from cli/no-list");
    CHECK(missing.status == 1);
    CHECK(missing.err == "cli/no-list: error: cannot open the list of inputs [io.open]\n"
                         "kifu convert: no input file selected; nothing is written\n");
}

TEST_CASE("kifu convert -o DIR mirrors the tree below each directory argument") {
    const auto out = kifu::test::scratch_dir("mirror") / "out";
    const auto r = kifu::test::run_kifu("convert -o " + quoted(out) + " cli/tree samples/yagura-castle.kif");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(kifu::test::slurp(out / "a/game.jkf") == jkf_of("cli/tree/a/game.kif"));
    CHECK(kifu::test::slurp(out / "b/game.jkf") == jkf_of("cli/tree/b/game.csa"));
    CHECK(kifu::test::slurp(out / "b/c/short.jkf") == jkf_of("cli/tree/b/c/short.SGF"));
    CHECK(kifu::test::slurp(out / "yagura-castle.jkf") == jkf_of("samples/yagura-castle.kif"));
}

TEST_CASE("kifu convert -o DIR refuses existing outputs before writing anything, unless --force") {
    const auto out = kifu::test::scratch_dir("overwrite");
    std::filesystem::create_directories(out / "b");
    std::ofstream(out / "b/game.jkf") << "kept";
    const auto r = kifu::test::run_kifu("convert -o " + quoted(out) + " cli/tree");
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(r.err == "kifu: error: " + (out / "b/game.jkf").string() +
                       " exists (the output of cli/tree/b/game.csa); --force overwrites\n");
    CHECK(kifu::test::slurp(out / "b/game.jkf") == "kept");
    CHECK_FALSE(std::filesystem::exists(out / "a/game.jkf"));  // nothing written, not even the others

    const auto forced = kifu::test::run_kifu("convert --force -o " + quoted(out) + " cli/tree");
    CHECK(forced.status == 0);
    CHECK(kifu::test::slurp(out / "b/game.jkf") == jkf_of("cli/tree/b/game.csa"));
    CHECK(kifu::test::slurp(out / "a/game.jkf") == jkf_of("cli/tree/a/game.kif"));
}

TEST_CASE("kifu convert and lint give the same bytes with -j 1 and -j 4") {
    const std::string inputs = "cli samples cli/tree/b/game.csa cli/missing.csa - cli/broken-second-game.sgf";
    for (const std::string command : {"convert --lenient", "convert --jsonl", "convert -t sgf", "lint",
                                      "lint --format json", "lint --format sarif"}) {
        INFO(command);
        const auto one = kifu::test::run_kifu(command + " -j 1 " + inputs, "samples/yagura-opening.csa");
        const auto four = kifu::test::run_kifu(command + " -j 4 " + inputs, "samples/yagura-opening.csa");
        CHECK(one.status == four.status);
        CHECK_FALSE(one.out.empty());
        CHECK(one.out == four.out);
        CHECK(one.err == four.err);
    }
    const auto dir1 = kifu::test::scratch_dir("j1");
    const auto dir4 = kifu::test::scratch_dir("j4");
    kifu::test::run_kifu("convert -j 1 -o " + quoted(dir1) + " cli/tree samples");
    kifu::test::run_kifu("convert -j 4 -o " + quoted(dir4) + " cli/tree samples");
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir1)) {
        if (!entry.is_regular_file()) continue;
        ++files;
        const auto relative = std::filesystem::relative(entry.path(), dir1);
        CHECK(kifu::test::slurp(entry.path()) == kifu::test::slurp(dir4 / relative));
    }
    CHECK(files == 8);
}

TEST_CASE("kifu convert prints the summary line with --summary, as JSON with --json") {
    const auto r = kifu::test::run_kifu("convert --summary cli/tree cli/missing.csa");
    CHECK(r.status == 1);
    CHECK(r.err == "cli/missing.csa: error: cannot open the file: No such file or directory [io.open]\n"
                   "kifu: 4 files, 3 games, 34 moves; 1 error (io.open 1); 0 warnings\n");
    const auto j = kifu::test::run_kifu("convert --json -t sgf samples/short-9x9.sgf samples/yagura-castle.kif");
    CHECK(j.status == 2);
    CHECK(j.err == "kifu: error: samples/yagura-castle.kif: game 1 is a shogi game; -t sgf writes go games only\n"
                   "{\"files\":2,\"games\":2,\"moves\":21,\"bytes\":" +
                       std::to_string(std::filesystem::file_size(kifu::test::data_dir() / "samples/short-9x9.sgf") +
                                      std::filesystem::file_size(kifu::test::data_dir() / "samples/yagura-castle.kif")) +
                       ",\"errors\":{},\"warnings\":{},\"notes\":{}}\n");
}

TEST_CASE("GGF on stdin is detected as GGF, not SGF") {
    const auto r = kifu::test::run_kifu("detect -", "samples/othello-opening.ggf");
    CHECK(r.status == 0);
    CHECK(r.out == "<stdin>: ggf UTF-8\n");
    const auto c = kifu::test::run_kifu("convert -t ggf -", "samples/othello-opening.ggf");
    CHECK(c.status == 0);
    CHECK(c.err.empty());
}

TEST_CASE("a WTHOR stream on stdin is named <stdin> in messages") {
    const auto r = kifu::test::run_kifu("lint -", "fuzz/wthor/two-games.wtb");
    CHECK(r.status == 0);
    CHECK(r.out == "<stdin>: warning: no WTHOR.JOU and WTHOR.TRN beside the game file: games carry numbers "
                   "instead of names (give them with --names DIR or --jou/--trn) [wthor.names-missing]\n");
}

TEST_CASE("a lost output is exit 1 with a message: kifu convert, lint and detect > /dev/full") {
    if (!std::filesystem::exists("/dev/full")) return;
    for (const char* command : {"convert samples/short-9x9.sgf", "convert -t csv samples/othello-opening.ggf",
                                "lint cli/broken-second-game.sgf", "detect samples/short-9x9.sgf"}) {
        INFO(command);
        const auto dir = kifu::test::scratch_dir("full");
        const std::string shell = "cd '" + kifu::test::data_dir().string() + "' && '" KIFU_CLI_PATH "' " + command +
                                  " >/dev/full 2>'" + (dir / "err").string() + "'";
        const int raw = std::system(shell.c_str());
        CHECK(WIFEXITED(raw));
        CHECK(WEXITSTATUS(raw) == 1);
        CHECK(kifu::test::slurp(dir / "err").ends_with("kifu: error: cannot write the output: No space left on device\n"));
    }
}

TEST_CASE("kifu convert -o DIR reports an output file it cannot write, in input order") {
    const auto out = kifu::test::scratch_dir("unwritable");
    std::filesystem::create_directories(out / "game.jkf");  // a folder where the file should go
    const auto r = kifu::test::run_kifu("convert -j 2 --force -o " + quoted(out) +
                                        " cli/missing.csa cli/tree/a/game.kif samples/short-9x9.sgf");
    CHECK(r.status == 1);
    CHECK(r.err == "cli/missing.csa: error: cannot open the file: No such file or directory [io.open]\n"
                   "kifu: error: cannot write " + (out / "game.jkf").string() + ": Is a directory\n");
    CHECK(kifu::test::slurp(out / "short-9x9.jkf") == jkf_of("samples/short-9x9.sgf"));
}
