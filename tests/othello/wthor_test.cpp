// WTHOR codec on files made here: header checks, names, round trips, replay diagnostics,
// and the registry entry's reading of a game file with its names files beside it.

#include <catch2/catch.hpp>

#include <kifu/othello/wthor.hpp>

#include "othello/formats.hpp"
#include "othello/wthor_fixture.hpp"
#include "support/corpus.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <vector>

using kifu::diagnostic;
using kifu::format_entry;
using kifu::read_options;
using kifu::read_result;
using kifu::read_mode;
using kifu::severity;
using namespace kifu::othello;
namespace othello = kifu::othello;
namespace test = kifu::test;
using kifu::test::wthor_fixture::codes;
using kifu::test::wthor_fixture::game_of;
using kifu::test::wthor_fixture::header_of;
using kifu::test::wthor_fixture::names_of;

namespace {

std::string header_bytes(std::uint32_t n1, std::uint16_t n2, std::uint16_t year, std::uint8_t p1, std::uint8_t p3,
                         std::uint8_t p2 = 0) {
    std::string h;
    h += static_cast<char>(20);
    h += static_cast<char>(22);
    h += static_cast<char>(6);
    h += static_cast<char>(26);
    for (int i = 0; i < 4; ++i) {
        h += static_cast<char>((n1 >> (8 * i)) & 0xff);
    }
    h += static_cast<char>(n2 & 0xff);
    h += static_cast<char>(n2 >> 8);
    h += static_cast<char>(year & 0xff);
    h += static_cast<char>(year >> 8);
    h += static_cast<char>(p1);
    h += static_cast<char>(p2);
    h += static_cast<char>(p3);
    h += '\0';
    return h;
}

// Move codes from a transcript like "f5d6c3" (passes "--" are skipped: WTHOR stores none).
std::string game_bytes(std::uint16_t t, std::uint16_t b, std::uint16_t w, std::uint8_t bs, std::uint8_t ts,
                       const std::vector<std::uint8_t>& moves, std::size_t slots = 60) {
    std::string g;
    for (const std::uint16_t v : {t, b, w}) {
        g += static_cast<char>(v & 0xff);
        g += static_cast<char>(v >> 8);
    }
    g += static_cast<char>(bs);
    g += static_cast<char>(ts);
    for (std::size_t i = 0; i < slots; ++i) {
        g += static_cast<char>(i < moves.size() ? moves[i] : 0);
    }
    return g;
}

std::string names_bytes(const std::vector<std::string>& names, std::size_t size) {
    std::string out = header_bytes(0, static_cast<std::uint16_t>(names.size()), 0, 0, 0);
    for (const std::string& n : names) {
        out += n;
        out.append(size - n.size(), '\0');
    }
    return out;
}

std::vector<std::string> codes_of(const std::vector<diagnostic>& ds) {
    std::vector<std::string> out;
    for (const diagnostic& d : ds) {
        out.push_back(d.code);
    }
    return out;
}

// The 1981 game "Wiener Paul" vs "???" (FFO base): black wins 37–0 with 27 squares empty, six
// passes inserted. Kept here as a transcript, not as a copy of the file.
constexpr std::string_view wiener_1981 =
    "f5f6e6f4g5g6e7f7h6e8f8h4d8d6d7c8b8h7h5g7h3h2e3d2g8f3h8--h1--g4--g3--c7--d3--d1";

}  // namespace

TEST_CASE("wthor header fields are little-endian", "[othello][wthor]") {
    const std::string bytes = header_bytes(0x01020304, 0x0506, 2001, 8, 24);
    const auto h = wthor::read_header(bytes);
    REQUIRE(h);
    CHECK(h->century == 20);
    CHECK(h->year == 22);
    CHECK(h->month == 6);
    CHECK(h->day == 26);
    CHECK(h->games == 0x01020304u);
    CHECK(h->names == 0x0506);
    CHECK(h->game_year == 2001);
    CHECK(h->board_size == 8);
    CHECK(h->depth == 24);
    CHECK_FALSE(wthor::read_header(bytes.substr(0, 15)));
}

