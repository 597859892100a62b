#pragma once

#include <kifu/api.hpp>

// A go board of any size from 1×1 to 52×52 and the rules of executing a move as the SGF
// spec states them (go.html "How to execute a move"): place, capture, then suicide.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kifu::inline v1::go {

/// 0 = Black (moves first), 1 = White.
enum class color : std::uint8_t { black = 0, white = 1 };

/// Returns the other colour.
constexpr color opponent(color c) noexcept { return c == color::black ? color::white : color::black; }

/// What a point holds.
enum class stone : std::uint8_t { empty, black, white };

/// Returns the stone of a colour.
constexpr stone stone_of(color c) noexcept { return c == color::black ? stone::black : stone::white; }

/// A point: x = column from the left, y = row from the top, both 1-based (SGF `pd` = {16, 4}).
struct point {
    int x = 0;
    int y = 0;
    friend bool operator==(const point&, const point&) = default;
    /// Row-major order (by y, then x).
    friend bool operator<(const point& a, const point& b) noexcept {
        return a.y != b.y ? a.y < b.y : a.x < b.x;
    }
};

/// The largest side a board can have (SGF letters a–z, A–Z).
inline constexpr int max_board_side = 52;

/// What playing a stone did.
struct play_result {
    std::vector<point> captured;  ///< opponent stones removed, row-major
    std::vector<point> suicide;   ///< own stones removed (the played one included), row-major
    bool overwrite = false;       ///< the point was occupied; its stone was replaced
    bool ko = false;              ///< the move retook a simple ko at once (illegal)
    bool off_board = false;       ///< the point is not on the board; nothing was done
};

/// A rectangular go board with captures, suicide, simple ko and prisoner counts.
///
/// Chains are tracked as moves are played: every stone names its chain's head, the stones of a
/// chain form a ring, and a head holds the chain's size and pseudo-liberties (empty points next
/// to its stones, counted once per adjacent stone: zero exactly when the chain has no liberty).
/// A move looks only at its four neighbours and the chains it captures or joins. Setup (`set`)
/// only writes the point; the chains are rebuilt once before the next move.
class board {
public:
    /// Makes an empty board; sides are clamped to 1..52.
    KIFU_API explicit board(int width = 19, int height = 19);

    int width() const noexcept { return width_; }
    int height() const noexcept { return height_; }

    /// Returns true when the point is on the board.
    bool contains(point p) const noexcept { return p.x >= 1 && p.y >= 1 && p.x <= width_ && p.y <= height_; }

    /// Returns what the point holds (empty off the board).
    KIFU_API stone at(point p) const noexcept;

    /// Puts or removes a stone without captures (setup: AB, AW, AE); clears the ko.
    /// Returns false when the point is off the board.
    KIFU_API bool set(point p, stone s);

    /// Plays a stone: it replaces whatever was there, then opponent chains without
    /// liberties are captured, then the mover's own chain if it has none (suicide).
    KIFU_API play_result play(color c, point p);

    /// The same, filling `result` (cleared first; its vectors keep their capacity, so a
    /// caller that reuses one result allocates nothing per move).
    KIFU_API void play(color c, point p, play_result& result);

    /// Records a pass: the board is unchanged, the ko is cleared.
    void pass() noexcept { ko_ = -1; }

    /// Returns the point the next move may not take (simple ko), if any, and who may not.
    std::optional<point> ko_point() const noexcept {
        if (ko_ < 0) return std::nullopt;
        return point_of(ko_);
    }
    /// Returns the colour the ko point is forbidden to.
    go::color ko_color() const noexcept { return ko_color_; }

    /// Returns the number of stones captured by a colour (its prisoners), suicides included.
    int prisoners(color c) const noexcept { return prisoners_[static_cast<int>(c)]; }

    /// Returns the rows top to bottom: '.' empty, 'X' black, 'O' white.
    KIFU_API std::vector<std::string> rows() const;

    /// Returns the liberties of the chain at p (0 for an empty or off-board point).
    KIFU_API int liberties(point p);

    /// Returns a mark of the board as it is now, for `undo_to`. From the first mark on, the
    /// board records what each change overwrites (a reader of a game tree takes the board back
    /// to a branch point instead of keeping a copy per variation).
    KIFU_API std::size_t mark();

    /// Takes the board back to the state of mark `m` (stones, chains, prisoners, ko). Marks
    /// made after `m` are no longer valid; `m` and earlier ones stay valid.
    KIFU_API void undo_to(std::size_t m);

private:
    // One point of the board and, on a chain's stones, the chain links (board.cpp).
    struct cell {
        std::uint16_t head;   // the chain's head (a stone of it)
        std::uint16_t next;   // the next stone of the chain's ring
        std::uint16_t libs;   // on a head: the chain's pseudo-liberties
        std::uint16_t size;   // on a head: the chain's number of stones
        std::uint8_t what;    // a stone value (empty, black, white) or 3 off the board
    };

    // What a change overwrote, and the state a mark takes the board back to.
    struct saved_cell {
        std::uint16_t index;
        cell old;
    };
    struct saved_state {
        std::size_t journal_size;
        std::array<int, 2> prisoners;
        int ko;
        go::color ko_color;
        bool stale;
    };

    // Records cell k before it is written, once marks are in use.
    void save(int k) {
        if (journaling_) journal_.push_back({static_cast<std::uint16_t>(k), cells_[static_cast<std::size_t>(k)]});
    }
    int index_of(point p) const noexcept { return p.y * stride_ + p.x; }
    point point_of(int i) const noexcept { return {i % stride_, i / stride_}; }
    void rebuild() noexcept;
    void remove_chain(int head, std::vector<point>& removed);

    int width_;
    int height_;
    int stride_;              // width + 2: a border of off-board points on every side
    std::vector<cell> cells_;  // (height + 2) rows of `stride_` points
    std::array<int, 2> prisoners_{};
    int ko_ = -1;             // index of the ko point, or -1
    go::color ko_color_ = color::black;
    bool stale_ = false;      // set() wrote stones: the chains are rebuilt before the next move
    bool journaling_ = false;  // a mark was made: changes are recorded
    std::vector<saved_cell> journal_;
    std::vector<saved_state> marks_;
};

/// Returns the SGF letter of a 1-based coordinate (1 → 'a', 27 → 'A'), or '?' out of range.
KIFU_API char sgf_letter(int coordinate) noexcept;

/// Returns the 1-based coordinate of an SGF letter, or 0 when it is not a letter.
KIFU_API int sgf_coordinate(char letter) noexcept;

/// Returns the two SGF letters of a point.
KIFU_API std::string to_sgf(point p);

}  // namespace kifu::go
