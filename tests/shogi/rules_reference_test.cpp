// The position's fast legality paths (pins, discovered checks, check evasions, king moves,
// 打ち歩詰め, the incremental check state, origins for 相対) against a slow reference written
// from the rules alone: a plain 9×9 array, every attack found by trying every enemy piece,
// every legality question answered by playing the move and looking. Thousands of positions
// from random play and random set-ups, every candidate move in each.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <kifu/shogi/position.hpp>

#include "shogi/relative.hpp"
#include "shogi/rules_tables.hpp"

using namespace kifu::shogi;

namespace {

namespace ref {

struct board {
    std::array<std::array<std::optional<piece>, 10>, 10> cells{};  // [x][y], 1..9 used
    std::array<std::array<int, hand_kind_count>, 2> hands{};
    color side = color::black;

    std::optional<piece>& at(square s) { return cells[s.x][s.y]; }
    const std::optional<piece>& at(square s) const { return cells[s.x][s.y]; }
};

square sq(int x, int y) { return square{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}; }

board of(const position& p) {
    board b;
    for (int x = 1; x <= 9; ++x)
        for (int y = 1; y <= 9; ++y) b.cells[x][y] = p.at(sq(x, y));
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < hand_kind_count; ++k) b.hands[c][k] = p.hand(static_cast<color>(c), static_cast<piece_kind>(k));
    b.side = p.side_to_move();
    return b;
}

struct motion {
    int dx;
    int dy;  // < 0 is forward for Black
    bool slide;
};

// Written out per kind from the rules (not from the library's tables).
std::vector<motion> motions(piece_kind k) {
    const std::vector<motion> gold{{0, -1, false}, {-1, -1, false}, {1, -1, false}, {-1, 0, false}, {1, 0, false}, {0, 1, false}};
    const std::vector<motion> diagonal_slides{{-1, -1, true}, {1, -1, true}, {-1, 1, true}, {1, 1, true}};
    const std::vector<motion> straight_slides{{0, -1, true}, {0, 1, true}, {-1, 0, true}, {1, 0, true}};
    switch (k) {
        case piece_kind::fu: return {{0, -1, false}};
        case piece_kind::ky: return {{0, -1, true}};
        case piece_kind::ke: return {{-1, -2, false}, {1, -2, false}};
        case piece_kind::gi: return {{0, -1, false}, {-1, -1, false}, {1, -1, false}, {-1, 1, false}, {1, 1, false}};
        case piece_kind::ka: return diagonal_slides;
        case piece_kind::hi: return straight_slides;
        case piece_kind::ou:
            return {{0, -1, false}, {-1, -1, false}, {1, -1, false}, {-1, 0, false},
                    {1, 0, false},  {0, 1, false},   {-1, 1, false}, {1, 1, false}};
        case piece_kind::um: {
            auto out = diagonal_slides;
            for (motion m : std::vector<motion>{{0, -1, false}, {0, 1, false}, {-1, 0, false}, {1, 0, false}}) out.push_back(m);
            return out;
        }
        case piece_kind::ry: {
            auto out = straight_slides;
            for (motion m : std::vector<motion>{{-1, -1, false}, {1, -1, false}, {-1, 1, false}, {1, 1, false}}) out.push_back(m);
            return out;
        }
        default: return gold;  // KI TO NY NK NG
    }
}

enum class reach { no, yes, blocked };

// Whether a `kind` of colour `c` on `from` moves to `to` on this board.
reach reaches(const board& b, square from, square to, color c, piece_kind kind) {
    const int sgn = c == color::black ? 1 : -1;
    const int dx = (to.x - from.x) * sgn;
    const int dy = (to.y - from.y) * sgn;
    reach best = reach::no;
    for (const motion& m : motions(kind)) {
        if (!m.slide) {
            if (dx == m.dx && dy == m.dy) return reach::yes;
            continue;
        }
        for (int n = 1; n <= 8; ++n) {
            if (dx != m.dx * n || dy != m.dy * n) continue;
            bool clear = true;
            for (int i = 1; i < n; ++i)
                if (b.at(sq(from.x + m.dx * sgn * i, from.y + m.dy * sgn * i))) clear = false;
            if (clear) return reach::yes;
            best = reach::blocked;
        }
    }
    return best;
}

bool attacked(const board& b, square s, color by) {
    for (int x = 1; x <= 9; ++x)
        for (int y = 1; y <= 9; ++y) {
            const auto& p = b.cells[x][y];
            if (p && p->color == by && !(x == s.x && y == s.y) && reaches(b, sq(x, y), s, by, p->kind) == reach::yes) return true;
        }
    return false;
}

std::optional<square> king_of(const board& b, color c) {
    for (int x = 1; x <= 9; ++x)
        for (int y = 1; y <= 9; ++y)
            if (b.cells[x][y] == piece{c, piece_kind::ou}) return sq(x, y);
    return std::nullopt;
}

bool in_check(const board& b, color c) {
    auto k = king_of(b, c);
    return k && attacked(b, *k, c == color::black ? color::white : color::black);
}

int rank_of(color c, int y) { return c == color::black ? y : 10 - y; }
bool dead_end(piece_kind k, color c, int y) {
    const int r = rank_of(c, y);
    return ((k == piece_kind::fu || k == piece_kind::ky) && r <= 1) || (k == piece_kind::ke && r <= 2);
}

board played(board b, const board_move& m) {
    const color c = b.side;
    if (m.is_drop()) {
        --b.hands[static_cast<int>(c)][static_cast<int>(m.piece)];
        b.at(m.to) = piece{c, m.piece};
    } else {
        if (auto captured = b.at(m.to)) ++b.hands[static_cast<int>(c)][static_cast<int>(unpromote(captured->kind))];
        b.at(m.from).reset();
        b.at(m.to) = piece{c, m.promote ? promote(m.piece) : m.piece};
    }
    b.side = c == color::black ? color::white : color::black;
    return b;
}

// Every rule but 打ち歩詰め, in the order position::check reports them.
illegal_reason check_without_pawn_mate(const board& b, const board_move& m) {
    const color c = b.side;
    if (m.is_drop()) {
        if (m.promote) return illegal_reason::promoted_drop;
        if (static_cast<int>(m.piece) >= hand_kind_count || b.hands[static_cast<int>(c)][static_cast<int>(m.piece)] == 0)
            return illegal_reason::not_in_hand;
        if (b.at(m.to)) return illegal_reason::drop_on_occupied;
        if (dead_end(m.piece, c, m.to.y)) return illegal_reason::dead_piece_drop;
        if (m.piece == piece_kind::fu)
            for (int y = 1; y <= 9; ++y)
                if (b.at(sq(m.to.x, y)) == piece{c, piece_kind::fu}) return illegal_reason::two_pawns;
    } else {
        const auto& origin = b.at(m.from);
        if (!origin) return illegal_reason::empty_origin;
        if (origin->color != c) return illegal_reason::opponent_piece;
        if (origin->kind != m.piece) return illegal_reason::wrong_piece;
        const auto& target = b.at(m.to);
        if (target && target->color == c) return illegal_reason::own_piece_at_destination;
        const reach r = reaches(b, m.from, m.to, c, m.piece);
        if (r == reach::no) return illegal_reason::cannot_move_there;
        if (r == reach::blocked) return illegal_reason::piece_in_the_way;
        if (target && target->kind == piece_kind::ou) return illegal_reason::king_capture;
        if (m.promote) {
            if (!can_promote(m.piece)) return illegal_reason::unpromotable_piece;
            if (rank_of(c, m.from.y) > 3 && rank_of(c, m.to.y) > 3) return illegal_reason::promotion_outside_zone;
        } else if (dead_end(m.piece, c, m.to.y)) {
            return illegal_reason::dead_piece_move;
        }
    }
    if (in_check(played(b, m), c)) return illegal_reason::king_left_in_check;
    return illegal_reason::none;
}

bool has_legal_move(const board& b) {
    for (int fx = 1; fx <= 9; ++fx)
        for (int fy = 1; fy <= 9; ++fy) {
            const auto& p = b.cells[fx][fy];
            if (!p || p->color != b.side) continue;
            for (int x = 1; x <= 9; ++x)
                for (int y = 1; y <= 9; ++y)
                    for (bool promote : {false, true})
                        if (check_without_pawn_mate(b, {sq(fx, fy), sq(x, y), p->kind, promote}) == illegal_reason::none) return true;
        }
    for (int k = 0; k < hand_kind_count; ++k)
        for (int x = 1; x <= 9; ++x)
            for (int y = 1; y <= 9; ++y)
                if (check_without_pawn_mate(b, {{}, sq(x, y), static_cast<piece_kind>(k), false}) == illegal_reason::none) return true;
    return false;
}

illegal_reason check(const board& b, const board_move& m) {
    const illegal_reason r = check_without_pawn_mate(b, m);
    if (r != illegal_reason::none || !m.is_drop() || m.piece != piece_kind::fu) return r;
    // 打ち歩詰め: the dropped pawn itself gives check, and the opponent has no legal reply.
    const board after = played(b, m);
    const auto king = king_of(after, after.side);
    if (king && reaches(after, m.to, *king, b.side, piece_kind::fu) == reach::yes && !has_legal_move(after))
        return illegal_reason::pawn_drop_mate;
    return illegal_reason::none;
}

std::vector<square> origins(const board& b, square to, color c, piece_kind kind) {
    std::vector<square> out;
    if (b.at(to) && b.at(to)->color == c) return out;
    for (int x = 1; x <= 9; ++x)
        for (int y = 1; y <= 9; ++y)
            if (b.cells[x][y] == piece{c, kind} && reaches(b, sq(x, y), to, c, kind) == reach::yes) out.push_back(sq(x, y));
    return out;
}

}  // namespace ref

