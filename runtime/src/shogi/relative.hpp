#pragma once

// Internal: JKF `relative` (相対 notation, ../shared/formats/shogi.md §3.3–3.4, §5.7.8, §5.8):
// computing it for a move (the normalizer, the KI2 writer), and solving a move's origin back
// from it (KI2 reading).

#include <string_view>

#include "shogi/engine.hpp"

namespace kifu::inline v1::shogi {

/// Returns the JKF relative of a move of the side to move, computed before it is played:
/// "" (no other piece of that kind can reach the square), L C R U M D LU LD RU RD LM RM, or
/// H for a drop that a board piece of that kind could also have made. Candidates are
/// pseudo-legal (a pinned piece still counts), as JSA notation and json-kifu-format count them.
std::string_view relative_of(const engine& p, const board_move& m) noexcept;

/// How solving a move's origin ended. A full int, not a byte: an origin_result of a byte and a
/// square is returned by gcc through the stack, written byte by byte and read back whole, which
/// stalls the CPU (the store cannot be forwarded to the load) on every KI2 move; with an int the
/// result is put together in registers.
enum class origin_status : int {
    board,      ///< one board piece fits: `from` is set
    drop,       ///< a drop (relative H, or no board piece of that kind can reach the square)
    ambiguous,  ///< more than one board piece fits the relative
    no_match,   ///< board pieces can reach the square but none fits the relative
};

struct origin_result {
    origin_status status = origin_status::drop;
    square from{};
};

/// Solves the origin of the side to move's `kind` going to `to` with the written `relative`
/// (相対逆算). When 2+ pseudo-legal candidates fit, those whose move would leave the king
/// in check are dropped before calling it ambiguous.
origin_result solve_origin(const engine& p, piece_kind kind, square to, std::string_view relative) noexcept;

}  // namespace kifu::shogi
