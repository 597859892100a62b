// The GGF writer: whole golden texts of our own games (GGF read back, WTHOR), the read-back
// of what it writes, its one diagnostic, and (corpus) every WTHOR game of the FFO base and
// the GGF-from-WTHOR corpus files.

#include <catch2/catch.hpp>

#include <kifu/format.hpp>
#include <kifu/othello/ggf_writer.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/othello/wthor.hpp>
#include <kifu/read.hpp>

#include "othello/formats.hpp"
#include "othello/wthor_fixture.hpp"
#include "support/corpus.hpp"

#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace othello = kifu::othello;
namespace wthor = kifu::othello::wthor;
namespace test = kifu::test;
using kifu::test::wthor_fixture::make_game;

namespace {

kifu::read_result read_ggf(const std::string& text, const std::string& name = "t.ggf") {
    kifu::read_options options;
    options.mode = kifu::read_mode::lenient;
    const kifu::source_text source(name, text, "UTF-8");
    kifu::read_result result;
    othello::ggf_format().read_text(source, options, result);
    return result;
}

std::vector<othello::record> records_of(const kifu::read_result& r) {
    std::vector<othello::record> out;
    for (const kifu::record& k : r.records) out.push_back(*k.get<othello::record>());
    return out;
}

std::string write_all(const std::vector<othello::record>& records, std::vector<kifu::diagnostic>& ds) {
    std::string out;
    for (const othello::record& r : records) othello::write_ggf(out, r, ds);
    return out;
}

void check_golden(const std::string& text, const std::filesystem::path& path) {
    if (std::getenv("KIFU_UPDATE_GOLDEN") != nullptr) {
        std::ofstream(path, std::ios::binary) << text;
    }
    CHECK(text == test::slurp(path));
}

// The same game as GGF can say it: the GGF keys of the header, the start, the plies (a pass
// inserted by the WTHOR replay is a written one in GGF), the notes and the end.
void check_same_game(const othello::record& written, const othello::record& original) {
    std::vector<std::pair<std::string, std::string>> ggf_header;
    for (const auto& kv : original.header) {
        if (kv.first.rfind("wthor.", 0) != 0) ggf_header.push_back(kv);
    }
    CHECK(written.header == ggf_header);
    CHECK(written.initial == original.initial);
    REQUIRE(written.moves.size() == original.moves.size());
    for (std::size_t i = 0; i < written.moves.size(); ++i) {
        const othello::move& a = written.moves[i];
        const othello::move& b = original.moves[i];
        CHECK((a.color == b.color && a.is_pass() == b.is_pass() && a.to == b.to && a.flip_runs == b.flip_runs));
    }
    CHECK(written.passes_recorded == original.passes_recorded + original.passes_inserted);
    CHECK(written.passes_inserted == 0);
    CHECK(written.notes == original.notes);
    CHECK(written.final_counts == original.final_counts);
    CHECK(written.end == original.end);
    CHECK(written.stop == original.stop);
}

}  // namespace

TEST_CASE("ggf writer: GGF read back writes the golden text, which reads as the same games", "[othello][ggf]") {
    const auto dir = test::data_dir() / "othello" / "ggf";
    const std::vector<othello::record> games = records_of(read_ggf(test::slurp(dir / "match.ggf")));
    REQUIRE(games.size() == 6);  // a synchro pair, two 4×4 games with passes, the octagon, a 6×6 random start
    std::vector<kifu::diagnostic> ds;
    const std::string text = write_all(games, ds);
    CHECK(ds.empty());
    check_golden(text, dir / "match-written.ggf");

    const kifu::read_result again = read_ggf(text);
    CHECK(again.diagnostics.empty());
    CHECK(records_of(again) == games);  // recorded passes stay recorded: nothing differs
}

TEST_CASE("ggf writer: WTHOR games write as GGS lines with their passes written", "[othello][ggf][wthor]") {
    const wthor::header h = kifu::test::wthor_fixture::header_of(1981, 24);
    const wthor::name_tables names =
        kifu::test::wthor_fixture::names_of({"Wiener Paul", "???", "Dupré Zoé"}, {"Parties U.S.A.", "Championnat de Suède"});
    std::vector<kifu::diagnostic> ds;
    std::vector<othello::record> records;
    records.push_back(wthor::to_record(
        make_game(0, 0, 1, 64, 64, "f5f6e6f4g5g6e7f7h6e8f8h4d8d6d7c8b8h7h5g7h3h2e3d2g8f3h8--h1--g4--g3--c7--d3--d1"), h,
        names, "t.wtb", 1, ds));
    records.push_back(wthor::to_record(make_game(1, 2, 0, 33, 30, "f5d6c3d3c4"), h, names, "t.wtb", 2, ds));
    REQUIRE(ds.empty());
    REQUIRE(records[0].passes_inserted == 6);
    const std::string text = write_all(records, ds);
    CHECK(ds.empty());
    check_golden(text, test::data_dir() / "othello" / "wthor-export.ggf");

    const std::vector<othello::record> again = records_of(read_ggf(text));
    REQUIRE(again.size() == records.size());
    for (std::size_t i = 0; i < again.size(); ++i) {
        check_same_game(again[i], records[i]);
    }
}

