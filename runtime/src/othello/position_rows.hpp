#pragma once

// Internal: the positions of an 8×8 othello game, one row each, the one source of the rows
// that positions-csv and positions-jsonl write (othello/positions.cpp) and of the columns of
// kifu::position_batch (training.cpp).

#include <cstddef>
#include <cstdint>
#include <optional>

#include <kifu/othello/positions.hpp>
#include <kifu/othello/record.hpp>

#include "othello/bitboard.hpp"

namespace kifu::inline v1::othello {

/// One position of the game, as for_each_position hands it over.
struct position_row {
    std::size_t ply = 0;
    std::uint64_t black = 0;
    std::uint64_t white = 0;
    color to_move = color::black;
    const move* next = nullptr;  // the ply played from here; nullptr for the last position
    /// What positions-csv writes as `value`: the eval of the note on the next ply when it has
    /// one (from_eval), else `result`.
    std::optional<double> value;
    bool from_eval = false;
    std::optional<double> result;  ///< Black's disc difference at the end (black_result), mover's view
};

/// Calls `emit(const position_row&)` for each position of an 8×8 game (the start, then after
/// each ply); returns false, calling nothing, for other boards.
template <typename Emit>
bool for_each_position(const record& r, Emit&& emit) {
    if (r.initial.size != 8 || r.initial.octagon) {
        return false;
    }
    const board start = r.initial.to_board();
    position_row row;
    for (int i = 0; i < 64; ++i) {
        const cell c = start.cells()[static_cast<std::size_t>(i)];
        row.black |= c == cell::black ? bits::bit(i) : 0;
        row.white |= c == cell::white ? bits::bit(i) : 0;
    }
    row.to_move = r.initial.to_move;
    const std::optional<double> result = black_result(r);
    std::size_t next_note = 0;
    for (std::size_t i = 0; i <= r.moves.size(); ++i) {
        row.ply = i;
        row.next = i < r.moves.size() ? &r.moves[i] : nullptr;
        if (row.next != nullptr) {
            row.to_move = row.next->color;  // a record's colours are the replay's
        }
        while (next_note < r.notes.size() && r.notes[next_note].move_index < i) {
            ++next_note;
        }
        const bool noted = next_note < r.notes.size() && r.notes[next_note].move_index == i &&
                           r.notes[next_note].eval.has_value();
        row.from_eval = noted;
        if (result) {
            row.result = row.to_move == color::black ? *result : -*result;
        } else {
            row.result.reset();
        }
        if (noted) {
            row.value = r.notes[next_note].eval;  // already the mover's view
        } else {
            row.value = row.result;
        }
        emit(static_cast<const position_row&>(row));
        if (row.next == nullptr) {
            break;
        }
        if (row.next->is_pass()) {
            row.to_move = opponent(row.to_move);
            continue;
        }
        const int index = bits::index_of(row.next->to);
        std::uint64_t& own = row.next->color == color::black ? row.black : row.white;
        std::uint64_t& opp = row.next->color == color::black ? row.white : row.black;
        const std::uint64_t flipped = bits::flips(own, opp, index);
        own |= flipped | bits::bit(index);
        opp &= ~flipped;
        row.to_move = opponent(row.next->color);
    }
    return true;
}

}  // namespace kifu::othello
