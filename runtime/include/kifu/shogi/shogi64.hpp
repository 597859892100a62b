#pragma once

// Shogi64: one position as a short base64url string (../shared/formats/shogi.md §6; the
// shogi64 project, v0.0.3). Normal mode codes kings and pawns by square and file; Mixed mode
// (a pawn on its last rank, 二歩, two kings of a side) codes every square. Unlike the
// reference implementation, a king on 9一 survives decoding and a pawn on its last rank is
// encoded (in Mixed mode); docs/shogi64.md lists the differences.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <kifu/api.hpp>
#include <kifu/shogi/position.hpp>

namespace kifu::inline v1::shogi {

/// Why a Shogi64 code cannot be read: the 1-based column of the character where it breaks.
struct shogi64_error {
    std::size_t column = 0;
    std::string message;
};

/// Returns the Shogi64 code of a position, or nothing (and a reason in `error`) when a hand
/// holds more than the code can say: 18 歩, 4 香 桂 銀 金, 2 角 飛.
KIFU_API std::optional<std::string> to_shogi64(const position& p, std::string* error = nullptr);

/// Returns true when the position needs Mixed mode (a pawn on its last rank, two unpromoted
/// pawns of a side in one file, or two kings of a side).
KIFU_API bool shogi64_needs_mixed(const position& p) noexcept;

/// Reads a Shogi64 code. Fails on a character outside base64url, a king square past 81, two
/// pieces on one square, bits that run out, and characters or non-zero bits after the code.
KIFU_API std::optional<position> parse_shogi64(std::string_view code, shogi64_error* error = nullptr);

}  // namespace kifu::shogi
