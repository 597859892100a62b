// Every row of the JSA table in shogi.md §5.8 both ways, its White mirror, and the cases
// where pseudo-legal and legal candidates differ.

#include "shogi/shogi_test_util.hpp"

#include "shogi/relative.hpp"

using namespace kifu::test;

namespace {

struct row {
    piece_kind kind;
    std::vector<int> origins;
    int to;
    std::vector<const char*> notation;  // JKF relative per origin
};

// The table of shogi.md §5.8 (上 U, 寄 M, 引 D, 左 L, 直 C, 右 R).
const std::vector<row> table{
    {piece_kind::ki, {93, 72}, 82, {"U", "M"}},
    {piece_kind::ki, {43, 31}, 32, {"U", "D"}},
    {piece_kind::ki, {56, 45}, 55, {"U", "M"}},
    {piece_kind::gi, {89, 77}, 88, {"U", "D"}},
    {piece_kind::gi, {49, 27}, 38, {"U", "D"}},
    {piece_kind::ki, {92, 72}, 81, {"L", "R"}},
    {piece_kind::ki, {32, 12}, 22, {"L", "R"}},
    {piece_kind::gi, {65, 45}, 56, {"L", "R"}},
    {piece_kind::ki, {89, 79}, 78, {"L", "C"}},
    {piece_kind::gi, {39, 29}, 38, {"C", "R"}},
    {piece_kind::ki, {63, 53, 43}, 52, {"L", "C", "R"}},
    {piece_kind::to, {79, 89, 99, 98, 87}, 88, {"R", "C", "LU", "M", "D"}},
    {piece_kind::gi, {29, 17, 39, 37}, 28, {"C", "R", "LU", "LD"}},
    {piece_kind::ry, {91, 84}, 82, {"D", "U"}},
    {piece_kind::ry, {23, 52}, 43, {"M", "D"}},
    {piece_kind::ry, {55, 15}, 35, {"L", "R"}},
    {piece_kind::ry, {99, 89}, 88, {"L", "R"}},
    {piece_kind::ry, {28, 19}, 17, {"L", "R"}},
    {piece_kind::um, {91, 81}, 82, {"L", "R"}},
    {piece_kind::um, {95, 63}, 85, {"M", "D"}},
    {piece_kind::um, {11, 34}, 12, {"D", "U"}},
    {piece_kind::um, {99, 59}, 77, {"L", "R"}},
    {piece_kind::um, {47, 18}, 29, {"L", "R"}},
    {piece_kind::um, {93, 74}, 92, {"L", "R"}},
};

square mirror(square s) { return square{static_cast<std::int8_t>(10 - s.x), static_cast<std::int8_t>(10 - s.y)}; }

void check_row(const row& r, color side) {
    auto place = [side](square s) { return side == color::black ? s : mirror(s); };
    position p;
    p.set_side_to_move(side);
    for (int o : r.origins) p.set(place(sq(o)), piece{side, r.kind});
    const square to = place(sq(r.to));
    for (std::size_t i = 0; i < r.origins.size(); ++i) {
        const square from = place(sq(r.origins[i]));
        INFO(to_csa(r.kind) << " from " << r.origins[i] << " to " << r.to << (side == color::white ? " (white)" : ""));
        CHECK(relative_of(engine_of(p), board_move{from, to, r.kind, false}) == r.notation[i]);
        origin_result back = solve_origin(engine_of(p), r.kind, to, r.notation[i]);
        CHECK(back.status == origin_status::board);
        CHECK(back.from == from);
    }
}

}  // namespace

TEST_CASE("relative: every row of the JSA table, Black", "[shogi][relative]") {
    for (const row& r : table) check_row(r, color::black);
}

TEST_CASE("relative: every row of the JSA table mirrored for White", "[shogi][relative]") {
    for (const row& r : table) check_row(r, color::white);
    // shogi.md §5.8: white golds on 6一 and 4一 to 5二 → R from 6一, L from 4一.
    position p;
    p.set_side_to_move(color::white);
    p.set(sq(61), piece{color::white, piece_kind::ki});
    p.set(sq(41), piece{color::white, piece_kind::ki});
    CHECK(relative_of(engine_of(p), {sq(61), sq(52), piece_kind::ki, false}) == "R");
    CHECK(relative_of(engine_of(p), {sq(41), sq(52), piece_kind::ki, false}) == "L");
}

