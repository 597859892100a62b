#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>

namespace kifu::inline v1 {

/// What a streaming read gives back once the input is done.
struct stream_summary {
    std::string format;    ///< the format used
    std::string encoding;  ///< the encoding found at the start of the file, or the one given (empty for binary inputs)
    std::size_t games = 0;  ///< records handed to on_record
    bool ok = true;         ///< false when any diagnostic was an error
};

/// Where a streaming read hands over what it finds, in file order, as soon as it is found.
struct stream_sink {
    /// Called for each game read; returns false to stop reading.
    std::function<bool(record&&)> on_record;
    /// Called for each diagnostic (a game's before the game itself); may be empty.
    std::function<void(diagnostic&&)> on_diagnostic;
};

/// Returns true when read_stream reads the format a game at a time (CSA with `/`, SGF
/// collections, GGF, WTHOR); other formats are read whole, then handed over game by game.
KIFU_API bool streams(std::string_view format) noexcept;

/// Reads a file a game at a time and calls `sink.on_record` for each, in file order, as soon as it
/// is read: memory is bounded by the largest game, not the file, and the size caps of
/// read_file do not apply to the file (a single game keeps them). Line and column of every
/// diagnostic are those of the whole file. The format is detected at the start of the file;
/// each game's encoding is detected on its own bytes (the games of a merged file may come from
/// different sources), unless `options.encoding` names one for all. Strict mode stops at the
/// first game with an error (the games before it were handed over), as read_file does. Never
/// throws for bad input.
KIFU_API stream_summary read_stream(const std::filesystem::path& path, const read_options& options, const stream_sink& sink);

/// Reads a stream (standard input, a pipe) a game at a time as read_stream reads a file, naming
/// it `name` in diagnostics: memory is bounded by the largest game. A format that does not
/// stream is read whole, at most 1 GiB (`io.too-large` beyond); a WTHOR base too, its size
/// being unknown.
KIFU_API stream_summary read_stream(std::istream& in, std::string_view name, const read_options& options,
                                    const stream_sink& sink);

}  // namespace kifu
