#pragma once

// Movement tables shared by position.cpp, relative.cpp and sfen.cpp. Everything is constexpr
// so the hot path (replaying a record) never calls out of line for a piece property.

#include <array>
#include <cstdint>

#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/position.hpp>

namespace kifu::shogi::detail {

// Cell encoding in the mailbox: 0 empty, 1..14 a Black kind + 1, 17..30 a White kind + 1,
// 0x80 a wall square around the 9×9 board.
inline constexpr std::uint8_t empty_cell = 0;
inline constexpr std::uint8_t wall_cell = 0x80;
inline constexpr std::uint8_t white_bit = 0x10;

constexpr std::uint8_t make_cell(color c, piece_kind k) noexcept {
    return static_cast<std::uint8_t>((c == color::white ? white_bit : 0) + static_cast<int>(k) + 1);
}
constexpr bool is_piece(std::uint8_t cell) noexcept { return cell != empty_cell && cell != wall_cell; }
constexpr color cell_color(std::uint8_t cell) noexcept { return (cell & white_bit) ? color::white : color::black; }
constexpr piece_kind cell_kind(std::uint8_t cell) noexcept {
    return static_cast<piece_kind>((cell & 0x0f) - 1);
}

// Directions from Black's point of view (dy < 0 is forward). 0..7 king steps, 8..9 knight.
struct direction {
    int dx;
    int dy;
};
inline constexpr std::array<direction, 10> directions{{
    {0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, 1}, {1, 1}, {-1, -2}, {1, -2},
}};
inline constexpr int direction_count = 10;

constexpr int bit(int d) noexcept { return 1 << d; }
inline constexpr int gold_steps = bit(0) | bit(1) | bit(2) | bit(3) | bit(4) | bit(5);
inline constexpr int diagonals = bit(1) | bit(2) | bit(6) | bit(7);
inline constexpr int orthogonals = bit(0) | bit(3) | bit(4) | bit(5);

// Indexed by piece_kind: FU KY KE GI KI KA HI OU TO NY NK NG UM RY.
inline constexpr std::array<int, piece_kind_count> step_masks{
    bit(0), 0, bit(8) | bit(9), bit(0) | diagonals, gold_steps, 0, 0, orthogonals | diagonals,
    gold_steps, gold_steps, gold_steps, gold_steps, orthogonals, diagonals,
};
inline constexpr std::array<int, piece_kind_count> slide_masks{
    0, bit(0), 0, 0, 0, diagonals, orthogonals, 0, 0, 0, 0, 0, diagonals, orthogonals,
};

constexpr bool kind_can_promote(piece_kind k) noexcept {
    return k == piece_kind::fu || k == piece_kind::ky || k == piece_kind::ke || k == piece_kind::gi ||
           k == piece_kind::ka || k == piece_kind::hi;
}
constexpr bool kind_is_promoted(piece_kind k) noexcept { return static_cast<int>(k) >= static_cast<int>(piece_kind::to); }
constexpr piece_kind kind_promote(piece_kind k) noexcept {
    constexpr std::array<piece_kind, piece_kind_count> table{
        piece_kind::to, piece_kind::ny, piece_kind::nk, piece_kind::ng, piece_kind::ki, piece_kind::um, piece_kind::ry,
        piece_kind::ou, piece_kind::to, piece_kind::ny, piece_kind::nk, piece_kind::ng, piece_kind::um, piece_kind::ry,
    };
    return table[static_cast<int>(k)];
}
constexpr piece_kind kind_unpromote(piece_kind k) noexcept {
    constexpr std::array<piece_kind, piece_kind_count> table{
        piece_kind::fu, piece_kind::ky, piece_kind::ke, piece_kind::gi, piece_kind::ki, piece_kind::ka, piece_kind::hi,
        piece_kind::ou, piece_kind::fu, piece_kind::ky, piece_kind::ke, piece_kind::gi, piece_kind::ka, piece_kind::hi,
    };
    return table[static_cast<int>(k)];
}
constexpr bool is_hand_kind(piece_kind k) noexcept { return static_cast<int>(k) < hand_kind_count; }

// Rank counted from the mover's side: 1 = the far rank.
constexpr int relative_rank(color c, int y) noexcept { return c == color::black ? y : 10 - y; }
constexpr bool in_zone(color c, int y) noexcept { return relative_rank(c, y) <= 3; }
// The farthest relative rank a piece may stand on without promoting (行き所のない駒).
constexpr bool is_dead_end(piece_kind k, color c, int y) noexcept {
    int r = relative_rank(c, y);
    if (k == piece_kind::fu || k == piece_kind::ky) return r <= 1;
    if (k == piece_kind::ke) return r <= 2;
    return false;
}
constexpr bool on_board(square s) noexcept { return s.x >= 1 && s.x <= 9 && s.y >= 1 && s.y <= 9; }

// Mailbox delta of a direction for a colour (White's directions are turned 180°).
constexpr int delta(int d, color c) noexcept {
    int v = directions[d].dx * position::width + directions[d].dy;
    return c == color::black ? v : -v;
}
// The direction d with delta(d, c) == step (one of the eight king steps), or -1.
constexpr int direction_of(int step, color c) noexcept {
    for (int d = 0; d < 8; ++d)
        if (delta(d, c) == step) return d;
    return -1;
}

// The mailbox step from `a` towards `b` when they share a file, rank or diagonal, else 0.
constexpr int line_step(square a, square b) noexcept {
    const int dx = b.x - a.x;
    const int dy = b.y - a.y;
    if (dx == 0 && dy == 0) return 0;
    if (dx != 0 && dy != 0 && dx != dy && dx != -dy) return 0;
    return ((dx > 0) - (dx < 0)) * position::width + ((dy > 0) - (dy < 0));
}

// Per colour and kind: the mailbox deltas of the piece's steps and slides (hot loops walk
// only the directions a piece has).
struct kind_directions {
    std::array<std::int8_t, 8> steps{};
    std::array<std::int8_t, 4> slides{};
    std::int8_t step_count = 0;
    std::int8_t slide_count = 0;
};
constexpr std::array<std::array<kind_directions, piece_kind_count>, 2> make_kind_directions() noexcept {
    std::array<std::array<kind_directions, piece_kind_count>, 2> out{};
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < piece_kind_count; ++k) {
            kind_directions& kd = out[c][k];
            for (int d = 0; d < direction_count; ++d) {
                if (step_masks[k] & bit(d)) kd.steps[kd.step_count++] = static_cast<std::int8_t>(delta(d, static_cast<color>(c)));
                if (slide_masks[k] & bit(d)) kd.slides[kd.slide_count++] = static_cast<std::int8_t>(delta(d, static_cast<color>(c)));
            }
        }
    return out;
}
inline constexpr auto kind_directions_table = make_kind_directions();

