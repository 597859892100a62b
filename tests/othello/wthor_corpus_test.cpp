// The whole FFO WTHOR base (127,475 games, 1977–2021) against the reference reader's
// per-game lines (corpus/othello/expected/wthor/WTH_YYYY.jsonl), and byte-exact round trips.

#include <catch2/catch.hpp>

#include <kifu/othello/wthor.hpp>
#include <kifu/read.hpp>

#include "othello/formats.hpp"
#include "support/corpus.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace othello = kifu::othello;
namespace wthor = kifu::othello::wthor;
namespace test = kifu::test;

namespace {

std::filesystem::path base_dir() { return test::corpus_dir() / "othello" / "wthor" / "ffo-1977-2021"; }

void header_or_null(kifu::json_writer& out, const othello::record& r, std::string_view key) {
    if (const std::string* v = r.find_header(key)) {
        out.value(std::string_view(*v));
    } else {
        out.null();
    }
}

int header_int(const othello::record& r, std::string_view key) {
    const std::string* v = r.find_header(key);
    int n = -1;
    if (v != nullptr) {
        std::from_chars(v->data(), v->data() + v->size(), n);
    }
    return n;
}

// The reference's summary line of one game, from our record (key order as in the README).
std::string summary_line(const othello::record& r, std::size_t index) {
    std::string line;
    kifu::json_writer out(line);
    out.begin_object();
    out.member("y", header_int(r, "DT"));
    out.member("i", static_cast<std::int64_t>(index));
    out.key("t");
    header_or_null(out, r, "PC");
    out.key("b");
    header_or_null(out, r, "PB");
    out.key("w");
    header_or_null(out, r, "PW");
    out.member("bs", header_int(r, "wthor.score"));
    out.member("ts", header_int(r, "wthor.theory"));
    out.member("mv", std::string_view(r.transcript()));
    out.member("np", r.passes_inserted);
    out.member("fb", r.final_counts.black);
    out.member("fw", r.final_counts.white);
    out.member("end", othello::to_string(r.end));
    out.end_object();
    return line;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        out.push_back(line);
    }
    return out;
}

std::vector<std::filesystem::path> game_files() {
    std::vector<std::filesystem::path> out;
    for (const auto& e : std::filesystem::directory_iterator(base_dir())) {
        if (e.path().extension() == ".wtb") {
            out.push_back(e.path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("every FFO WTHOR game gives the reference's summary line", "[othello][wthor][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const kifu::format_entry format = othello::wthor_format();
    const auto files = game_files();
    REQUIRE(files.size() == 45);
    std::size_t games = 0;
    std::size_t mismatches = 0;
    std::size_t passes = 0;
    std::string first_mismatch;
    for (const auto& path : files) {
        const std::string bytes = test::slurp(path);
        kifu::read_result out;
        kifu::read_options options;
        options.mode = kifu::read_mode::lenient;
        format.read_binary(bytes, path, options, out, 0);
        INFO(path.filename().string());
        CHECK(out.diagnostics.empty());
        const auto expected = lines_of(test::slurp(test::corpus_dir() / "othello" / "expected" / "wthor" /
                                                   (path.stem().string() + ".jsonl")));
        REQUIRE(out.records.size() == expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const othello::record* r = out.records[i].get<othello::record>();
            REQUIRE(r != nullptr);
            const std::string line = summary_line(*r, i);
            passes += static_cast<std::size_t>(r->passes_inserted);
            if (line != expected[i]) {
                if (mismatches++ == 0) {
                    first_mismatch = path.filename().string() + " game " + std::to_string(i) + "\nours:     " +
                                     line + "\nexpected: " + expected[i];
                }
            }
        }
        games += expected.size();
    }
    INFO(first_mismatch);
    CHECK(mismatches == 0);
    CHECK(games == 127475);
    CHECK(passes == 143081);
}

TEST_CASE("every FFO WTHOR file writes back byte for byte", "[othello][wthor][corpus]") {
    KIFU_REQUIRE_CORPUS();
    for (const auto& path : game_files()) {
        const std::string bytes = test::slurp(path);
        std::vector<kifu::diagnostic> ds;
        const wthor::games_file file = wthor::read_games(bytes, path.string(), ds);
        INFO(path.filename().string());
        CHECK(ds.empty());
        CHECK(wthor::write(file) == bytes);
        // The normalized records carry enough to rebuild every game.
        for (const wthor::game& g : file.games) {
            const othello::record r = wthor::to_record(g, file.header, {}, path.string(), 1, ds);
            const auto back = wthor::from_record(r);
            REQUIRE(back);
            REQUIRE(*back == g);
        }
    }
    for (const auto& [name, kind] : {std::pair{"WTHOR.JOU", wthor::file_kind::players},
                                     std::pair{"WTHOR.TRN", wthor::file_kind::tournaments}}) {
        const std::string bytes = test::slurp(base_dir() / name);
        std::vector<kifu::diagnostic> ds;
        const wthor::names_file file = wthor::read_names(bytes, kind, name, ds);
        INFO(name);
        CHECK(ds.empty());
        CHECK(file.names.size() == (kind == wthor::file_kind::players ? 3884u : 439u));
        CHECK(wthor::write(file, kind) == bytes);
    }
}

TEST_CASE("read_file detects a WTHOR game file and finds its names", "[othello][wthor][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const kifu::read_result result = kifu::read_file(base_dir() / "WTH_2001.wtb");
    CHECK(result.format == "wthor");
    CHECK(result.diagnostics.empty());
    REQUIRE(result.records.size() == 5575);
    CHECK(result.records[0].game() == kifu::game::othello);
    CHECK(result.records[0].index == 1);
    const othello::record* r = result.records[0].get<othello::record>();
    REQUIRE(r != nullptr);
    CHECK(summary_line(*r, 0) ==
          R"({"y":2001,"i":0,"t":"Australian National","b":"Hubbard Paul","w":"Vinar Matt","bs":11,"ts":14,)"
          R"("mv":"f5d6c5f4e3c6d3f6e6d7g3c4g5c3f7d2e7f2c8f3c7h3e2f1d1e1g1g4c1h6h4h5b5h2g6c2b1a6b3b4a3f8a5a4g2d8e8b8a7h1b7a1--a2b2b6--a8--g7h7h8g8",)"
          R"("np":3,"fb":11,"fw":53,"end":"full"})");
}
