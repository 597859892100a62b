// The documents that quote code keep quoting it exactly: README's commands and .ci/run,
// docs/library.md and the example files the install test builds, README's format table
// and the registry.

#include <catch2/catch.hpp>

#include <sstream>

#include <kifu/format.hpp>

#include "support/corpus.hpp"

namespace {

std::string read_doc(const char* relative) {
    const std::string text = kifu::test::slurp(kifu::test::source_dir() / relative);
    REQUIRE(!text.empty());
    return text;
}

// The lines of `text` that start with `prefix`.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
    std::vector<std::string> found;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind(prefix, 0) == 0) {
            found.push_back(line);
        }
    }
    return found;
}

}  // namespace

TEST_CASE("README has the two quick-start commands and .ci/run runs the second verbatim") {
    const auto commands = lines_starting(read_doc("README.md"), "sh tools/install-deps.sh && ");
    REQUIRE(commands.size() == 2);
    CHECK(commands[0].find("./build/tools/kifu/kifu convert --force -o out tests/data/samples/*") != std::string::npos);
    CHECK(commands[1].find("ctest --test-dir build --output-on-failure -j2") != std::string::npos);
    CHECK(lines_starting(read_doc(".ci/run"), "sh tools/install-deps.sh && ") ==
          std::vector<std::string>{commands[1]});
}

TEST_CASE("docs/library.md shows the example programs and their CMakeLists.txt verbatim") {
    const std::string doc = read_doc("docs/library.md");
    CHECK(doc.find("```cpp\n" + read_doc("docs/examples/read_jkf.cpp") + "```\n") != std::string::npos);
    CHECK(doc.find("```cpp\n" + read_doc("docs/examples/search_positions.cpp") + "```\n") != std::string::npos);
    CHECK(doc.find("```cmake\n" + read_doc("tests/install/consumer/CMakeLists.txt") + "```\n") != std::string::npos);
}

TEST_CASE("README's format table has a row for every registered format") {
    const std::string readme = read_doc("README.md");
    for (const kifu::format_info& f : kifu::formats()) {
        INFO(f.name);
        CHECK(readme.find("| `" + std::string(f.name) + "` | " + std::string(kifu::to_string(f.game)) + " |") !=
              std::string::npos);
    }
}
