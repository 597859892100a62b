// kifu convert -o DIR writes only inside DIR and never leaves a partial file under an output's
// name: symbolic links under DIR are refused or replaced, never followed; a failed write
// (here a file size limit) removes what it wrote and keeps the previous output; a run killed
// at any moment leaves every output absent or complete.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "cli/run_kifu.hpp"

namespace fs = std::filesystem;
using kifu::test::run_kifu;
using kifu::test::scratch_dir;
using kifu::test::slurp;

namespace {

// Runs `sh -c "<prefix> kifu <args>"` in `dir`; returns the exit status and stderr.
kifu::test::run_result run_in(const fs::path& dir, const std::string& prefix, const std::string& args) {
    const std::string command = "cd '" + dir.string() + "' && " + prefix + " '" KIFU_CLI_PATH "' " + args +
                                " >out.txt 2>err.txt </dev/null";
    kifu::test::run_result r;
    const int raw = std::system(command.c_str());
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(dir / "out.txt");
    r.err = slurp(dir / "err.txt");
    fs::remove(dir / "out.txt");
    fs::remove(dir / "err.txt");
    return r;
}

// Every regular file and link under `dir`, relative, sorted.
std::vector<std::string> tree_of(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        names.push_back(entry.path().lexically_relative(dir).string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

const fs::path samples = kifu::test::data_dir() / "samples";

}  // namespace

TEST_CASE("convert -o DIR --force replaces a symbolic link at an output's name, never its target") {
    const fs::path dir = scratch_dir("outputs-link-file");
    fs::create_directories(dir / "outside");
    fs::create_directories(dir / "o");
    fs::copy_file(samples / "yagura-castle.kif", dir / "game.kif");
    { std::ofstream(dir / "outside" / "victim.txt") << "victim\n"; }
    fs::create_symlink("../outside/victim.txt", dir / "o" / "game.jkf");

    // Without --force the link is an existing output.
    const auto refused = run_in(dir, "", "convert -o o game.kif");
    CHECK(refused.status == 1);
    CHECK(refused.err == "kifu: error: o/game.jkf exists (the output of game.kif); --force overwrites\n");

    const auto replaced = run_in(dir, "", "convert -o o --force game.kif");
    CHECK(replaced.status == 0);
    CHECK(replaced.err.empty());
    CHECK(slurp(dir / "outside" / "victim.txt") == "victim\n");
    CHECK_FALSE(fs::is_symlink(dir / "o" / "game.jkf"));
    CHECK(slurp(dir / "o" / "game.jkf") == run_kifu("convert samples/yagura-castle.kif").out);
    CHECK(tree_of(dir / "o") == std::vector<std::string>{"game.jkf"});
}

TEST_CASE("convert -o DIR refuses a symbolic link to a folder under DIR before writing anything") {
    const fs::path dir = scratch_dir("outputs-link-folder");
    fs::create_directories(dir / "outside");
    fs::create_directories(dir / "in" / "sub" / "deeper");
    fs::create_directories(dir / "o2");
    fs::copy_file(samples / "yagura-castle.kif", dir / "in" / "a.kif");
    fs::copy_file(samples / "yagura-opening.csa", dir / "in" / "sub" / "b.csa");
    fs::copy_file(samples / "short-9x9.sgf", dir / "in" / "sub" / "deeper" / "c.sgf");
    fs::create_symlink("../outside", dir / "o2" / "sub");

    const auto r = run_in(dir, "", "convert -o o2 in");
    CHECK(r.status == 1);
    CHECK(r.err == "kifu: error: o2/sub is a symbolic link or not a folder: kifu writes only inside o2\n");
    CHECK(tree_of(dir / "outside").empty());
    CHECK(tree_of(dir / "o2") == std::vector<std::string>{"sub"});

    // A file where a folder belongs is refused the same way.
    fs::remove(dir / "o2" / "sub");
    { std::ofstream(dir / "o2" / "sub") << "a file\n"; }
    const auto file = run_in(dir, "", "convert -o o2 in");
    CHECK(file.status == 1);
    CHECK(file.err == "kifu: error: o2/sub is a symbolic link or not a folder: kifu writes only inside o2\n");
    CHECK(tree_of(dir / "o2") == std::vector<std::string>{"sub"});
}

TEST_CASE("convert -o DIR: a write that fails leaves no file under the output's name and keeps the previous one") {
    const fs::path dir = scratch_dir("outputs-failed-write");
    fs::copy_file(samples / "yagura-castle.kif", dir / "game.kif");
    // ulimit -f 2: 1,024 bytes a file (sh counts 512-byte blocks); the JKF is about 2 kB.
    const auto failed = run_in(dir, "ulimit -f 2 &&", "convert -o o game.kif");
    CHECK(failed.status == 1);
    CHECK(failed.err == "kifu: error: cannot write o/game.jkf: File too large\n");
    CHECK(tree_of(dir / "o").empty());  // neither the output nor its temporary file

    const auto written = run_in(dir, "", "convert -o o game.kif");
    REQUIRE(written.status == 0);
    const std::string complete = slurp(dir / "o" / "game.jkf");
    REQUIRE(complete.size() > 1024);
    const auto again = run_in(dir, "ulimit -f 2 &&", "convert -o o --force game.kif");
    CHECK(again.status == 1);
    CHECK(slurp(dir / "o" / "game.jkf") == complete);
    CHECK(tree_of(dir / "o") == std::vector<std::string>{"game.jkf"});
}

TEST_CASE("convert -o DIR killed at any moment leaves every output absent or complete") {
    const fs::path dir = scratch_dir("outputs-killed");
    const std::vector<std::string> inputs{"yagura-castle.kif", "yagura-opening.csa", "short-9x9.sgf",
                                          "othello-opening.ggf", "bishop-exchange.jkf"};
    constexpr int copies = 60;
    fs::create_directories(dir / "in");
    for (int i = 0; i < copies; ++i) {
        for (const std::string& name : inputs) {
            fs::copy_file(samples / name, dir / "in" / (std::to_string(i) + "-" + name), fs::copy_options::none);
        }
    }
    // The complete outputs, from a run left alone.
    REQUIRE(run_in(dir, "", "convert -o expected in").status == 0);
    std::mt19937 random(20261129);
    for (int round = 0; round < 20; ++round) {
        const std::string command = "cd '" + dir.string() + "' && exec '" KIFU_CLI_PATH "' convert -j 2 --force -o o in";
        const pid_t child = ::fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        std::this_thread::sleep_for(std::chrono::microseconds(std::uniform_int_distribution<int>(0, 25000)(random)));
        ::kill(child, SIGKILL);
        int status = 0;
        ::waitpid(child, &status, 0);
        if (!fs::exists(dir / "o")) continue;
        for (const auto& entry : fs::directory_iterator(dir / "o")) {
            const std::string name = entry.path().filename().string();
            if (name.starts_with('.')) continue;  // a temporary file the kill left, never an output's name
            INFO(name);
            CHECK(slurp(entry.path()) == slurp(dir / "expected" / name));
        }
    }
}

TEST_CASE("convert -o DIR of a WTHOR folder writes the games' file and nothing for WTHOR.JOU and WTHOR.TRN") {
    const fs::path dir = scratch_dir("outputs-wthor-folder");
    fs::create_directories(dir / "base");
    const fs::path fuzz = kifu::test::data_dir() / "fuzz" / "wthor";
    fs::copy_file(fuzz / "two-games.wtb", dir / "base" / "WTH_2001.wtb");
    fs::copy_file(fuzz / "players.jou", dir / "base" / "WTHOR.JOU");
    {
        // A tournaments file of one name: the 16-byte header (one record), then 26 bytes a name.
        std::string trn("\x14\x16\x06\x1a\0\0\0\0\x01\0\0\0\0\0\0\0", 16);
        std::string name = "kifu test cup";
        name.resize(26, '\0');
        std::ofstream(dir / "base" / "WTHOR.TRN", std::ios::binary) << trn << name;
    }
    const auto r = run_in(dir, "", "convert -o out base");
    INFO(r.err);
    CHECK(tree_of(dir / "out") == std::vector<std::string>{"WTH_2001.jsonl"});
    CHECK(slurp(dir / "out" / "WTH_2001.jsonl") == run_in(dir, "", "convert base/WTH_2001.wtb").out);
}
