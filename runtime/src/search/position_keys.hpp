#pragma once

// Canonical position keys of the three games (Zobrist hash + the exact position bytes) and the
// board symmetries go and othello keys are taken under. The hash tables come from a fixed
// seed: they are part of the index file's format (docs/search.md), so a change to them is a
// new schema version.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/search.hpp>

namespace kifu::inline v1::search::detail {

/// A square go or othello board (or a rectangular go board) as the key builder sees it: cells
/// row by row from the top-left, 0 empty, 1 black, 2 white, 3 no square (the octagon's corners).
struct grid {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> cells;
    std::uint8_t to_move = 0;
    int ko_x = 0;  ///< go: the point the side to move may not take at once (1-based), 0 = none
    int ko_y = 0;
    std::uint8_t kind = 0;  ///< othello: 1 for the octagon board; go: 0
};

/// Returns the number of symmetries a board of these sides has (8 square, else 4).
int symmetry_count(int width, int height) noexcept;

/// Maps a 1-based point by symmetry `s` (0 identity, 1 mirror left-right, 2 mirror top-bottom,
/// 3 half turn, 4 transpose, 5 quarter turn, 6 its inverse, 7 anti-transpose).
void transform(int s, int width, int height, int& x, int& y) noexcept;

/// Returns the symmetry that undoes `s`.
int inverse(int s) noexcept;

/// Fills `key` with the canonical key of a grid position and returns the symmetries that map
/// the position onto that same key (at least one; more when the position is symmetric).
std::vector<int> canonical_key(kifu::game game, const grid& g, position_key& key);

/// Returns a move ("x,y"-free text: "pd"-style go points as SGF letters, othello "f5", "pass")
/// moved by symmetry `s` on a board of these sides.
std::string transform_move(kifu::game game, std::string_view move, int s, int width, int height);

/// Returns the canonical form of a move played from a position whose canonical key was reached
/// by any of `symmetries`: the smallest of its images, so equivalent moves of a symmetric
/// position count as one.
std::string canonical_move(kifu::game game, std::string_view move, const std::vector<int>& symmetries, int width,
                           int height);

/// The shogi key of a board (81 cells: 0 empty, 1–14 Black kinds + 1, 17–30 White kinds + 1,
/// file 9 to 1 along each rank from rank 1), hands (Black's then White's FU..HI counts) and the
/// side to move.
void shogi_key(const std::array<std::uint8_t, 81>& cells, const std::array<std::uint8_t, 14>& hands,
               std::uint8_t to_move, position_key& key);

}  // namespace kifu::search::detail
