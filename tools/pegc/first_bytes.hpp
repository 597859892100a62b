#pragma once

// What an expression does at a position, judged from the next byte alone: the basis of the
// first-byte dispatch of ordered choices (first_byte_choice in the emitted header).

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ast.hpp"
#include "checker.hpp"

namespace kifu::pegc {

/// The symbols a position can start with: the bytes 0-255, and 256 for the end of the input.
inline constexpr std::size_t symbol_count = 257;
inline constexpr unsigned end_of_input = 256;

/// What matching an expression does at a position starting with one symbol. `fails` and
/// `empty` are promises: the expression fails (or succeeds without consuming), tries nothing
/// but rules at that same position (so the furthest point tried is the position itself),
/// raises nothing and reports no event. `active` is everything else (it may do anything).
enum class at_symbol : std::uint8_t { active, fails, empty };

/// One outcome per symbol.
using symbol_outcomes = std::array<at_symbol, symbol_count>;

/// Judges expressions of one grammar; rules are judged once and remembered.
class first_bytes {
public:
    first_bytes(const grammar& g, const analysis& a);

    /// What `n` does at each symbol; `under_must` when `n` stands under a cut (a failure raises).
    symbol_outcomes of(const node& n, bool under_must = false);

    /// For an ordered choice of `alternatives` (already spread: no choice among them), the
    /// symbols at which each alternative must still be tried (those where it does not promise
    /// to fail; where all do, the emitted rule tries the first). Empty when no dispatch applies: fewer than two alternatives or more than 64,
    /// alternatives that mix rule references with other expressions (see first_bytes.cpp), or
    /// nothing to skip anywhere.
    std::vector<std::vector<bool>> dispatch(const std::vector<const node*>& alternatives);

private:
    const symbol_outcomes& of_rule(std::size_t index);

    const grammar& g_;
    const analysis& a_;
    std::vector<symbol_outcomes> rules_;
    std::vector<std::uint8_t> state_;  // per rule: 0 = not judged, 1 = being judged, 2 = judged
};

}  // namespace kifu::pegc
