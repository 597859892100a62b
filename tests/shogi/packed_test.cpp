// HuffmanCodedPos, PackedSfen, their 16-bit moves and the hcpe and psv writers
// (kifu/shogi/packed.hpp, runtime/src/shogi/packed_writers.cpp): facts of the formats, round
// trips through our own decoder on every position of the shogi records of tests/data, the
// records the writers give for games made here, and byte-exact agreement with the reference
// files made by cshogi when the shared corpus is present.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>

#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/packed.hpp>
#include <kifu/shogi/sfen.hpp>
#include <kifu/write.hpp>

#include "support/corpus.hpp"

namespace {

namespace fs = std::filesystem;
using kifu::shogi::position;

position sfen(std::string_view text) {
    auto p = kifu::shogi::parse_sfen(text);
    REQUIRE(p);
    return *p;
}

std::string bytes_of(const kifu::shogi::packed_position& p) { return std::string(p.begin(), p.end()); }

std::string hex(std::string_view bytes) {
    std::string out;
    for (const char c : bytes) out += fmt::format("{:02x}", static_cast<unsigned char>(c));
    return out;
}

// Every position of the main line of every shogi record in the folders, with the move played
// from it (nothing for the last).
struct sample {
    position pos;
    std::optional<kifu::shogi::board_move> next;
    std::string where;
};

std::vector<sample> sample_positions() {
    std::vector<sample> out;
    const fs::path data = kifu::test::data_dir();
    for (const char* dir : {"samples", "training", "search", "shogi/csa", "shogi/kakinoki", "shogi/ki2", "shogi/kif"}) {
        for (const auto& e : fs::directory_iterator(data / dir)) {
            const std::string ext = e.path().extension().string();
            if (ext == ".json" || ext == ".md" || ext == ".sfen" || e.path().filename() == "no-white-king.csa") continue;
            const kifu::read_result r = kifu::read_file(e.path());
            if (!r.ok()) continue;
            for (const kifu::record& rec : r.records) {
                const auto* game = rec.get<kifu::shogi::jkf>();
                if (game == nullptr) continue;
                const auto moves = kifu::shogi::main_line(*game);
                position p = kifu::shogi::start_position(*game);
                for (std::size_t i = 0; i <= moves.size(); ++i) {
                    sample s{p, std::nullopt, fmt::format("{} game {} ply {}", e.path().string(), rec.index, i)};
                    if (i < moves.size()) s.next = moves[i];
                    out.push_back(s);
                    if (i < moves.size() && p.play(*s.next) != kifu::shogi::illegal_reason::none) break;
                }
            }
        }
    }
    return out;
}

// One king a side and at most the pieces of one set, counted here from the board and hands.
bool representable(const position& p) {
    using kifu::shogi::color;
    using kifu::shogi::piece_kind;
    if (p.count_on_board(color::black, piece_kind::ou) != 1 || p.count_on_board(color::white, piece_kind::ou) != 1) {
        return false;
    }
    const int set[7] = {18, 4, 4, 4, 4, 2, 2};
    for (int k = 0; k < 7; ++k) {
        const auto kind = static_cast<piece_kind>(k);
        int n = 0;
        for (const color c : {color::black, color::white}) {
            n += p.hand(c, kind) + p.count_on_board(c, kind);
            if (kifu::shogi::can_promote(kind)) n += p.count_on_board(c, kifu::shogi::promote(kind));
        }
        if (n > set[k]) return false;
    }
    return true;
}

std::vector<std::string> edge_sfens() {
    std::ifstream in(kifu::test::data_dir() / "training" / "edge-positions.sfen");
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty()) out.push_back(line);
    }
    return out;
}

std::string write_bytes(const fs::path& file, std::string_view writer) {
    const kifu::read_result r = kifu::read_file(file);
    REQUIRE(r.ok());
    const kifu::write_result w = kifu::write(r.records, writer);
    REQUIRE(w.ok());
    return w.text;
}

int le16(std::string_view b, std::size_t at) {
    return static_cast<std::int16_t>(static_cast<unsigned char>(b[at]) | static_cast<unsigned char>(b[at + 1]) << 8);
}

}  // namespace

