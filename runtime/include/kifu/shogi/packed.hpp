#pragma once

// The shogi machine-learning records: a position in 256 bits as HuffmanCodedPos (hcp, cshogi,
// Apery) or PackedSfen (psfen, YaneuraOu), the 16-bit moves of both, and the records built on
// them: HuffmanCodedPosAndEval (hcpe, 38 bytes) and PackedSfenValue (psv, 40 bytes). The
// layouts, code tables and move encodings are specified in docs/training.md; `-t hcpe` and
// `-t psv` write them.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <kifu/api.hpp>
#include <kifu/shogi/position.hpp>

namespace kifu::inline v1::shogi {

/// A position in 256 bits: 32 bytes, filled from the least significant bit of each byte.
using packed_position = std::array<std::uint8_t, 32>;

/// Returns the HuffmanCodedPos of a position, or nothing (and a reason in `error`) when it
/// cannot be coded: a side without a king or with two, or more pieces of a kind than one set has
/// (18 歩, 4 香 桂 銀 金, 2 角 飛, promoted pieces counted as their kind).
KIFU_API std::optional<packed_position> to_hcp(const position& p, std::string* error = nullptr);

/// Returns the PackedSfen of a position, or nothing (and a reason in `error`) as to_hcp.
KIFU_API std::optional<packed_position> to_psfen(const position& p, std::string* error = nullptr);

/// Reads a HuffmanCodedPos (the first 32 bytes of `bytes`). Fails on fewer bytes, a king square
/// past 80, bits that match no code, more pieces of a kind than one set has, or codes that do not
/// end exactly at bit 256.
KIFU_API std::optional<position> parse_hcp(std::string_view bytes, std::string* error = nullptr);

/// Reads a PackedSfen (the first 32 bytes of `bytes`), failing as parse_hcp.
KIFU_API std::optional<position> parse_psfen(std::string_view bytes, std::string* error = nullptr);

/// Returns cshogi's 16-bit move (hcpe's bestMove16): destination + 128 × origin, + 16384 when it
/// promotes; squares 9 × (file − 1) + rank − 1; a drop's origin is 80 + 1 歩 2 香 3 桂 4 銀 5 角 6 飛 7 金.
KIFU_API std::uint16_t to_move16(const board_move& m) noexcept;

/// Returns YaneuraOu's 16-bit move (psv's move): destination + 128 × origin (a drop: its kind 1…7,
/// as to_move16 numbers them), + 16384 for a drop, + 32768 when it promotes.
KIFU_API std::uint16_t to_psv_move(const board_move& m) noexcept;

/// Reads a move16 on a position (the piece of a board move is taken from its origin). Fails when
/// a square is past 80, a drop kind is not 1…7, or the origin holds no piece of the side to move;
/// legality is not checked (position::check does).
KIFU_API std::optional<board_move> parse_move16(const position& p, std::uint16_t move) noexcept;

/// Reads a psv move on a position, failing as parse_move16.
KIFU_API std::optional<board_move> parse_psv_move(const position& p, std::uint16_t move) noexcept;

/// One HuffmanCodedPosAndEval, read back.
struct hcpe_record {
    shogi::position position;
    int eval = 0;                ///< for the side to move
    std::uint16_t best_move16 = 0;
    int game_result = 0;         ///< 0 draw, 1 Black won, 2 White won
};

/// Reads a HuffmanCodedPosAndEval (the first 38 bytes of `bytes`): the position as parse_hcp, then
/// eval, bestMove16 and gameResult (0, 1 or 2) little-endian.
KIFU_API std::optional<hcpe_record> parse_hcpe(std::string_view bytes, std::string* error = nullptr);

/// One PackedSfenValue, read back.
struct psv_record {
    shogi::position position;
    int score = 0;          ///< for the side to move
    std::uint16_t move = 0;  ///< psv encoding
    int game_ply = 0;        ///< 1 for a game's start
    int game_result = 0;     ///< for the side to move: 1 won, 0 drawn, −1 lost
};

/// Reads a PackedSfenValue (the first 40 bytes of `bytes`): the position as parse_psfen, then
/// score, move, gamePly and game_result (−1, 0 or 1) little-endian.
KIFU_API std::optional<psv_record> parse_psv(std::string_view bytes, std::string* error = nullptr);

}  // namespace kifu::shogi
