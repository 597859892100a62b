// KIF and KI2 golden tests: every record in tests/data/shogi/kakinoki (small records written
// by hand for kifu, one feature group each) is read through the public pipeline and its whole
// normalized JKF compared with the expected `<name>.jkf` next to it (parsed JSON, key order
// ignored). The expected files are json-kifu-format's output, checked by hand and corrected
// where it is wrong per formats/shogi.md; tests/data/shogi/kakinoki/README.md lists each fix.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>

#include "support/corpus.hpp"

namespace {

std::filesystem::path golden_dir() { return kifu::test::data_dir() / "shogi" / "kakinoki"; }

// The records of the folder, sorted, with the given extension.
std::vector<std::filesystem::path> records_with(const std::string& extension) {
    std::vector<std::filesystem::path> out;
    for (const auto& entry : std::filesystem::directory_iterator(golden_dir())) {
        if (entry.path().extension() == extension) out.push_back(entry.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string gcc_lines(const kifu::read_result& r) {
    std::string out;
    for (const kifu::diagnostic& d : r.diagnostics) out += kifu::format_gcc(d) + "\n";
    return out;
}

// Reads one record in strict mode (the records are valid: extensions such as `:` headers or
// 不成 may warn, never fail) and compares its whole JKF with the expected file.
void check_golden(const std::filesystem::path& record, const std::string& format) {
    INFO(record.filename().string());
    std::filesystem::path expected_path = record;
    expected_path.replace_extension(".jkf");
    REQUIRE(std::filesystem::exists(expected_path));
    const nlohmann::json expected = nlohmann::json::parse(kifu::test::slurp(expected_path));

    const kifu::read_result r = kifu::read_file(record);
    INFO(gcc_lines(r));
    CHECK(r.format == format);
    CHECK(r.ok());
    REQUIRE(r.records.size() == 1);
    const nlohmann::json actual = nlohmann::json::parse(kifu::to_jkf(r.records[0]));
    INFO("expected:\n" << expected.dump(1) << "\nactual:\n" << actual.dump(1));
    CHECK(actual == expected);
}

}  // namespace

TEST_CASE("kif golden: each hand-written KIF record gives its whole expected JKF", "[kif][golden]") {
    const auto records = records_with(".kif");
    // headers, no_column_line, moves, specials, variations, bod, bod_ascii_hands, and the 16
    // 手合割 names (平手 … 十枚落ち).
    CHECK(records.size() == 23);
    for (const auto& record : records) {
        SECTION(record.filename().string()) { check_golden(record, "kif"); }
    }
}

TEST_CASE("ki2 golden: each hand-written KI2 record gives its whole expected JKF", "[ki2][golden]") {
    const auto records = records_with(".ki2");
    CHECK(records.size() == 3);  // basic, relative_1, relative_2
    for (const auto& record : records) {
        SECTION(record.filename().string()) { check_golden(record, "ki2"); }
    }
}

TEST_CASE("kakinoki golden: every expected JKF belongs to a record", "[kif][ki2][golden]") {
    for (const auto& expected : records_with(".jkf")) {
        INFO(expected.filename().string());
        std::filesystem::path kif = expected;
        std::filesystem::path ki2 = expected;
        kif.replace_extension(".kif");
        ki2.replace_extension(".ki2");
        CHECK(std::filesystem::exists(kif) != std::filesystem::exists(ki2));
    }
}
