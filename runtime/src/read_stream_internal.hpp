#pragma once

// Internal: read_stream with its piece and block sizes given, so that tests can force a piece
// at every game and reads that end in the middle of games.

#include <cstddef>
#include <filesystem>

#include <kifu/read.hpp>
#include <kifu/read_stream.hpp>

namespace kifu::inline v1::detail {

struct stream_tuning {
    /// A piece is handed to the reader once it holds this much (or the input ends): large
    /// enough that the reader's fixed costs vanish, small beside any memory bound.
    std::size_t piece_bytes = 128 * 1024;
    /// What is read (and scanned for cuts) at a time after the first 64 KiB.
    std::size_t block_bytes = std::size_t{1} << 20;
    /// A smaller file is read whole.
    std::size_t stream_from = 64 * 1024;
    /// WTHOR games read at a time.
    std::size_t wthor_batch = 16384;
};

stream_summary read_stream(const std::filesystem::path& path, const read_options& options, const stream_sink& sink,
                           const stream_tuning& tuning);

}  // namespace kifu::detail
