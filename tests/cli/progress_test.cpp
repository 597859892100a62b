// The progress line of `kifu convert`: shown only when stderr is a terminal. Pipes see
// none (the whole-stderr checks of io_test.cpp cover that); here util-linux `script` gives
// the program a pseudo-terminal, which shows stdout and stderr together with CR LF ends.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>

#include "cli/run_kifu.hpp"

TEST_CASE("kifu convert shows [n/N] progress on a terminal") {
    if (std::system("command -v script >/dev/null 2>&1") != 0) {
        std::cout << "KIFU-SKIP: util-linux script is not installed" << std::endl;
        return;
    }
    const auto dir = kifu::test::scratch_dir("progress");
    const std::string command = "cd '" + kifu::test::data_dir().string() + "' && script -qec \"'" KIFU_CLI_PATH
                                "' convert cli/not-a-record.txt cli/missing.csa\" /dev/null </dev/null >'" +
                                (dir / "tty").string() + "'";
    const int raw = std::system(command.c_str());
    CHECK(WIFEXITED(raw));
    const std::string clear = "\r\x1b[K";
    CHECK(kifu::test::slurp(dir / "tty") ==
          clear + "[1/2] cli/not-a-record.txt" + clear +
              "cli/not-a-record.txt: error: cannot tell the format of the input (give it with a format option) "
              "[read.undetected-format]\r\n" +
              clear + "[2/2] cli/missing.csa" + clear +
              "cli/missing.csa: error: cannot open the file: No such file or directory [io.open]\r\n" + clear);
}
