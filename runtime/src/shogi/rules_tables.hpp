#pragma once

// Movement tables shared by position.cpp, relative.cpp and sfen.cpp, and the inline members
// of position that keep and read its line masks. Everything is constexpr so the hot path
// (replaying a record) never calls out of line for a piece property.

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#include <kifu/shogi/jkf.hpp>

#include "shogi/engine.hpp"

namespace kifu::inline v1::shogi::detail {

// Cell encoding in the mailbox: 0 empty, 1..14 a Black kind + 1, 17..30 a White kind + 1,
// 0x80 a wall square around the 9×9 board.
inline constexpr std::uint8_t empty_cell = 0;
inline constexpr std::uint8_t wall_cell = 0x80;
inline constexpr std::uint8_t white_bit = 0x10;

constexpr std::uint8_t make_cell(color c, piece_kind k) noexcept {
    // Arithmetic, not a choice: color is 0 or 1.
    return static_cast<std::uint8_t>(static_cast<int>(c) * white_bit + static_cast<int>(k) + 1);
}
constexpr bool is_piece(std::uint8_t cell) noexcept { return cell != empty_cell && cell != wall_cell; }
constexpr color cell_color(std::uint8_t cell) noexcept { return (cell & white_bit) ? color::white : color::black; }
constexpr piece_kind cell_kind(std::uint8_t cell) noexcept {
    return static_cast<piece_kind>((cell & 0x0f) - 1);
}
// The kind of a cell's piece, or nothing (empty, wall): one load and a two-byte copy (the
// optional is trivially copyable) where a move's capture is recorded.
constexpr std::array<std::optional<piece_kind>, 256> make_cell_pieces() noexcept {
    std::array<std::optional<piece_kind>, 256> out{};
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < piece_kind_count; ++k)
            out[make_cell(static_cast<color>(c), static_cast<piece_kind>(k))] = static_cast<piece_kind>(k);
    return out;
}
inline constexpr auto cell_pieces = make_cell_pieces();

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

