#pragma once

// The WTHOR database (Fédération Française d'Othello): game files .wtb (8×8) and .wtd
// (10×10), the players file WTHOR.JOU and the tournaments file WTHOR.TRN
// (../shared/formats/go-othello.md §5). All integers little-endian; names Windows-1252.
//
// Two layers: the raw files (read and written byte for byte), and games replayed (with the
// passes WTHOR leaves out inserted) into a reusable replayed_game or a whole othello::record.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/diagnostic.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/read.hpp>

namespace kifu::inline v1::othello::wthor {

/// Which of the WTHOR files a buffer is.
enum class file_kind : std::uint8_t {
    games,        ///< WTH_YYYY.wtb (8×8) or .wtd (10×10): 68- or 104-byte games
    players,      ///< WTHOR.JOU: 20-byte names
    tournaments,  ///< WTHOR.TRN: 26-byte names
};

/// The 16-byte header every WTHOR file starts with.
struct header {
    std::uint8_t century = 0;  ///< of the file's creation date, e.g. 20
    std::uint8_t year = 0;     ///< within the century
    std::uint8_t month = 0;
    std::uint8_t day = 0;
    std::uint32_t games = 0;       ///< N1: games in a game file (0 in .jou/.trn)
    std::uint16_t names = 0;       ///< N2: records of .jou/.trn (0 in game files)
    std::uint16_t game_year = 0;   ///< year of the games (game files)
    std::uint8_t board_size = 0;   ///< P1: 0 or 8 = 8×8, 10 = 10×10
    std::uint8_t solitaire = 0;    ///< P2: 1 in solitaire (.pzz) files
    std::uint8_t depth = 0;        ///< P3: empties of the theoretical score (0 = 22)
    std::uint8_t reserved = 0;
    friend bool operator==(const header&, const header&) = default;
};

inline constexpr std::size_t header_size = 16;
inline constexpr std::size_t player_size = 20;
inline constexpr std::size_t tournament_size = 26;
inline constexpr std::size_t game_size_8 = 68;
inline constexpr std::size_t game_size_10 = 104;

/// One game as stored: ids, scores and the move codes (10×row + column on 8×8, 12×row +
/// column on 10×10; 0 = no more moves).
struct game {
    std::uint16_t tournament = 0;
    std::uint16_t black = 0;
    std::uint16_t white = 0;
    std::uint8_t black_score = 0;        ///< black discs, empties to the winner
    std::uint8_t theoretical_score = 0;  ///< black discs with perfect play from `depth` empties
    std::array<std::uint8_t, 96> moves{};  ///< 60 used on 8×8, 96 on 10×10
    friend bool operator==(const game&, const game&) = default;
};

/// A game file.
struct games_file {
    wthor::header header;
    std::vector<game> games;
    /// Returns 10 for a 10×10 file, else 8.
    int board_size() const noexcept { return header.board_size == 10 ? 10 : 8; }
    friend bool operator==(const games_file&, const games_file&) = default;
};

/// A players or tournaments file. Names keep their stored bytes (Windows-1252) up to the
/// last non-NUL byte, so writing them back gives the same file.
struct names_file {
    wthor::header header;
    std::vector<std::string> names;
    friend bool operator==(const names_file&, const names_file&) = default;
};

/// Returns the header of a buffer, or nothing when it is shorter than 16 bytes.
KIFU_API std::optional<header> read_header(std::string_view bytes) noexcept;

/// Returns the kind a file name says (.wtb/.wtd, .jou, .trn; any case), else the kind the
/// header suggests (N1 > 0: games; else names by the size of the records).
KIFU_API file_kind kind_of(std::string_view bytes, std::string_view file_name) noexcept;

/// Reads a game file. Problems become diagnostics (`wthor.short-file`,
/// `wthor.count-mismatch`, `wthor.board-size`, `wthor.solitaire`); the games that are
/// whole are still returned. Never throws for bad bytes.
KIFU_API games_file read_games(std::string_view bytes, std::string_view file_name, std::vector<diagnostic>& diagnostics);

/// Reads a .jou (players) or .trn (tournaments) file; problems as for read_games.
KIFU_API names_file read_names(std::string_view bytes, file_kind kind, std::string_view file_name,
                      std::vector<diagnostic>& diagnostics);

/// Returns the file's bytes: header, then each game (N1 is not recomputed: write what was read).
KIFU_API std::string write(const games_file& file);
/// Returns the file's bytes; names longer than the field (20 or 26 bytes) are cut.
KIFU_API std::string write(const names_file& file, file_kind kind);

/// Returns a stored name (up to its first NUL) decoded from Windows-1252 to UTF-8; the five
/// bytes Windows-1252 leaves undefined are read as Latin-1.
KIFU_API std::string decode_name(std::string_view stored);
/// Returns a UTF-8 name encoded in Windows-1252 ('?' for characters it lacks).
KIFU_API std::string encode_name(std::string_view utf8);

/// Decoded names of the players and tournaments files; an empty table means "not available".
struct name_tables {
    std::vector<std::string> players;
    std::vector<std::string> tournaments;
    bool players_loaded = false;
    bool tournaments_loaded = false;
};

/// Returns the decoded names of a names file.
KIFU_API std::vector<std::string> decoded_names(const names_file& file);

/// What replaying one game yields, without the header strings: a streaming reader keeps
/// one and passes it to every replay call, which then allocates nothing once warm.
struct replayed_game {
    std::vector<move> moves;          ///< ply 1 first; inserted passes have pass_kind::inserted
    disc_counts final_counts;         ///< discs on the board after the last move
    game_end end = game_end::early;   ///< how the game ends after the last move
    int passes_inserted = 0;          ///< passes the replay added (WTHOR stores none)
    std::optional<replay_stop> stop;  ///< set when the replay stopped early
    friend bool operator==(const replayed_game&, const replayed_game&) = default;
};

/// Replays one game into `out` (overwritten entirely, its memory kept): the moves with the
/// passes WTHOR leaves out inserted, the final counts and how the game ends. Diagnostics as
/// to_record's, without the name checks: `othello.illegal-move`, `wthor.bad-move`,
/// `wthor.moves-after-end`, `wthor.bad-score`, `wthor.score-mismatch` (1-based `game_number`).
KIFU_API void replay(const game& g, const header& h, std::string_view file_name, std::size_t game_number,
            std::vector<diagnostic>& diagnostics, replayed_game& out);

/// Replays one game into a record: passes inserted where the side to move has none, the
/// header mapped onto GGF ids (docs/jkf-go-othello.md). Diagnostics carry `ply` and name the
/// game (1-based `game_number`): `othello.illegal-move`, `wthor.bad-move`,
/// `wthor.moves-after-end`, `wthor.unknown-player`, `wthor.unknown-tournament`,
/// `wthor.bad-score`, `wthor.score-mismatch`.
KIFU_API record to_record(const game& g, const header& h, const name_tables& names, std::string_view file_name,
                 std::size_t game_number, std::vector<diagnostic>& diagnostics);

/// The same into an existing record, overwritten entirely but keeping its memory (header
/// strings, move storage): a reader streaming a whole base through one record allocates
/// nothing per game.
KIFU_API void to_record(const game& g, const header& h, const name_tables& names, std::string_view file_name,
               std::size_t game_number, std::vector<diagnostic>& diagnostics, record& out);

/// Appends games `first` … `first + count - 1` of a game file (as many of them as it holds) to
/// `out.records` as the WTHOR reader reads them: one record per game, numbered
/// `games_before + i + 1` for game i of the file (record::index and the diagnostics' game), the
/// reading policy of `options` applied (`mode`, `warnings_are_errors`). Converting a base a
/// range at a time gives the records and diagnostics of one read, in pieces. Returns false when
/// `options.mode` is strict and a game had an error: that game and the ones after it are left out.
KIFU_API bool to_records(const games_file& file, const name_tables& names, std::string_view file_name,
                         std::size_t first, std::size_t count, std::size_t games_before, const read_options& options,
                         read_result& out);
/// The game a record came from: ids and scores from its "wthor.*" header keys (0 when
/// absent), moves from its non-pass plies. Returns nothing for boards WTHOR cannot hold
/// (not 8×8 or 10×10, not the standard start) or when a header value is not a number.
KIFU_API std::optional<game> from_record(const record& r);

}  // namespace kifu::othello::wthor
