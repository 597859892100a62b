#pragma once

// What a writer registers (one line in runtime/src/writers.cpp) and what its write function
// gets. Each game's writers are in runtime/src/<game>/writers.cpp; jkf and positions-* take
// every game and are in runtime/src/.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/record.hpp>
#include <kifu/write.hpp>

namespace kifu::inline v1::detail {

/// One write: the records, the options, where the text goes.
struct write_call {
    std::span<const record> records;
    const write_options& options;
    std::string_view writer;  ///< the writer's name, for messages
    std::string& out;         ///< the text is appended here; the registry undoes a failed write
    std::vector<diagnostic>& diagnostics;
    std::size_t header_size = 0;  ///< set by a writer that starts with a header (csv, positions-csv)
};

/// A writer: what kifu tells about it, and its write function. `write` is called after the
/// registry checked that every record is of `info.game` (when set); it appends the text and
/// returns true, or returns false after fail() or wrong_game(). A one-game writer
/// (`info.many_games` false) fails with `write.one-game` itself, naming the writers that take
/// several games.
struct writer {
    writer_info info;
    bool (*write)(write_call& call) = nullptr;
};

/// Returns the number of record `i` in messages: its index in its input, else i + 1.
std::size_t game_number(const write_call& call, std::size_t i) noexcept;

/// Adds the error `code` with `message` (the file: write_options::source) and returns false.
bool fail(write_call& call, std::string_view code, std::string message);

/// Fails with `write.wrong-game`: "game 2 is a go game; -t csv writes othello games only".
bool wrong_game(write_call& call, std::size_t i, kifu::game wanted);

/// Returns jkf: JKF documents, or JSON Lines (runtime/src/writers.cpp).
writer jkf_writer();
/// Returns positions-csv: a CSV row per position of each main line, any game (runtime/src/positions_writers.cpp).
writer positions_csv_writer();
/// Returns positions-jsonl: the rows of positions-csv as JSON Lines.
writer positions_jsonl_writer();

}  // namespace kifu::detail
