#pragma once

// What the index stores of a game besides its positions: players, date, event, result, and
// a content hash that recognizes the same game indexed twice.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <kifu/record.hpp>
#include <kifu/search.hpp>

namespace kifu::inline v1::search::detail {

/// Fills the players, date, event and result of `entry` from a normalized record.
/// `final_to_move` is the side to move after the main line (0 Black, 1 White): a shogi
/// record's terminal word says who lost only through it.
void describe(const record& r, std::uint8_t final_to_move, game_entry& entry);

/// Compares a date as records write it with a bound as users write it (2001-05-03, 2001/05/03,
/// 2001.05.03, 2001) on their common prefix, '/' and '.' read as '-': `--to 2001` keeps every
/// date of 2001. Returns -1, 0 or 1.
int compare_dates(std::string_view date, std::string_view bound) noexcept;

/// Returns a 128-bit hash of the record's normalized JKF (two independent 64-bit hashes).
std::array<std::uint64_t, 2> content_hash(const record& r);

}  // namespace kifu::search::detail
