#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include <kifu/read.hpp>
#include <kifu/shogi/position.hpp>
#include <kifu/shogi/sfen.hpp>

#include "shogi/engine.hpp"

using namespace kifu::shogi;

namespace {

position sfen(const char* text) {
    std::string error;
    auto p = parse_sfen(text, &error);
    INFO(text << ": " << error);
    REQUIRE(p);
    return *p;
}

}  // namespace

TEST_CASE("every preset has the SFEN and side to move of shogi.md 2.3", "[shogi][position]") {
    const std::string rest = "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    struct row {
        const char* preset;
        const char* top;
        char side;
    };
    const row rows[] = {
        {"HIRATE", "lnsgkgsnl/1r5b1", 'b'}, {"KY", "lnsgkgsn1/1r5b1", 'w'},  {"KY_R", "1nsgkgsnl/1r5b1", 'w'},
        {"KA", "lnsgkgsnl/1r7", 'w'},       {"HI", "lnsgkgsnl/7b1", 'w'},     {"HIKY", "lnsgkgsn1/7b1", 'w'},
        {"2", "lnsgkgsnl/9", 'w'},          {"3", "lnsgkgsn1/9", 'w'},        {"4", "1nsgkgsn1/9", 'w'},
        {"5", "2sgkgsn1/9", 'w'},           {"5_L", "1nsgkgs2/9", 'w'},       {"6", "2sgkgs2/9", 'w'},
        {"7_L", "2sgkg3/9", 'w'},           {"7_R", "3gkgs2/9", 'w'},         {"8", "3gkg3/9", 'w'},
        {"10", "4k4/9", 'w'},
    };
    for (const row& r : rows) {
        auto p = position::from_preset(r.preset);
        REQUIRE(p);
        CHECK(to_sfen(*p) == std::string(r.top) + rest + " " + r.side + " - 1");
        CHECK(p->side_to_move() == (r.side == 'b' ? color::black : color::white));
    }
    CHECK_FALSE(position::from_preset("OTHER"));
    CHECK_FALSE(position::from_preset("hirate"));
}

TEST_CASE("SFEN round trips keep board, promoted pieces, hands and side", "[shogi][position]") {
    const char* cases[] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1",
        "ln1g3+Rl/1ks2s3/1ppp2n1p/p3ppp2/7P1/P1P1P1P2/1PSP1P2P/1K1G2+b2/LN3G1NL w RBGSL2Pnp 73",
        "8k/9/9/9/4+p4/9/9/9/K8 w 2RB3Pr3p 2",
    };
    for (const char* c : cases) {
        int number = 0;
        auto p = parse_sfen(c, nullptr, &number);
        REQUIRE(p);
        CHECK(to_sfen(*p, number) == c);
        // And through the JKF state_format.
        CHECK(to_sfen(position::from_state(p->to_state()), number) == c);
    }
    CHECK(to_sfen(sfen("startpos")) == to_sfen(*position::from_preset("HIRATE")));
    // Hands may come in any order and without the move number.
    CHECK(to_sfen(sfen("4k4/9/9/9/9/9/9/9/4K4 w P2Gp")) == "4k4/9/9/9/9/9/9/9/4K4 w 2GPp 1");
    // As a line of the usi format: `sfen` and `position sfen` before it, blanks around it.
    CHECK(to_sfen(sfen("sfen 4k4/9/9/9/9/9/9/9/4K4 w P2Gp")) == "4k4/9/9/9/9/9/9/9/4K4 w 2GPp 1");
    CHECK(to_sfen(sfen(" position sfen 4k4/9/9/9/9/9/9/9/4K4  b  - \n")) == "4k4/9/9/9/9/9/9/9/4K4 b - 1");
}

TEST_CASE("malformed SFEN is rejected with the usi grammar's reason and column", "[shogi][position]") {
    const std::string board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    const std::pair<std::string, std::string> bad[] = {
        {"", "expected an SFEN"},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
         "column 48: expected '/' and the next rank: an SFEN board has nine ranks"},
        {"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
         "column 53: expected '/' and the next rank: an SFEN board has nine ranks"},
        {board + "L b - 1", "column 58: an SFEN rank has more than nine squares"},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
         "column 57: an SFEN rank has fewer than nine squares"},
        {board + " x - 1", "column 59: expected the side to move: b or w"},
        {board + " b 2 1", "column 62: expected the pieces in hand: '-' or counts and letters such as 2Pb"},
        {board + " b K 1", "column 61: expected the pieces in hand: '-' or counts and letters such as 2Pb"},
        {"4k4/9/9/9/9/9/9/9/4K4 b 10P9P 1", "column 28: a hand holds more than 18 pieces of a kind"},
        {board + " b - 0", "the SFEN move number is not a positive number"},
        {board + " b - 99999999999", "the SFEN move number is not a positive number"},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1", "column 53: this piece cannot be promoted"},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGXGSNL b - 1", "column 53: an SFEN rank has fewer than nine squares"},
        {board + " b - 1 extra", "column 65: expected the end of the line"},
        {"startpos moves 7g7f", "column 16: expected the end of the SFEN, not moves"},
        {"startpos\nstartpos", "expected one SFEN, not several lines"},
    };
    for (const auto& [text, reason] : bad) {
        std::string error;
        INFO(text);
        CHECK_FALSE(parse_sfen(text, &error));
        CHECK(error == reason);
    }
}

