#pragma once

// Internal: the 8×8 othello kernels on bitboards, for the replays of GGF and WTHOR (millions
// of games) and the training rows. A square is bit (y-1)*8 + (x-1): a1 = 0, h1 = 7, a8 = 56,
// h8 = 63. Flips are listed in the order kifu/othello/board.hpp documents.

#include <cstdint>

#include <kifu/othello/board.hpp>

namespace kifu::inline v1::othello {

namespace bits {

/// Returns the bit of a 0-based square index (0 = a1, 63 = h8).
constexpr std::uint64_t bit(int index) noexcept { return std::uint64_t{1} << index; }
/// Returns the bit index of a square of the 8×8 board.
constexpr int index_of(square s) noexcept { return (s.y - 1) * 8 + (s.x - 1); }
/// Returns the square of a bit index.
constexpr square square_of(int index) noexcept {
    return square{static_cast<std::int8_t>(index % 8 + 1), static_cast<std::int8_t>(index / 8 + 1)};
}

/// Returns every empty square where the side owning `own` may play against `opp`.
std::uint64_t legal_moves(std::uint64_t own, std::uint64_t opp) noexcept;

/// Returns the discs a move on `index` flips (0 when the move is illegal or the square taken).
std::uint64_t flips(std::uint64_t own, std::uint64_t opp, int index) noexcept;

/// Writes the indexes of the discs a move on `index` flips into `out`, in the documented
/// order (direction order, nearest first), and returns how many (0: illegal). `out` needs
/// room for 32 entries (more than one move can flip on 8×8). `mask` gets the same set.
int flips_ordered(std::uint64_t own, std::uint64_t opp, int index, std::uint8_t* out,
                  std::uint64_t& mask) noexcept;

/// Returns the discs a move on `index` flips as run lengths (see flip_runs below) and sets
/// `mask` to the same discs; 0 = illegal or the square taken. The fast path of replays.
std::uint32_t flip_runs(std::uint64_t own, std::uint64_t opp, int index, std::uint64_t& mask) noexcept;

/// Returns the number of set bits.
int count(std::uint64_t b) noexcept;

}  // namespace bits

/// An 8×8 position on two bitboards, with the side to move.
struct bitboard {
    std::uint64_t black = 0;
    std::uint64_t white = 0;
    color to_move = color::black;

    /// Returns the standard start: d4 = e5 = white, d5 = e4 = black, black to move.
    static bitboard standard() noexcept;

    std::uint64_t own() const noexcept { return to_move == color::black ? black : white; }
    std::uint64_t opp() const noexcept { return to_move == color::black ? white : black; }
    /// Returns the legal moves of the side to move.
    std::uint64_t moves() const noexcept { return bits::legal_moves(own(), opp()); }
    /// Returns true when neither side can move.
    bool game_over() const noexcept;
    /// Places a disc of the side to move and flips `flipped` (no check); passes the turn.
    void apply(int index, std::uint64_t flipped) noexcept;
    /// Passes the turn.
    void pass() noexcept { to_move = opponent(to_move); }
    /// Returns the disc counts.
    disc_counts counts() const noexcept;
    friend bool operator==(const bitboard&, const bitboard&) = default;
};

/// Returns the general board of an 8×8 bitboard position.
board to_board(const bitboard& b);

}  // namespace kifu::othello
