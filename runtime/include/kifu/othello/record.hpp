#pragma once

// The normalized othello record: the JKF-shaped model every othello reader (WTHOR, GGF)
// produces and every writer takes. The JSON shape is specified in docs/jkf-go-othello.md.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/json_writer.hpp>
#include <kifu/othello/board.hpp>
#include <kifu/record.hpp>

namespace kifu::inline v1::othello {

/// Whether a move is a pass and where that pass comes from.
enum class pass_kind : std::uint8_t {
    none,      ///< a disc was placed
    recorded,  ///< the record wrote the pass (GGF `pass`, `PA`, `--`)
    inserted,  ///< the record did not, the replay added it (WTHOR stores no passes)
};

/// One ply: a disc placed (with the discs it flipped) or a pass. Kept to 8 bytes: a reader
/// of the whole WTHOR base holds millions of them.
struct move {
    othello::color color = color::black;
    pass_kind pass = pass_kind::none;
    square to{};                ///< {0, 0} for a pass
    flip_runs_t flip_runs = 0;  ///< the flipped discs as run lengths per direction (board.hpp)

    bool is_pass() const noexcept { return pass != pass_kind::none; }
    friend bool operator==(const move&, const move&) = default;
};

/// What GGF adds to a move: the mover's evaluation and the time it took.
struct move_note {
    std::uint32_t move_index = 0;  ///< index into record::moves
    std::optional<double> eval;    ///< the mover's view
    std::string elapsed;           ///< seconds (or mm:ss) as written; "" = none
    friend bool operator==(const move_note&, const move_note&) = default;
};

/// The position the moves start from.
struct initial_position {
    int size = 8;         ///< 4 … 14, even
    bool octagon = false; ///< the 88-square board (size 10)
    /// Cells row by row from the top-left (size×size); empty = the standard start.
    std::vector<cell> cells;
    color to_move = color::black;

    /// Returns true when this is the standard start of its size with black to move.
    KIFU_API bool is_standard() const;
    /// Returns the position as a board.
    KIFU_API board to_board() const;
    friend bool operator==(const initial_position&, const initial_position&) = default;
};

/// How the game ends after the last recorded move.
enum class game_end : std::uint8_t {
    full,     ///< no empty square left
    blocked,  ///< empty squares remain but neither side can move
    early,    ///< the record stops while a move is still possible (resignation, time, …)
};

/// Returns "full", "blocked" or "early".
KIFU_API std::string_view to_string(game_end e) noexcept;

/// Why a replay stopped before the end of the recorded moves.
struct replay_stop {
    int ply = 0;              ///< 1-based ply of the move that could not be played
    std::string code;         ///< the diagnostic code, e.g. "othello.illegal-move"
    std::optional<square> at; ///< the square of that move, when it had one
    friend bool operator==(const replay_stop&, const replay_stop&) = default;
};

/// A whole othello game, replayed.
struct record {
    std::string format;  ///< "wthor" or "ggf": the format it was read from
    /// Header in order: GGF property ids (GM PC DT PB PW RE TY …) and, for what GGF cannot
    /// say, "wthor.*" keys (docs/jkf-go-othello.md lists the mapping; keys stay within 15
    /// characters so they need no allocation).
    std::vector<std::pair<std::string, std::string>> header;
    initial_position initial;
    std::vector<move> moves;     ///< ply 1 first (the JSON adds JKF's empty moves[0])
    std::vector<move_note> notes;  ///< GGF evals and times, by increasing move_index
    disc_counts final_counts;    ///< discs on the board after the last move
    game_end end = game_end::early;
    int passes_recorded = 0;
    int passes_inserted = 0;
    std::optional<replay_stop> stop;  ///< set when the replay stopped early

    /// Sets a header value, keeping the key's first position.
    KIFU_API void set_header(std::string key, std::string value);
    /// Returns a header value, or nullptr.
    KIFU_API const std::string* find_header(std::string_view key) const noexcept;
    /// Returns the discs move `m` flipped, in the documented order.
    KIFU_API static std::vector<square> flips_of(const move& m);
    /// Returns the moves as "f5d6--c3…" (lower-case squares, "--" for a pass).
    KIFU_API std::string transcript() const;

    friend bool operator==(const record&, const record&) = default;
};

/// Returns the black score of a finished game with the empty squares given to the winner
/// (the WOF rule WTHOR's byte 6 follows; a draw splits them).
KIFU_API int black_score_with_empties(const disc_counts& c) noexcept;

/// Record plumbing (see kifu/record.hpp).
inline kifu::game game_of(const record&) noexcept { return kifu::game::othello; }
/// Writes the record as its JKF-shaped JSON (docs/jkf-go-othello.md).
KIFU_API void write_jkf_to(json_writer& out, const record& r);

}  // namespace kifu::othello
