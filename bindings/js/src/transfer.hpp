#pragma once

// The transfer encoding of a read: what kj_parse leaves for the JavaScript decoder (api.cjs,
// decodeTransfer) when the records are asked for as objects. The records are the library's
// normalized records; every field is encoded as the JKF writer writes it (same presence, same
// order), so that the objects the decoder builds equal JSON.parse of the JKF text.
//
// Three arrays in the module's memory (kj_parse_transfer gives their addresses and sizes):
//   body  (int32)  the fields below
//   text  (UTF-8)  every string of the table, one after the other
//   ends  (int32)  end_i: where string i ends in the decoded text, in UTF-16 code units
//                  (string i starts at end_{i-1}, string 0 at 0); a string is its number.
// body:
//   format, encoding (strings), record_count, then per record:
//     game (string), index, has_error (0/1), kind, then by kind
//       record_kind::jkf_text: the record's JKF text (a string; go and othello records)
//       record_kind::shogi:    header_count, (key, value)…, initial, moves
//     then diagnostic_count and the diagnostics as one JSON array (a string).
//   initial: initial_kind::none | preset (string) | preset (string), color, 81 cells (x-major,
//     -1 empty, else color * 16 + piece), the two hands (7 counts each, FU…HI)
//   moves: count, then per entry its flag word and, in this order, each field its bit says
//     is present: comments (count, strings…), move (color, from.x, from.y, to.x, to.y, piece,
//     same 0/1, promote 0/1, capture, relative string), time (now: h, m, s, ms; total: h, m,
//     s, ms), special (string), forks (count, moves…).
// Pieces are indexes into the CSA codes the layout gives (kj_transfer_layout).

#include <array>
#include <cstdint>
#include <string_view>

namespace kifu_js::transfer {

inline constexpr std::int32_t layout_version = 1;

/// Bits of an entry's flag word: which fields the entry has.
enum flag : std::int32_t {
    comments = 1 << 0,
    move = 1 << 1,
    time = 1 << 2,
    special = 1 << 3,
    forks = 1 << 4,
    move_color = 1 << 5,
    move_from = 1 << 6,
    move_to = 1 << 7,
    move_piece = 1 << 8,
    move_same = 1 << 9,
    move_promote = 1 << 10,
    move_capture = 1 << 11,
    move_relative = 1 << 12,
    now_h = 1 << 13,
    now_ms = 1 << 14,
    total = 1 << 15,
    total_h = 1 << 16,
    total_ms = 1 << 17,
};

enum record_kind : std::int32_t { jkf_text = 0, shogi = 1 };
enum initial_kind : std::int32_t { no_initial = 0, preset_only = 1, preset_and_data = 2 };

struct named_value {
    std::string_view name;
    std::int32_t value;
};

/// The layout under the names the JavaScript decoder uses; kj_transfer_layout writes it so that
/// the decoder can check that it was built for this encoder.
inline constexpr std::array<named_value, 23> names{{
    {"version", layout_version},
    {"COMMENTS", comments},
    {"MOVE", move},
    {"TIME", time},
    {"SPECIAL", special},
    {"FORKS", forks},
    {"COLOR", move_color},
    {"FROM", move_from},
    {"TO", move_to},
    {"PIECE", move_piece},
    {"SAME", move_same},
    {"PROMOTE", move_promote},
    {"CAPTURE", move_capture},
    {"RELATIVE", move_relative},
    {"NOW_H", now_h},
    {"NOW_MS", now_ms},
    {"TOTAL", total},
    {"TOTAL_H", total_h},
    {"TOTAL_MS", total_ms},
    {"KIND_JKF_TEXT", jkf_text},
    {"KIND_SHOGI", shogi},
    {"INITIAL_PRESET", preset_only},
    {"INITIAL_DATA", preset_and_data},
}};

}  // namespace kifu_js::transfer
