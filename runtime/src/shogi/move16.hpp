#pragma once

// Internal: the 16-bit move of cshogi (hcpe's bestMove16, position_batch::move) and
// YaneuraOu's (psv's move): squares 9 × (file − 1) + rank − 1, drop kinds 1 歩 2 香 3 桂 4 銀
// 5 角 6 飛 7 金 (bishop and rook before gold, as Apery and YaneuraOu number them).

#include <cstdint>

#include <kifu/shogi/position.hpp>

namespace kifu::inline v1::shogi {

/// Returns the square index of the 256-bit position codes and the 16-bit moves: 0 = 1a … 80 = 9i.
constexpr int square_index(square s) noexcept { return 9 * (s.x - 1) + (s.y - 1); }

/// Returns the drop number of a hand kind (FU..HI): 1 歩 2 香 3 桂 4 銀 5 角 6 飛 7 金.
constexpr int drop_number(piece_kind k) noexcept {
    constexpr int numbers[7] = {1, 2, 3, 4, 7, 5, 6};  // fu ky ke gi ki ka hi
    return numbers[static_cast<int>(k)];
}

/// Returns cshogi's move16: destination, origin << 7 (a drop: 80 + its drop number), 1 << 14
/// when the move promotes.
constexpr std::uint16_t to_move16(const board_move& m) noexcept {
    const int from = m.is_drop() ? 80 + drop_number(m.piece) : square_index(m.from);
    return static_cast<std::uint16_t>(square_index(m.to) | from << 7 | (m.promote ? 1 << 14 : 0));
}

}  // namespace kifu::shogi
