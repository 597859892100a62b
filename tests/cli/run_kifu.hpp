#pragma once

// Runs the built kifu program (KIFU_CLI_PATH) in tests/data, so the file names in its
// messages are relative and stable, and captures its exit status, stdout and stderr.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/corpus.hpp"

namespace kifu::test {

struct run_result {
    int status = -1;
    std::string out;
    std::string err;
};

/// Returns a fresh, empty scratch folder for one test.
inline std::filesystem::path scratch_dir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("kifu-cli-test-" + std::to_string(::getpid())) / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

/// Runs `kifu <args>` (args as a shell would split them) with stdin from `input`.
inline run_result run_kifu(const std::string& args, const std::string& input = "/dev/null") {
    const auto dir = scratch_dir("run");
    const std::string command = "cd '" + data_dir().string() + "' && '" KIFU_CLI_PATH "' " + args + " <" + input +
                                " >'" + (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
    run_result r;
    const int raw = std::system(command.c_str());
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(dir / "out");
    r.err = slurp(dir / "err");
    return r;
}

}  // namespace kifu::test