// Bit tests and arithmetic instead of chains of compares: these run on every move, and which
// kind or colour moves is as good as random to the branch predictor.
constexpr bool kind_can_promote(piece_kind k) noexcept {
    constexpr unsigned promotable = 1u << 0 | 1u << 1 | 1u << 2 | 1u << 3 | 1u << 5 | 1u << 6;  // FU KY KE GI KA HI
    return (promotable >> static_cast<int>(k)) & 1u;
}
/// The other colour without a branch (kifu::shogi::opponent compiles to one).
constexpr color flip(color c) noexcept { return static_cast<color>(static_cast<int>(c) ^ 1); }
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
constexpr int relative_rank(color c, int y) noexcept { return y + static_cast<int>(c) * (10 - 2 * y); }
constexpr bool in_zone(color c, int y) noexcept { return relative_rank(c, y) <= 3; }
// Whether a piece on rank y (1..9) would have no next move (行き所のない駒): FU and KY on the
// far rank, KE on the last two.
constexpr bool is_dead_end(piece_kind k, color c, int y) noexcept {
    constexpr std::array<std::int8_t, piece_kind_count> last_dead_rank{1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    return relative_rank(c, y) <= last_dead_rank[static_cast<int>(k)];
}
// One unsigned compare of the larger coordinate: no short-circuit branches.
constexpr bool on_board(square s) noexcept {
    const unsigned x = static_cast<unsigned>(s.x - 1);
    const unsigned y = static_cast<unsigned>(s.y - 1);
    return (x > y ? x : y) < 9u;
}

// Mailbox delta of a direction for a colour (White's directions are turned 180°).
constexpr int delta(int d, color c) noexcept {
    int v = directions[d].dx * engine::width + directions[d].dy;
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

// Displacement tables are indexed by (dx + 8) * 17 + (dy + 8), dx and dy in board coordinates.
constexpr int shape_index(int dx, int dy) noexcept { return (dx + 8) * 17 + (dy + 8); }

// The square of each mailbox index, as one table lookup (no division on the hot path).
constexpr std::array<square, engine::cells> make_squares() noexcept {
    std::array<square, engine::cells> out{};
    for (int i = 2; i < engine::cells - 2; ++i)
        out[i] = square{static_cast<std::int8_t>((i - 2) / engine::width), static_cast<std::int8_t>((i - 2) % engine::width)};
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
// Per colour: every cell of that colour's pieces, for in_mask (empty and wall cells are not in it).
inline constexpr std::array<std::uint32_t, 2> own_cells{0x7ffeu, 0x7ffeu << 16};

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

// Per colour and displacement (shape_index of the real dx, dy, not mirrored): bit k is set when
// kind k of that colour reaches the displacement in one step, bit 16 + k when it reaches it
// by sliding along the displacement's line (the squares between must be empty). One load and
// one bit test answer "can this piece move so" and "does this piece check that king" without
// a chain of branches. 2 × 289 × 4 bytes: stays in the L1 cache.
inline constexpr std::uint32_t slide_bit = 16;
constexpr std::array<std::array<std::uint32_t, 289>, 2> make_reach_kinds() noexcept {
    std::array<std::array<std::uint32_t, 289>, 2> out{};
    for (int c = 0; c < 2; ++c)
        for (int i = 0; i < 289; ++i) {
            // `displacements` is in Black's frame: White's displacement is turned 180°.
            const displacement& v = displacements[c == 0 ? i : 288 - i];
            for (int k = 0; k < piece_kind_count; ++k) {
                if (v.step >= 0 && (step_masks[k] & bit(v.step))) out[c][i] |= std::uint32_t{1} << k;
                if (v.line >= 0 && (slide_masks[k] & bit(v.line))) out[c][i] |= std::uint32_t{1} << (slide_bit + k);
            }
        }
    return out;
}
inline constexpr auto reach_kinds = make_reach_kinds();

// Per displacement (shape_index of the real dx, dy): the mailbox step from the first square
// toward the second along their common line, 0 when they share none.
constexpr std::array<std::int8_t, 289> make_line_steps() noexcept {
    std::array<std::int8_t, 289> out{};
    for (int i = 0; i < 289; ++i)
        if (displacements[i].line >= 0) out[i] = deltas[0][displacements[i].line];
    return out;
}
inline constexpr auto line_steps = make_line_steps();
constexpr int displacement_index(square from, square to) noexcept { return shape_index(to.x - from.x, to.y - from.y); }
// displacement_index of two board cells from one table: shape_index(dx, dy) is
// 17 * dx + dy + 144, so per cell 17 * x + y, and two loads and a subtraction replace
// working out both squares' coordinates (four of these per move). Board cells only.
constexpr std::array<std::uint8_t, engine::cells> make_cell_shapes() noexcept {
    std::array<std::uint8_t, engine::cells> out{};
    for (int i = 2; i < engine::cells - 2; ++i) out[i] = static_cast<std::uint8_t>(17 * index_squares[i].x + index_squares[i].y);
    return out;
}
inline constexpr auto cell_shapes = make_cell_shapes();
constexpr int cell_displacement(int from, int to) noexcept { return cell_shapes[to] - cell_shapes[from] + shape_index(0, 0); }

// Per colour, indexed by a king step (mailbox delta + 12): the cells of that colour that
// slide back along it, i.e. attack the king from the far end of the line.
constexpr std::array<std::array<std::uint32_t, 25>, 2> make_line_attackers() noexcept {
    std::array<std::array<std::uint32_t, 25>, 2> out{};
    for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 8; ++d) out[c][12 - delta(d, static_cast<color>(c))] = attack_masks_table[c].far[d];
    return out;
}
inline constexpr auto line_attackers = make_line_attackers();

// The four lines through each cell of the grid, for position::lines_: per family (0 file,
// 1 rank, 2 the diagonal of x - y, 3 that of x + y) the line's index in lines_ and the cell's
// bit along it (y on a file, x on the others), also as a mask (marking a cell is then a load
// and an OR or AND per line, without a shift). The four cells outside the grid are never
// written or scanned from.
struct cell_line_set {
    std::array<std::uint8_t, 4> line{};
    std::array<std::uint8_t, 4> place{};
    std::array<std::uint16_t, 4> bit{};
};
constexpr std::array<cell_line_set, engine::cells> make_cell_lines() noexcept {
    std::array<cell_line_set, engine::cells> out{};
    for (int i = 2; i < engine::cells - 2; ++i) {
        const int x = index_squares[i].x;
        const int y = index_squares[i].y;
        out[i].line = {static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(11 + y),
                       static_cast<std::uint8_t>(22 + x - y + 10), static_cast<std::uint8_t>(43 + x + y)};
        out[i].place = {static_cast<std::uint8_t>(y), static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(x),
                        static_cast<std::uint8_t>(x)};
        for (int f = 0; f < 4; ++f) out[i].bit[f] = static_cast<std::uint16_t>(1u << out[i].place[f]);
    }
    return out;
}
inline constexpr auto cell_lines = make_cell_lines();

// The empty board every position starts from: the mailbox with its walls (the cells of x or
// y 0 or 10, and the two cells beyond each end), and the line masks that mark those walls.
// Copied by position's constructor: worked out per position, they cost more than the rest of
// a short game's set-up.
inline constexpr std::array<std::uint8_t, engine::cells> empty_board = [] {
    std::array<std::uint8_t, engine::cells> out{};
    out.fill(wall_cell);
    for (int x = 1; x <= 9; ++x)
        for (int y = 1; y <= 9; ++y) out[engine::index({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)})] = empty_cell;
    return out;
}();
inline constexpr std::array<std::uint16_t, 64> empty_board_lines = [] {
    std::array<std::uint16_t, 64> out{};
    for (int i = 2; i < engine::cells - 2; ++i) {
        if (empty_board[i] == empty_cell) continue;
        for (int f = 0; f < 4; ++f) out[cell_lines[i].line[f]] |= cell_lines[i].bit[f];
    }
    return out;
}();
// The family of the line a king step runs along, indexed by the step + 12: ±1 a file, ±11 a
// rank, ±12 (x and y both grow) and ±10 (x grows, y falls) the diagonals. A step moves one
// place along its line, upwards when it is positive.
inline constexpr std::array<std::uint8_t, 25> step_families = [] {
    std::array<std::uint8_t, 25> out{};
    out[12 - 1] = out[12 + 1] = 0;
    out[12 - 11] = out[12 + 11] = 1;
    out[12 - 12] = out[12 + 12] = 2;
    out[12 - 10] = out[12 + 10] = 3;
    return out;
}();

// The first cell after `cell` along king step `step` whose bit is set in `line`, the mask of
// the line they are on (`place`: the cell's bit in it). Both scans are worked out and one is
// chosen, so that a step known only at run time costs no branch; a wall cell beyond the board
// is on every line, so each scan finds a bit.
inline int first_set_along(unsigned line, int place, int cell, int step) noexcept {
    const int ahead = std::countr_zero(line >> (place + 1)) + 1;
    const int behind = place - (31 - std::countl_zero(line & ((1u << place) - 1)));
    return cell + (step > 0 ? ahead : behind) * step;
}

// The first cell from board cell `cell` along king step `step` (not counting `cell`) that is
// not empty, a piece or the wall, read from position::lines_.
inline int first_occupied_on(const std::uint16_t* lines, int cell, int step) noexcept {
    const int f = step_families[step + 12];
    return first_set_along(lines[cell_lines[cell].line[f]], cell_lines[cell].place[f], cell, step);
}

}  // namespace kifu::shogi::detail

