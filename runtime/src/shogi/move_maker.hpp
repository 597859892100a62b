#pragma once

// Building a move_format in place at the end of a vector, and sizing that vector for a game,
// for the CSA, KIF and KI2 builders.

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include <kifu/shogi/jkf.hpp>

namespace kifu::inline v1::shogi::detail {

// Why not `moves.emplace_back()` and fill the element afterwards: emplace_back() with no
// argument value-initializes, which zero-fills all ~200 bytes of a move_format (a `rep stos`,
// slow to start) before the members' constructors run again. A move_maker is converted to a
// move_format by emplace_back where the new element goes: the conversion returns a prvalue,
// which is constructed in the vector's slot (copy elision; the named `element` is returned by
// NRVO, and a compiler that does not do it moves it, with the same result), and
// `move_format element;` only runs the members' constructors.
template <class Fill>
class move_maker {
public:
    explicit move_maker(Fill fill) : fill_(std::move(fill)) {}

    operator move_format() const {  // NOLINT(google-explicit-constructor): for emplace_back
        move_format element;
        fill_(element);
        return element;
    }

private:
    Fill fill_;
};

/// Appends a move_format filled by `fill(move_format&)` to `moves`, built in place (see
/// move_maker); returns it.
template <class Fill>
move_format& emplace_move(std::vector<move_format>& moves, Fill fill) {
    return moves.emplace_back(move_maker<Fill>(std::move(fill)));
}

/// The most moves reserved for a game up front (about 200 KiB): a text may be huge or mostly
/// comments, and a file of many games is estimated as one at its first game.
inline constexpr std::size_t max_reserved_moves = 1024;

/// Reserves room for a game's moves from a builder's estimate of what the text left holds
/// (capped at max_reserved_moves): growing move by move would copy every element at each
/// doubling.
inline void reserve_moves(std::vector<move_format>& moves, std::size_t estimate) {
    moves.reserve(std::min(estimate, max_reserved_moves));
}

/// At a game's end, gives back the room beyond about twice its moves (the next games of a file,
/// or comments, counted in the estimate). Giving back copies every element, and freeing the
/// larger block can make glibc trim its heap, only to grow it again for the next game: the
/// estimates aim below twice a usual game's moves so that this runs for files of many games.
inline void give_back_reserve(std::vector<move_format>& moves) {
    if (moves.capacity() > 2 * moves.size() + 16) moves.shrink_to_fit();
}

}  // namespace kifu::shogi::detail
