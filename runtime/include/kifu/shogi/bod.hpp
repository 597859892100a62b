#pragma once

// The BOD board diagram of KIF files (../shared/formats/shogi.md §2.4), as Kifu for Windows
// writes it: White's hand, the file numbers, the framed board, Black's hand, the side to move.

#include <string>

#include <kifu/api.hpp>
#include <kifu/shogi/position.hpp>

namespace kifu::inline v1::shogi {

/// Returns the BOD of a position, lines ended by LF: `後手の持駒：飛　歩二` (or `なし`), the
/// column numbers, nine `|v香v桂 ・…|一` rows between `+---…+` frames, `先手の持駒：…`, and
/// `先手番` or `後手番`. Promoted 香桂銀 are written 杏圭全, kings 玉.
KIFU_API std::string to_bod(const position& p);

}  // namespace kifu::shogi
