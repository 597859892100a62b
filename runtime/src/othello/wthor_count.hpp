#pragma once

// The rule a WTHOR file's size and its header's count obey, shared by the whole read
// (read_games, read_names) and the stream (read_stream), so both read the same games and say
// the same thing about a file that is short or has bytes after its records.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>

namespace kifu::inline v1::othello::wthor::detail {

/// Returns how many records of `record_size` bytes a file of `size` bytes (its 16-byte header
/// included) has to be read for when its header announces `declared`: the whole ones when it
/// is short (`wthor.short-file`, an error), else `declared` (`wthor.count-mismatch`, a warning,
/// when bytes follow them). `what` names the records in the message ("games", "players").
std::size_t checked_count(std::uint64_t size, std::uint64_t declared, std::size_t record_size, std::string_view what,
                          std::string_view file_name, std::vector<diagnostic>& diagnostics);

}  // namespace kifu::othello::wthor::detail
