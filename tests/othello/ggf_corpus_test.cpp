// Every real GGF game record (corpus/othello/ggf/real) and the GGF files generated from the
// WTHOR base (corpus/othello/ggf/from-wthor) against the reference reader's per-game lines
// (corpus/othello/expected/ggf-real.jsonl, expected/ggf-from-wthor/*.jsonl).

#include <catch2/catch.hpp>

#include <kifu/othello/record.hpp>
#include <kifu/read.hpp>

#include <nlohmann/json.hpp>

#include "othello/formats.hpp"
#include "support/corpus.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace othello = kifu::othello;
namespace test = kifu::test;
using nlohmann::json;

namespace {

std::filesystem::path ggf_dir() { return test::corpus_dir() / "othello" / "ggf"; }
std::filesystem::path expected_dir() { return test::corpus_dir() / "othello" / "expected"; }

std::vector<json> read_jsonl(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::vector<json> lines;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty()) lines.push_back(json::parse(line));
    }
    return lines;
}

// Through the format's entry, not kifu::read_file: that numbers the records 1… again, and
// here each record must keep the number of its game in the file (rejected games leave gaps).
kifu::read_result read_lenient(const std::filesystem::path& path) {
    kifu::read_options options;
    options.mode = kifu::read_mode::lenient;
    const kifu::source_text text(path.string(), test::slurp(path), "UTF-8");
    kifu::read_result result;
    othello::ggf_format().read_text(text, options, result);
    return result;
}

// Our records by 1-based game index.
std::map<std::size_t, const othello::record*> by_index(const kifu::read_result& result) {
    std::map<std::size_t, const othello::record*> out;
    for (const kifu::record& r : result.records) {
        out[r.index] = r.get<othello::record>();
    }
    return out;
}

// The reference's `moves` array of one game, from our record.
json moves_of(const othello::record& r) {
    json out = json::array();
    std::size_t note = 0;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const othello::move& m = r.moves[i];
        json j = json::object();
        j["color"] = m.color == othello::color::black ? "B" : "W";
        if (m.is_pass()) {
            j["pass"] = true;
            j[m.pass == othello::pass_kind::recorded ? "explicit" : "inserted"] = true;
        } else {
            j["square"] = othello::to_string(m.to);
            json flips = json::array();
            for (const othello::square s : othello::record::flips_of(m)) flips.push_back(othello::to_string(s));
            j["flips"] = flips;
        }
        while (note < r.notes.size() && r.notes[note].move_index < i) ++note;
        if (note < r.notes.size() && r.notes[note].move_index == i) {
            if (r.notes[note].eval) j["eval"] = *r.notes[note].eval;
            if (!r.notes[note].elapsed.empty()) j["time"] = r.notes[note].elapsed;
        }
        out.push_back(j);
    }
    return out;
}

bool game_over(const othello::record& r) { return r.end != othello::game_end::early; }

bool has_error_on_line(const kifu::read_result& result, long line) {
    for (const kifu::diagnostic& d : result.diagnostics) {
        if (d.severity == kifu::severity::error && static_cast<long>(d.line) == line) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("ggf corpus: every real game record gives the reference's replay", "[othello][ggf][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const std::vector<json> expected = read_jsonl(expected_dir() / "ggf-real.jsonl");
    REQUIRE(expected.size() == 32);
    std::map<std::string, kifu::read_result> results;
    std::size_t rejected = 0;
    for (const json& e : expected) {
        const std::string file = e["file"];
        if (!results.count(file)) results.emplace(file, read_lenient(ggf_dir() / "real" / file));
        const kifu::read_result& result = results.at(file);
        const auto records = by_index(result);
        const std::size_t index = e["game"].get<std::size_t>() + 1;
        INFO(file << " game " << e["game"] << " line " << e["line"]);
        if (!e["error"].is_null() && e["error"].value("reason", "") != "illegal move") {
            // The negative cases of NBoard's tests: rejected, with an error on the game's line,
            // and the next game still read.
            CHECK(records.count(index) == 0);
            CHECK(has_error_on_line(result, e["line"].get<long>()));
            ++rejected;
            continue;
        }
        REQUIRE(records.count(index) == 1);
        const othello::record& r = *records.at(index);
        CHECK(r.initial.size == e["board"]["size"].get<int>());
        CHECK(r.initial.octagon == e["board"]["octagon"].get<bool>());
        CHECK((r.initial.to_move == othello::color::black ? "B" : "W") == e["board"]["toMove"].get<std::string>());
        for (const auto& [key, value] : e["props"].items()) {
            const std::string* ours = r.find_header(key);
            REQUIRE(ours != nullptr);
            CHECK(*ours == value.get<std::string>());
        }
        CHECK(moves_of(r) == e["moves"]);
        CHECK(static_cast<int>(r.moves.size()) == e["plies"].get<int>());
        CHECK(r.passes_recorded == e["passes"]["recorded"].get<int>());
        CHECK(r.passes_inserted == e["passes"]["inserted"].get<int>());
        CHECK(r.final_counts.black == e["final"]["black"].get<int>());
        CHECK(r.final_counts.white == e["final"]["white"].get<int>());
        CHECK(r.final_counts.empty == e["final"]["empty"].get<int>());
        CHECK(game_over(r) == e["gameOver"].get<bool>());
        CHECK(r.stop.has_value() == !e["error"].is_null());
    }
    CHECK(rejected == 4);
    std::size_t records = 0;
    for (const auto& [file, result] : results) records += result.records.size();
    CHECK(records == expected.size() - rejected);  // no record beyond the expected games
}

TEST_CASE("ggf corpus: the games made from WTHOR give the generator's summaries", "[othello][ggf][corpus]") {
    KIFU_REQUIRE_CORPUS();
    for (const char* name : {"wthor-2001", "all"}) {
        INFO(name);
        const std::vector<json> expected = read_jsonl(expected_dir() / "ggf-from-wthor" / (std::string(name) + ".jsonl"));
        const kifu::read_result result = read_lenient(ggf_dir() / "from-wthor" / (std::string(name) + ".ggf"));
        CHECK(result.diagnostics.empty());
        REQUIRE(result.records.size() == expected.size());
        std::size_t mismatches = 0;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const json& e = expected[i];
            const kifu::record& rec = result.records[i];
            const othello::record& r = *rec.get<othello::record>();
            const bool same = rec.index == e["game"].get<std::size_t>() + 1 &&
                              static_cast<int>(r.moves.size()) == e["moves"].get<int>() &&
                              r.passes_recorded == e["passes"].get<int>() && r.passes_inserted == 0 &&
                              r.final_counts.black == e["black"].get<int>() &&
                              r.final_counts.white == e["white"].get<int>() && game_over(r) == e["gameOver"].get<bool>() &&
                              *r.find_header("PB") == e["PB"].get<std::string>() &&
                              *r.find_header("PW") == e["PW"].get<std::string>() &&
                              *r.find_header("RE") == e["RE"].get<std::string>() && !r.stop;
            if (!same && ++mismatches <= 5) {
                UNSCOPED_INFO("game " << e["game"] << " line " << e["line"] << ": " << r.transcript());
            }
        }
        CHECK(mismatches == 0);
    }
}
