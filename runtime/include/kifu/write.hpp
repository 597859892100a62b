#pragma once

// Writing records: the writers kifu has (the targets of `kifu convert -t`), what each writes,
// and write(), which writes records through one of them by name.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/diagnostic.hpp>
#include <kifu/record.hpp>

namespace kifu::inline v1 {

/// What kifu tells about one writer (writers(), find_writer()).
struct writer_info {
    std::string_view name;           ///< "kif": what write() and `kifu convert -t` take
    std::optional<kifu::game> game;  ///< the game it writes; nothing when it writes every game (jkf, positions-*)
    std::string_view description;    ///< "KIF (Kakinoki): numbered moves, times, comments, variations"
    std::string_view extension;      ///< of a file of its text, with the dot: ".kif"
    /// The extension of its text when that is JSON Lines and `extension` is not (jkf: ".jsonl"
    /// for several games or write_options::json_lines); empty for the other writers.
    std::string_view lines_extension;
    bool many_games = false;                   ///< true: one text holds any number of games; false: exactly one
    std::vector<std::string_view> encodings;   ///< the encodings of the text it writes: {"CP932"}; empty when binary
    bool binary = false;  ///< true: it writes bytes, not text (hcpe, psv: fixed-size records)
};

/// What write() takes besides the records; each writer reads the fields it needs.
struct write_options {
    /// The name of the records' input: the `source` column of positions-*, and the `file` of the
    /// diagnostics a write gives.
    std::string_view source;
    bool header = true;             ///< csv, positions-csv: start with the BOM (csv) and the header row
    bool pretty = false;            ///< jkf: indent a document of one game
    bool json_lines = false;        ///< jkf: JSON Lines (one compact line a game) even for one game
    bool declare_encoding = false;  ///< kif, kifu, ki2, ki2u: start with the `#KIF version=2.0 encoding=…` line
    int ply = -1;                   ///< sfen: the position after this many moves of the main line; -1: its end
};

/// What write() gives back: the text, the warnings, and the error of a write that failed.
struct write_result {
    std::string text;  ///< empty when the write failed; the bytes of a binary writer (writer_info::binary)
    /// Warnings (`ggf.write.value-changed`) and, when the write failed, its error (codes in
    /// docs/diagnostics.md: `write.*`, `kif.write.cp932`, `csa.write.special`, …).
    std::vector<diagnostic> diagnostics;
    /// The first bytes of `text` that are its header (csv, positions-csv with
    /// write_options::header: the BOM and the header row): a caller joining the texts of several
    /// writes keeps one.
    std::size_t header_size = 0;
    std::string_view extension;  ///< of a file of this text: the writer's extension or lines_extension; empty on failure

    /// Returns true when the write succeeded.
    bool ok() const noexcept { return !has_error(diagnostics); }
};

/// Returns every writer, in a fixed order (the order `kifu convert --help` lists them).
KIFU_API std::span<const writer_info> writers() noexcept;

/// Returns the writer of that name, or nullptr.
KIFU_API const writer_info* find_writer(std::string_view name) noexcept;

/// Returns the records written by `writer`. A write fails, with an error diagnostic and no
/// text, when a record is not of the writer's game (`write.wrong-game`), a one-game writer gets
/// another number of records (`write.one-game`), or the writer cannot write a record (a
/// character CP932 lacks, `kif.write.cp932`; an othello board positions-* cannot hold, …).
KIFU_API write_result write(std::span<const record> records, const writer_info& writer, const write_options& options = {});

/// Returns the records written by the writer of that name (`write.unknown-writer` when there is none).
KIFU_API write_result write(std::span<const record> records, std::string_view writer, const write_options& options = {});

/// Appends the records written by `writer` to `out`, and its warnings and error to `diagnostics`.
/// Returns false, leaving `out` as it was, when the write fails.
KIFU_API bool write_to(std::string& out, std::span<const record> records, const writer_info& writer,
                       std::vector<diagnostic>& diagnostics, const write_options& options = {});

}  // namespace kifu
