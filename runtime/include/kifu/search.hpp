#pragma once

// Position search over a collection: an index of every position every game reached, kept in
// an SQLite database (docs/search.md gives the schema and queries for the sqlite3 shell).
//
//     auto db = kifu::search::database::open("games.kdb", kifu::search::open_mode::create);
//     db.add_source("game.kif", kifu::read_file("game.kif"), {});
//     auto key = kifu::search::key_from_sfen("lnsgkgsnl/1r5b1/… w - 2");
//     kifu::search::query_result hits = db.find(*key, {});

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>

namespace kifu::inline v1::search {

/// A position in the index's canonical form. Go and othello positions are turned by the one of
/// the 8 board symmetries (4 on a non-square go board) that gives the smallest key, so a
/// mirrored or rotated game reaches the same key; shogi keeps its own orientation.
struct position_key {
    kifu::game game = kifu::game::shogi;
    std::uint64_t hash = 0;     ///< Zobrist hash of the canonical position
    std::string bytes;          ///< the canonical position itself: equal keys are equal positions
    std::uint8_t symmetry = 0;  ///< the transform (0–7) that turned the position into the canonical one
    std::uint8_t to_move = 0;   ///< 0 Black (sente), 1 White (gote)
};

/// One position a line of play reached, as `for_each_position` reports it.
struct position_visit {
    const position_key& key;
    int ply = 0;           ///< moves played on the way, 0 = the start position
    std::uint32_t line = 0;  ///< 0 = the main line, 1… the variations in the order met
    std::string_view next;   ///< the move played from it, in the canonical orientation ("" at a line's end)
};

/// Visits every position of every line of play of a normalized record: the main line first, a
/// variation where it branches off. Lines stop at a move that cannot be played.
void for_each_position(const record& r, const std::function<void(const position_visit&)>& visit);

/// Returns the key of the position after `ply` moves of the record's main line (the end when
/// `ply` is empty), or nothing with a reason in `error`.
KIFU_API std::optional<position_key> key_of(const record& r, std::optional<int> ply, std::string& error);

/// Returns the key of a shogi SFEN ("startpos" too), or nothing with a reason (and the
/// 1-based column where the text breaks) in `error`.
KIFU_API std::optional<position_key> key_from_sfen(std::string_view sfen, std::string& error);

/// Returns the key of a go or othello board written row by row from the top: `X` (or `x`, `B`,
/// `*`) black, `O` (`o`, `W`) white, `.` (`-`, `+`) empty, rows optionally separated by `/` or
/// white space, then a space and the side to move (`b` or `w`; default black; lower-case `b`
/// and `w` are never cells). The board must be square (go: 2×2 to 52×52; othello: 4×4 to 14×14,
/// even); a board smaller than 4×4 has its rows separated. Nothing with a reason (and the
/// 1-based column of a character that is not a cell) in `error` when it is malformed.
KIFU_API std::optional<position_key> key_from_board(std::string_view board, kifu::game game, std::string& error);

/// Returns a canonical-orientation move ("" kept) in the orientation of a position whose key
/// has `symmetry`: what a query shows its user.
KIFU_API std::string move_for(const position_key& key, std::string_view canonical_move);

/// A database that cannot be opened, is not a kifu index, or fails.
class KIFU_API error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// How `database::open` treats the file.
enum class open_mode : std::uint8_t {
    read_only,  ///< an existing index, for queries
    create,     ///< an existing index, or a new one when the file does not exist
    rebuild,    ///< a new, empty index in place of the index the file held (a file that is not a
                ///< kifu index, or a damaged one, is an error and is left as it is)
};

/// A game as the index keeps it. A game several sources hold (same content) is named by its
/// first copy: the smallest source path (byte order), then the smallest game number.
struct game_entry {
    std::string source;      ///< the path as it was indexed
    std::size_t index = 0;   ///< game number in that source, from 1
    std::string format;      ///< the format that source was read from
    kifu::game game = kifu::game::shogi;
    std::string black;       ///< player names, "" when absent
    std::string white;
    std::string date;        ///< as written, "" when absent
    std::string event;
    std::string result;      ///< "black", "white", "draw" or "" (unknown)
    int moves = 0;           ///< moves of the main line
};

/// A game that reached the position.
struct game_hit {
    game_entry game;
    int ply = 0;       ///< the first ply at which it did
    std::string next;  ///< the move it played from there (query orientation), "" when it ended there
};

/// One row of the next-move table.
struct next_move {
    std::string move;  ///< in the query's orientation
    std::size_t games = 0;
    std::size_t wins = 0;    ///< for the side to move
    std::size_t draws = 0;
    std::size_t losses = 0;
};

/// What a query may restrict.
struct query_options {
    std::size_t limit = 50;  ///< games listed at most (the move table counts them all)
    std::string players;     ///< substring of either player's name; "" = any
    std::string from;        ///< dates compared as text (YYYY, YYYY-MM-DD, …); "" = open
    std::string to;
};

/// What a query found.
struct query_result {
    std::vector<game_hit> games;  ///< by source, then game number
    std::size_t total_games = 0;  ///< games that reached the position (before the limit)
    std::vector<next_move> next;  ///< by games played, then move
};

/// What indexing one source did.
struct add_stats {
    std::size_t games_added = 0;      ///< games of the source no other source (or earlier game of it) holds
    std::size_t games_duplicate = 0;  ///< copies of a game another source or an earlier game holds (same content)
    std::size_t positions = 0;        ///< positions of the games added
    std::size_t games_left_out = 0;   ///< records with an error (record::has_error), not indexed
};

/// The games of one read made ready for the index: each game's content hash, summary and
/// every position its lines of play reach. Making it is most of the work of indexing and needs
/// no database, so any thread may make one (`prepare`); `database::add_source` only writes.
class prepared_source {
public:
    KIFU_API prepared_source();
    KIFU_API prepared_source(prepared_source&&) noexcept;
    KIFU_API prepared_source& operator=(prepared_source&&) noexcept;
    KIFU_API ~prepared_source();

