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

// Movement shapes, indexed by the displacement (dx + 8) * 17 + (dy + 8) in board coordinates
// (see shape_of): -1 the piece cannot move so, 0..9 one step in direction d, 10 + d a slide
// along direction d (the squares between must be empty).
inline constexpr int shape_none = -1;
inline constexpr int shape_slide = 10;
constexpr int shape_index(int dx, int dy) noexcept { return (dx + 8) * 17 + (dy + 8); }


// The square of each mailbox index, as one table lookup (no division on the hot path).
constexpr std::array<square, position::cells> make_squares() noexcept {
    std::array<square, position::cells> out{};
    for (int i = 2; i < position::cells - 2; ++i)
        out[i] = square{static_cast<std::int8_t>((i - 2) / position::width), static_cast<std::int8_t>((i - 2) % position::width)};
    return out;
}
inline constexpr auto index_squares = make_squares();
constexpr square square_of(int index) noexcept { return index_squares[index]; }

// Attack look-up by cell value: for a colour and a direction d, bit `cell` of `near[d]` is set
// when that cell (a piece of the colour) attacks the square one step beyond it along d, and
// bit `cell` of `far[d]` when it attacks along d from any distance (a slider). Empty (0) and
// wall (0x80) cells map to bit 0 by `cell & 31`, which is never set, so one shift and mask
// replace the tests "is a piece, of this colour, moving so".
struct attack_masks {
    std::array<std::uint32_t, direction_count> near{};
    std::array<std::uint32_t, 8> far{};
};
constexpr std::array<attack_masks, 2> make_attack_masks() noexcept {
    std::array<attack_masks, 2> out{};
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < piece_kind_count; ++k) {
            const std::uint32_t b = std::uint32_t{1} << make_cell(static_cast<color>(c), static_cast<piece_kind>(k));
            for (int d = 0; d < direction_count; ++d) {
                if ((step_masks[k] | slide_masks[k]) & bit(d)) out[c].near[d] |= b;
                if (d < 8 && (slide_masks[k] & bit(d))) out[c].far[d] |= b;
            }
        }
    return out;
}
inline constexpr auto attack_masks_table = make_attack_masks();
constexpr bool in_mask(std::uint32_t mask, std::uint8_t cell) noexcept { return (mask >> (cell & 31)) & 1; }

// delta(d, c) as a table, for loops over directions.
constexpr std::array<std::array<std::int8_t, direction_count>, 2> make_deltas() noexcept {
    std::array<std::array<std::int8_t, direction_count>, 2> out{};
    for (int c = 0; c < 2; ++c)
        for (int d = 0; d < direction_count; ++d) out[c][d] = static_cast<std::int8_t>(delta(d, static_cast<color>(c)));
    return out;
}
inline constexpr auto deltas = make_deltas();

// Per displacement (shape_index of dx, dy in Black's frame): the direction of a single step
// that makes it (0..9) and the line direction it lies on (0..7), -1 for none. One 578-byte
// table for every kind and colour keeps the hot look-ups in the L1 cache (a table per kind
// and colour did not stay there).
struct displacement {
    std::int8_t step = -1;
    std::int8_t line = -1;
};
constexpr std::array<displacement, 289> make_displacements() noexcept {
    std::array<displacement, 289> out{};
    for (int d = 0; d < direction_count; ++d) {
        out[shape_index(directions[d].dx, directions[d].dy)].step = static_cast<std::int8_t>(d);
        if (d < 8)
            for (int n = 1; n <= 8; ++n) out[shape_index(directions[d].dx * n, directions[d].dy * n)].line = static_cast<std::int8_t>(d);
    }
    return out;
}
inline constexpr auto displacements = make_displacements();

// The movement shape (shape_none, a step direction, or shape_slide + a line direction) of a
// colour's kind for a displacement.
constexpr int shape_of(color c, piece_kind k, int dx, int dy) noexcept {
    const int i = shape_index(dx, dy);
    const displacement& v = displacements[c == color::black ? i : 288 - i];
    if (v.line >= 0 && (slide_masks[static_cast<int>(k)] & bit(v.line))) return shape_slide + v.line;
    if (v.step >= 0 && (step_masks[static_cast<int>(k)] & bit(v.step))) return v.step;
    return shape_none;
}

// line_step for mailbox indices.
constexpr int line_step_of(int a, int b) noexcept {
    const square sa = square_of(a);
    const square sb = square_of(b);
    const int line = displacements[shape_index(sb.x - sa.x, sb.y - sa.y)].line;
    return line < 0 ? 0 : deltas[0][line];
}

// Per colour, indexed by a king step (mailbox delta + 12): the cells of that colour that
// slide back along it, i.e. attack the king from the far end of the line.
constexpr std::array<std::array<std::uint32_t, 25>, 2> make_line_attackers() noexcept {
    std::array<std::array<std::uint32_t, 25>, 2> out{};
    for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 8; ++d) out[c][12 - delta(d, static_cast<color>(c))] = attack_masks_table[c].far[d];
    return out;
}
inline constexpr auto line_attackers = make_line_attackers();

// Walks from `king` by `step` (skipping the cell `skip`, stopping safe at `stop`) and says
// whether the first piece met is a slider of colour `by` that slides back along the line.
// A free inline function so that both position.cpp and rules.cpp inline it.
inline bool line_attacked(const std::uint8_t* board, int king, int step, int skip, int stop, color by) noexcept {
    int i = king + step;
    while (i != stop && (i == skip || board[i] == empty_cell)) i += step;
    return i != stop && in_mask(line_attackers[static_cast<int>(by)][step + 12], board[i]);
}

}  // namespace kifu::shogi::detail
