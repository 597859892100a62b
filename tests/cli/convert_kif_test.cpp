// kifu convert on a KIF file: the program's whole output for the bundled KIF sample (one
// compact JKF document on one line, nothing on stderr, exit 0) against the expected JKF
// written next to the CLI test data (json-kifu-format's output for the same file, checked by
// hand), and byte for byte against the library's own JKF for that file.

#include <catch2/catch.hpp>

#include <filesystem>

#include <nlohmann/json.hpp>

#include <kifu/read.hpp>
#include <kifu/record.hpp>

#include "cli/run_kifu.hpp"

TEST_CASE("kifu convert writes the whole JKF of a KIF file", "[cli][kif]") {
    const auto r = kifu::test::run_kifu("convert samples/yagura-castle.kif");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    REQUIRE(!r.out.empty());
    CHECK(r.out.back() == '\n');
    CHECK(r.out.find('\n') == r.out.size() - 1);  // one compact document

    const nlohmann::json expected =
        nlohmann::json::parse(kifu::test::slurp(kifu::test::data_dir() / "cli" / "yagura-castle.jkf"));
    CHECK(nlohmann::json::parse(r.out) == expected);

    const kifu::read_result lib = kifu::read_file(kifu::test::data_dir() / "samples" / "yagura-castle.kif");
    CHECK(lib.format == "kif");
    CHECK(lib.encoding == "UTF-8");
    REQUIRE(lib.records.size() == 1);
    CHECK(r.out == kifu::to_jkf(lib.records[0]) + "\n");
}

TEST_CASE("kifu convert -o writes a KIF file's JKF next to the others", "[cli][kif]") {
    const auto dir = kifu::test::scratch_dir("convert-kif");
    const auto r = kifu::test::run_kifu("convert -o '" + dir.string() + "' samples/yagura-castle.kif");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.out.empty());
    CHECK(r.err.empty());
    const auto written = dir / "yagura-castle.jkf";
    REQUIRE(std::filesystem::exists(written));
    const nlohmann::json expected =
        nlohmann::json::parse(kifu::test::slurp(kifu::test::data_dir() / "cli" / "yagura-castle.jkf"));
    CHECK(nlohmann::json::parse(kifu::test::slurp(written)) == expected);
}
