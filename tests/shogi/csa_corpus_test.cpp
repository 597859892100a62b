// CSA and JKF over ../shared/corpus: json-kifu-format's own test files against its output
// (semantic JSON equality, with the deviations of docs/deviations.md applied to the
// reference), the 2,000 generated CSA games against their ground-truth main lines, and every
// real CSA file read or rejected with a located diagnostic.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <kifu/format.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/position.hpp>
#include <kifu/text.hpp>

#include "shogi/formats.hpp"
#include "support/corpus.hpp"
#include "shogi/corpus_support.hpp"
#include "shogi/shogi_test_util.hpp"

namespace {

using namespace kifu::shogi;

using kifu::test::diagnostics_of;
using kifu::test::read_with;

// Removes `from: null`, which json-kifu-format keeps from its JKF input and kifu omits.
void drop_null_from(nlohmann::json& j) {
    if (j.is_object()) {
        auto it = j.find("from");
        if (it != j.end() && it->is_null()) j.erase(it);
        for (auto& [key, value] : j.items()) drop_null_from(value);
    } else if (j.is_array()) {
        for (auto& value : j) drop_null_from(value);
    }
}

// Files where kifu deliberately differs from json-kifu-format (docs/deviations.md), with the
// change that turns the reference's output into ours. A file not listed must match exactly.
struct deviation {
    const char* reason;
    void (*apply)(nlohmann::json&);
};
const std::map<std::string, deviation>& deviations() {
    static const std::map<std::string, deviation> list{
        {"jkf/ryuou201409020101.jkf", {"drops: `from: null` in the input is absent in the output", &drop_null_from}},
    };
    return list;
}

}  // namespace

TEST_CASE("csa corpus: json-kifu-format's CSA and JKF test files give its JKF", "[csa][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const std::filesystem::path corpus = kifu::test::corpus_dir() / "shogi";
    int compared = 0;
    for (const char* folder : {"csa", "jkf"}) {
        const kifu::format_entry format =
            std::string(folder) == "csa" ? kifu::shogi::csa_format() : kifu::shogi::jkf_format();
        for (const auto& entry : std::filesystem::directory_iterator(corpus / "jkf-tests" / folder)) {
            const std::string name = std::string(folder) + "/" + entry.path().filename().string();
            INFO(name);
            const kifu::read_result r = read_with(format, entry.path());
            CHECK(diagnostics_of(r).empty());
            REQUIRE(r.records.size() == 1);
            nlohmann::json expected = nlohmann::json::parse(kifu::test::slurp(
                corpus / "expected" / "jkf-tests" / "json-kifu-format" / folder / (entry.path().filename().string() + ".json")));
            if (auto it = deviations().find(name); it != deviations().end()) {
                INFO("deviation: " << it->second.reason);
                it->second.apply(expected);
            }
            CHECK(nlohmann::json::parse(kifu::to_jkf(r.records[0])) == expected);
            ++compared;
        }
    }
    CHECK(compared == 16);
}

TEST_CASE("csa corpus: the 2,000 generated CSA games give their main lines", "[csa][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const kifu::format_entry csa = kifu::shogi::csa_format();
    const auto result = kifu::test::check_generated_main_lines(
        "csa", {".csa"}, [&](const std::filesystem::path& p) { return read_with(csa, p); }, diagnostics_of);
    CHECK(result.games == 2000);
    CHECK(result.wrong == 0);
}

TEST_CASE("jkf corpus: the 300 generated JKF games give their main lines", "[jkf][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const std::filesystem::path set = kifu::test::corpus_dir() / "shogi" / "generated" / "seed1-2000";
    std::ifstream tsv(set / "mainline.usi.tsv");
    std::string line;
    int games = 0;
    const kifu::format_entry jkf_input = kifu::shogi::jkf_format();
    while (std::getline(tsv, line) && games < 300) {
        const std::size_t tab = line.find('\t');
        const std::string id = line.substr(0, tab);
        INFO(id);
        const kifu::read_result r = read_with(jkf_input, set / "jkf" / (id + ".jkf"));
        ++games;
        CHECK(diagnostics_of(r).empty());
        REQUIRE(r.records.size() == 1);
        CHECK(kifu::test::main_line_usi(*r.records[0].get<jkf>()) == line.substr(tab + 1));
    }
    CHECK(games == 300);
}

TEST_CASE("csa corpus: every real CSA file is read, or rejected at a line", "[csa][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const std::filesystem::path real = kifu::test::corpus_dir() / "shogi" / "real";
    const kifu::format_entry csa = kifu::shogi::csa_format();
    int files = 0;
    int read = 0;
    int with_usi = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(real)) {
        if (entry.path().extension() != ".csa") continue;
        ++files;
        INFO(entry.path().string());
        const kifu::read_result r = read_with(csa, entry.path());
        if (r.ok()) {
            REQUIRE_FALSE(r.records.empty());
            ++read;
            // tsshogi's main line of the first game, where it read the file.
            std::filesystem::path usi = kifu::test::corpus_dir() / "shogi" / "expected" / "real" /
                                        std::filesystem::relative(entry.path(), real);
            usi += ".usi";
            if (std::filesystem::exists(usi)) {
                std::string expected = kifu::test::slurp(usi);
                while (!expected.empty() && (expected.back() == '\n' || expected.back() == '\r')) expected.pop_back();
                CHECK(kifu::test::main_line_usi(*r.records[0].get<jkf>()) == expected);
                ++with_usi;
            }
        } else {
            INFO(diagnostics_of(r));
            for (const kifu::diagnostic& d : r.diagnostics) {
                if (d.severity == kifu::severity::error) CHECK(d.line > 0);
            }
        }
    }
    CHECK(files == 68);
    // Most real files are fine; the rest are deliberately broken fixtures.
    CHECK(read >= 50);
    CHECK(with_usi >= 50);
}