TEST_CASE("a game file reads and writes back byte for byte", "[othello][wthor]") {
    std::string bytes = header_bytes(2, 0, 1981, 8, 24);
    bytes += game_bytes(3, 1, 2, 64, 64, codes(wiener_1981));
    bytes += game_bytes(0xfffe, 0x1234, 0x0102, 33, 31, codes("f5d6c3d3c4"));
    std::vector<diagnostic> ds;
    const wthor::games_file file = wthor::read_games(bytes, "WTH_1981.wtb", ds);
    CHECK(ds.empty());
    REQUIRE(file.games.size() == 2);
    CHECK(file.games[1].tournament == 0xfffe);
    CHECK(file.games[1].black == 0x1234);
    CHECK(file.games[1].white == 0x0102);
    CHECK(file.games[1].black_score == 33);
    CHECK(file.games[1].theoretical_score == 31);
    CHECK(file.games[0].moves[0] == 56);  // f5
    CHECK(wthor::write(file) == bytes);
}

TEST_CASE("a 10x10 game file (.wtd) reads, replays and writes back", "[othello][wthor]") {
    // 10×10 codes are 12×row + column; the moves are the first legal ones of each side.
    board b = board::standard(10);
    const auto first = b.legal_moves(color::black).front();
    std::vector<square> flipped;
    b.play(first, flipped);
    const auto second = b.legal_moves(color::white).front();
    std::string bytes = header_bytes(1, 0, 2000, 10, 22);
    std::vector<std::uint8_t> moves{static_cast<std::uint8_t>(12 * first.y + first.x),
                                    static_cast<std::uint8_t>(12 * second.y + second.x)};
    bytes += game_bytes(0, 0, 0, 50, 50, moves, 96);
    std::vector<diagnostic> ds;
    const wthor::games_file file = wthor::read_games(bytes, "x.wtd", ds);
    CHECK(ds.empty());
    REQUIRE(file.games.size() == 1);
    CHECK(wthor::write(file) == bytes);
    const othello::record r = wthor::to_record(file.games[0], file.header, {}, "x.wtd", 1, ds);
    CHECK(codes_of(ds).empty());
    CHECK(r.initial.size == 10);
    CHECK(r.transcript() == to_string(first) + to_string(second));
    CHECK(r.end == game_end::early);
    CHECK(wthor::from_record(r) == file.games[0]);
}

TEST_CASE("short and inconsistent files become diagnostics", "[othello][wthor]") {
    std::vector<diagnostic> ds;
    SECTION("shorter than the header") {
        const auto file = wthor::read_games("\x14\x16", "a.wtb", ds);
        CHECK(file.games.empty());
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.short-file"});
    }
    SECTION("fewer games than announced: the whole ones are read") {
        std::string bytes = header_bytes(3, 0, 2001, 8, 24) + game_bytes(1, 2, 3, 32, 32, codes("f5d6"));
        bytes += game_bytes(1, 2, 3, 32, 32, codes("f5f6")).substr(0, 40);
        const auto file = wthor::read_games(bytes, "a.wtb", ds);
        CHECK(file.games.size() == 1);
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.short-file"});
        CHECK(ds[0].severity == severity::error);
        CHECK(ds[0].file == "a.wtb");
    }
    SECTION("more bytes than announced") {
        std::string bytes = header_bytes(1, 0, 2001, 8, 24) + game_bytes(1, 2, 3, 32, 32, codes("f5d6")) + "xyz";
        const auto file = wthor::read_games(bytes, "a.wtb", ds);
        CHECK(file.games.size() == 1);
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.count-mismatch"});
        CHECK(ds[0].severity == severity::warning);
    }
    SECTION("a names file shorter than its count") {
        const std::string bytes = names_bytes({"Anna", "Bert"}, 20);
        const auto file = wthor::read_names(bytes.substr(0, bytes.size() - 1), wthor::file_kind::players, "p.jou", ds);
        CHECK(file.names == std::vector<std::string>{"Anna"});
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.short-file"});
    }
    SECTION("an unknown board size") {
        const auto file = wthor::read_games(header_bytes(0, 0, 2001, 7, 24), "a.wtb", ds);
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.board-size"});
    }
    SECTION("a solitaire file") {
        const auto file = wthor::read_games(header_bytes(0, 22, 0, 8, 0, 1), "a.pzz", ds);
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.solitaire"});
    }
    SECTION("a huge announced count allocates nothing for the missing games") {
        const auto file = wthor::read_games(header_bytes(0xffffffff, 0, 2001, 8, 24), "a.wtb", ds);
        CHECK(file.games.empty());
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.short-file"});
    }
}