TEST_CASE("the start position's code begins with the turn bit and both king squares") {
    // Bit 0 = 0 (Black to move), bits 1-7 = 44 (5i), bits 8-14 = 36 (5a).
    const auto hcp = kifu::shogi::to_hcp(sfen("startpos"));
    REQUIRE(hcp);
    CHECK((*hcp)[0] == 0x58);
    CHECK(((*hcp)[1] & 0x7f) == 0x24);
    const auto white = kifu::shogi::to_psfen(sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"));
    REQUIRE(white);
    CHECK((*white)[0] == 0x59);
}

TEST_CASE("the 16-bit moves of cshogi and YaneuraOu") {
    const position start = sfen("startpos");
    const auto usi = [](const position& p, std::string_view text) {
        auto m = kifu::shogi::parse_usi(text, p);
        REQUIRE(m);
        return *m;
    };
    CHECK(kifu::shogi::to_move16(usi(start, "7g7f")) == 0x1e3b);
    CHECK(kifu::shogi::to_psv_move(usi(start, "7g7f")) == 0x1e3b);
    CHECK(kifu::shogi::to_move16(usi(start, "1i1h")) == 0x0407);
    const position open = sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    CHECK(kifu::shogi::to_move16(usi(open, "8h2b+")) == 0x630a);
    CHECK(kifu::shogi::to_psv_move(usi(open, "8h2b+")) == 0xa30a);
    const position hands = sfen("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1");
    CHECK(kifu::shogi::to_move16(usi(hands, "P*1a")) == 0x2880);
    CHECK(kifu::shogi::to_psv_move(usi(hands, "P*1a")) == 0x4080);
    CHECK(kifu::shogi::to_move16(usi(hands, "R*9i")) == 0x2b50);
    CHECK(kifu::shogi::to_psv_move(usi(hands, "R*9i")) == 0x4350);
    CHECK(kifu::shogi::to_move16(usi(hands, "G*5e")) == 0x2ba8);
    CHECK(kifu::shogi::to_psv_move(usi(hands, "N*5e")) == 0x41a8);
    CHECK(kifu::shogi::to_move16(usi(hands, "B*5e")) == 0x2aa8);
    CHECK(kifu::shogi::to_psv_move(usi(hands, "S*5e")) == 0x4228);
    // Read back.
    CHECK(kifu::shogi::parse_move16(open, 0x630a) == usi(open, "8h2b+"));
    CHECK(kifu::shogi::parse_psv_move(hands, 0x4350) == usi(hands, "R*9i"));
    CHECK_FALSE(kifu::shogi::parse_move16(start, 0x1e00 | 81));          // destination past 80
    CHECK_FALSE(kifu::shogi::parse_move16(start, (40 << 7) | 30));      // 5e holds nothing
    CHECK_FALSE(kifu::shogi::parse_move16(start, (88 << 7) | 30));      // drop kind 8
    CHECK_FALSE(kifu::shogi::parse_move16(start, (2 << 7) | 3));        // 1c holds a White pawn, Black to move
    CHECK_FALSE(kifu::shogi::parse_psv_move(start, 0x4000 | (0 << 7)));  // drop kind 0
}

TEST_CASE("every position and move of the shogi records here reads back from both codes") {
    const std::vector<sample> samples = sample_positions();
    REQUIRE(samples.size() > 500);
    std::size_t moves = 0;
    std::size_t unrepresentable = 0;
    for (const sample& s : samples) {
        INFO(s.where << ": " << kifu::shogi::to_sfen(s.pos));
        std::string error;
        if (!representable(s.pos)) {
            // A composed problem without one king a side, or with more of a kind than one set:
            // neither code can hold it.
            CHECK_FALSE(kifu::shogi::to_hcp(s.pos, &error));
            CHECK_FALSE(kifu::shogi::to_psfen(s.pos, &error));
            ++unrepresentable;
            continue;
        }
        const auto hcp = kifu::shogi::to_hcp(s.pos, &error);
        const auto psfen = kifu::shogi::to_psfen(s.pos, &error);
        INFO(error);
        REQUIRE(hcp);
        REQUIRE(psfen);
        CHECK(bytes_of(*hcp) != bytes_of(*psfen));
        const auto from_hcp = kifu::shogi::parse_hcp(bytes_of(*hcp), &error);
        const auto from_psfen = kifu::shogi::parse_psfen(bytes_of(*psfen), &error);
        REQUIRE(from_hcp);
        REQUIRE(from_psfen);
        CHECK(*from_hcp == s.pos);
        CHECK(*from_psfen == s.pos);
        if (s.next) {
            ++moves;
            CHECK(kifu::shogi::parse_move16(s.pos, kifu::shogi::to_move16(*s.next)) == s.next);
            CHECK(kifu::shogi::parse_psv_move(s.pos, kifu::shogi::to_psv_move(*s.next)) == s.next);
        }
    }
    CHECK(moves > 400);
    CHECK(unrepresentable < samples.size() / 10);
}

TEST_CASE("edge positions: handicaps, every piece promoted, full hands, the box") {
    const std::vector<std::string> sfens = edge_sfens();
    REQUIRE(sfens.size() == 12);
    for (const std::string& text : sfens) {
        INFO(text);
        const position p = sfen(text);
        for (const bool hcp : {true, false}) {
            std::string error;
            const auto code = hcp ? kifu::shogi::to_hcp(p, &error) : kifu::shogi::to_psfen(p, &error);
            INFO(error);
            REQUIRE(code);
            const auto back = hcp ? kifu::shogi::parse_hcp(bytes_of(*code)) : kifu::shogi::parse_psfen(bytes_of(*code));
            REQUIRE(back);
            CHECK(kifu::shogi::to_sfen(*back, 1) == text.substr(0, text.rfind(' ')) + " 1");
        }
    }
    // Kings alone: 1 + 14 bits, 79 empty squares, then the 38 other pieces in the box.
    const auto kings = kifu::shogi::to_hcp(sfen("K7k/9/9/9/9/9/9/9/9 w - 1"));
    REQUIRE(kings);
    CHECK(((*kings)[0] & 1) == 1);
}

TEST_CASE("positions the 256 bits cannot hold are refused with a reason") {
    std::string error;
    CHECK_FALSE(kifu::shogi::to_hcp(sfen("9/9/9/9/9/9/9/9/4K4 b - 1"), &error));
    CHECK(error == "White has 0 kings; the 256-bit code needs exactly one a side");
    position pawns = sfen("4k4/9/9/9/9/9/9/9/4K4 b 18P 1");
    pawns.set({1, 5}, kifu::shogi::piece{kifu::shogi::color::white, kifu::shogi::piece_kind::to});
    CHECK_FALSE(kifu::shogi::to_psfen(pawns, &error));
    CHECK(error == "the position holds 19 歩; one set has 18");  // a と counts as a pawn
    CHECK_FALSE(kifu::shogi::to_hcp(sfen("4k4/9/9/9/9/9/9/9/3KK4 b - 1"), &error));
    CHECK(error == "Black has 2 kings; the 256-bit code needs exactly one a side");
}

TEST_CASE("bytes that are no position are refused with a reason") {
    std::string error;
    CHECK_FALSE(kifu::shogi::parse_hcp(std::string(31, '\0'), &error));
    CHECK(error == "31 bytes; a packed position is 32");
    std::string code = bytes_of(*kifu::shogi::to_hcp(sfen("startpos")));
    std::string bad = code;
    bad[0] = static_cast<char>(0xff);  // Black's king on square 127
    CHECK_FALSE(kifu::shogi::parse_hcp(bad, &error));
    CHECK(error == "king squares 127 and 36: each must be 0…80 and they must differ");
    CHECK_FALSE(kifu::shogi::parse_hcp(std::string(32, '\xff'), &error));
    // All zeros: both kings on 1a.
    CHECK_FALSE(kifu::shogi::parse_psfen(std::string(32, '\0'), &error));
    // The start position with its last byte cleared: its pieces no longer fill 256 bits.
    bad = code;
    bad[31] = 0;
    CHECK_FALSE(kifu::shogi::parse_hcp(bad, &error));
    CHECK_FALSE(error.empty());
    CHECK_FALSE(kifu::shogi::parse_hcpe(code, &error));
    CHECK(error == "32 bytes; an hcpe record is 38");
    CHECK_FALSE(kifu::shogi::parse_psv(code + std::string(6, '\0'), &error));
    CHECK(error == "38 bytes; a psv record is 40");
    CHECK_FALSE(kifu::shogi::parse_hcpe(code + std::string(4, '\0') + "\x03" + std::string(1, '\0'), &error));
    CHECK(error == "gameResult 3; it is 0 (draw), 1 (Black won) or 2 (White won)");
}

TEST_CASE("hcpe and psv of games made here: one record per position before each move") {
    const fs::path flood = kifu::test::data_dir() / "training" / "floodgate-style.csa";
    const std::string hcpe = write_bytes(flood, "hcpe");
    const std::string psv = write_bytes(flood, "psv");
    // 6 + 4 + 7 + 2 moves.
    REQUIRE(hcpe.size() == 19 * 38);
    REQUIRE(psv.size() == 19 * 40);
    const kifu::read_result r = kifu::read_file(flood);
    std::size_t k = 0;
    // Black's results: White won (resigned at Black's turn), draw (SENNICHITE), draw (CHUDAN with
    // moves left), Black won (KACHI).
    const int results[4] = {2, 0, 0, 1};
    for (std::size_t g = 0; g < r.records.size(); ++g) {
        const auto& game = *r.records[g].get<kifu::shogi::jkf>();
        const auto moves = kifu::shogi::main_line(game);
        position p = kifu::shogi::start_position(game);
        for (std::size_t i = 0; i < moves.size(); ++i, ++k) {
            INFO("game " << g + 1 << " ply " << i);
            const auto h = kifu::shogi::parse_hcpe(std::string_view(hcpe).substr(k * 38, 38));
            const auto v = kifu::shogi::parse_psv(std::string_view(psv).substr(k * 40, 40));
            REQUIRE(h);
            REQUIRE(v);
            const kifu::shogi::board_move m = moves[i];
            CHECK(h->position == p);
            CHECK(v->position == p);
            CHECK(kifu::shogi::parse_move16(p, h->best_move16) == m);
            CHECK(kifu::shogi::parse_psv_move(p, v->move) == m);
            CHECK(h->game_result == results[g]);
            const int for_black = results[g] == 0 ? 0 : results[g] == 1 ? 1 : -1;
            CHECK(v->game_result == (p.side_to_move() == kifu::shogi::color::black ? for_black : -for_black));
            CHECK(v->game_ply == static_cast<int>(i) + 1);
            CHECK(hcpe[k * 38 + 37] == 0);
            CHECK(psv[k * 40 + 39] == 0);
            REQUIRE(p.play(m) == kifu::shogi::illegal_reason::none);
        }
    }
    // Evaluations: floodgate's '** comment of the move played, for the side to move.
    CHECK(le16(hcpe, 0 * 38 + 32) == 30);     // +7776FU '** 30
    CHECK(le16(hcpe, 1 * 38 + 32) == 25);     // -3334FU '** -25, White to move
    CHECK(le16(psv, 2 * 40 + 32) == 120);     // +8822UM '** 120
    CHECK(le16(hcpe, 3 * 38 + 32) == 0);      // no comment
    CHECK(le16(hcpe, 4 * 38 + 32) == 95);
}

TEST_CASE("a game without a final special: the side to move without a legal move has lost") {
    const std::string hcpe = write_bytes(kifu::test::data_dir() / "training" / "mate-no-special.csa", "hcpe");
    const std::string psv = write_bytes(kifu::test::data_dir() / "training" / "mate-no-special.csa", "psv");
    REQUIRE(hcpe.size() == 3 * 38);
    for (std::size_t k = 0; k < 3; ++k) {
        CHECK(hcpe[k * 38 + 36] == 1);                    // Black won
        CHECK(psv[k * 40 + 38] == (k % 2 == 0 ? 1 : -1));  // for the side to move
    }
    CHECK(le16(hcpe, 32) == 700);
    CHECK(le16(hcpe, 38 + 32) == 800);  // '** -800 in Black's view, White to move
    // The box holds everything but the two kings, two golds, a pawn and a lance.
    const auto h = kifu::shogi::parse_hcpe(std::string_view(hcpe).substr(0, 38));
    REQUIRE(h);
    CHECK(kifu::shogi::to_sfen(h->position, 1) == "l7k/9/8P/9/9/9/9/9/4K4 b 2G 1");
}

TEST_CASE("a position without a king fails the write with hcpe.write.position or psv.write.position") {
    const fs::path file = kifu::test::data_dir() / "training" / "no-white-king.csa";
    const kifu::read_result r = kifu::read_file(file);
    REQUIRE(r.ok());
    kifu::write_options options;
    options.source = "no-white-king.csa";
    for (const char* writer : {"hcpe", "psv"}) {
        const kifu::write_result w = kifu::write(r.records, writer, options);
        CHECK_FALSE(w.ok());
        CHECK(w.text.empty());
        REQUIRE(w.diagnostics.size() == 1);
        CHECK(w.diagnostics[0].code == std::string(writer) + ".write.position");
        CHECK(w.diagnostics[0].message == fmt::format("game 1, ply 0: White has 0 kings; the 256-bit code needs "
                                                      "exactly one a side; -t {} cannot write the position",
                                                      writer));
    }
}

TEST_CASE("the writers are binary, of shogi, and write many games") {
    for (const char* name : {"hcpe", "psv"}) {
        const kifu::writer_info* w = kifu::find_writer(name);
        REQUIRE(w);
        CHECK(w->binary);
        CHECK(w->encodings.empty());
        CHECK(w->many_games);
        CHECK(w->game == kifu::game::shogi);
        CHECK(w->extension == std::string(".") + name);
    }
}

TEST_CASE("hcpe and psv of the 300 reference games equal cshogi's byte for byte and read back") {
    KIFU_REQUIRE_CORPUS();
    const fs::path corpus = kifu::test::corpus_dir() / "shogi";
    const fs::path expected = corpus / "expected" / "training";
    std::vector<kifu::record> records;
    for (int i = 0; i < 300; ++i) {
        const kifu::read_result r = kifu::read_file(corpus / "generated" / "seed1-2000" / "csa" / fmt::format("g{:06}.csa", i));
        REQUIRE(r.ok());
        REQUIRE(r.records.size() == 1);
        records.push_back(r.records.front());
    }
    const kifu::write_result hcpe = kifu::write(records, "hcpe");
    const kifu::write_result psv = kifu::write(records, "psv");
    REQUIRE(hcpe.ok());
    REQUIRE(psv.ok());
    const std::string want_hcpe = kifu::test::slurp(expected / "seed1-300.hcpe");
    const std::string want_psv = kifu::test::slurp(expected / "seed1-300.psv");
    REQUIRE(want_hcpe.size() == 42192 * 38);
    CHECK(hcpe.text.size() == want_hcpe.size());
    CHECK(hcpe.text == want_hcpe);
    CHECK(psv.text == want_psv);
    // Every record reads back to the SFEN cshogi wrote for it, and its move to the USI move.
    std::ifstream sfens(expected / "seed1-300.sfen.tsv");
    std::string line;
    std::getline(sfens, line);  // header
    std::size_t k = 0;
    std::size_t mismatches = 0;
    for (; std::getline(sfens, line); ++k) {
        std::istringstream fields(line);
        std::string game, ply, text, usi;
        std::getline(fields, game, '\t');
        std::getline(fields, ply, '\t');
        std::getline(fields, text, '\t');
        std::getline(fields, usi, '\t');
        const auto h = kifu::shogi::parse_hcpe(std::string_view(hcpe.text).substr(k * 38, 38));
        const auto v = kifu::shogi::parse_psv(std::string_view(psv.text).substr(k * 40, 40));
        if (!h || !v) {
            ++mismatches;
            continue;
        }
        const int number = std::stoi(ply);
        const auto m = kifu::shogi::parse_move16(h->position, h->best_move16);
        const auto pm = kifu::shogi::parse_psv_move(v->position, v->move);
        if (kifu::shogi::to_sfen(h->position, number) != text || kifu::shogi::to_sfen(v->position, number) != text ||
            !m || !pm || kifu::shogi::to_usi(*m) != usi || kifu::shogi::to_usi(*pm) != usi || v->game_ply != number) {
            ++mismatches;
        }
    }
    CHECK(k == 42192);
    CHECK(mismatches == 0);
}

TEST_CASE("the reference edge positions code as cshogi codes them") {
    KIFU_REQUIRE_CORPUS();
    const fs::path expected = kifu::test::corpus_dir() / "shogi" / "expected" / "training";
    for (const auto& [file, hcp] : {std::pair{"edge-positions.tsv", true}, std::pair{"edge-positions.psfen.tsv", false}}) {
        std::ifstream in(expected / file);
        std::size_t n = 0;
        for (std::string line; std::getline(in, line); ++n) {
            const std::size_t tab = line.find('\t');
            const std::string text = line.substr(0, tab);
            INFO(text);
            const position p = sfen(text);
            const auto code = hcp ? kifu::shogi::to_hcp(p) : kifu::shogi::to_psfen(p);
            REQUIRE(code);
            CHECK(hex(bytes_of(*code)) == line.substr(tab + 1));
            const auto back = hcp ? kifu::shogi::parse_hcp(bytes_of(*code)) : kifu::shogi::parse_psfen(bytes_of(*code));
            REQUIRE(back);
            CHECK(*back == p);
        }
        CHECK(n == 20);
    }
}
