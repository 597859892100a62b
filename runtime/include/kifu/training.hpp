#pragma once

// Training data in columns: the positions of many games as batches of fixed-size arrays (board
// planes, hands, side to move, the move played, ply, result, evaluation), each column one
// contiguous vector a binding hands over as an array without copying row by row. The rows
// are those of `kifu convert -t positions-csv`: the same positions in the same order with the
// same ply, result and evaluation. docs/training.md specifies the columns and their codes.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>

namespace kifu::inline v1 {

/// How a game ended, as position_filter::results names it (the result of positions-csv: shogi's
/// final special, go's RE, othello's disc difference).
enum class result_kind : std::uint8_t {
    black_win,
    white_win,
    draw,
    none,  ///< the record does not say (no RE, a shogi game interrupted or without a final special)
};

/// Returns "black_win", "white_win", "draw" or "none".
KIFU_API std::string_view to_string(result_kind k) noexcept;

/// Returns how the game ended.
KIFU_API result_kind result_of(const record& r);

/// Which games give rows. A default field takes every game; a game must pass every field set.
struct position_filter {
    /// At least this many moves in the main line (passes included; the positions are one more).
    int min_moves = 0;
    /// Both players rated at least this: shogi from the CSA comments `'black_rate:NAME:RATING`
    /// and `'white_rate:NAME:RATING` (floodgate's), othello from GGF's RB and RW. A game without
    /// both ratings (every go game) fails.
    std::optional<double> min_rating;
    /// The game's result is one of these; empty: any.
    std::vector<result_kind> results;
    /// The game's date (shogi 開始日時, 対局日 or 終了日時; go and othello DT) is not before this;
    /// dates compare as `kifu search --from` does: on their common prefix, with `/` and `.` read
    /// as `-` ("2024" takes every date of 2024). A game without a date fails. Empty: open.
    std::string date_from;
    /// The game's date is not after this (compared as date_from). Empty: open.
    std::string date_to;
    /// Black's or White's name contains one of these; empty: any.
    std::vector<std::string> players;
};

/// Returns true when the game passes every field of the filter.
KIFU_API bool passes(const position_filter& filter, const record& r);

/// position_batch::result of a game whose result the record does not say.
inline constexpr std::int8_t no_result = -128;

/// Rows of one game kind in columns: row i of every vector is one position. Boards are
/// `height × width` (shogi 9 × 9, othello 8 × 8, go the record's size: a batch holds one size).
struct position_batch {
    kifu::game game = kifu::game::shogi;
    int height = 0;
    int width = 0;
    std::size_t rows = 0;
    /// rows × height × width, row-major from the top-left as the board is drawn. Shogi: piece
    /// kind + 1 (1 歩 … 7 飛, 8 玉, 9 と … 14 龍: kifu::shogi::piece_kind's order), positive for
    /// Black, negative for White; the column c is file 9 − c. Go and othello: 1 black, −1 white.
    /// 0 empty.
    std::vector<std::int8_t> planes;
    /// Shogi: rows × 2 × 7, Black's then White's hand in the order 歩 香 桂 銀 金 角 飛. Empty otherwise.
    std::vector<std::int8_t> hands;
    std::vector<std::int8_t> to_move;  ///< 0 Black, 1 White
    /// The move played from the position; −1 when none (the last position of a game, a go move
    /// naming no point). Shogi: cshogi's move16 (destination + 128 × origin + 16384 if it
    /// promotes; squares 9 × (file − 1) + rank − 1; a drop's origin 80 + 1 歩 2 香 3 桂 4 銀 5 角
    /// 6 飛 7 金). Go: y × width + x from the top-left (0-based), a pass width × height. Othello:
    /// y × 8 + x, a pass 64.
    std::vector<std::int32_t> move;
    std::vector<std::int32_t> ply;     ///< moves played before the position (0: the start)
    /// The game's result for the side to move: 1 won, 0 drawn, −1 lost, no_result.
    std::vector<std::int8_t> result;
    /// Othello: the final disc difference for the side to move (empties to the winner) where
    /// `result` is not no_result; shogi and go: `result` itself; 0 with no_result.
    std::vector<double> score;
    /// The evaluation the record holds for the side to move: shogi the centipawns of the comment
    /// of the move that led here, othello the GGF eval of the move played from here; 0 without one.
    std::vector<double> eval;
    std::vector<std::uint8_t> has_eval;  ///< 1 when `eval` is the record's, 0 when it has none
    std::vector<std::int32_t> source;    ///< index of the input (position_reader::sources)
    std::vector<std::int32_t> game_index;  ///< the game's number in its input (record::index, from 1)

    /// Empties every column and sets rows to 0, keeping the game and board size.
    KIFU_API void clear() noexcept;
};

/// Appends the rows of a record to `batch`, with `source` in its source column. Returns false,
/// appending nothing, when the record is not of the batch's game, not on the batch's board size
/// (an empty batch takes the record's size), or an othello game not on an 8 × 8 board.
KIFU_API bool append_positions(position_batch& batch, const record& r, std::int32_t source);

/// One input of a position_reader: a file, or bytes already in memory.
struct position_input {
    /// The file's path, or the name of `bytes` (detection by extension, diagnostics, sources).
    std::string name;
    std::optional<std::string> bytes;  ///< the input itself; nothing: read the file `name`
};

/// Reads the positions of many inputs as batches, one after another, while reading: memory
/// holds a batch or two and one game (kifu::read_stream for formats that stream, whole
/// files otherwise), never the inputs. Games of another kind and othello games not on 8 × 8
/// boards are left out with a warning; read problems are diagnostics, never exceptions.
class position_reader {
public:
    /// `batch_size` (at least 1) is the rows of every batch but the last of each board size.
    KIFU_API position_reader(std::vector<position_input> inputs, kifu::game game, std::size_t batch_size = 65536,
                             read_options options = {}, position_filter filter = {});
    KIFU_API position_reader(position_reader&&) noexcept;
    KIFU_API position_reader& operator=(position_reader&&) noexcept;
    /// Stops the reading.
    KIFU_API ~position_reader();

    /// Fills `batch` with the next rows, replacing what it held: batch_size rows, fewer at the
    /// end or before a go board of another size. Returns false when no row is left (and for a
    /// reader moved from). One thread at a time.
    KIFU_API bool next(position_batch& batch);

    /// Returns the input names, in order: what position_batch::source indexes.
    KIFU_API const std::vector<std::string>& sources() const noexcept;

    /// Returns the diagnostics found since the last call (each with its input's name as `file`).
    KIFU_API std::vector<diagnostic> take_diagnostics();

    /// Returns how many games were read so far.
    KIFU_API std::size_t games_read() const noexcept;

    /// Returns how many games gave rows so far (the others were filtered or left out).
    KIFU_API std::size_t games_taken() const noexcept;

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace kifu