TEST_CASE("names are Windows-1252 and round-trip with their stored bytes", "[othello][wthor]") {
    CHECK(wthor::decode_name("Championnat de Su\xe8" "de") == "Championnat de Suède");
    CHECK(wthor::decode_name("Pr\xe9qualif de Paris\0junk") == "Préqualif de Paris");
    CHECK(wthor::decode_name("\x80\x81\x9f") == "\u20ac\u0081\u0178");
    CHECK(wthor::encode_name("Suède €") == "Su\xe8" "de \x80");
    CHECK(wthor::encode_name("日本") == "??");
    CHECK(wthor::encode_name("\xc3") == "?");  // a cut UTF-8 sequence
    // One '?' for each maximal ill-formed part, as decoding replaces it by one U+FFFD.
    CHECK(wthor::encode_name("\xe6\x97x") == "?x");
    CHECK(wthor::encode_name("\xc0\xaf\xed\xa0\x80") == "?????");  // an overlong '/', a surrogate

    std::string bytes = names_bytes({"Hubbard Paul", "Su\xe8" "de", std::string("ab\0cd", 5)}, 26);
    std::vector<diagnostic> ds;
    const auto file = wthor::read_names(bytes, wthor::file_kind::tournaments, "WTHOR.TRN", ds);
    CHECK(ds.empty());
    CHECK(wthor::decoded_names(file) == std::vector<std::string>{"Hubbard Paul", "Suède", "ab"});
    CHECK(wthor::write(file, wthor::file_kind::tournaments) == bytes);
    CHECK(wthor::kind_of(bytes, "") == wthor::file_kind::tournaments);
    CHECK(wthor::kind_of(names_bytes({"A"}, 20), "") == wthor::file_kind::players);
    CHECK(wthor::kind_of(bytes, "x/Wthor.Jou") == wthor::file_kind::players);
}

TEST_CASE("replay inserts the passes WTHOR leaves out", "[othello][wthor]") {
    const wthor::game g = kifu::test::wthor_fixture::make_game(1, 0, 1, 64, 64, wiener_1981);
    const wthor::header h = header_of(1981, 24);
    const wthor::name_tables names = names_of({"Wiener Paul", "???"}, {"x", "Parties U.S.A."});
    std::vector<diagnostic> ds;
    const othello::record r = wthor::to_record(g, h, names, "WTH_1981.wtb", 138, ds);
    CHECK(ds.empty());
    CHECK(r.transcript() == wiener_1981);
    CHECK(r.passes_inserted == 6);
    CHECK(r.final_counts == disc_counts{37, 0, 27});
    CHECK(r.end == game_end::blocked);
    CHECK(wthor::from_record(r) == g);

    // The whole JSON against the golden file (written from this output with KIFU_UPDATE_GOLDEN=1
    // and checked by hand: transcript and counts as in the FFO base, flips by the board tests).
    const std::string json = to_jkf(kifu::record(r), {true}) + "\n";
    const auto golden_path = test::data_dir() / "othello" / "wthor-1981-wiener.json";
    if (std::getenv("KIFU_UPDATE_GOLDEN") != nullptr) {
        std::ofstream(golden_path, std::ios::binary) << json;
    }
    const std::string golden = test::slurp(golden_path);
    CHECK(json == golden);
}

