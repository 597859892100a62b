// How kifu ends when its output cannot be written, and the progress line's width: a closed
// pipe ends it quietly as SIGPIPE would (`kifu convert … | head -1` printed `Broken pipe` as an
// error), a full disk is a write error with status 1 (a search said `internal error`), a
// CP932 write failure is status 1 (it was 2, the usage-error status), and the progress line
// fits the terminal (TIOCGWINSZ, then $COLUMNS).

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <regex>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cli/run_kifu.hpp"

namespace {

namespace fs = std::filesystem;
using kifu::test::run_kifu;
using kifu::test::scratch_dir;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

// Runs a bash script in tests/data; returns its exit status.
int run_bash(const std::string& script) {
    const fs::path file = scratch_dir("bash") / "script.sh";
    std::ofstream(file) << "cd '" << kifu::test::data_dir().string() << "' || exit 99\n" << script << "\n";
    const int raw = std::system(("bash " + quoted(file)).c_str());
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

// A list naming one record 400 times: outputs far larger than a pipe's buffer.
fs::path long_list() {
    const fs::path list = scratch_dir("long-list") / "list.txt";
    std::ofstream out(list);
    for (int i = 0; i < 400; ++i) out << "samples/yagura-castle.kif\n";
    return list;
}

// The columns a line takes, as the progress bar counts them (two for a non-ASCII character).
std::size_t columns_of(const std::string& s) {
    std::size_t n = 0;
    for (const char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if ((b & 0xc0) != 0x80) n += b < 0x80 ? 1 : 2;
    }
    return n;
}

// The lines a progress bar drew (the text after each "\r\x1b[K").
std::vector<std::string> drawn_lines(const std::string& err) {
    std::vector<std::string> lines;
    const std::string clear = "\r\x1b[K";
    for (std::size_t at = err.find(clear); at != std::string::npos;) {
        const std::size_t next = err.find(clear, at + clear.size());
        std::string line = err.substr(at + clear.size(), next == std::string::npos ? std::string::npos : next - at - clear.size());
        if (!line.empty()) lines.push_back(line);
        at = next;
    }
    return lines;
}

}  // namespace

TEST_CASE("cli_closed_pipe_ends_quietly_as_sigpipe", "[cli][output]") {
    const fs::path list = long_list();
    const fs::path dir = list.parent_path();
    for (const std::string args : {"convert", "convert --jsonl", "convert -t positions-csv", "convert -t kif -j 1",
                                   "lint -W 'kif.*=warning' -W 'shogi.*=warning' --all"}) {
        INFO(args);
        const std::string inputs = args.starts_with("lint") ? std::string(" .") : " --files-from " + quoted(list);
        const std::string script = "'" KIFU_CLI_PATH "' " + args + inputs + " 2>" + quoted(dir / "err") +
                                   " | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}";
        const int status = run_bash(script);
        // -t kif of 400 inputs writes each game separately; lint's output is smaller than a pipe's
        // buffer and may all be written before head exits.
        if (args.starts_with("lint")) {
            CHECK((status == 141 || status == 0 || status == 1));
        } else {
            CHECK(status == 141);
        }
        CHECK(kifu::test::slurp(dir / "err").empty());
    }
}

TEST_CASE("cli_full_disk_is_a_write_error_with_status_1", "[cli][output]") {
    const fs::path db = scratch_dir("full-disk") / "games.kdb";
    REQUIRE(run_kifu("index " + quoted(db) + " search").status == 1);  // shogi-broken.csa
    const std::string full = "kifu: error: cannot write the output: No space left on device\n";
    for (const std::string& args :
         {"search " + quoted(db) + " --sfen startpos", "search " + quoted(db) + " --sfen startpos --json",
          std::string("detect samples/yagura-castle.kif"), std::string("convert samples/yagura-castle.kif"),
          std::string("convert --jsonl samples/yagura-castle.kif"), std::string("position samples/yagura-castle.kif"),
          std::string("trace -f csa samples/yagura-opening.csa"), std::string("lint search/shogi-broken.csa")}) {
        INFO(args);
        const fs::path err = db.parent_path() / "err";
        const int raw = std::system(("cd '" + kifu::test::data_dir().string() + "' && '" KIFU_CLI_PATH "' " + args +
                                     " >/dev/full 2>" + quoted(err))
                                        .c_str());
        REQUIRE(WIFEXITED(raw));
        CHECK(WEXITSTATUS(raw) == 1);
        CHECK(kifu::test::slurp(err) == full);
    }
}

TEST_CASE("cli_cp932_write_failure_is_status_1", "[cli][output]") {
    const fs::path dir = scratch_dir("cp932");
    std::ofstream(dir / "mark.kif") << "手数----指手---------消費時間--\n   1 ７六歩(77)\n*☗の印\n   2 投了\n";
    const auto kif = run_kifu("convert -t kif " + quoted(dir / "mark.kif"));
    CHECK(kif.status == 1);
    CHECK(kif.out.empty());
    CHECK(kif.err == "kifu: error: " + (dir / "mark.kif").string() +
                         ": '☗' (U+2617) on line 3 of the written text has no CP932 form; write UTF-8 instead "
                         "[kif.write.cp932]\n");
    CHECK(run_kifu("convert -t kifu " + quoted(dir / "mark.kif")).status == 0);
    // A target the input's games cannot have stays a usage error.
    CHECK(run_kifu("convert -t kif search/shogi-two-games.csa").status == 2);
    CHECK(run_kifu("convert -t sgf samples/yagura-castle.kif").status == 2);
}

TEST_CASE("cli_progress_line_fits_the_terminal_width", "[cli][output]") {
    const fs::path dir = scratch_dir("progress-width") / "a-folder-with-a-rather-long-name-for-its-records";
    fs::create_directories(dir);
    for (const char* name : {"first-game-of-the-club-championship.kif", "second-game-of-the-club-championship.kif"}) {
        fs::copy_file(kifu::test::data_dir() / "samples/yagura-castle.kif", dir / name);
    }
    SECTION("COLUMNS when stderr is not a terminal") {
        for (const char* columns : {"40", "60", "25"}) {
            INFO(columns);
            ::setenv("COLUMNS", columns, 1);
            const auto r = run_kifu("lint --progress --no-summary -j 1 " + quoted(dir));
            ::unsetenv("COLUMNS");
            const auto lines = drawn_lines(r.err);
            REQUIRE(lines.size() == 2);
            for (const std::string& line : lines) {
                CHECK(columns_of(line) <= static_cast<std::size_t>(std::stoi(columns)) - 1);
                CHECK(line.starts_with("["));
            }
            if (std::string(columns) == "60") {
                // The file name gives way from its start: its end stays.
                CHECK(lines[1].ends_with("-championship.kif"));
                CHECK(lines[1].find("...") != std::string::npos);
            }
        }
        // Wide enough: the whole name.
        ::setenv("COLUMNS", "300", 1);
        const auto wide = run_kifu("lint --progress --no-summary -j 1 " + quoted(dir));
        ::unsetenv("COLUMNS");
        CHECK(drawn_lines(wide.err).back().ends_with(dir.string() + "/second-game-of-the-club-championship.kif"));
    }
    SECTION("the terminal's own width first") {
        if (std::system("command -v script >/dev/null 2>&1") != 0) {
            std::cout << "KIFU-SKIP: util-linux script is not installed" << std::endl;
            return;
        }
        const fs::path tty = dir.parent_path() / "tty";
        // A 50-column pseudo-terminal; COLUMNS says otherwise and loses.
        const std::string command = "COLUMNS=200 script -qec \"stty cols 50; '" KIFU_CLI_PATH "' lint --no-summary -j 1 '" +
                                    dir.string() + "'\" /dev/null </dev/null >" + quoted(tty);
        const int raw = std::system(command.c_str());
        CHECK(WIFEXITED(raw));
        const auto lines = drawn_lines(kifu::test::slurp(tty));
        REQUIRE(lines.size() >= 2);
        for (const std::string& line : lines) {
            if (line.starts_with("[")) CHECK(columns_of(line) <= 49);
        }
    }
}
