// Shogi64 (kifu/shogi/shogi64.hpp): the test vectors of ../shared/formats/shogi.md §6.7 both
// ways, the reference implementation's defects fixed (§6.6), malformed codes with their
// columns, and decode(encode(p)) == p for every position of the 2,000 generated games.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <kifu/read.hpp>
#include <kifu/shogi/sfen.hpp>
#include <kifu/shogi/shogi64.hpp>

#include "shogi/engine.hpp"
#include "support/corpus.hpp"

using namespace kifu::shogi;

namespace {

position sfen(const char* text) {
    std::string error;
    auto p = parse_sfen(text, &error);
    INFO(error);
    REQUIRE(p);
    return *p;
}

struct vector_case {
    const char* sfen;
    const char* code;
    bool mixed;
};

// §6.7 vectors 1–15 (12 and 12m: the board arrays of the reference's test/main.test.js as SFEN).
constexpr vector_case vectors[] = {
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -", "poUAACMaqtYhwHgAAAAPQdTnd3vMgAA", false},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w -", "JoUgABGNVWsQ4DwAAAAHoOpzu73mQAA", false},
    {"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b -", "poUgAIjGqrWIcB4AAAAD0HU53d7zIAAA", false},
    {"lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B", "JoUgAIjGqrWIcB8gAAAAA6nO7veZAgA", false},
    {"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -", "JoUAACMaqtYOA8AAAAB6Dqc7u95kAAA", false},
    {"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -", "JoUAACMaqtYgAAAAAB6Dqc7u95kAAA", false},
    {"2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -", "JoUAAA1VaAAAAAAHoOpzu73mQAA", false},
    {"9/8k/9/8P/9/9/9/9/9 b G2r2b3g4s4n4l17p", "gBLbbbb22222AAAAAAAAAAAAAAj__3__e", false},
    {"4k3+R/9/5+N+L+P1/9/9/9/3+s5/9/+b3K4 b -", "poXbbbbbbbbYB9gAH9__9AAAAAf4AAfAAAAA", false},
    {"9/9/9/9/9/9/9/9/9 w -", "AADbbbbbbbbYAAAAAAAAAAAAAAAA", false},
    {"4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P", "poXbbbbbbbbYAAAAAAAAAAAAB______AA", false},
    {"1n1gkg1nl/9/1p1pppp1p/9/9/9/PP2PP1P1/1B7/1NSGKG1N1 b B2SLP2rs2l3p", "poU2M2YMYVTEAAAAAAAHoBnd2yZk2Rg", false},
    {"1n1gkg1nl/9/1p1pppp1p/9/5P2p/1P7/PP2PP1P1/1B7/1NSGKG1N1 b B2SLP2rs2l3p", "3DXTTjAARJIgABSKAtLVPoBz7vrtyZk2Rg", true},
    {"4P4/4k4/9/9/9/9/9/9/4K4 b -", "woB0AAAAAAAAAAOoAAA", true},
    {"4P4/4k4/9/9/9/9/9/9/4K4 w -", "QoB0AAAAAAAAAAOoAAA", true},
    {"k8/9/9/9/9/9/9/9/4K4 b -", "poHbbbbbbbbYAAAAAAAAAAAAAAAA", false},
};

}  // namespace

TEST_CASE("shogi64: every vector of the spec encodes and decodes", "[shogi64]") {
    for (const vector_case& v : vectors) {
        INFO(v.sfen);
        const position p = sfen(v.sfen);
        CHECK(shogi64_needs_mixed(p) == v.mixed);
        CHECK(to_shogi64(p) == std::string(v.code));
        shogi64_error error;
        const auto decoded = parse_shogi64(v.code, &error);
        INFO(error.message);
        REQUIRE(decoded);
        CHECK(to_sfen(*decoded) == to_sfen(p));
        CHECK(*decoded == p);
    }
}