    /// Returns the number of games prepared.
    KIFU_API std::size_t games() const noexcept;
    /// Returns the number of records left out because they have an error.
    KIFU_API std::size_t left_out() const noexcept;

private:
    friend class database;
    friend prepared_source prepare(const read_result& games);
    struct impl;
    std::unique_ptr<impl> impl_;
};

/// Prepares the records of a read for `database::add_source`. A record with an error
/// (`record::has_error`: a lenient read kept the part before the error) is left out: the index
/// holds whole games only.
KIFU_API prepared_source prepare(const read_result& games);

/// What the index holds.
struct index_stats {
    std::size_t sources = 0;
    std::size_t games = 0;
    std::size_t positions = 0;
    std::uint64_t file_bytes = 0;
};

/// An index of positions on an SQLite file. Not thread-safe; one writer at a time (SQLite
/// locks the file).
class database {
public:
    /// Opens the index at `path`. Throws search::error (with the path) when the file cannot
    /// be opened or created, is not an SQLite database, or is not a kifu index.
    KIFU_API static database open(const std::filesystem::path& path, open_mode mode);

    KIFU_API database(database&&) noexcept;
    KIFU_API database& operator=(database&&) noexcept;
    KIFU_API ~database();

    /// Returns true when `source` was indexed with this size and modification time.
    KIFU_API bool is_current(std::string_view source, std::uint64_t size, std::int64_t mtime) const;

    /// Indexes the games of one source in one transaction, replacing what the source held
    /// before. A game is stored once however many sources hold it (same content): each
    /// source's copy is recorded, and the game stays while any copy does.
    KIFU_API add_stats add_source(std::string_view source, const prepared_source& games, std::uint64_t size = 0,
                         std::int64_t mtime = 0);

    /// Prepares the records and indexes them (the two steps above in one call).
    KIFU_API add_stats add_source(std::string_view source, const read_result& games, std::uint64_t size = 0,
                         std::int64_t mtime = 0);

    /// Removes a source, in one transaction, with the games no other source holds.
    KIFU_API void remove_source(std::string_view source);

    /// Returns the sources indexed, sorted.
    KIFU_API std::vector<std::string> sources() const;

    /// Makes the index ready for queries after a bulk load (creates the position index when
    /// a load into an empty database left it out). Called by the destructor too.
    KIFU_API void finish();

    /// Returns the games that reached the position and the next-move table.
    KIFU_API query_result find(const position_key& key, const query_options& options = {}) const;

    /// Returns what the index holds.
    KIFU_API index_stats stats() const;

private:
    struct impl;
    explicit database(std::unique_ptr<impl> p);
    std::unique_ptr<impl> impl_;
};

}  // namespace kifu::search
