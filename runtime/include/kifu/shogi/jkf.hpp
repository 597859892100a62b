#pragma once

// The JKF (JSON Kifu Format 1.x) model: what json-kifu-format defines, field for field
// (../shared/formats/shogi.md §5). A raw record read from KIF/KI2/CSA is a *partial* JKF
// (fields the text left implicit are empty); the normalizer fills them in.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/json_writer.hpp>
#include <kifu/record.hpp>

namespace kifu::inline v1::shogi {

/// 0 = 先手/下手 (Black, moves up the board), 1 = 後手/上手 (White).
enum class color : std::uint8_t { black = 0, white = 1 };

/// Returns the other colour.
constexpr color opponent(color c) noexcept { return c == color::black ? color::white : color::black; }

/// Piece kinds in CSA/JKF order; the first seven are the kinds a hand holds.
enum class piece_kind : std::uint8_t { fu, ky, ke, gi, ki, ka, hi, ou, to, ny, nk, ng, um, ry };

inline constexpr int piece_kind_count = 14;
inline constexpr int hand_kind_count = 7;

/// Returns the CSA/JKF code of a kind ("FU" … "RY").
KIFU_API std::string_view to_csa(piece_kind k) noexcept;
/// Returns the kind of a CSA/JKF code, or nothing.
KIFU_API std::optional<piece_kind> piece_kind_from_csa(std::string_view code) noexcept;
/// Returns true for FU KY KE GI KA HI (kinds that have a promoted form).
KIFU_API bool can_promote(piece_kind k) noexcept;
/// Returns true for TO NY NK NG UM RY.
KIFU_API bool is_promoted(piece_kind k) noexcept;
/// Returns the promoted form (FU → TO); other kinds unchanged.
KIFU_API piece_kind promote(piece_kind k) noexcept;
/// Returns the unpromoted form (TO → FU); other kinds unchanged.
KIFU_API piece_kind unpromote(piece_kind k) noexcept;

/// A square: x = file 1..9 (1 on Black's right), y = rank 1..9 (1 at the top).
struct square {
    std::int8_t x = 0;
    std::int8_t y = 0;
    friend bool operator==(const square&, const square&) = default;
};

/// A piece on the board.
struct piece {
    shogi::color color = color::black;
    piece_kind kind = piece_kind::fu;
    friend bool operator==(const piece&, const piece&) = default;
};

/// JKF time value: `now` is {m, s} (h absent), `total` is {h, m, s}. `ms` keeps the
/// milliseconds of CSA V3.0 decimal times (written as "ms" only when present).
struct time_value {
    std::optional<int> h;
    int m = 0;
    int s = 0;
    std::optional<int> ms;
    friend bool operator==(const time_value&, const time_value&) = default;
};

struct move_time {
    time_value now;
    std::optional<time_value> total;
    friend bool operator==(const move_time&, const move_time&) = default;
};

/// JKF `move`. Everything is optional in a raw record; after normalization color, to and
/// piece are always set (and from unless it is a drop).
struct move_data {
    std::optional<shogi::color> color;
    std::optional<square> from;
    std::optional<square> to;
    std::optional<piece_kind> piece;
    std::optional<bool> same;
    std::optional<bool> promote;
    std::optional<piece_kind> capture;
    std::string relative;  ///< "" = absent; else L C R U M D LU LD RU RD LM RM H
    friend bool operator==(const move_data&, const move_data&) = default;
};

/// One element of `moves` (or of a fork): moves[0] is the start position.
struct move_format {
    std::vector<std::string> comments;
    std::optional<move_data> move;
    std::optional<move_time> time;
    std::string special;                        ///< "" = none; "TORYO", "CHUDAN", …
    std::vector<std::vector<move_format>> forks;  ///< alternatives to this element
    std::uint32_t line = 0;                     ///< source line (1-based; 0 = unknown); not written
    std::uint32_t column = 0;                   ///< source column in code points (1-based; 0 = unknown); not written
    friend bool operator==(const move_format& a, const move_format& b) {
        // The source line is bookkeeping, not content.
        return a.comments == b.comments && a.move == b.move && a.time == b.time &&
               a.special == b.special && a.forks == b.forks;
    }
};

/// JKF `initial.data`: side to move, board[x-1][y-1], hands[color][kind] for FU..HI.
struct state_format {
    shogi::color color = color::black;
    std::array<std::array<std::optional<piece>, 9>, 9> board{};
    std::array<std::array<int, hand_kind_count>, 2> hands{};
    friend bool operator==(const state_format&, const state_format&) = default;
};

struct initial_format {
    std::string preset;  ///< HIRATE KY KY_R KA HI HIKY 2 3 4 5 5_L 6 7_L 7_R 8 10 OTHER
    std::optional<state_format> data;
    friend bool operator==(const initial_format&, const initial_format&) = default;
};

/// A whole shogi record in JKF form.
struct jkf {
    /// Header in order of first appearance; `set_header` replaces a repeated key's value.
    std::vector<std::pair<std::string, std::string>> header;
    std::optional<initial_format> initial;  ///< absent = 平手
    std::vector<move_format> moves;         ///< moves[0] is the start position entry

    /// Sets a header value, keeping the key's first position (as a JSON object would).
    KIFU_API void set_header(std::string key, std::string value);
    /// Returns a header value, or nullptr.
    KIFU_API const std::string* find_header(std::string_view key) const noexcept;

    friend bool operator==(const jkf&, const jkf&) = default;
};

/// Record plumbing (see kifu/record.hpp).
inline kifu::game game_of(const jkf&) noexcept { return kifu::game::shogi; }
/// Writes the record as JKF with json-kifu-format's key names.
KIFU_API void write_jkf_to(json_writer& out, const jkf& record);

}  // namespace kifu::shogi
