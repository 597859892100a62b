#pragma once

// Internal: the shogi rules engine behind kifu::shogi::position, used directly by the
// normalizer (the hot path of KIF, KI2 and CSA reading), the writers and the position index.
// An 11×11 mailbox with wall sentinels (no allocation, cheap to copy), hands per colour and
// the side to move; plus the rules the normalizer checks (every move's legality:
// kifu/shogi/position.hpp's illegal_reason).

#include <array>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/position.hpp>

namespace kifu::inline v1::shogi {

/// What `apply` returns so that `undo` can restore the position.
struct undo_info {
    std::uint8_t captured = 0;  ///< the captured cell (internal encoding), 0 = none
    std::int8_t checked = -1;   ///< the check state before the move
};

/// Up to 18 squares (every origin from which pieces of one kind can reach one square).
struct square_list {
    std::array<square, 18> items{};
    int size = 0;

    const square* begin() const noexcept { return items.data(); }
    const square* end() const noexcept { return items.data() + size; }
};

/// The rules engine: a board, both hands and the side to move, with the caches the rules
/// read (kings, check state, piece counts, line masks). What kifu::shogi::position wraps.
class engine {
public:
    /// Returns an empty board with empty hands, Black to move.
    engine() noexcept;

    /// Returns the position of a JKF preset (HIRATE, KY, … 10), or nothing for others.
    static std::optional<engine> from_preset(std::string_view preset) noexcept;
    /// Returns the position of a JKF state_format (`initial.data`).
    static engine from_state(const state_format& state) noexcept;
    /// Returns the position as a JKF state_format.
    state_format to_state() const;

    /// Returns the piece on a square (1..9, 1..9), or nothing when empty or off the board.
    std::optional<piece> at(square s) const noexcept {
        if (s.x < 1 || s.x > 9 || s.y < 1 || s.y > 9) return std::nullopt;
        // Cells: 0 empty, 1..14 Black kind + 1, 17..30 White kind + 1, 0x80 wall.
        const std::uint8_t cell = board_[static_cast<std::size_t>(index(s))];
        if (cell == 0) return std::nullopt;
        return piece{(cell & 0x10) ? color::white : color::black, static_cast<piece_kind>((cell & 0x0f) - 1)};
    }
    /// Puts a piece on a square (or empties it).
    void set(square s, std::optional<piece> p) noexcept;
    /// Returns how many pieces of a hand kind (FU..HI) a colour holds; 0 for other kinds.
    int hand(color c, piece_kind k) const noexcept;
    /// Sets a hand count (FU..HI only; others are ignored).
    void set_hand(color c, piece_kind k, int count) noexcept;
    /// Returns the side to move.
    color side_to_move() const noexcept { return side_; }
    /// Sets the side to move.
    void set_side_to_move(color c) noexcept {
        side_ = c;
        checked_ = -1;
    }

    /// Returns how many pieces of a kind a colour has on the board.
    int count_on_board(color c, piece_kind k) const noexcept {
        return counts_[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)];
    }
    /// Returns the square of a colour's king, or nothing when it has none.
    std::optional<square> king_square(color c) const noexcept;
    /// Returns true when a piece of colour `by` attacks square s.
    bool is_attacked(square s, color by) const noexcept;
    /// Returns true when the colour's king is attacked.
    bool in_check(color c) const noexcept;

    /// Returns every square holding colour c's `kind` that can reach `to` by the piece's
    /// movement (pins and self-check ignored: pseudo-legal, as 相対 notation counts them).
    /// Empty when `to` holds a piece of colour c.
    square_list origins_to(square to, color c, piece_kind kind) const noexcept;

    /// Returns how many squares `origins_to` would list (cheaper: nothing is written).
    int origin_count(square to, color c, piece_kind kind) const noexcept;

