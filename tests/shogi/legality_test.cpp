// One test per illegal_reason: the position's verdict and the normalizer's diagnostic.

#include "shogi/shogi_test_util.hpp"

using namespace kifu::test;

namespace {

constexpr const char* hirate = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

board_move board_move_of(const move_format& f) {
    const move_data& m = *f.move;
    return board_move{m.from.value_or(square{}), m.to.value_or(square{}), m.piece.value_or(piece_kind::fu),
                      m.promote.value_or(false)};
}

// Requires `move` to be illegal for `reason` on the SFEN position, both as the position
// says and as the normalizer reports it (code, ply 1, line, file).
void require_illegal(const char* sfen, move_format move, illegal_reason reason, const char* code) {
    auto p = parse_sfen(sfen);
    REQUIRE(p);
    CHECK(p->check(board_move_of(move)) == reason);
    CHECK(code_of(reason) == code);
    CHECK_FALSE(message_of(reason).empty());

    move.line = 7;
    jkf r = record_from_sfen(sfen, {std::move(move)});
    auto ds = run(r);
    // Some positions made to provoke a reason are ones no game reaches (a king the side to
    // move can take, for king-capture): their shogi.position.* warnings are not this test's.
    std::erase_if(ds, [](const kifu::diagnostic& d) { return d.code.starts_with("shogi.position."); });
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].code == code);
    CHECK(ds[0].severity == kifu::severity::error);
    CHECK(ds[0].ply == 1);
    CHECK(ds[0].line == 7);
    CHECK(ds[0].column == 0);
    CHECK(ds[0].file == "test.kif");
    CHECK(r.moves.size() == 1);  // the illegal move is not kept
}

}  // namespace

TEST_CASE("legal moves pass", "[shogi][legality]") {
    auto p = parse_sfen(hirate);
    REQUIRE(p);
    CHECK(p->check({{7, 7}, {7, 6}, piece_kind::fu, false}) == illegal_reason::none);
    CHECK(p->check({{9, 9}, {9, 8}, piece_kind::ky, false}) == illegal_reason::none);
    auto q = parse_sfen("4k4/8P/9/9/9/9/9/9/4K4 b P 1");
    REQUIRE(q);
    CHECK(q->check({{1, 2}, {1, 1}, piece_kind::fu, true}) == illegal_reason::none);
    // A pawn drop that checks but does not mate is fine.
    auto r = parse_sfen("8k/9/9/9/8L/9/9/9/K8 b P 1");
    REQUIRE(r);
    CHECK(r->check({{}, {1, 2}, piece_kind::fu, false}) == illegal_reason::none);
}

