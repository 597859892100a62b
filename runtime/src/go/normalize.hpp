#pragma once

// The go normalizer (an SGF game tree → a record, replayed on a board) and its inverse (a
// record → the game tree the SGF writer writes). docs/raw-records.md lists what it fills.

#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/go/record.hpp>
#include <kifu/text.hpp>

#include "go/sgf_tree.hpp"

namespace kifu::inline v1::go {

/// What the normalizer should do besides converting.
struct normalize_options {
    bool replay = true;  ///< false: moves as written, no captures and no legality checks
    /// true: a move the rules forbid but SGF records (suicide, ko retake, a stone on an
    /// occupied point, a point off the board) is an error; false: a warning and a flag.
    bool rules_are_errors = false;
    /// true: the first error ends the replay (nothing after it is read or reported).
    bool stop_at_first_error = false;
};

/// Converts one game tree (its root node) of a collection into a record, replaying every
/// line on a board. Problems go to `diagnostics` with positions when `text` is given.
record normalize(const sgf_collection& collection, node_id root, const normalize_options& options,
                 std::vector<diagnostic>& diagnostics, const source_text* text = nullptr);

/// Turns a record back into a game tree (one root) appended to `collection`.
void to_sgf(const record& r, sgf_collection& collection);

}  // namespace kifu::go
