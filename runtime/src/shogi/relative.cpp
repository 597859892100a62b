// 相対 notation both ways. The rules are JSA's as json-kifu-format implements them
// (../shared/formats/shogi.md §5.7.8 for writing, §3.4 for reading); the §5.8 table is the test.

#include "shogi/relative.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "shogi/rules_tables.hpp"

namespace kifu::inline v1::shogi {

using namespace detail;

namespace {

constexpr int sign(int v) noexcept { return (v > 0) - (v < 0); }

// The displacement from `from` to `to` as the mover sees it: y < 0 is forward, x > 0 means the
// piece came from the mover's right.
struct offset {
    int x;
    int y;
};
constexpr offset offset_of(square from, square to, color c) noexcept {
    offset v{to.x - from.x, to.y - from.y};
    if (c == color::white) v = {-v.x, -v.y};
    return v;
}

constexpr std::string_view vertical(int y) noexcept { return y < 0 ? "U" : y == 0 ? "M" : "D"; }

}  // namespace

namespace {

// relative_of once a twin may reach the square. Out of line: the early answers of
// relative_of then run without this part's register saves (a sixth of what they cost).
[[gnu::noinline]] std::string_view relative_with_twins(const engine& p, const board_move& m, color c) noexcept {
    // Counted first, listed only when there is a twin: most moves of a kind with two pieces
    // on the board have only one that reaches the square (a legal board move's own origin
    // is one of those counted).
    const int reaching = p.origin_count(m.to, c, m.piece);
    if (m.is_drop()) return reaching > 0 ? "H" : "";
    if (reaching < 2) return "";
    const square_list candidates = p.origins_to(m.to, c, m.piece);

    const offset mine = offset_of(m.from, m.to, c);
    const offset v{sign(mine.x), sign(mine.y)};
    bool shares_y = false, shares_x = false, any_left = false;
    for (square o : candidates) {
        const offset raw = offset_of(o, m.to, c);
        const offset w{sign(raw.x), sign(raw.y)};
        any_left = any_left || w.x < 0;
        if (o == m.from) continue;
        shares_y = shares_y || w.y == v.y;
        shares_x = shares_x || w.x == v.x;
    }
    if (!shares_y) return vertical(v.y);
    if (!shares_x) {
        if (v.x > 0) return "R";
        if (v.x < 0) return "L";
        // 竜 and 馬 are never 直: the straight mover is named by the side it is on.
        if (m.piece == piece_kind::um || m.piece == piece_kind::ry) return any_left ? "R" : "L";
        return "C";
    }
    if (v.x == 0) return "C";
    if (v.x > 0) return v.y < 0 ? "RU" : v.y == 0 ? "RM" : "RD";
    return v.y < 0 ? "LU" : v.y == 0 ? "LM" : "LD";
}

}  // namespace

std::string_view relative_of(const engine& p, const board_move& m) noexcept {
    const color c = p.side_to_move();
    // Most moves need no look-up, answered by one test (which kind moves is as good as random,
    // so each test costs its mispredictions): a board move by a piece with no twin on the
    // board, or by a pawn or lance (it reaches a square from one direction only, so no other
    // one can be a second candidate: a quarter of all moves), or a drop with none of that kind
    // on the board. The pieces of the kind needed on the board, for a board move (FU and KY
    // never; the others a second piece) and for a drop (one):
    static constexpr std::array<std::array<std::uint8_t, piece_kind_count>, 2> twin_needs{{
        {255, 255, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2},
        {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    }};
    static_assert(static_cast<int>(piece_kind::fu) == 0 && static_cast<int>(piece_kind::ky) == 1);
    const int needed = twin_needs[m.is_drop() ? 1 : 0][static_cast<std::size_t>(m.piece)];
    if (p.count_on_board(c, m.piece) < needed) return "";
    return relative_with_twins(p, m, c);
}

origin_result solve_origin(const engine& p, piece_kind kind, square to, std::string_view relative) noexcept {
    origin_result result;
    if (relative.find('H') != std::string_view::npos) return result;
    const color c = p.side_to_move();
    square_list candidates = p.origins_to(to, c, kind);
    if (candidates.size == 0) return result;

    auto keep = [&candidates](auto&& pred) {
        int n = 0;
        for (int i = 0; i < candidates.size; ++i)
            if (pred(candidates.items[i])) candidates.items[n++] = candidates.items[i];
        candidates.size = n;
    };
    if (candidates.size > 1) {
        // Motion words first, then 左/右 as the extreme origins among what is left.
        for (char r : relative) {
            switch (r) {
                case 'U': keep([&](square s) { return offset_of(s, to, c).y < 0; }); break;
                case 'M': keep([&](square s) { return offset_of(s, to, c).y == 0; }); break;
                case 'D': keep([&](square s) { return offset_of(s, to, c).y > 0; }); break;
                case 'C': keep([&](square s) { offset v = offset_of(s, to, c); return v.x == 0 && v.y < 0; }); break;
                case 'L': case 'R': break;
                default: result.status = origin_status::no_match; return result;
            }
        }
        for (char r : relative) {
            if ((r != 'L' && r != 'R') || candidates.size == 0) continue;
            int best = offset_of(candidates.items[0], to, c).x;
            for (square s : candidates) {
                int x = offset_of(s, to, c).x;
                best = r == 'L' ? std::min(best, x) : std::max(best, x);
            }
            keep([&](square s) { return offset_of(s, to, c).x == best; });
        }
    }
    if (candidates.size > 1) {
        // Not in JSA's rules: a piece that may not move (pinned) needs no disambiguation.
        keep([&](square s) { return p.leaves_king_safe(board_move{s, to, kind, false}); });
    }
    if (candidates.size == 1) {
        result.status = origin_status::board;
        result.from = candidates.items[0];
    } else {
        result.status = candidates.size == 0 ? origin_status::no_match : origin_status::ambiguous;
    }
    return result;
}

}  // namespace kifu::shogi