TEST_CASE("illegal: off-board", "[shogi][legality]") {
    require_illegal(hirate, mv(77, 70, piece_kind::fu), illegal_reason::off_board, "shogi.illegal.off-board");
}
TEST_CASE("illegal: empty-origin", "[shogi][legality]") {
    require_illegal(hirate, mv(75, 74, piece_kind::fu), illegal_reason::empty_origin, "shogi.illegal.empty-origin");
}
TEST_CASE("illegal: opponent-piece", "[shogi][legality]") {
    require_illegal(hirate, mv(33, 34, piece_kind::fu), illegal_reason::opponent_piece, "shogi.illegal.opponent-piece");
}
TEST_CASE("illegal: wrong-piece", "[shogi][legality]") {
    require_illegal(hirate, mv(77, 76, piece_kind::ky), illegal_reason::wrong_piece, "shogi.illegal.wrong-piece");
}
TEST_CASE("illegal: own-piece-at-destination", "[shogi][legality]") {
    require_illegal(hirate, mv(69, 59, piece_kind::ki), illegal_reason::own_piece_at_destination,
                    "shogi.illegal.own-piece-at-destination");
}
TEST_CASE("illegal: cannot-move-there", "[shogi][legality]") {
    require_illegal(hirate, mv(77, 75, piece_kind::fu), illegal_reason::cannot_move_there, "shogi.illegal.cannot-move-there");
    // A gold cannot step diagonally backwards, a bishop not sideways, a knight not straight.
    auto p = parse_sfen(hirate);
    CHECK(p->check({{6, 9}, {7, 10}, piece_kind::ki, false}) == illegal_reason::off_board);
    CHECK(p->check({{8, 9}, {8, 7}, piece_kind::ke, false}) == illegal_reason::own_piece_at_destination);
    CHECK(p->check({{8, 8}, {6, 8}, piece_kind::ka, false}) == illegal_reason::cannot_move_there);
    CHECK(p->check({{8, 8}, {7, 6}, piece_kind::ka, false}) == illegal_reason::cannot_move_there);
}
TEST_CASE("illegal: piece-in-the-way", "[shogi][legality]") {
    require_illegal(hirate, mv(99, 95, piece_kind::ky), illegal_reason::piece_in_the_way, "shogi.illegal.piece-in-the-way");
}
TEST_CASE("illegal: king-capture", "[shogi][legality]") {
    require_illegal("9/4k4/4G4/9/9/9/9/9/4K4 b - 1", mv(53, 52, piece_kind::ki), illegal_reason::king_capture,
                    "shogi.illegal.king-capture");
}
TEST_CASE("illegal: unpromotable-piece", "[shogi][legality]") {
    require_illegal(hirate, mv(69, 58, piece_kind::ki, true), illegal_reason::unpromotable_piece,
                    "shogi.illegal.unpromotable-piece");
    auto p = parse_sfen("4k4/9/9/9/9/9/9/9/+B3K4 b - 1");
    CHECK(p->check({{9, 9}, {1, 1}, piece_kind::um, true}) == illegal_reason::unpromotable_piece);
}
TEST_CASE("illegal: promotion-outside-zone", "[shogi][legality]") {
    require_illegal(hirate, mv(77, 76, piece_kind::fu, true), illegal_reason::promotion_outside_zone,
                    "shogi.illegal.promotion-outside-zone");
}
TEST_CASE("illegal: dead-piece-move", "[shogi][legality]") {
    require_illegal("4k4/8P/9/9/9/9/9/9/4K4 b - 1", mv(12, 11, piece_kind::fu), illegal_reason::dead_piece_move,
                    "shogi.illegal.dead-piece-move");
    auto p = parse_sfen("4k4/9/9/8N/9/9/9/9/4K4 b - 1");
    CHECK(p->check({{1, 4}, {2, 2}, piece_kind::ke, false}) == illegal_reason::dead_piece_move);
    CHECK(p->check({{1, 4}, {2, 2}, piece_kind::ke, true}) == illegal_reason::none);
    auto w = parse_sfen("4k4/9/9/9/9/9/9/l8/4K4 w - 1");
    CHECK(w->check({{9, 8}, {9, 9}, piece_kind::ky, false}) == illegal_reason::dead_piece_move);
}
TEST_CASE("illegal: not-in-hand", "[shogi][legality]") {
    require_illegal(hirate, drop(55, piece_kind::fu), illegal_reason::not_in_hand, "shogi.illegal.not-in-hand");
    auto p = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1");
    CHECK(p->check({{}, {5, 5}, piece_kind::um, false}) == illegal_reason::not_in_hand);
}
TEST_CASE("illegal: drop-on-occupied", "[shogi][legality]") {
    require_illegal("4k4/9/9/9/9/9/9/9/4K4 b P 1", drop(59, piece_kind::fu), illegal_reason::drop_on_occupied,
                    "shogi.illegal.drop-on-occupied");
}
TEST_CASE("illegal: promoted-drop", "[shogi][legality]") {
    move_format m = drop(55, piece_kind::fu);
    m.move->promote = true;
    require_illegal("4k4/9/9/9/9/9/9/9/4K4 b P 1", m, illegal_reason::promoted_drop, "shogi.illegal.promoted-drop");
}
TEST_CASE("illegal: dead-piece-drop", "[shogi][legality]") {
    require_illegal("4k4/9/9/9/9/9/9/9/4K4 b P 1", drop(11, piece_kind::fu), illegal_reason::dead_piece_drop,
                    "shogi.illegal.dead-piece-drop");
    auto p = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 w n 1");
    CHECK(p->check({{}, {1, 8}, piece_kind::ke, false}) == illegal_reason::dead_piece_drop);
    CHECK(p->check({{}, {1, 7}, piece_kind::ke, false}) == illegal_reason::none);
}
TEST_CASE("illegal: two-pawns", "[shogi][legality]") {
    require_illegal("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1", drop(55, piece_kind::fu),
                    illegal_reason::two_pawns, "shogi.illegal.two-pawns");
    // A promoted pawn on the file does not count.
    auto p = parse_sfen("4k4/9/9/9/9/4+P4/9/9/4K4 b P 1");
    CHECK(p->check({{}, {5, 5}, piece_kind::fu, false}) == illegal_reason::none);
}
TEST_CASE("illegal: king-left-in-check", "[shogi][legality]") {
    // The gold on 5八 is pinned by the rook on 5五.
    require_illegal("4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1", mv(58, 48, piece_kind::ki), illegal_reason::king_left_in_check,
                    "shogi.illegal.king-left-in-check");
    // Walking into an attack is the same reason.
    auto p = parse_sfen("4k4/9/9/9/3r5/9/9/9/4K4 b - 1");
    CHECK(p->check({{5, 9}, {6, 9}, piece_kind::ou, false}) == illegal_reason::king_left_in_check);
    CHECK(p->check({{5, 9}, {4, 9}, piece_kind::ou, false}) == illegal_reason::none);
}
TEST_CASE("illegal: pawn-drop-mate", "[shogi][legality]") {
    // White king 1一; the rook on 2九 covers 2一 and 2二, the lance on 1五 guards 1二.
    require_illegal("8k/9/9/9/8L/9/9/9/K6R1 b P 1", drop(12, piece_kind::fu), illegal_reason::pawn_drop_mate,
                    "shogi.illegal.pawn-drop-mate");
    // White to drop: the mirrored position.
    auto w = parse_sfen("1r6k/9/9/9/l8/9/9/9/K8 w p 1");
    REQUIRE(w);
    CHECK(w->check({{}, {9, 8}, piece_kind::fu, false}) == illegal_reason::pawn_drop_mate);
    // A pawn mate by a move (not a drop) is legal.
    auto m = parse_sfen("8k/9/8P/9/8L/9/9/9/K6R1 b - 1");
    CHECK(m->check({{1, 3}, {1, 2}, piece_kind::fu, false}) == illegal_reason::none);
}

