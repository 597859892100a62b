#pragma once

// Building a move_format in place at the end of a vector, for the CSA, KIF and KI2 builders.

#include <utility>
#include <vector>

#include <kifu/shogi/jkf.hpp>

namespace kifu::shogi::detail {

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

}  // namespace kifu::shogi::detail