TEST_CASE("ggf writer: a value GGF cannot hold is changed with ggf.write.value-changed", "[othello][ggf]") {
    othello::record r;
    r.format = "ggf";
    r.initial.size = 4;
    r.header = {{"PB", "a]b"}, {"PC", "line\r\nbreak"}, {"TY", "4"}, {"x.note", "dropped"}};
    std::vector<kifu::diagnostic> ds;
    const std::string text = othello::to_ggf(r, ds);
    CHECK(text == "(;GM[Othello]PB[a)b]PC[line  break]TY[4]BO[4 ---- -O*- -*O- ---- *];)\n");
    REQUIRE(ds.size() == 2);
    for (const kifu::diagnostic& d : ds) {
        CHECK(d.code == "ggf.write.value-changed");
        CHECK(d.severity == kifu::severity::warning);
    }
    CHECK(ds[0].message ==
          "the value of PB holds a ']' or a line break, which GGF cannot write; written with ')' and spaces instead");
    CHECK(ds[1].message.rfind("the value of PC holds", 0) == 0);
}

TEST_CASE("ggf writer: every FFO WTHOR game writes GGF that reads as the same game", "[othello][ggf][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const auto dir = test::corpus_dir() / "othello" / "wthor" / "ffo-1977-2021";
    std::size_t games = 0;
    kifu::read_options options;
    options.format = "wthor";
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".wtb") continue;
        const kifu::read_result wtb = kifu::read_file(entry.path(), options);
        REQUIRE(wtb.ok());
        const std::vector<othello::record> originals = records_of(wtb);
        std::vector<kifu::diagnostic> ds;
        const std::string text = write_all(originals, ds);
        REQUIRE(ds.empty());
        const kifu::read_result ggf = read_ggf(text, entry.path().filename().string() + ".ggf");
        REQUIRE(ggf.ok());
        const std::vector<othello::record> again = records_of(ggf);
        REQUIRE(again.size() == originals.size());
        for (std::size_t i = 0; i < again.size(); ++i) {
            INFO(entry.path().filename().string() << " game " << i + 1);
            check_same_game(again[i], originals[i]);
        }
        games += again.size();
    }
    CHECK(games == 127475);
}

TEST_CASE("ggf writer: WTHOR games written as GGF equal the corpus' GGF made from them", "[othello][ggf][corpus]") {
    KIFU_REQUIRE_CORPUS();
    // The corpus files (peers/go-othello/wthor-to-ggf.mjs) add invented DT, RB, RW, TI, evals
    // and times and spell squares and passes variously, so the texts differ: compared are
    // what both take from the WTHOR game — players, tournament, result, every ply.
    const auto corpus = test::corpus_dir() / "othello";
    const auto wthor_dir = corpus / "wthor" / "ffo-1977-2021";
    kifu::read_options options;
    options.format = "wthor";
    std::map<std::string, std::vector<othello::record>> sources;
    for (const char* name : {"wthor-2001", "all"}) {
        const kifu::read_result theirs = read_ggf(test::slurp(corpus / "ggf" / "from-wthor" / (std::string(name) + ".ggf")));
        const std::vector<othello::record> their_games = records_of(theirs);
        std::ifstream summary(corpus / "expected" / "ggf-from-wthor" / (std::string(name) + ".jsonl"));
        std::string line;
        std::size_t n = 0;
        while (std::getline(summary, line)) {
            // "source":{"file":"WTH_2001.wtb","index":k}
            const std::size_t f = line.find("\"file\":\"") + 8;
            const std::string file = line.substr(f, line.find('"', f) - f);
            const std::size_t k = line.find("\"index\":") + 8;
            std::size_t index = 0;
            std::from_chars(line.data() + k, line.data() + line.size(), index);
            auto& source = sources[file];
            if (source.empty()) source = records_of(kifu::read_file(wthor_dir / file, options));
            REQUIRE(n < their_games.size());
            std::vector<kifu::diagnostic> ds;
            const std::vector<othello::record> ours = records_of(read_ggf(othello::to_ggf(source.at(index), ds)));
            REQUIRE(ours.size() == 1);
            const othello::record& a = ours[0];
            const othello::record& b = their_games[n];
            INFO(name << " game " << n << " from " << file << " #" << index);
            for (const char* key : {"PB", "PW", "PC"}) {
                REQUIRE(a.find_header(key) != nullptr);
                REQUIRE(b.find_header(key) != nullptr);
                CHECK(*a.find_header(key) == *b.find_header(key));
            }
            // RE: "+6" (ours, WTHOR's number) and "+6.000" or "-2.000:r" (theirs) say the same.
            double ra = 0;
            double rb = 0;
            const std::string& re_a = *a.find_header("RE");
            const std::string& re_b = *b.find_header("RE");
            std::from_chars(re_a.data() + (re_a[0] == '+'), re_a.data() + re_a.size(), ra);
            std::from_chars(re_b.data() + (re_b[0] == '+'), re_b.data() + re_b.size(), rb);
            CHECK(ra == rb);
            REQUIRE(a.moves.size() == b.moves.size());
            CHECK(a.moves == b.moves);  // both write every pass: same kinds too
            CHECK(a.final_counts == b.final_counts);
            CHECK(a.end == b.end);
            ++n;
        }
        CHECK(n == their_games.size());
    }
}
