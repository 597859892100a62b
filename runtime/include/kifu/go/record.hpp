#pragma once

// The normalized go record: JKF-shaped (header, initial, moves with forks) plus "game": "go".
// docs/jkf-go-othello.md ("Go") specifies the JSON. Lines of play are stored flat (a fork
// names a line by index), so no part of the model nests: a record of any depth is built,
// written and destroyed without recursion.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/go/board.hpp>
#include <kifu/json_writer.hpp>
#include <kifu/record.hpp>

namespace kifu::inline v1::go {

/// A move: a stone of `color` at `to`, or a pass. `invalid` holds a value that names no
/// point (`R16`, `Pass`), raw (escapes as written); such a move is not played.
struct move_data {
    go::color color = color::black;
    std::optional<point> to;  ///< empty for a pass or an invalid value
    bool pass = false;
    std::string invalid;
    friend bool operator==(const move_data&, const move_data&) = default;
};

/// Stones set by a setup node (AB, AW, AE) and the side to move (PL).
struct setup_data {
    std::vector<point> black;
    std::vector<point> white;
    std::vector<point> empty;
    std::optional<go::color> to_move;
    bool is_empty() const noexcept { return black.empty() && white.empty() && empty.empty() && !to_move; }
    friend bool operator==(const setup_data&, const setup_data&) = default;
};

/// One property kept as written (an SGF identifier and its raw values).
struct raw_property {
    std::string id;
    std::vector<std::string> values;  ///< raw: escapes as in the file
    friend bool operator==(const raw_property&, const raw_property&) = default;
};

/// One element of `moves` (moves[0] is the start: root comments and properties). Each
/// element comes from one SGF node.
struct move_entry {
    std::vector<std::string> comments;   ///< C split into lines
    std::optional<move_data> move;
    std::optional<setup_data> setup;     ///< AB/AW/AE/PL in a node after the root
    std::vector<point> captures;         ///< opponent stones the move took, row-major
    std::vector<point> suicide;          ///< own stones removed, row-major
    std::vector<std::string> illegal;    ///< "unparseable", "off-board", "overwrite", "ko", "suicide"
    bool forced = false;                 ///< KO[]: played even if illegal
    std::vector<raw_property> properties;  ///< every other property of the node
    std::vector<std::uint32_t> forks;    ///< lines (indices into record::lines) that replace this move
    std::uint32_t offset = 0;            ///< byte offset of the move property (else the node); not written
    friend bool operator==(const move_entry& a, const move_entry& b) {
        return a.comments == b.comments && a.move == b.move && a.setup == b.setup &&
               a.captures == b.captures && a.suicide == b.suicide && a.illegal == b.illegal &&
               a.forced == b.forced && a.properties == b.properties && a.forks == b.forks;
    }
};

/// A line of play: the main line (lines[0]) or one fork.
using line = std::vector<move_entry>;

/// A whole go game.
struct record {
    /// Root properties that describe the game (SGF ids as keys, text values decoded), in
    /// file order.
    std::vector<std::pair<std::string, std::string>> header;
    int width = 19;
    int height = 19;
    int handicap = 0;                 ///< HA (0 when absent)
    setup_data initial;               ///< root AB/AW/AE and PL
    /// lines[0] is the main line: lines[0][0] is the start, lines[0][i] the i-th move.
    /// A fork line starts with the alternative to the move it replaces.
    std::vector<line> lines{line(1)};
    int prisoners_black = 0;          ///< main line totals after the last move
    int prisoners_white = 0;

    /// Returns a header value, or nullptr.
    KIFU_API const std::string* find_header(std::string_view id) const noexcept;

    friend bool operator==(const record&, const record&) = default;
};

/// Returns game::go (record.hpp's game_of protocol).
inline kifu::game game_of(const record&) noexcept { return kifu::game::go; }

/// Writes the record as the JKF-shaped JSON of docs/jkf-go-othello.md.
KIFU_API void write_jkf_to(kifu::json_writer& out, const record& r);

}  // namespace kifu::go