TEST_CASE("replay problems become diagnostics with the ply", "[othello][wthor]") {
    const wthor::header h = header_of(2001);
    const wthor::name_tables names = names_of({"A", "B"}, {"T"});
    std::vector<diagnostic> ds;

    SECTION("a move legal for neither side") {
        const othello::record r = wthor::to_record(game_of(codes("f5d6a1")), h, names, "f.wtb", 7, ds);
        REQUIRE(codes_of(ds) == std::vector<std::string>{"othello.illegal-move"});
        CHECK(ds[0].ply == 3);
        CHECK(ds[0].message == "game 7: stored move 3 (a1) is legal for neither side");
        REQUIRE(r.stop);
        CHECK(*r.stop == replay_stop{3, "othello.illegal-move", square{1, 1}});
        CHECK(r.transcript() == "f5d6");
        CHECK(r.end == game_end::early);
    }
    SECTION("a code that is no square") {
        const othello::record r = wthor::to_record(game_of({56, 19}), h, names, "f.wtb", 1, ds);
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.bad-move"});
        CHECK(ds[0].ply == 2);
        CHECK(r.stop->code == "wthor.bad-move");
    }
    SECTION("codes after the terminating 0") {
        const othello::record r = wthor::to_record(game_of({56, 0, 64}), h, names, "f.wtb", 1, ds);
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.moves-after-end"});
        CHECK(ds[0].severity == severity::warning);
        CHECK(r.transcript() == "f5");
    }
    SECTION("unknown player and tournament numbers") {
        wthor::game g = game_of(codes("f5"));
        g.white = 9;
        g.tournament = 4;
        const othello::record r = wthor::to_record(g, h, names, "f.wtb", 1, ds);
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.unknown-tournament", "wthor.unknown-player"});
        CHECK(r.find_header("PW") == nullptr);
        CHECK(*r.find_header("PB") == "A");
        CHECK(*r.find_header("wthor.white") == "9");
    }
    SECTION("a score above 64") {
        wthor::to_record(game_of(codes("f5"), 65), h, names, "f.wtb", 1, ds);
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.bad-score"});
    }
    SECTION("a finished game whose score is not the board's") {
        wthor::to_record(game_of(codes(wiener_1981), 37), h, names, "f.wtb", 1, ds);
        CHECK(codes_of(ds) == std::vector<std::string>{"wthor.score-mismatch"});
    }
}