// Per colour and kind, indexed by the displacement (dx + 8) * 17 + (dy + 8) in board
// coordinates: -1 the piece cannot move so, 0..9 one step in direction d, 10 + d a slide
// along direction d (the squares between must be empty).
inline constexpr int shape_none = -1;
inline constexpr int shape_slide = 10;
constexpr int shape_index(int dx, int dy) noexcept { return (dx + 8) * 17 + (dy + 8); }
constexpr std::array<std::array<std::array<std::int8_t, 289>, piece_kind_count>, 2> make_shapes() noexcept {
    std::array<std::array<std::array<std::int8_t, 289>, piece_kind_count>, 2> out{};
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < piece_kind_count; ++k) {
            auto& t = out[c][k];
            for (auto& v : t) v = shape_none;
            const int sgn = c == 0 ? 1 : -1;
            for (int d = 0; d < direction_count; ++d) {
                const int dx = directions[d].dx * sgn;
                const int dy = directions[d].dy * sgn;
                if (step_masks[k] & bit(d)) t[shape_index(dx, dy)] = static_cast<std::int8_t>(d);
                if (slide_masks[k] & bit(d))
                    for (int n = 1; n <= 8; ++n) t[shape_index(dx * n, dy * n)] = static_cast<std::int8_t>(shape_slide + d);
            }
        }
    return out;
}
inline constexpr auto shapes = make_shapes();

// line_step for mailbox indices, as one table lookup (no division on the hot path).
constexpr std::array<std::int8_t, position::cells * position::cells> make_line_steps() noexcept {
    std::array<std::int8_t, position::cells * position::cells> out{};
    for (int a = 0; a < position::cells; ++a)
        for (int b = 0; b < position::cells; ++b) {
            const square sa{static_cast<std::int8_t>((a - 2) / position::width), static_cast<std::int8_t>((a - 2) % position::width)};
            const square sb{static_cast<std::int8_t>((b - 2) / position::width), static_cast<std::int8_t>((b - 2) % position::width)};
            if (a < 2 || b < 2 || !on_board(sa) || !on_board(sb)) continue;
            out[a * position::cells + b] = static_cast<std::int8_t>(line_step(sa, sb));
        }
    return out;
}
inline constexpr auto line_steps = make_line_steps();
constexpr int line_step_of(int a, int b) noexcept { return line_steps[a * position::cells + b]; }

constexpr square square_of(int index) noexcept {
    return square{static_cast<std::int8_t>((index - 2) / position::width),
                  static_cast<std::int8_t>((index - 2) % position::width)};
}

}  // namespace kifu::shogi::detail
