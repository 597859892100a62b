#pragma once

// A shogi position: board, hands and side to move, with the rules the normalizer checks
// (every move's legality, illegal_reason below; the diagnostics are in docs/diagnostics.md).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <vector>

#include <kifu/api.hpp>
#include <kifu/diagnostic.hpp>
#include <kifu/shogi/jkf.hpp>

namespace kifu::inline v1::shogi {

/// Why a move is illegal. Each reason has a stable diagnostic code `shogi.illegal.<name>`.
enum class illegal_reason : std::uint8_t {
    none,
    off_board,                 ///< a square outside 1..9
    empty_origin,              ///< no piece on the origin square
    opponent_piece,            ///< the origin holds the opponent's piece
    wrong_piece,               ///< the origin holds another kind than the move says
    own_piece_at_destination,  ///< the destination holds one of the mover's pieces
    cannot_move_there,         ///< the piece cannot move that way
    piece_in_the_way,          ///< a sliding piece would jump over a piece
    king_capture,              ///< the move captures a king (the position was already lost)
    unpromotable_piece,        ///< promotion of a promoted or unpromotable kind
    promotion_outside_zone,    ///< promotion with neither square in the promotion zone
    dead_piece_move,           ///< a non-promoting move leaves a piece with no next move
    not_in_hand,               ///< a drop of a kind the mover does not hold
    drop_on_occupied,          ///< a drop on an occupied square
    promoted_drop,             ///< a drop that says it promotes
    dead_piece_drop,           ///< a drop where the piece would have no next move
    two_pawns,                 ///< 二歩: a pawn drop on a file with an own unpromoted pawn
    king_left_in_check,        ///< the mover's king is attacked after the move
    pawn_drop_mate,            ///< 打ち歩詰め: a pawn drop that mates
};

/// Returns the diagnostic code of a reason, e.g. "shogi.illegal.two-pawns".
KIFU_API std::string_view code_of(illegal_reason r) noexcept;
/// Returns the English message of a reason (one sentence, no trailing period).
KIFU_API std::string_view message_of(illegal_reason r) noexcept;

/// A move on a position: `from` has x == 0 for a drop; `piece` is the kind before the move.
struct board_move {
    square from{};
    square to{};
    piece_kind piece = piece_kind::fu;
    bool promote = false;

    /// Returns true for a drop.
    constexpr bool is_drop() const noexcept { return from.x == 0; }
    friend bool operator==(const board_move&, const board_move&) = default;
};

/// A board, both hands and the side to move, with the rules: legality of a move, playing it.
/// Cheap to copy (no allocation).
class position {
public:
    /// Returns an empty board with empty hands, Black to move.
    KIFU_API position() noexcept;

    /// Returns the position of a JKF preset (HIRATE, KY, … 10), or nothing for others.
    KIFU_API static std::optional<position> from_preset(std::string_view preset) noexcept;
    /// Returns the position of a JKF state_format (`initial.data`).
    KIFU_API static position from_state(const state_format& state) noexcept;
    /// Returns the position as a JKF state_format.
    KIFU_API state_format to_state() const;

    /// Returns the piece on a square (1..9, 1..9), or nothing when empty or off the board.
    KIFU_API std::optional<piece> at(square s) const noexcept;
    /// Puts a piece on a square (or empties it).
    KIFU_API void set(square s, std::optional<piece> p) noexcept;
    /// Returns how many pieces of a hand kind (FU..HI) a colour holds; 0 for other kinds.
    KIFU_API int hand(color c, piece_kind k) const noexcept;
    /// Sets a hand count (FU..HI only; others are ignored).
    KIFU_API void set_hand(color c, piece_kind k, int count) noexcept;
    /// Returns the side to move.
    KIFU_API color side_to_move() const noexcept;
    /// Sets the side to move.
    KIFU_API void set_side_to_move(color c) noexcept;

    /// Returns how many pieces of a kind a colour has on the board.
    KIFU_API int count_on_board(color c, piece_kind k) const noexcept;
    /// Returns the square of a colour's king, or nothing when it has none.
    KIFU_API std::optional<square> king_square(color c) const noexcept;
    /// Returns true when a piece of colour `by` attacks square s.
    KIFU_API bool is_attacked(square s, color by) const noexcept;
    /// Returns true when the colour's king is attacked.
    KIFU_API bool in_check(color c) const noexcept;

    /// Returns why the side to move may not play `m`, or illegal_reason::none.
    KIFU_API illegal_reason check(const board_move& m) const noexcept;
    /// Returns true when the side to move has at least one legal move (a pawn drop counts
    /// without asking whether it is 打ち歩詰め, which would recurse).
    KIFU_API bool has_legal_move() const noexcept;
    /// Checks `m` as `check` does and, when it is legal, plays it for the side to move; sets
    /// `captured` to the kind the move takes (nothing for none or a drop) only then.
    KIFU_API illegal_reason play(const board_move& m, std::optional<piece_kind>& captured) noexcept;
    /// The same without the captured kind.
    KIFU_API illegal_reason play(const board_move& m) noexcept;

    /// Compares board, hands and side to move.
    KIFU_API bool operator==(const position& other) const noexcept;

private:
    // The rules engine's state (runtime/src/shogi/engine.hpp), held in place: no allocation,
    // and copies are byte copies.
    alignas(8) unsigned char storage_[304];
};

/// What makes a set-up position one no game reaches. Each has a stable diagnostic code
/// `shogi.position.<name>` (code_of below; docs/diagnostics.md).
enum class position_flaw : std::uint8_t {
    too_many_pieces,  ///< more pieces of a kind on the board and in the hands than a set holds
    two_kings,        ///< one side has more than one king
    no_king,          ///< a side has no king, outside the tsume layout
    dead_piece,       ///< an unpromoted pawn, lance or knight where it can never move
    two_pawns,        ///< 二歩: two unpromoted pawns of one side on a file
    king_capturable,  ///< the side to move attacks the other side's king
};

/// One flaw of a position: its severity, the side it concerns, and a one-sentence message. A
/// record states its start position faithfully, so the reading policy makes every flaw a
/// warning (the record loads); writers whose format cannot hold such a position refuse it.
struct position_problem {
    position_flaw flaw = position_flaw::too_many_pieces;
    kifu::severity severity = kifu::severity::warning;
    color side = color::black;
    std::string message;
};

/// Returns the diagnostic code of a flaw, e.g. "shogi.position.two-pawns".
KIFU_API std::string_view code_of(position_flaw f) noexcept;

/// Returns what makes `p` a position no game reaches, in the order of position_flaw, or nothing
/// for a sane position. The tsume layout (the side to move has no king, the other side exactly
/// one) is sane; any other side without a king is `no_king`.
KIFU_API std::vector<position_problem> check_position(const position& p);

}  // namespace kifu::shogi

// The SFEN and USI text of positions and moves, declared in sfen.hpp, come with a position.
#include <kifu/shogi/sfen.hpp>  // IWYU pragma: export
