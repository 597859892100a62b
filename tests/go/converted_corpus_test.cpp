// GIB, NGF and UGF/UGI files of ../shared/corpus/go against the reference summaries in
// expected/<fmt>/<file>.json (Sabaki's readers; its text decoded with the file's real encoding
// where it guessed wrong): each file is read as `kifu convert` reads it, written as SGF, read
// back, and its board size, komi, handicap stones, players, result and main line compared.
// Where the reference is wrong the expected value is ours, each one a case of docs/deviations.md.

#include <catch2/catch.hpp>

#include <kifu/go/record.hpp>
#include <kifu/go/sgf.hpp>
#include <kifu/read.hpp>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "go/normalize.hpp"
#include "go/sgf_support.hpp"
#include "support/corpus.hpp"

namespace fs = std::filesystem;
using kifu::go::record;

namespace {

// docs/deviations.md, "GIB, NGF and UGF": file → root property → our value ("" = absent).
const std::map<std::string, std::map<std::string, std::string>> deviations{
    // Old `GI` header: which player is black is not stated, the komi is not given, the
    // result line says 黑中盘胜 (Black wins by resignation).
    {"ngf/gb2312.ngf", {{"PB", ""}, {"BR", ""}, {"PW", ""}, {"WR", ""}, {"KM", ""}, {"RE", "B+R"}}},
};

// `B+7.50` and `B+7.5` are the same result: a margin compares as a number.
std::string canonical_result(const std::string& re) {
    if (re.size() > 2 && re[1] == '+' && (std::isdigit(static_cast<unsigned char>(re[2])) != 0)) {
        char* end = nullptr;
        const double margin = std::strtod(re.c_str() + 2, &end);
        if (*end == '\0') return re.substr(0, 2) + std::to_string(margin);
    }
    return re;
}

std::string header(const record& r, const char* id) {
    const std::string* v = r.find_header(id);
    return v ? *v : std::string();
}

std::string json_text(const nlohmann::json& j) { return j.is_string() ? j.get<std::string>() : std::string(); }

void compare_with_reference(const fs::path& file, const fs::path& expected) {
    const std::string rel = file.parent_path().filename().string() + "/" + file.filename().string();
    INFO(rel);
    const kifu::read_result read = kifu::read_file(file);
    for (const kifu::diagnostic& d : read.diagnostics) UNSCOPED_INFO(kifu::format_gcc(d));
    REQUIRE(read.ok());
    REQUIRE(read.records.size() == 1);
    const record* ours_first = read.records[0].get<record>();
    REQUIRE(ours_first);

    // What `kifu convert -t sgf` writes, read back.
    std::vector<kifu::diagnostic> d;
    const kifu::go::sgf_collection sgf = kifu::test::parse(kifu::go::write_sgf({*ours_first}), d);
    REQUIRE(sgf.roots.size() == 1);
    const record ours = kifu::go::normalize(sgf, sgf.roots[0], {}, d);
    CHECK(d.empty());

    nlohmann::json ref = nlohmann::json::parse(kifu::test::slurp(expected));
    if (ref.contains("with_actual_encoding")) {
        for (const auto& [k, v] : ref["with_actual_encoding"].items()) ref[k] = v;
    }
    std::map<std::string, std::string> want{
        {"PB", json_text(ref["black"]["name"])}, {"BR", json_text(ref["black"]["rank"])},
        {"PW", json_text(ref["white"]["name"])}, {"WR", json_text(ref["white"]["rank"])},
        {"RE", json_text(ref["result"])},        {"KM", ref["komi"].is_number() ? std::to_string(ref["komi"].get<double>()) : ""},
    };
    if (const auto dev = deviations.find(rel); dev != deviations.end()) {
        for (const auto& [k, v] : dev->second) want[k] = v;
    }
    const std::string km = header(ours, "KM");
    std::map<std::string, std::string> got{
        {"PB", header(ours, "PB")}, {"BR", header(ours, "BR")}, {"PW", header(ours, "PW")}, {"WR", header(ours, "WR")},
        {"RE", header(ours, "RE")}, {"KM", km.empty() ? "" : std::to_string(std::strtod(km.c_str(), nullptr))},
    };
    want["RE"] = canonical_result(want["RE"]);
    got["RE"] = canonical_result(got["RE"]);
    CHECK(got == want);
    CHECK(ours.width == ref["board_size"].get<int>());
    CHECK(ours.handicap == ref["handicap"].get<int>());
    std::set<std::pair<int, int>> stones;
    for (const kifu::go::point p : ours.initial.black) stones.insert({p.x, p.y});
    std::set<std::pair<int, int>> ref_stones;
    for (const auto& p : ref["setup_black"]) ref_stones.insert({p[0].get<int>(), p[1].get<int>()});
    CHECK(stones == ref_stones);
    CHECK(ours.initial.white.empty());

    std::vector<std::string> moves;
    for (std::size_t i = 1; i < ours.lines[0].size(); ++i) {
        const auto& m = ours.lines[0][i].move;
        REQUIRE(m);
        moves.push_back(std::string(m->color == kifu::go::color::black ? "B" : "W") +
                        (m->to ? std::to_string(m->to->x) + "," + std::to_string(m->to->y) : "pass"));
    }
    std::vector<std::string> ref_moves;
    for (const auto& m : ref["moves"]) {
        ref_moves.push_back(m[0].get<std::string>() +
                            (m[1].is_null() ? "pass" : std::to_string(m[1].get<int>()) + "," + std::to_string(m[2].get<int>())));
    }
    CHECK(moves == ref_moves);
}

std::size_t compare_folder(const char* format) {
    const fs::path dir = kifu::test::corpus_dir() / "go" / format;
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        ++files;
        compare_with_reference(entry.path(), kifu::test::corpus_dir() / "go" / "expected" / format /
                                                 (entry.path().filename().string() + ".json"));
    }
    return files;
}

}  // namespace

TEST_CASE("GIB corpus: 8 files convert to the reference's game", "[go][gib][corpus]") {
    KIFU_REQUIRE_CORPUS();
    CHECK(compare_folder("gib") == 8);
}

TEST_CASE("NGF corpus: 7 files convert to the reference's game", "[go][ngf][corpus]") {
    KIFU_REQUIRE_CORPUS();
    CHECK(compare_folder("ngf") == 7);
}

TEST_CASE("UGF corpus: 6 UGF/UGI files convert to the reference's game", "[go][ugf][corpus]") {
    KIFU_REQUIRE_CORPUS();
    CHECK(compare_folder("ugf") == 6);
}