struct tally {
    std::array<int, 19> reasons{};
    int checks = 0;
    int positions = 0;
};

bool square_less(square a, square b) { return a.x != b.x ? a.x < b.x : a.y < b.y; }

// Compares every candidate move, the check state and every origin list on `p`; returns the
// legal moves.
std::vector<board_move> compare_all(const position& p, tally& t) {
    const ref::board b = ref::of(p);
    const color c = b.side;
    ++t.positions;
    CHECK(p.in_check(c) == ref::in_check(b, c));
    if (ref::in_check(b, c)) ++t.checks;
    std::vector<board_move> legal;
    auto compare = [&](const board_move& m) {
        const illegal_reason expected = ref::check(b, m);
        const illegal_reason got = p.check(m);
        if (got != expected) {
            INFO(to_sfen(p) << " " << to_usi(m) << (m.promote && m.is_drop() ? "+" : ""));
            CHECK(code_of(got) == code_of(expected));
        }
        {
            // check_and_apply (the normalizer's one call) against check, then apply.
            position fused = p;
            std::optional<piece_kind> captured = piece_kind::ry;  // left alone unless legal
            const illegal_reason r = engine_of(fused).check_and_apply(m, captured);
            CHECK(r == got);
            if (r == illegal_reason::none) {
                position played = p;
                engine_of(played).apply(m);
                CHECK(fused == played);
                CHECK(fused.in_check(fused.side_to_move()) == played.in_check(played.side_to_move()));
                std::optional<piece_kind> taken;
                if (!m.is_drop() && b.at(m.to)) taken = b.at(m.to)->kind;
                CHECK(captured == taken);
            } else {
                CHECK(fused == p);
                CHECK(captured == piece_kind::ry);
            }
        }
        ++t.reasons[static_cast<std::size_t>(expected)];
        if (expected != illegal_reason::none) return;
        legal.push_back(m);
        // relative_of skips the look-up for pawn and lance board moves: one candidate at most.
        if (!m.is_drop() && (m.piece == piece_kind::fu || m.piece == piece_kind::ky)) {
            CHECK(ref::origins(b, m.to, c, m.piece).size() == 1);
            CHECK(relative_of(engine_of(p), m).empty());
        }
    };
    for (int fx = 1; fx <= 9; ++fx)
        for (int fy = 1; fy <= 9; ++fy) {
            const auto& origin = b.cells[fx][fy];
            if (!origin || origin->color != c) continue;
            for (int x = 1; x <= 9; ++x)
                for (int y = 1; y <= 9; ++y)
                    for (bool promote : {false, true}) compare({ref::sq(fx, fy), ref::sq(x, y), origin->kind, promote});
        }
    for (int k = 0; k < hand_kind_count; ++k) {
        if (b.hands[static_cast<int>(c)][k] == 0) continue;
        for (int x = 1; x <= 9; ++x)
            for (int y = 1; y <= 9; ++y) compare({{}, ref::sq(x, y), static_cast<piece_kind>(k), false});
    }
    for (int k = 0; k < piece_kind_count; ++k) {
        if (p.count_on_board(c, static_cast<piece_kind>(k)) == 0) continue;
        for (int x = 1; x <= 9; ++x)
            for (int y = 1; y <= 9; ++y) {
                auto expected = ref::origins(b, ref::sq(x, y), c, static_cast<piece_kind>(k));
                const square_list got_list = engine_of(p).origins_to(ref::sq(x, y), c, static_cast<piece_kind>(k));
                CHECK(engine_of(p).origin_count(ref::sq(x, y), c, static_cast<piece_kind>(k)) == got_list.size);
                std::vector<square> got(got_list.begin(), got_list.end());
                std::sort(expected.begin(), expected.end(), square_less);
                std::sort(got.begin(), got.end(), square_less);
                if (got != expected) {
                    INFO(to_sfen(p) << " origins of " << k << " to " << x << y);
                    CHECK(got.size() == expected.size());
                    CHECK(false);
                }
            }
    }
    return legal;
}

