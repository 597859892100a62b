#pragma once

#include <kifu/api.hpp>

// Othello rules (the JSON of moves and flips: docs/jkf-go-othello.md) on a board of any size GGF allows
// (4, 6, 8, 10, 12, 14 and the octagon "88": 10×10 without the 3 squares at each corner).
//
// Squares are 1-based {x, y}: x = column from the left (a = 1), y = row from the top
// (row 1 = 1), so f5 = {6, 5}.
//
// Flipped discs are always listed in one order: by direction up-left, up, up-right, left,
// right, down-left, down, down-right ("up" = towards row 1), nearest disc first — the order
// of the reference reader (shared/peers/go-othello/lib/othello.mjs).

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kifu::inline v1::othello {

/// 0 = black (moves first), 1 = white, as JKF numbers colours.
enum class color : std::uint8_t { black = 0, white = 1 };

/// Returns the other colour.
constexpr color opponent(color c) noexcept { return c == color::black ? color::white : color::black; }

/// A square, 1-based from the top-left: f5 = {6, 5}.
struct square {
    std::int8_t x = 0;
    std::int8_t y = 0;
    friend bool operator==(const square&, const square&) = default;
};

/// Returns the square as written in GGF and WTHOR listings: "f5" (column letter, row number).
KIFU_API std::string to_string(square s);

/// The discs a move flips, as run lengths: 4 bits per direction, direction d (in the
/// documented order: 0 up-left … 7 down-right) in bits 4d…4d+3. Together with the move's
/// square they give every flipped disc in order; a record stores 4 bytes per move.
using flip_runs_t = std::uint32_t;

/// Returns how many discs the runs flip.
KIFU_API int flip_count(flip_runs_t runs) noexcept;
/// Appends the discs a move on `s` with these runs flipped, in the documented order.
KIFU_API void append_flips(square s, flip_runs_t runs, std::vector<square>& out);

/// Disc counts of a position.
struct disc_counts {
    int black = 0;
    int white = 0;
    int empty = 0;
    friend bool operator==(const disc_counts&, const disc_counts&) = default;
};

/// What a cell holds; `none` marks the cut corners of the octagon board.
enum class cell : std::uint8_t { empty = 0, black = 1, white = 2, none = 3 };

/// Returns the cell of a colour's disc.
constexpr cell disc_of(color c) noexcept { return c == color::black ? cell::black : cell::white; }

/// Returns true for the sizes GGF's BO allows: 4, 6, 8, 10, 12, 14 (88 = octagon, size 10).
constexpr bool is_valid_size(int n) noexcept { return n >= 4 && n <= 14 && n % 2 == 0; }

/// An n×n position (any GGF size, octagon too) with the side to move.
class board {
public:
    /// Returns the standard start of that size (the 4 centre discs, black to move); `size`
    /// must satisfy is_valid_size.
    KIFU_API static board standard(int size, bool octagon = false);
    /// Returns an empty board (octagon corners marked `none`), black to move.
    KIFU_API static board empty(int size, bool octagon = false);

    int size() const noexcept { return size_; }
    bool octagon() const noexcept { return octagon_; }
    color to_move() const noexcept { return to_move_; }
    void set_to_move(color c) noexcept { to_move_ = c; }

    /// Returns true when the square lies on the board (not off the edge, not a cut corner).
    KIFU_API bool on_board(square s) const noexcept;
    /// Returns the cell (cell::none off the board).
    KIFU_API cell at(square s) const noexcept;
    /// Sets a cell of a square on the board (ignored off the board).
    KIFU_API void set(square s, cell c) noexcept;

    /// Appends the discs a move of `c` on `s` would flip, in the documented order; returns
    /// how many (0: illegal, or the square is taken or off the board).
    KIFU_API int flips(square s, color c, std::vector<square>& out) const;
    /// Returns true when `c` has a legal move.
    KIFU_API bool has_move(color c) const noexcept;
    /// Returns every legal move of `c`, row by row from the top-left.
    KIFU_API std::vector<square> legal_moves(color c) const;
    /// Plays the side to move on `s`: appends the flipped discs to `flipped` and returns how
    /// many; 0 = illegal (nothing changes).
    KIFU_API int play(square s, std::vector<square>& flipped);
    /// Returns the flips of a move of `c` on `s` as run lengths (0: illegal).
    KIFU_API flip_runs_t flip_runs(square s, color c) const noexcept;
    /// Plays the side to move on `s` and returns the flips as run lengths; 0 = illegal
    /// (nothing changes).
    KIFU_API flip_runs_t play_runs(square s) noexcept;
    /// Passes the turn.
    void pass() noexcept { to_move_ = opponent(to_move_); }
    /// Returns true when neither side can move.
    bool game_over() const noexcept { return !has_move(color::black) && !has_move(color::white); }
    /// Returns the disc counts (cut corners are not counted as empty).
    KIFU_API disc_counts counts() const noexcept;
    /// Returns the cells row by row (size×size, cut corners `none`).
    const std::vector<cell>& cells() const noexcept { return cells_; }

    friend bool operator==(const board&, const board&) = default;

private:
    int size_ = 8;
    bool octagon_ = false;
    color to_move_ = color::black;
    std::vector<cell> cells_;
};

}  // namespace kifu::othello