TEST_CASE("the registry entry reads a game file with the names beside it", "[othello][wthor]") {
    const auto dir = std::filesystem::temp_directory_path() / "kifu-wthor-test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    auto put = [&](const std::string& name, const std::string& bytes) {
        std::ofstream(dir / name, std::ios::binary) << bytes;
    };
    std::string games = header_bytes(2, 0, 1981, 8, 24);
    games += game_bytes(0, 0, 1, 64, 64, codes(wiener_1981));
    games += game_bytes(0, 1, 0, 33, 32, codes("f5d6a1"));  // illegal third move
    put("WTH_1981.wtb", games);
    const format_entry f = wthor_format();
    CHECK(f.name == "wthor");
    CHECK(f.binary);
    std::string declared;
    CHECK(f.sniff(games, declared) == 60);
    CHECK(f.sniff("(;GM[Othello]PC[GGS/os]BO[8 ---- *];)", declared) == 0);

    read_options lenient;
    lenient.mode = read_mode::lenient;
    SECTION("without names") {
        read_result out;
        f.read_binary(games, dir / "WTH_1981.wtb", lenient, out, 0);
        CHECK(codes_of(out.diagnostics) == std::vector<std::string>{"wthor.names-missing", "othello.illegal-move"});
        REQUIRE(out.records.size() == 2);
        CHECK(out.records[1].index == 2);
        CHECK(out.records[0].get<othello::record>()->find_header("PB") == nullptr);
    }
    SECTION("with lower-case names files; an illegal move loads, and ends a strict read as an error") {
        put("wthor.jou", names_bytes({"Wiener Paul", "???"}, 20));
        put("Wthor.Trn", names_bytes({"Parties U.S.A."}, 26));
        read_result loads;
        f.read_binary(games, dir / "WTH_1981.wtb", read_options{}, loads, 0);
        CHECK(codes_of(loads.diagnostics) == std::vector<std::string>{"othello.illegal-move"});
        CHECK(loads.diagnostics[0].severity == severity::warning);
        REQUIRE(loads.records.size() == 2);
        CHECK(loads.records[1].get<othello::record>()->stop.has_value());
        read_options strict;
        strict.warnings_are_errors = true;
        read_result out;
        f.read_binary(games, dir / "WTH_1981.wtb", strict, out, 0);
        CHECK(codes_of(out.diagnostics) == std::vector<std::string>{"othello.illegal-move"});
        CHECK(out.diagnostics[0].severity == severity::error);
        REQUIRE(out.records.size() == 1);
        const othello::record* r = out.records[0].get<othello::record>();
        REQUIRE(r);
        CHECK(*r->find_header("PB") == "Wiener Paul");
        CHECK(*r->find_header("PC") == "Parties U.S.A.");

        read_result names_only;
        f.read_binary(names_bytes({"Wiener Paul"}, 20), dir / "wthor.jou", read_options{}, names_only, 0);
        CHECK(codes_of(names_only.diagnostics) == std::vector<std::string>{"wthor.no-games"});
        CHECK(names_only.records.empty());
    }
    SECTION("names from another folder (--names DIR) or named files (--jou, --trn)") {
        const auto names = dir / "names";
        std::filesystem::create_directories(names);
        std::ofstream(names / "WTHOR.JOU", std::ios::binary) << names_bytes({"Wiener Paul", "???"}, 20);
        std::ofstream(names / "tournaments.trn", std::ios::binary) << names_bytes({"Parties U.S.A."}, 26);
        read_options by_dir = lenient;
        by_dir.wthor_names_dir = names;
        read_result out;
        f.read_binary(games, dir / "WTH_1981.wtb", by_dir, out, 0);
        CHECK(codes_of(out.diagnostics) == std::vector<std::string>{"wthor.names-missing", "othello.illegal-move"});
        CHECK(out.diagnostics[0].message.find("no WTHOR.TRN in " + names.string()) == 0);
        CHECK(*out.records.at(0).get<othello::record>()->find_header("PB") == "Wiener Paul");
        read_options by_file = by_dir;
        by_file.wthor_tournaments = names / "tournaments.trn";
        read_result named;
        f.read_binary(games, dir / "WTH_1981.wtb", by_file, named, 0);
        CHECK(codes_of(named.diagnostics) == std::vector<std::string>{"othello.illegal-move"});
        CHECK(*named.records.at(0).get<othello::record>()->find_header("PC") == "Parties U.S.A.");
    }
    SECTION("a short file in strict mode keeps its whole games, as the message says") {
        read_result out;
        f.read_binary(games.substr(0, 100), {}, read_options{}, out, 0);  // one whole game and a part
        CHECK(codes_of(out.diagnostics) == std::vector<std::string>{"wthor.short-file", "wthor.names-missing"});
        CHECK(out.diagnostics[0].message.ends_with("the 1 whole ones are read"));
        CHECK(out.records.size() == 1);
    }
    SECTION("a file no game can be read from in strict mode gives no records") {
        read_result out;
        f.read_binary(games.substr(0, 10), {}, read_options{}, out, 0);
        CHECK(codes_of(out.diagnostics) == std::vector<std::string>{"wthor.short-file"});
        CHECK(out.records.empty());
    }
    std::filesystem::remove_all(dir);
}
