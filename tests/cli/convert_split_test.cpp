// kifu convert -o DIR --keep-ext (outputs named after the whole input name, so that a.csa and
// a.jkf of one folder can both be written) and --split (one file per game: a one-game target
// such as -t kif takes a file of many games).

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cli/run_kifu.hpp"

namespace {

namespace fs = std::filesystem;
using kifu::test::run_kifu;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

std::vector<std::string> names_in(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace

TEST_CASE("cli_convert_keep_ext_writes_clashing_stems_apart", "[cli][convert]") {
    const fs::path dir = kifu::test::scratch_dir("keep-ext");
    fs::create_directories(dir / "in");
    fs::copy_file(kifu::test::data_dir() / "samples/yagura-opening.csa", dir / "in/a.csa");
    fs::copy_file(kifu::test::data_dir() / "samples/bishop-exchange.jkf", dir / "in/a.jkf");
    const auto clash = run_kifu("convert -o " + quoted(dir / "out") + " " + quoted(dir / "in"));
    CHECK(clash.status == 1);
    CHECK(clash.err == "kifu: error: " + (dir / "in/a.csa").string() + " and " + (dir / "in/a.jkf").string() +
                           " would both be written to " + (dir / "out/a").string() +
                           ".* (--keep-ext keeps their extensions apart)\n");
    CHECK_FALSE(fs::exists(dir / "out"));
    const auto kept = run_kifu("convert -o " + quoted(dir / "out") + " --keep-ext " + quoted(dir / "in"));
    CHECK(kept.status == 0);
    CHECK(names_in(dir / "out") == std::vector<std::string>{"a.csa.jkf", "a.jkf.jkf"});
    CHECK(kifu::test::slurp(dir / "out/a.csa.jkf") == run_kifu("convert " + quoted(dir / "in/a.csa")).out);
    const auto no_dir = run_kifu("convert --keep-ext " + quoted(dir / "in"));
    CHECK(no_dir.status == 2);
    CHECK(no_dir.err == "kifu: error: --keep-ext applies to -o DIR only\nRun with --help for more information.\n");
}

TEST_CASE("cli_convert_split_writes_one_file_per_game", "[cli][convert]") {
    const fs::path out = kifu::test::scratch_dir("split") / "out";
    // KIF holds one game per file: a CSA file of two games is refused whole...
    CHECK(run_kifu("convert -t kif -o " + quoted(out) + " search/shogi-two-games.csa").status == 2);
    // ...and written game by game with --split.
    const auto r = run_kifu("convert -t kifu -o " + quoted(out) + " --split search/shogi-two-games.csa search/shogi-a.csa");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(names_in(out) ==
          std::vector<std::string>{"shogi-a.1.kifu", "shogi-two-games.1.kifu", "shogi-two-games.2.kifu"});
    // Each file holds one game, in the file's order.
    const std::string first = kifu::test::slurp(out / "shogi-two-games.1.kifu");
    const std::string second = kifu::test::slurp(out / "shogi-two-games.2.kifu");
    CHECK(first.starts_with("先手：Sente C\n"));
    CHECK(second.starts_with("先手：Sente A\n"));
    CHECK(first.find("先手：Sente A") == std::string::npos);
    // Outputs that exist are refused before anything is written, as without --split.
    const auto again = run_kifu("convert -t kifu -o " + quoted(out) + " --split search/shogi-two-games.csa");
    CHECK(again.status == 1);
    CHECK(again.err == "kifu: error: " + (out / "shogi-two-games.1.kifu").string() +
                           " exists (an output of search/shogi-two-games.csa with --split); --force overwrites\n"
                           "kifu: error: " + (out / "shogi-two-games.2.kifu").string() +
                           " exists (an output of search/shogi-two-games.csa with --split); --force overwrites\n");
    CHECK(run_kifu("convert -t kifu -o " + quoted(out) + " --split --force search/shogi-two-games.csa").status == 0);
    CHECK(run_kifu("convert --split search/shogi-two-games.csa").status == 2);
}
