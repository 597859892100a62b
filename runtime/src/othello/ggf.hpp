#pragma once

// GGF reading in two steps: the grammar's builder (ggf_builder.cpp) finds the game records
// `(;` … `;)` and their properties; the replay (ggf_replay.cpp) turns one game's properties
// into an othello record. ggf_format.cpp joins them for the format registry.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::othello::ggf {

/// One `ID[value]` of a game, as views into the decoded text.
/// How the message of an error that costs a game ends in lenient reading, where the next game
/// is read. Strict reading stops at the game instead; read_ggf then says so in its place.
inline constexpr std::string_view game_skipped = "; the game is skipped";

struct property {
    std::string_view id;
    std::string_view value;
    std::size_t offset = 0;  ///< byte offset of the id in source_text::text()
};

/// One game record found in the text.
struct game {
    std::size_t offset = 0;  ///< byte offset of its `(;`
    std::vector<property> properties;
    std::vector<diagnostic> diagnostics;  ///< what the builder found inside this game
    bool broken = false;                  ///< an error makes the game unusable (already reported)
};

/// What the builder found: the games in file order, and problems outside any game.
struct parsed_file {
    std::vector<game> games;
    std::vector<diagnostic> diagnostics;
};

/// Finds the games of a GGF text (ggf.* diagnostics for what is wrong with them).
parsed_file parse_games(const source_text& text, read_mode mode);

/// Replays one game; returns nothing when it cannot be replayed at all (no or a bad BO), else
/// the record (with `stop` set when a move could not be played). Problems go to `diagnostics`.
std::optional<record> to_record(const game& g, const source_text& text, std::vector<diagnostic>& diagnostics);

/// Writes the PEGTL trace of grammars/ggf.peg on the text.
bool trace_ggf(const source_text& text, std::string& out);

}  // namespace kifu::othello::ggf
