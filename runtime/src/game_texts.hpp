#pragma once

// Internal: a text of many games (CSA, SGF, GGF) cut where no game is open and decoded game by
// game. read_file and read_stream share it, so that each game of a file is decoded from its own
// bytes, and said to be broken alike, whatever pieces read_stream cuts the file into.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

#include "format_entry.hpp"

namespace kifu::inline v1::detail {

/// Where a piece of a multi-game text ends and where the next one starts (they differ by a CSA
/// `/` line).
struct game_cut {
    std::size_t end;
    std::size_t next;
};

/// Finds the places where no game is open in a growing buffer, scanning each byte once: the
/// start of a CSA `/` line, a line start after a closed SGF game tree or GGF game record.
/// Only the bracket structure is followed (what opens and closes a game or a value).
class game_cutter {
public:
    explicit game_cutter(std::string_view format) : format_(format) {}

    /// Returns true for the formats a cutter knows.
    static bool cuts(std::string_view format) noexcept { return format == "csa" || format == "sgf" || format == "ggf"; }

    /// Scans buffer[scanned, size) and returns the last cut found so far (if any); `all`, when
    /// given, gets the `next` of every cut found.
    std::optional<game_cut> scan(std::string_view buffer, std::vector<std::size_t>* all = nullptr);

    /// The buffer lost its first `n` bytes, up to the last cut.
    void shift(std::size_t n) noexcept;

private:
    std::string_view format_;
    std::optional<game_cut> last_;
    std::size_t scanned_ = 0;
    std::size_t line_start_ = 0;
    std::size_t depth_ = 0;
    std::size_t pending_ = 0;  // SGF: a line start at depth 0, a cut if a game tree starts on it
    bool dirty_ = false;       // SGF: text other than white space since the last tree closed
    std::size_t candidate_ = 0;  // SGF: a line whose `(` may open a game tree: a cut if `;` follows
    bool in_value_ = false;
    bool escaped_ = false;
    bool open_ = false;
};

/// What decoding game by game carries from one piece of a file to the next.
struct game_decoding {
    /// The encoding the last game that declared one declared: a game that declares none and is
    /// not valid UTF-8 is read in it (a file's header names the encoding of the games after it).
    std::string declared;
};

/// A multi-game text decoded game by game.
struct games_text {
    source_text text;
    /// The line breaks before each part's start in the text (parts start at line starts; the
    /// first at 0): a part is the text from a cut to the next.
    std::vector<std::size_t> part_lines;
    /// The encoding of the first part that is not plain ASCII, else `input_encoding`.
    std::string encoding;
};

/// Decodes `bytes` (the whole of a file, or a piece of it that starts at a cut; `at_start`: it
/// starts the file) of a format a game_cutter knows, each part in its own encoding: the one its
/// first game declares, else UTF-8 when its bytes are valid UTF-8, else the one declared last
/// before it, else the format's fallback; plain ASCII goes with its neighbours. `options.encoding`
/// forces one for all. Strict mode: the text ends before the part of the first decoding error
/// (that part's diagnostics are said, none after it). `owned`, when given, holds `bytes`.
games_text decode_games(std::string name, std::string_view bytes, std::string* owned, const format_entry& format,
                        const read_options& options, std::string_view input_encoding, bool at_start, game_decoding& state,
                        std::vector<diagnostic>& diagnostics);

/// Strict reading ends at the first error: drops what decoding said (`text.*`) of the parts after
/// the part of the first error (decoding reports on the whole text, a reader stops at its first
/// error).
void drop_after_first_error(std::vector<diagnostic>& diagnostics, const std::vector<std::size_t>& part_lines);

}  // namespace kifu::detail
