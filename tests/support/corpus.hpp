#pragma once

// Locates ../shared/corpus for tests that compare with reference outputs. Such tests call
// KIFU_REQUIRE_CORPUS() first: when the corpus is absent they print "KIFU-SKIP" and return,
// and ctest reports them as skipped (SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt).

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

namespace kifu::test {

/// Returns the corpus folder, or an empty path when it is absent.
inline std::filesystem::path corpus_dir() {
    std::filesystem::path dir = KIFU_CORPUS_DIR;
    std::error_code ec;
    return std::filesystem::is_directory(dir, ec) ? dir : std::filesystem::path{};
}

/// Returns the folder of test data made here (tests/data).
inline std::filesystem::path data_dir() { return KIFU_TEST_DATA_DIR; }

/// Returns the source tree's root.
inline std::filesystem::path source_dir() { return KIFU_SOURCE_DIR; }

/// Returns a whole file's bytes (empty when it cannot be read).
inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace kifu::test

#define KIFU_REQUIRE_CORPUS()                                                        \
    do {                                                                             \
        if (::kifu::test::corpus_dir().empty()) {                                    \
            std::cout << "KIFU-SKIP: ../shared/corpus is absent" << std::endl;       \
            return;                                                                  \
        }                                                                            \
    } while (false)
