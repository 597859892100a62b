#pragma once

// The inputs the twin tests of tests/pegc run an emitted rule and its spelled-out PEGTL form on:
// random strings made of chosen pieces (characters at a class's edges, broken UTF-8, the starts
// of a grammar's alternatives), and every prefix of each, so that each rule also meets the end
// of the input at every point of every piece.

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace kifu::test {

/// What random texts to make.
struct random_texts {
    std::vector<std::string> pieces;  ///< each text is a concatenation of these
    std::uint32_t seed = 20261121;
    int count = 3000;                 ///< texts made
    std::size_t max_pieces = 8;       ///< pieces per text: 0 to this many
    /// Cut prefixes only where a character starts (not before a UTF-8 continuation byte): for
    /// rules that may assume valid UTF-8, as kifu::source_text promises, run on valid pieces.
    bool whole_characters = false;
};

/// Calls `check(prefix)` on every prefix (the empty one and the whole text included) of
/// `spec.count` random texts; stops at the first prefix for which it returns false. Returns
/// whether every call returned true.
template <typename Check>
bool for_every_prefix(const random_texts& spec, Check&& check) {
    std::mt19937 rng(spec.seed);
    std::uniform_int_distribution<std::size_t> count(0, spec.max_pieces);
    std::uniform_int_distribution<std::size_t> pick(0, spec.pieces.size() - 1);
    for (int i = 0; i < spec.count; ++i) {
        std::string text;
        for (std::size_t n = count(rng); n > 0; --n) text += spec.pieces[pick(rng)];
        for (std::size_t cut = 0; cut <= text.size(); ++cut) {
            if (spec.whole_characters && cut < text.size() && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
                continue;
            }
            if (!check(text.substr(0, cut))) return false;
        }
    }
    return true;
}

}  // namespace kifu::test
