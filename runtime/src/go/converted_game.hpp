#pragma once

// What the builders of GIB, NGF and UGF (formats that are not SGF) collect from a file, and
// the SGF tree it becomes: the same tree a converter would write, which the go normalizer
// then replays (so the three readers share SGF's record, checks and writers).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/go/board.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

#include "go/sgf_tree.hpp"

namespace kifu::inline v1::go::detail {

/// One game as read from a GIB, NGF or UGF file.
struct converted_game {
    /// One move of the main line; `to` empty for a pass.
    struct move {
        go::color color = go::color::black;
        std::optional<point> to;
        std::uint32_t offset = 0;  ///< byte offset of its line in the decoded text
        std::string comment;
    };

    int size = 19;
    int handicap = 0;                   ///< HA (0: none written)
    std::vector<point> handicap_stones; ///< AB of the root
    /// Root text properties (SGF ids, decoded text), in the order they are written.
    std::vector<std::pair<std::string, std::string>> info;
    std::string root_comment;
    std::vector<move> moves;

    /// Adds a root text property unless the value is empty.
    void add_info(std::string id, std::string value);

    /// Returns the SGF tree: root FF[4] CA[UTF-8] GM[1] SZ, then `info`, HA, AB and C; one
    /// node per move (with its C). Nodes carry the offsets of their lines.
    sgf_collection to_tree() const;
};

/// Returns the handicap stones as Tygem (GIB, NGF) places them: 2 = D16 Q4 (`dp pd`), 3 adds
/// the top-left `dd`, 4 adds `pp`, 5 the centre, 6 the left and right sides, 7 the centre
/// again, 8 the four sides, 9 all nine star points. Empty for other counts or sizes below 7.
std::vector<point> tygem_handicap(int stones, int size);

/// Splits `name (rank)` / `name(rank)` into name and rank when the value holds exactly one
/// `(` and ends with `)`; otherwise the whole value is the name.
std::pair<std::string, std::string> split_name_rank(std::string_view value);

/// Returns `YYYY-MM-DD` when the value starts with `YYYY<sep>MM<sep>DD` (digits), else "".
std::string iso_date(std::string_view value, char sep);

/// Writes a number of tenths as SGF writes a real (`65` → "6.5", `110` → "11", `-55` → "-5.5").
std::string tenths(long long value);

/// Returns true when a sniffer's window of bytes is UTF-8, but for a last character the window
/// may have cut (sniffers see the first 64 KiB only).
bool window_is_utf8(std::string_view window) noexcept;

/// The `read_text` of a converted format: normalizes the tree's first game into a record
/// (positions from `text`); in strict mode a game with an error since `before` is dropped.
void read_converted(const sgf_collection& tree, const source_text& text, const read_options& options,
                    read_result& out, std::size_t before);

}  // namespace kifu::go::detail