TEST_CASE("USI moves read and write", "[shogi][position]") {
    position p = *position::from_preset("HIRATE");
    auto m = parse_usi("7g7f", p);
    REQUIRE(m);
    CHECK(*m == board_move{{7, 7}, {7, 6}, piece_kind::fu, false});
    CHECK(to_usi(*m) == "7g7f");
    auto promo = parse_usi("8h2b+", p);
    REQUIRE(promo);
    CHECK(*promo == board_move{{8, 8}, {2, 2}, piece_kind::ka, true});
    CHECK(to_usi(*promo) == "8h2b+");
    auto drop = parse_usi("P*5e", p);
    REQUIRE(drop);
    CHECK(*drop == board_move{{}, {5, 5}, piece_kind::fu, false});
    CHECK(to_usi(*drop) == "P*5e");
    CHECK(to_usi(board_move{{}, {1, 9}, piece_kind::hi, false}) == "R*1i");
    for (const char* bad : {"", "7g7", "7g7f++", "0g7f", "7j7f", "p*5e", "K*5e", "5e5d", "P*5j"}) CHECK_FALSE(parse_usi(bad, p));
}

TEST_CASE("apply and undo restore the position exactly", "[shogi][position]") {
    engine p = *engine::from_preset("HIRATE");
    const engine start = p;
    const char* line[] = {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"};
    std::vector<std::pair<board_move, undo_info>> played;
    for (const char* usi : line) {
        auto m = parse_usi(usi, to_position(p));
        REQUIRE(m);
        CHECK(p.check(*m) == illegal_reason::none);
        played.emplace_back(*m, p.apply(*m));
    }
    CHECK(to_sfen(to_position(p)) == "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 1");
    while (!played.empty()) {
        p.undo(played.back().first, played.back().second);
        played.pop_back();
    }
    CHECK(p == start);
}

TEST_CASE("attacks are seen through the board and blocked by pieces", "[shogi][position]") {
    position p = sfen("4k4/9/9/9/4r4/9/9/4P4/4K4 b - 1");
    CHECK(p.is_attacked({5, 7}, color::white));
    CHECK_FALSE(p.is_attacked({5, 9}, color::white));  // the pawn on 5八 blocks
    CHECK(p.is_attacked({1, 5}, color::white));
    CHECK(p.is_attacked({5, 7}, color::black));  // the pawn on 5八 attacks 5七
    CHECK_FALSE(p.in_check(color::black));
    position knight = sfen("9/9/9/9/9/9/9/9/n8 b - 1");
    CHECK_FALSE(knight.is_attacked({9, 9}, color::white));
    position corner = sfen("8N/9/9/9/9/9/9/9/9 b - 1");
    // A black knight on 1一 attacks nothing (it is a dead piece), and lookups stay in bounds.
    CHECK_FALSE(corner.is_attacked({2, 1}, color::black));
    CHECK(engine_of(corner).origins_to({1, 1}, color::black, piece_kind::ke).size == 0);
    position white_knight = sfen("9/9/9/9/9/9/9/9/8n w - 1");
    CHECK_FALSE(white_knight.is_attacked({1, 1}, color::white));
    CHECK(sfen("4k4/9/4G4/9/9/9/9/9/4K4 w - 1").in_check(color::white) == false);
    CHECK(sfen("4k4/4G4/9/9/9/9/9/9/4K4 w - 1").in_check(color::white));
}

TEST_CASE("origins_to lists every pseudo-legal origin of a kind", "[shogi][position]") {
    engine p = *engine::from_preset("HIRATE");
    auto golds = p.origins_to({5, 8}, color::black, piece_kind::ki);
    CHECK(golds.size == 2);
    auto rook = p.origins_to({2, 3}, color::black, piece_kind::hi);
    CHECK(rook.size == 0);  // blocked by the pawn on 2七
    auto rook2 = p.origins_to({5, 8}, color::black, piece_kind::hi);
    REQUIRE(rook2.size == 1);  // 3八 and 4八 are empty
    CHECK(rook2.items[0] == square{2, 8});
    auto own = p.origins_to({6, 9}, color::black, piece_kind::ou);
    CHECK(own.size == 0);  // 6九 holds Black's gold
}

TEST_CASE("play makes a legal move and leaves the position as it was on an illegal one", "[shogi][position]") {
    position p = *position::from_preset("HIRATE");
    const position start = p;
    CHECK(p.play({{7, 7}, {7, 5}, piece_kind::fu, false}) == illegal_reason::cannot_move_there);
    CHECK(p == start);
    std::optional<piece_kind> captured;
    CHECK(p.play(*parse_usi("7g7f", p), captured) == illegal_reason::none);
    CHECK_FALSE(captured);
    CHECK(p.play(*parse_usi("3c3d", p)) == illegal_reason::none);
    CHECK(p.play(*parse_usi("8h2b+", p), captured) == illegal_reason::none);
    CHECK(captured == piece_kind::ka);
    CHECK(p.at({2, 2}) == piece{color::black, piece_kind::um});
    CHECK(p.hand(color::black, piece_kind::ka) == 1);
    CHECK(to_sfen(p) == "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 1");
}

namespace {

// The codes and messages of check_position, one line each: "severity code: message".
std::vector<std::string> flaws(const char* text) {
    std::vector<std::string> out;
    for (const position_problem& p : check_position(sfen(text))) {
        out.push_back(std::string(kifu::to_string(p.severity)) + " " + std::string(code_of(p.flaw)) + ": " + p.message);
    }
    return out;
}

}  // namespace

TEST_CASE("check_position finds what no game reaches, and nothing in a game's positions", "[shogi][position]") {
    using list = std::vector<std::string>;
    for (const char* preset : {"HIRATE", "KY", "KA", "HI", "2", "4", "6", "8", "10"}) {
        INFO(preset);
        CHECK(check_position(*position::from_preset(preset)).empty());
    }
    // The tsume layout: the side to move has no king, the other side one.
    CHECK(flaws("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p").empty());
    CHECK(flaws("ppppppppp/ppppppppp/ppppppppp/9/9/9/9/9/4K4 b -") ==
          list{"warning shogi.position.too-many-pieces: the position has 27 FU on the board and in the hands; a set holds 18",
               "warning shogi.position.no-king: White has no king (only the side to move may lack one, in a tsume position)",
               "warning shogi.position.two-pawns: White has 3 unpromoted pawns on file 1",
               "warning shogi.position.two-pawns: White has 3 unpromoted pawns on file 2",
               "warning shogi.position.two-pawns: White has 3 unpromoted pawns on file 3",
               "warning shogi.position.two-pawns: White has 3 unpromoted pawns on file 4",
               "warning shogi.position.two-pawns: White has 3 unpromoted pawns on file 5",
               "warning shogi.position.two-pawns: White has 3 unpromoted pawns on file 6",
               "warning shogi.position.two-pawns: White has 3 unpromoted pawns on file 7",
               "warning shogi.position.two-pawns: White has 3 unpromoted pawns on file 8",
               "warning shogi.position.two-pawns: White has 3 unpromoted pawns on file 9"});
    // Promoted pieces count as their kind: +R on the board and two rooks in hand are three.
    CHECK(flaws("4k4/9/9/9/9/9/9/9/+R3K4 b 2r") ==
          list{"warning shogi.position.too-many-pieces: the position has 3 HI on the board and in the hands; a set holds 2"});
    CHECK(flaws("4k4/9/9/9/9/9/9/9/3KK4 b -") ==
          list{"warning shogi.position.too-many-pieces: the position has 3 OU on the board and in the hands; a set holds 2",
               "warning shogi.position.two-kings: Black has 2 kings"});
    CHECK(flaws("9/9/9/9/9/9/9/9/9 w -") ==
          list{"warning shogi.position.no-king: Black has no king (only the side to move may lack one, in a tsume position)",
               "warning shogi.position.no-king: White has no king (only the side to move may lack one, in a tsume position)"});
    // Lances and pawns die on the last rank, knights on the last two; promoted ones never.
    CHECK(flaws("L3k4/N8/9/9/9/9/9/n8/+P3K4 w -") ==
          list{"warning shogi.position.dead-piece: Black's KY on 91 can never move",
               "warning shogi.position.dead-piece: Black's KE on 92 can never move",
               "warning shogi.position.dead-piece: White's KE on 98 can never move"});
    CHECK(flaws("4k4/9/9/9/4r4/9/9/9/4K4 w -") ==
          list{"warning shogi.position.king-capturable: White is to move and can take Black's king"});
    CHECK(flaws("4k4/9/9/9/4r4/9/9/9/4K4 b -").empty());  // only a check
}

TEST_CASE("a record's set-up start position is checked when it is read", "[shogi][position]") {
    const auto codes = [](std::string_view text) {
        kifu::read_options options;
        options.format = "usi";
        std::vector<std::string> out;
        for (const kifu::diagnostic& d : kifu::read_buffer(text, "t.usi", options).diagnostics) out.push_back(d.code);
        return out;
    };
    CHECK(codes("position sfen 4k4/9/9/9/9/9/9/9/4K4 b 3R 1\n") ==
          std::vector<std::string>{"shogi.position.too-many-pieces"});
    CHECK(codes("position sfen 4k4/4P4/9/9/9/9/9/9/4K4 b - 1\n") ==
          std::vector<std::string>{"shogi.position.king-capturable"});
    CHECK(codes("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i4h\n").empty());
    CHECK(codes("position startpos moves 7g7f\n").empty());
}
