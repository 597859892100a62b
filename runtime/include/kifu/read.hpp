#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/diagnostic.hpp>
#include <kifu/record.hpp>

namespace kifu::inline v1 {

/// How hard a reader is on a broken input.
enum class read_mode : unsigned char {
    strict,   ///< the first error ends the read; records read before it are kept
    lenient,  ///< every problem is reported and reading goes on where the grammar allows
};

/// What the caller tells a reader. Empty strings mean "detect".
struct read_options {
    std::string format;    ///< "csa", "kif", "ki2", "jkf", "sgf", "nhk", "ggf", "wthor", …
    std::string encoding;  ///< forces the encoding of a text input ("CP932", "UTF-8", …)
    read_mode mode = read_mode::strict;
    bool normalize = true;  ///< false: the raw record as written (partial JKF), no replay
    /// true: every warning is an error. A move the game's rules forbid but the format
    /// records faithfully (go: suicide, ko retake, occupied point, off the board) is then
    /// reported as an error where it is found, so strict reading ends there.
    bool warnings_are_errors = false;
    /// WTHOR: the folder holding WTHOR.JOU and WTHOR.TRN (any case), when not beside the base.
    std::filesystem::path wthor_names_dir;
    std::filesystem::path wthor_players;      ///< WTHOR: the players file (.jou) to use
    std::filesystem::path wthor_tournaments;  ///< WTHOR: the tournaments file (.trn) to use
};

/// What a read gives back: every game it could read and every problem it found.
struct read_result {
    std::vector<record> records;
    std::vector<diagnostic> diagnostics;
    std::string format;    ///< the format used
    std::string encoding;  ///< the encoding the text was decoded from (empty for binary inputs)
    std::uint64_t bytes = 0;  ///< the size of the input (0 when it could not be read)

    /// Returns true when no diagnostic is an error.
    bool ok() const noexcept { return !has_error(diagnostics); }
};

/// Reads a file: detects format and encoding unless given, parses, normalizes.
/// Never throws for bad input; I/O failures are diagnostics too (`io.open`).
KIFU_API read_result read_file(const std::filesystem::path& path, const read_options& options = {});

/// Reads a file's bytes (binary, at most 1 GiB) into `bytes`. Returns false and adds an
/// `io.open` or `io.too-large` diagnostic when it cannot.
KIFU_API bool load_file(const std::filesystem::path& path, std::string& bytes, std::vector<diagnostic>& diagnostics);

/// Reads a memory buffer. `name` is used in diagnostics and for detection by extension.
KIFU_API read_result read_buffer(std::string_view bytes, std::string_view name = "<buffer>",
                        const read_options& options = {});

}  // namespace kifu