TEST_CASE("relative: a single candidate needs none, drops get H only when a board piece could move", "[shogi][relative]") {
    position p = *position::from_preset("HIRATE");
    CHECK(relative_of(engine_of(p), {sq(77), sq(76), piece_kind::fu, false}).empty());
    // ５八金左 is the gold from 6九 (the mover's left), ５八金右 the one from 4九.
    CHECK(relative_of(engine_of(p), {sq(69), sq(58), piece_kind::ki, false}) == "L");
    CHECK(relative_of(engine_of(p), {sq(49), sq(58), piece_kind::ki, false}) == "R");
    auto q = parse_sfen("4k4/9/9/9/9/9/9/9/3GK4 b G 1");
    CHECK(relative_of(engine_of(*q), {{}, sq(58), piece_kind::ki, false}) == "H");
    CHECK(relative_of(engine_of(*q), {{}, sq(55), piece_kind::ki, false}).empty());
    CHECK(solve_origin(engine_of(*q), piece_kind::ki, sq(58), "H").status == origin_status::drop);
    CHECK(solve_origin(engine_of(*q), piece_kind::ki, sq(55), "").status == origin_status::drop);
    auto one = solve_origin(engine_of(*q), piece_kind::ki, sq(58), "");
    CHECK(one.status == origin_status::board);
    CHECK(one.from == sq(69));
}

TEST_CASE("relative: a pinned gold still counts as a candidate", "[shogi][relative]") {
    // Golds on 6八 and 5八; the 5八 gold is pinned by the rook on 5一 against the king on 5九.
    auto p = parse_sfen("4r4/9/9/9/9/9/9/3GG4/4K4 b - 1");
    REQUIRE(p);
    CHECK(relative_of(engine_of(*p), {sq(68), sq(57), piece_kind::ki, false}) == "L");
    // Moving along the pin line is legal, so without a modifier it stays ambiguous.
    CHECK(solve_origin(engine_of(*p), piece_kind::ki, sq(57), "").status == origin_status::ambiguous);
    auto left = solve_origin(engine_of(*p), piece_kind::ki, sq(57), "L");
    CHECK(left.status == origin_status::board);
    CHECK(left.from == sq(68));

    // Golds on 6八 and 4八 to 5八; the 4八 gold is pinned by the bishop on 8四 against the
    // king on 3九. Writing counts it (L), reading without a modifier can only mean 6八.
    auto q = parse_sfen("9/9/9/1b7/9/9/9/3G1G3/6K2 b - 1");
    REQUIRE(q);
    CHECK(relative_of(engine_of(*q), {sq(68), sq(58), piece_kind::ki, false}) == "L");
    CHECK(relative_of(engine_of(*q), {sq(48), sq(58), piece_kind::ki, false}) == "R");
    auto bare = solve_origin(engine_of(*q), piece_kind::ki, sq(58), "");
    CHECK(bare.status == origin_status::board);
    CHECK(bare.from == sq(68));
}

TEST_CASE("relative: ambiguity and mismatch are reported, not guessed", "[shogi][relative]") {
    position p = *position::from_preset("HIRATE");
    CHECK(solve_origin(engine_of(p), piece_kind::ki, sq(58), "").status == origin_status::ambiguous);
    CHECK(solve_origin(engine_of(p), piece_kind::ki, sq(58), "C").status == origin_status::no_match);
    CHECK(solve_origin(engine_of(p), piece_kind::ki, sq(58), "X").status == origin_status::no_match);
    auto right = solve_origin(engine_of(p), piece_kind::ki, sq(58), "R");
    CHECK(right.status == origin_status::board);
    CHECK(right.from == sq(49));
}

TEST_CASE("relative: pawns and lances never need one on the board, drops of them still get H", "[shogi][relative]") {
    // Two lances on one file (the back one blocked), pawns everywhere, and a pawn and a
    // lance in hand: board moves of either kind have a single candidate.
    auto p = parse_sfen("4k4/9/9/9/9/4L4/PPPP1PPPP/4L4/4K4 b LP 1");
    REQUIRE(p);
    CHECK(relative_of(engine_of(*p), {sq(56), sq(55), piece_kind::ky, false}).empty());
    CHECK(engine_of(*p).origins_to(sq(55), color::black, piece_kind::ky).size == 1);
    CHECK(relative_of(engine_of(*p), {sq(77), sq(76), piece_kind::fu, false}).empty());
    CHECK(relative_of(engine_of(*p), {{}, sq(55), piece_kind::ky, false}) == "H");
    CHECK(relative_of(engine_of(*p), {{}, sq(55), piece_kind::fu, false}).empty());
    CHECK(relative_of(engine_of(*p), {{}, sq(66), piece_kind::fu, false}) == "H");
}