TEST_CASE("shogi64_king_on_9a_survives_decoding", "[shogi64]") {
    // The reference decoder reads king field 0000001 (9一) as "no king" (§6.6 item 1).
    const auto p = parse_shogi64("poHbbbbbbbbYAAAAAAAAAAAAAAAA");
    REQUIRE(p);
    CHECK(to_sfen(*p) == "k8/9/9/9/9/9/9/9/4K4 b - 1");
}

TEST_CASE("shogi64_pawn_on_last_rank_keeps_the_turn_bit", "[shogi64]") {
    // The reference encoder adds the mode to the turn arithmetically (§6.6 item 2): with White to
    // move it writes hQDoAAAAAAAAAAdQAAA. Ours starts 0 (White) 1 (Mixed).
    const std::string code = *to_shogi64(sfen("4P4/4k4/9/9/9/9/9/9/4K4 w -"));
    CHECK(code.front() == 'Q');  // 010000
    CHECK(code != "hQDoAAAAAAAAAAdQAAA");
}

TEST_CASE("shogi64: malformed codes fail at the column where they break", "[shogi64]") {
    struct bad {
        const char* code;
        std::size_t column;
        const char* message;
    };
    const bad cases[] = {
        {"poU=ACMaqtYhwHgAAAAPQdTnd3vMgAA", 4, "not a base64url character (A-Z a-z 0-9 - _)"},
        {"", 1, "the code ends before the position does"},
        {"poUAACMaqtYhwHg", 15, "the code ends before the position does"},
        {"poUAACMaqtYhwHgAAAAPQdTnd3vMgAAA", 32, "the code goes on after the position"},
        {"poUAACMaqtYhwHgAAAAPQdTnd3vMgAB", 31, "the code goes on after the position"},  // a padding bit set
        {"v4", 2, "a king square is past 81"},  // 1 0 1111111
        // Black king on 5九, no White king, no pawns in files 9–6, a Black pawn on 5九.
        {"poDbb-", 6, "two pieces are coded on one square"},
    };
    for (const bad& b : cases) {
        INFO(b.code);
        shogi64_error error;
        CHECK_FALSE(parse_shogi64(b.code, &error));
        CHECK(error.column == b.column);
        CHECK(error.message == b.message);
    }
}

TEST_CASE("shogi64: a hand past what the code can say is an error", "[shogi64]") {
    position p = sfen("4k4/9/9/9/9/9/9/9/4K4 b -");
    p.set_hand(color::black, piece_kind::ka, 3);
    std::string error;
    CHECK_FALSE(to_shogi64(p, &error));
    CHECK(error == "a hand holds more pieces of a kind than Shogi64 can code (18 歩, 4 香 桂 銀 金, 2 角 飛)");
}

TEST_CASE("shogi64: decode(encode(p)) == p for every position of the generated games", "[shogi64][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const auto dir = kifu::test::corpus_dir() / "shogi" / "generated" / "seed1-2000" / "kif";
    std::size_t games = 0;
    std::size_t positions = 0;
    std::size_t mixed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const kifu::read_result r = kifu::read_file(entry.path());
        REQUIRE(r.ok());
        const jkf& game = *r.records.at(0).get<jkf>();
        position p = start_position(game);
        const std::vector<board_move> line = main_line(game);
        for (std::size_t ply = 0; ply <= line.size(); ++ply) {
            const auto code = to_shogi64(p);
            REQUIRE(code);
            const auto back = parse_shogi64(*code);
            if (!back || !(*back == p)) {
                FAIL_CHECK(entry.path().filename().string() << " ply " << ply << ": " << to_sfen(p) << " -> " << *code);
            }
            mixed += shogi64_needs_mixed(p) ? 1 : 0;
            ++positions;
            if (ply < line.size()) engine_of(p).apply(line[ply]);
        }
        ++games;
    }
    CHECK(games == 2000);
    WARN("Shogi64 round trips: " << positions << " positions of " << games << " games (" << mixed << " in Mixed mode)");
}
