// kifu convert -t: its choices and its help are the library's writers (kifu::writers()), in
// the library's order.

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include <kifu/write.hpp>

#include "cli/run_kifu.hpp"

namespace {

std::vector<std::string> writer_names() {
    std::vector<std::string> names;
    for (const kifu::writer_info& w : kifu::writers()) names.emplace_back(w.name);
    return names;
}

}  // namespace

TEST_CASE("kifu convert --help lists every writer of the library for -t, in its order") {
    const auto r = kifu::test::run_kifu("convert --help");
    REQUIRE(r.status == 0);
    std::istringstream in(r.out);
    std::string choices;             // -t,--to TEXT:{jkf,sgf,…}
    std::vector<std::string> lines;  // the help's writer lines
    bool in_list = false;
    for (std::string line; std::getline(in, line);) {
        if (const std::size_t at = line.find("-t,--to TEXT:{"); at != std::string::npos) {
            choices = line.substr(at + 14, line.find('}') - at - 14);
        } else if (line.ends_with("Output format (default: jkf):")) {
            in_list = true;
        } else if (in_list && line.starts_with("  -")) {
            in_list = false;
        } else if (in_list) {
            lines.push_back(line.substr(line.find_first_not_of(' ')));
        }
    }
    std::vector<std::string> listed;
    std::istringstream names(choices);
    for (std::string name; std::getline(names, name, ',');) listed.push_back(name);
    CHECK(listed == writer_names());

    std::vector<std::string> described;
    REQUIRE(lines.size() == kifu::writers().size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const kifu::writer_info& w = kifu::writers()[i];
        INFO(lines[i]);
        described.push_back(lines[i].substr(0, lines[i].find(' ')));
        CHECK(lines[i].find(std::string(w.description)) != std::string::npos);
    }
    CHECK(described == writer_names());
}

TEST_CASE("kifu convert -t takes every writer of the library") {
    for (const kifu::writer_info& w : kifu::writers()) {
        INFO(w.name);
        const auto r = kifu::test::run_kifu("convert --no-summary -t " + std::string(w.name) + " samples/yagura-castle.kif");
        // Writing a shogi game succeeds, or is the usage error of a writer of another game.
        CHECK(r.status == (w.game && *w.game != kifu::game::shogi ? 2 : 0));
        CHECK(r.out.empty() == (r.status != 0));
    }
}