    /// Returns why the side to move may not play `m`, or illegal_reason::none.
    illegal_reason check(const board_move& m) const noexcept;
    /// Returns true when the mover's king is not attacked after `m` (`m` pseudo-legal).
    bool leaves_king_safe(const board_move& m) const noexcept;
    /// Returns true when the side to move has at least one legal move (a pawn drop counts
    /// without asking whether it is 打ち歩詰め, which would recurse).
    bool has_legal_move() const noexcept;

    /// Plays a move for the side to move without checking it (call `check` first: whether the
    /// new side to move is in check is worked out incrementally, assuming a legal move).
    undo_info apply(const board_move& m) noexcept;
    /// Checks `m` as `check` does and, when it is legal, plays it as `apply` does, in one call;
    /// sets `captured` to the kind the move takes (nothing for none or a drop) only then.
    illegal_reason check_and_apply(const board_move& m, std::optional<piece_kind>& captured) noexcept;
    /// Takes back a move played by `apply`.
    void undo(const board_move& m, const undo_info& u) noexcept;

    /// Compares board, hands and side to move.
    friend bool operator==(const engine& a, const engine& b) noexcept {
        return a.board_ == b.board_ && a.hands_ == b.hands_ && a.side_ == b.side_;
    }

    // The mailbox: index = x * 11 + y + 2 for x, y in 0..10 (0 and 10 are walls); two more
    // wall cells at each end keep a knight's reverse step from a corner inside the array.
    static constexpr int width = 11;
    static constexpr int cells = width * width + 4;
    static constexpr int index(square s) noexcept { return s.x * width + s.y + 2; }

private:
    illegal_reason check_legal(const board_move& m) const noexcept;
    undo_info apply_unchecked(const board_move& m) noexcept;
    illegal_reason check_board_move(const board_move& m, int from, int to) const noexcept;
    illegal_reason check_drop(const board_move& m) const noexcept;
    bool is_mate_after_pawn_drop(const board_move& m) const noexcept;
    bool attacked(int target, color by, int vacated, int filled) const noexcept;
    bool attacked_plain(int target, color by) const noexcept;
    bool king_safe(const board_move& m) const noexcept;
    bool king_safe_on_board(const board_move& m, int from, int to) noexcept;
    bool gives_check(const board_move& m) const noexcept;
    void find_kings() noexcept;
    int first_occupied(int cell, int step) const noexcept;
    bool line_attacked(int king, int step, int vacated, int filled, color by) const noexcept;
    void mark_occupied(int cell) noexcept;
    void mark_empty(int cell) noexcept;

    std::array<std::uint8_t, cells> board_{};
    std::array<std::array<std::uint8_t, hand_kind_count>, 2> hands_{};
    color side_ = color::black;
    // Cache: each colour's king cell (0 = none) and whether the side to move is in check
    // (-1 = not known: the next apply or check works it out in full).
    std::array<std::uint8_t, 2> kings_{};
    std::int8_t checked_ = -1;
    std::array<std::array<std::uint8_t, piece_kind_count>, 2> counts_{};  // pieces on the board
    // Which cells of each line of the 11 × 11 grid are not empty (walls included): 11 files,
    // 11 ranks and 21 diagonals each way, a bit per cell at its place along the line. The
    // first piece a slide meets is then one bit scan, not a walk whose length no branch
    // predicts. Kept in step with board_ by every write to it.
    std::array<std::uint16_t, 64> lines_{};
};

/// Returns the engine a position holds (its storage is the engine's, from its first byte).
inline const engine& engine_of(const position& p) noexcept {
    return *std::launder(reinterpret_cast<const engine*>(&p));
}
/// Returns the engine a position holds.
inline engine& engine_of(position& p) noexcept { return *std::launder(reinterpret_cast<engine*>(&p)); }

/// Returns a position holding a copy of the engine.
inline position to_position(const engine& e) noexcept {
    position p;
    engine_of(p) = e;
    return p;
}

}  // namespace kifu::shogi
