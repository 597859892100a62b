#pragma once

// The SFEN piece letters (../shared/formats/shogi.md §7), the one table that the SFEN and USI
// writers (sfen.cpp) and the usi grammar's builder (usi_builder.cpp) share.

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include <kifu/shogi/jkf.hpp>

namespace kifu::inline v1::shogi::detail {

/// The upper-case letter of each piece_kind (a promoted kind has its unpromoted kind's letter;
/// `+` is written before it). Lower case is White's.
inline constexpr std::string_view sfen_letters = "PLNSGBRKPLNSBR";

namespace sfen_letters_detail {
// Letter (either case) → kind + 1; 0 for any other byte.
inline constexpr std::array<unsigned char, 128> kinds_by_letter = [] {
    std::array<unsigned char, 128> table{};
    for (std::size_t k = 0; k <= static_cast<std::size_t>(piece_kind::ou); ++k) {
        const char upper = sfen_letters[k];
        table[static_cast<unsigned char>(upper)] = static_cast<unsigned char>(k + 1);
        table[static_cast<unsigned char>(upper - 'A' + 'a')] = static_cast<unsigned char>(k + 1);
    }
    return table;
}();
}  // namespace sfen_letters_detail

/// The unpromoted kind of an SFEN letter (either case: P L N S G B R K); nothing for any other.
constexpr std::optional<piece_kind> kind_of_letter(char c) noexcept {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 128 || sfen_letters_detail::kinds_by_letter[b] == 0) return std::nullopt;
    return static_cast<piece_kind>(sfen_letters_detail::kinds_by_letter[b] - 1);
}

}  // namespace kifu::shogi::detail
