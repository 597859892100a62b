#pragma once

// Internal: the positions of a shogi game's main line, one row each, the one source of the
// rows that positions-csv and positions-jsonl write (shogi/positions.cpp), the columns of
// kifu::position_batch (training.cpp) and the records of hcpe and psv.

#include <cstddef>
#include <optional>

#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/position.hpp>
#include <kifu/shogi/positions.hpp>
#include <kifu/shogi/sfen.hpp>

#include "shogi/engine.hpp"

namespace kifu::inline v1::shogi {

/// One position of the main line, as for_each_position hands it over.
struct position_row {
    std::size_t ply = 0;               ///< moves played before it (0: the start)
    const position* pos = nullptr;     ///< the position itself
    color to_move = color::black;
    std::optional<board_move> next;    ///< the move played from here; nothing in the last position
    std::optional<int> result;         ///< the game's result for the side to move (result_for)
    std::optional<int> eval;           ///< the evaluation the comments of the move that led here give, mover's view
    /// The evaluation of floodgate's `'**` comment of `next` (its engine's search of this
    /// position), in the view of the side to move here: what hcpe's eval and psv's score hold, read
    /// as cshogi's CSA parser reads it (`評価値` comments are not).
    std::optional<int> next_eval;
};

/// Calls `emit(const position_row&)` for each position of the main line: the start, then the
/// position after each move; stops early at a move that is not legal (a record that was not
/// normalized).
template <typename Emit>
void for_each_position(const jkf& record, Emit&& emit) {
    position pos = start_position(record);
    position_row row;
    row.pos = &pos;
    std::optional<piece_kind> captured;
    std::size_t i = 1;
    const std::optional<int> black_result = result_for(record, color::black);
    const std::optional<int> white_result = result_for(record, color::white);
    for (std::size_t ply = 0;; ++ply) {
        // The element of this ply's move (the next one with a move), or the end of the line.
        while (i < record.moves.size() && !record.moves[i].move && record.moves[i].special.empty()) ++i;
        const move_format* next = i < record.moves.size() && record.moves[i].move ? &record.moves[i] : nullptr;
        row.ply = ply;
        row.to_move = engine_of(pos).side_to_move();
        row.result = row.to_move == color::black ? black_result : white_result;
        row.eval.reset();
        if (ply > 0) {
            // The comments of the move that led here: its engine's view of this position.
            for (const std::string& comment : record.moves[i - 1].comments) {
                if (auto e = evaluation_of(comment)) row.eval = row.to_move == color::black ? *e : -*e;
            }
        }
        row.next_eval.reset();
        if (next) {
            row.next = to_board_move(*next->move);
            for (const std::string& comment : next->comments) {
                if (!comment.starts_with("**")) continue;
                if (auto e = evaluation_of(comment)) row.next_eval = row.to_move == color::black ? *e : -*e;
            }
        } else {
            row.next.reset();
        }
        emit(static_cast<const position_row&>(row));
        if (!next || engine_of(pos).check_and_apply(*row.next, captured) != illegal_reason::none) break;
        ++i;
    }
}

}  // namespace kifu::shogi