// Plays random legal moves from `p`, comparing everything on every position; one move in
// three is a check when there is one, so that evasions and pins come up often.
void random_game(position p, std::mt19937& rng, int plies, tally& t) {
    for (int ply = 0; ply < plies; ++ply) {
        const std::vector<board_move> legal = compare_all(p, t);
        if (legal.empty()) return;
        std::vector<board_move> checks;
        for (const board_move& m : legal) {
            position after = p;
            engine_of(after).apply(m);
            if (ref::in_check(ref::of(after), after.side_to_move())) checks.push_back(m);
        }
        const auto& pool = !checks.empty() && rng() % 3 == 0 ? checks : legal;
        const board_move m = pool[rng() % pool.size()];
        const position before = p;
        const undo_info u = engine_of(p).apply(m);
        {
            position back = p;
            engine_of(back).undo(m, u);
            CHECK(back == before);
            CHECK(back.in_check(back.side_to_move()) == before.in_check(before.side_to_move()));
            // What undo leaves (the board's line masks included) judges every move alike.
            if (ply % 4 == 0) compare_all(back, t);
        }
    }
}

// A random set-up: both kings (sometimes one missing), a handful of pieces crowded around
// them, random hands, placed one by one with `set`.
position random_setup(std::mt19937& rng) {
    position p;
    auto random_square = [&] { return ref::sq(static_cast<int>(rng() % 9) + 1, static_cast<int>(rng() % 9) + 1); };
    const square black_king = random_square();
    // White's king near its own edge most of the time, where pawn drops can mate.
    square white_king = ref::sq(static_cast<int>(rng() % 9) + 1, static_cast<int>(rng() % 3) + 1);
    if (rng() % 4 == 0) white_king = random_square();
    const int missing = static_cast<int>(rng() % 8);  // 0: no Black king, 1: no White king
    if (missing != 0) p.set(black_king, piece{color::black, piece_kind::ou});
    if (missing != 1 && white_king != black_king) p.set(white_king, piece{color::white, piece_kind::ou});
    const int pieces = 4 + static_cast<int>(rng() % 14);
    for (int i = 0; i < pieces; ++i) {
        square s = random_square();
        if (rng() % 2 == 0) {  // near White's king
            s.x = static_cast<std::int8_t>(std::clamp(white_king.x + static_cast<int>(rng() % 5) - 2, 1, 9));
            s.y = static_cast<std::int8_t>(std::clamp(white_king.y + static_cast<int>(rng() % 4) - 1, 1, 9));
        }
        if (p.at(s)) continue;
        auto kind = static_cast<piece_kind>(rng() % piece_kind_count);
        if (kind == piece_kind::ou) kind = piece_kind::ki;
        const color c = rng() % 3 == 0 ? color::white : color::black;
        p.set(s, piece{c, kind});
    }
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < hand_kind_count; ++k) p.set_hand(static_cast<color>(c), static_cast<piece_kind>(k), static_cast<int>(rng() % 3));
    if (rng() % 2 == 0) p.set_hand(color::black, piece_kind::fu, 1);
    p.set_side_to_move(rng() % 4 == 0 ? color::white : color::black);
    return p;
}

}  // namespace

