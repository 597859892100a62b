// The documents that quote code keep quoting it exactly: README's commands and .ci/run,
// docs/library.md and the example files the install test builds, README's format table
// and the registry, README's and docs/cli.md's targets and the writer list.

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <sstream>

#include <kifu/format.hpp>
#include <kifu/write.hpp>

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
    // Every example (tests/install builds them all) and the CMakeLists.txt that builds them.
    int examples = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(KIFU_SOURCE_DIR) / "docs" / "examples")) {
        if (entry.path().extension() != ".cpp") continue;
        ++examples;
        const std::string name = "docs/examples/" + entry.path().filename().string();
        INFO(name);
        CHECK(doc.find("```cpp\n" + read_doc(name.c_str()) + "```\n") != std::string::npos);
        CHECK(read_doc("tests/install/consumer/CMakeLists.txt").find(entry.path().stem().string()) != std::string::npos);
    }
    CHECK(examples >= 5);
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

TEST_CASE("README's convert synopsis and docs/cli.md's target table name every writer") {
    const auto synopsis = lines_starting(read_doc("README.md"), "             TARGET: ");
    REQUIRE(synopsis.size() == 1);
    std::set<std::string> in_readme;
    std::istringstream words(synopsis[0].substr(synopsis[0].find(':') + 1));
    for (std::string word; words >> word;) in_readme.insert(word);
    std::set<std::string> registered;
    for (const kifu::writer_info& w : kifu::writers()) registered.emplace(w.name);
    CHECK(in_readme == registered);

    // Each row ends with the file `-o DIR` writes: `<stem>.kif` (the first table: `kifu position -t`
    // has one of its own further on).
    const std::string cli = read_doc("docs/cli.md");
    for (const kifu::writer_info& w : kifu::writers()) {
        INFO(w.name);
        const auto row = lines_starting(cli, "| `" + std::string(w.name) + "` | ");
        REQUIRE(!row.empty());
        CHECK(row[0].find("`<stem>" + std::string(w.extension) + "`") != std::string::npos);
        if (!w.lines_extension.empty()) {
            CHECK(row[0].find("`<stem>" + std::string(w.lines_extension) + "`") != std::string::npos);
        }
    }
}
