#pragma once

// Internal: the positions of a go game's main line, one row each, the one source of the rows
// that positions-csv and positions-jsonl write (go/positions.cpp) and of the columns of
// kifu::position_batch (training.cpp).

#include <cstddef>
#include <optional>

#include <kifu/go/board.hpp>
#include <kifu/go/positions.hpp>
#include <kifu/go/record.hpp>

namespace kifu::inline v1::go {

/// One position of the main line, as for_each_position hands it over.
struct position_row {
    std::size_t ply = 0;             ///< moves played before it (0: the start)
    const board* stones = nullptr;   ///< the board itself
    color to_move = color::black;
    /// The move played from here (a point, a pass, or a value naming no point, which is not
    /// played); nullptr in the last position.
    const move_data* next = nullptr;
    std::optional<int> result;       ///< the game's result for the side to move (result_for)
};

inline void apply_setup(board& b, const setup_data& s) {
    for (const point p : s.empty) b.set(p, stone::empty);
    for (const point p : s.black) b.set(p, stone::black);
    for (const point p : s.white) b.set(p, stone::white);
}

/// Calls `emit(const position_row&)` for each position of the main line: the start, then the
/// position after each move (a pass gives a row too; setup nodes change the board without a row).
template <typename Emit>
void for_each_position(const record& r, Emit&& emit) {
    board b(r.width, r.height);
    play_result played;  // reused by every move
    apply_setup(b, r.initial);
    const std::optional<int> black_result = result_for(r, color::black);
    const std::optional<int> white_result = result_for(r, color::white);
    position_row row;
    row.stones = &b;
    row.to_move = r.initial.to_move.value_or(r.handicap >= 2 ? color::white : color::black);
    const line& main = r.lines.front();
    std::size_t ply = 0;
    for (std::size_t i = 1;; ++i) {
        while (i < main.size() && !main[i].move) {
            if (main[i].setup) {
                apply_setup(b, *main[i].setup);
                if (main[i].setup->to_move) row.to_move = *main[i].setup->to_move;
            }
            ++i;
        }
        const move_data* next = i < main.size() ? &*main[i].move : nullptr;
        if (next) row.to_move = next->color;
        row.ply = ply++;
        row.next = next;
        row.result = row.to_move == color::black ? black_result : white_result;
        emit(static_cast<const position_row&>(row));
        if (!next) break;
        if (main[i].setup) apply_setup(b, *main[i].setup);
        if (next->to) b.play(next->color, *next->to, played);
        else if (next->pass) b.pass();
        row.to_move = opponent(next->color);
    }
}

}  // namespace kifu::go
