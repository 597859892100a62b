// The progress bar and summary of `kifu convert`: shown only when stderr is a terminal
// unless forced. Pipes see none (the whole-stderr checks of io_test.cpp cover that); here util-linux `script` gives
// the program a pseudo-terminal, which shows stdout and stderr together with CR LF ends.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <regex>

#include "cli/run_kifu.hpp"

namespace {

// Replaces the rate and the ETA of progress bars ("12.3 MB/s  ETA 4s") by "R MB/s  ETA T":
// they depend on the machine's speed.
std::string without_timing(std::string s) {
    return std::regex_replace(s, std::regex(R"([0-9.]+ MB/s  ETA ([0-9]+s|-))"), "R MB/s  ETA T");
}

}  // namespace

TEST_CASE("kifu convert shows a progress bar and the summary on a terminal") {
    if (std::system("command -v script >/dev/null 2>&1") != 0) {
        std::cout << "KIFU-SKIP: util-linux script is not installed" << std::endl;
        return;
    }
    const auto dir = kifu::test::scratch_dir("progress");
    const std::string command = "cd '" + kifu::test::data_dir().string() + "' && script -qec \"'" KIFU_CLI_PATH
                                "' convert -j 1 cli/not-a-record.txt cli/missing.csa samples/short-9x9.sgf\" "
                                "/dev/null </dev/null >'" +
                                (dir / "tty").string() + "'";
    const int raw = std::system(command.c_str());
    CHECK(WIFEXITED(raw));
    const std::string clear = "\r\x1b[K";
    const std::string tty = without_timing(kifu::test::slurp(dir / "tty"));
    const std::size_t jkf = tty.find("{\"game\":\"go\"");
    REQUIRE(jkf != std::string::npos);  // stdout comes at the end (one buffer)
    CHECK(tty.substr(0, jkf) ==
          "cli/not-a-record.txt: error: cannot tell the format of the input (give it with a format option) "
          "[read.undetected-format]\r\n" +
              clear + "[1/3] 0 games  R MB/s  ETA T  cli/not-a-record.txt" + clear +
              "cli/missing.csa: error: cannot open the file: No such file or directory [io.open]\r\n" + clear +
              "[2/3] 0 games  R MB/s  ETA T  cli/missing.csa" + clear + "[3/3] 1 game  R MB/s  ETA T  samples/short-9x9.sgf");
    CHECK(tty.ends_with(clear + "kifu: 3 files, 1 game, 8 moves; 2 errors (io.open 1, read.undetected-format 1); 0 warnings\r\n"));
}

TEST_CASE("kifu --progress and --no-progress override the terminal test") {
    const auto on = kifu::test::run_kifu("convert --progress -j 1 samples/short-9x9.sgf samples/yagura-castle.kif");
    CHECK(without_timing(on.err) == "\r\x1b[K[1/2] 1 game  R MB/s  ETA T  samples/short-9x9.sgf"
                                    "\r\x1b[K[2/2] 2 games  R MB/s  ETA T  samples/yagura-castle.kif\r\x1b[K");
    const auto off = kifu::test::run_kifu("lint --no-progress --no-summary samples/short-9x9.sgf samples/yagura-castle.kif");
    CHECK(off.err.empty());
}