TEST_CASE("king moves and check evasions are judged on the position after the move", "[shogi][legality]") {
    // The king on 5八, checked by the rook on 5一, may not step back along the rook's line.
    auto p = parse_sfen("4r4/9/9/9/9/9/9/4K4/9 b G 1");
    REQUIRE(p);
    CHECK(p->in_check(color::black));
    CHECK(p->check({{5, 8}, {5, 9}, piece_kind::ou, false}) == illegal_reason::king_left_in_check);
    CHECK(p->check({{5, 8}, {4, 8}, piece_kind::ou, false}) == illegal_reason::none);
    // A drop must block the check; one elsewhere does not.
    CHECK(p->check({{}, {5, 5}, piece_kind::ki, false}) == illegal_reason::none);
    CHECK(p->check({{}, {1, 5}, piece_kind::ki, false}) == illegal_reason::king_left_in_check);
}

TEST_CASE("the check state follows the moves played", "[shogi][legality]") {
    // The knight on 7七 stands between the bishop on 9九 and the white king on 6六.
    auto p = parse_sfen("9/9/9/9/9/3k5/2N6/9/B3K4 b N 1");
    REQUIRE(p);
    CHECK_FALSE(p->in_check(color::white));
    board_move m{{7, 7}, {8, 5}, piece_kind::ke, false};
    REQUIRE(p->check(m) == illegal_reason::none);
    undo_info u = engine_of(*p).apply(m);
    CHECK(p->in_check(color::white));  // discovered by the bishop
    engine_of(*p).undo(m, u);
    CHECK_FALSE(p->in_check(color::white));
    // A direct check by a dropped knight.
    board_move g{{}, {7, 8}, piece_kind::ke, false};
    REQUIRE(p->check(g) == illegal_reason::none);
    engine_of(*p).apply(g);
    CHECK(p->in_check(color::white));
    // White must get out of check, and not onto 6五 (the knight on 7七 covers it).
    CHECK(p->check({{6, 6}, {5, 6}, piece_kind::ou, false}) == illegal_reason::none);
    CHECK(p->check({{6, 6}, {6, 5}, piece_kind::ou, false}) == illegal_reason::king_left_in_check);
}
