#pragma once

// The CSA builder: grammars/csa.peg's events → raw records (partial JKF, as
// json-kifu-format's CSA parser makes them, before normalization).

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::shogi::detail {

/// Returns the kind of the CSA piece code `first second`, as piece_kind_from_csa does, by a
/// table lookup: the builder meets one code per move and per piece of a position.
inline std::optional<piece_kind> csa_piece_kind(char first, char second) noexcept {
    // Two capitals: 26 × 26 slots, each 0 (no kind) or the kind + 1.
    static constexpr std::array<std::uint8_t, 26 * 26> kinds = [] {
        constexpr std::string_view codes = "FUKYKEGIKIKAHIOUTONYNKNGUMRY";  // piece_kind order
        std::array<std::uint8_t, 26 * 26> table{};
        for (std::size_t k = 0; k < codes.size() / 2; ++k) {
            table[static_cast<std::size_t>(codes[2 * k] - 'A') * 26 + static_cast<std::size_t>(codes[2 * k + 1] - 'A')] =
                static_cast<std::uint8_t>(k + 1);
        }
        return table;
    }();
    const auto a = static_cast<unsigned>(static_cast<unsigned char>(first)) - 'A';
    const auto b = static_cast<unsigned>(static_cast<unsigned char>(second)) - 'A';
    if (a >= 26 || b >= 26 || kinds[a * 26 + b] == 0) {
        return std::nullopt;
    }
    return static_cast<piece_kind>(kinds[a * 26 + b] - 1);
}

/// Parses CSA text into one raw record per game (`/` separates games). Strict: stops at the
/// first error and keeps only the games completed before it. Returns false on any error.
/// `game_errors`, when given, gets one flag per record made: true when an error lies in that
/// game's part of the text (between the `/` lines around it).
bool parse_csa(const source_text& text, read_mode mode, std::vector<jkf>& records,
               std::vector<diagnostic>& diagnostics, std::vector<bool>* game_errors = nullptr);

/// Writes the PEGTL trace of grammars/csa.peg on the text; false when the parse failed.
bool trace_csa(const source_text& text, std::string& out);

}  // namespace kifu::shogi::detail