TEST_CASE("rules: the fast paths agree with the slow reference in random games", "[shogi][rules]") {
    std::mt19937 rng(20261121);
    tally t;
    const char* starts[] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "lnsgk1snl/1r4gb1/p1pppp1pp/6p2/1p5P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL b - 1",
        "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",  // everything in hand: drops, checks
        "3k5/9/4G4/9/4r4/9/4B4/9/4K4 w 2P 1",
    };
    for (const char* s : starts) {
        auto p = parse_sfen(s);
        REQUIRE(p);
        random_game(*p, rng, 40, t);
    }
    INFO("positions " << t.positions << ", in check " << t.checks);
    CHECK(t.checks > 5);
    CHECK(t.reasons[static_cast<int>(illegal_reason::king_left_in_check)] > 100);
    CHECK(t.reasons[static_cast<int>(illegal_reason::none)] > 1000);
}

TEST_CASE("rules: the fast paths agree with the slow reference on random set-ups", "[shogi][rules]") {
    std::mt19937 rng(7);
    tally t;
    for (int i = 0; i < 250; ++i) {
        // Judged as `set` built it, then played from its SFEN (read afresh from a state).
        const position set_up = random_setup(rng);
        compare_all(set_up, t);
        auto p = parse_sfen(to_sfen(set_up));
        REQUIRE(p);
        random_game(*p, rng, 3, t);
    }
    INFO("positions " << t.positions << ", in check " << t.checks);
    CHECK(t.checks > 50);
    CHECK(t.reasons[static_cast<int>(illegal_reason::king_left_in_check)] > 100);
    CHECK(t.reasons[static_cast<int>(illegal_reason::pawn_drop_mate)] > 0);
    CHECK(t.reasons[static_cast<int>(illegal_reason::two_pawns)] > 0);
}