namespace kifu::inline v1::shogi {

// Inline members on the line masks: rules.cpp and position.cpp both inline them.

inline void engine::mark_occupied(int cell) noexcept {
    const detail::cell_line_set& l = detail::cell_lines[cell];
    for (int f = 0; f < 4; ++f) lines_[l.line[f]] |= l.bit[f];
}

inline void engine::mark_empty(int cell) noexcept {
    const detail::cell_line_set& l = detail::cell_lines[cell];
    for (int f = 0; f < 4; ++f) lines_[l.line[f]] &= static_cast<std::uint16_t>(~l.bit[f]);
}

inline int engine::first_occupied(int cell, int step) const noexcept {
    return detail::first_occupied_on(lines_.data(), cell, step);
}

// Whether, from `king` along `step`, the first piece met is a slider of colour `by` that
// slides back along the line, on the board as it would be with `vacated` empty (a cell on
// that line) and `filled` holding a piece of the king's side (any cell: it blocks the line
// where it is on it, and a piece met there is the one it captures).
inline bool engine::line_attacked(int king, int step, int vacated, int filled, color by) const noexcept {
    const int f = detail::step_families[step + 12];
    const detail::cell_line_set& k = detail::cell_lines[king];
    const detail::cell_line_set& v = detail::cell_lines[vacated];
    const detail::cell_line_set& b = detail::cell_lines[filled];
    unsigned m = lines_[k.line[f]];
    m &= ~(1u << v.place[f]);
    m |= static_cast<unsigned>(b.line[f] == k.line[f]) << b.place[f];
    const int i = detail::first_set_along(m, k.place[f], king, step);
    return i != filled && detail::in_mask(detail::line_attackers[static_cast<int>(by)][step + 12], board_[i]);
}

}  // namespace kifu::shogi
