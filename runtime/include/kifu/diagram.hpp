#pragma once

// Pictures of a position for every game: text diagrams (shogi: BOD; go: sgfmill's
// ascii_boards; othello: GGS's board) and standalone SVG images. `kifu position` prints them
// (docs/cli.md); the SVG has no script, no external reference and no font file: the viewer's
// serif or CJK font draws the shogi pieces.

#include <cstddef>
#include <optional>
#include <string>

#include <kifu/api.hpp>
#include <kifu/go/board.hpp>
#include <kifu/othello/board.hpp>
#include <kifu/record.hpp>
#include <kifu/shogi/position.hpp>

namespace kifu::inline v1 {

/// What draw_position draws.
enum class diagram_kind : std::uint8_t {
    text,  ///< shogi: BOD; go: sgfmill's ascii_boards; othello: GGS's board
    svg,   ///< a standalone SVG document
};

/// Draws the position after `ply` moves of a normalized record's main line (nothing: after
/// its last move; a pass counts as a move). Returns nothing, with a one-sentence reason in
/// `error` when given, when the main line has fewer moves.
KIFU_API std::optional<std::string> draw_position(const record& r, std::optional<std::size_t> ply, diagram_kind kind,
                                                  std::string* error = nullptr);

namespace go {
/// sgfmill's ascii_boards diagram: rows numbered from the bottom, columns lettered A–Z
/// without I ('#' black, 'o' white, '.' empty), then a line naming the side to move; rows
/// end with a newline.
KIFU_API std::string to_diagram(const board& b, color to_move);
/// A standalone SVG: lines, star points, coordinates as in the text diagram, stones.
KIFU_API std::string to_svg(const board& b, color to_move);
}  // namespace go

namespace othello {
/// GGS's board: columns A… above and below, rows 1… on both sides, '*' black, 'O' white,
/// '-' empty (a cut corner of the octagon board is a space), then the side to move and the
/// disc counts.
KIFU_API std::string to_diagram(const board& b);
/// A standalone SVG: a green board, coordinates, discs.
KIFU_API std::string to_svg(const board& b);
}  // namespace othello

namespace shogi {
/// A standalone SVG: the board with file numbers and rank kanji, pieces as kanji (White's
/// turned round, promoted ones red), both hands, the side to move.
KIFU_API std::string to_svg(const position& p);
}  // namespace shogi

}  // namespace kifu