TEST_CASE("rules: the branch-free tables agree with the rules written out", "[shogi][rules]") {
    using namespace kifu::shogi::detail;
    // reach_kinds and line_steps (one load per question on the hot path) against the motions
    // written per kind in ref::motions, for every displacement, kind and colour.
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < piece_kind_count; ++k)
            for (int dx = -8; dx <= 8; ++dx)
                for (int dy = -8; dy <= 8; ++dy) {
                    const int sgn = c == 0 ? 1 : -1;
                    bool steps = false, slides = false;
                    for (const ref::motion& m : ref::motions(static_cast<piece_kind>(k))) {
                        for (int n = 1; n <= (m.slide ? 8 : 1); ++n)
                            if (dx == m.dx * n * sgn && dy == m.dy * n * sgn) (m.slide ? slides : steps) = true;
                    }
                    const std::uint32_t reach = reach_kinds[c][shape_index(dx, dy)];
                    INFO("colour " << c << " kind " << k << " dx " << dx << " dy " << dy);
                    CHECK(((reach >> k) & 1u) == (steps ? 1u : 0u));
                    CHECK(((reach >> (slide_bit + k)) & 1u) == (slides ? 1u : 0u));
                    const bool on_line = (dx == 0) != (dy == 0) || (dx != 0 && (dx == dy || dx == -dy));
                    const int line_step = on_line ? ((dx > 0) - (dx < 0)) * engine::width + ((dy > 0) - (dy < 0)) : 0;
                    CHECK(line_steps[shape_index(dx, dy)] == line_step);
                }
    for (int k = 0; k < piece_kind_count; ++k) {
        const auto kind = static_cast<piece_kind>(k);
        CHECK(kind_can_promote(kind) == can_promote(kind));
        for (int c = 0; c < 2; ++c)
            for (int y = 1; y <= 9; ++y) {
                const color col = static_cast<color>(c);
                CHECK(relative_rank(col, y) == (col == color::black ? y : 10 - y));
                CHECK(is_dead_end(kind, col, y) == ref::dead_end(kind, col, y));
            }
    }
    for (int c = 0; c < 2; ++c) CHECK(flip(static_cast<color>(c)) == opponent(static_cast<color>(c)));
    for (int x = -2; x <= 12; ++x)
        for (int y = -2; y <= 12; ++y)
            CHECK(on_board(ref::sq(x, y)) == (x >= 1 && x <= 9 && y >= 1 && y <= 9));
}
