#pragma once

// Internal: a format's registration, what the readers call behind its descriptive
// kifu::format_info. Every runtime/src/<game>/<f>_format.cpp returns one, and the list in
// runtime/src/formats.cpp holds them in detection order.

#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include <kifu/format.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1 {

/// A format's descriptive fields (what users see of it; has_grammar is set by the list from
/// `trace`) and the functions behind them.
struct format_entry : format_info {
    /// Returns how sure it is (0–100) that the bytes are this format; also fills
    /// `declared_encoding` when the bytes name their encoding. May be null.
    int (*sniff)(std::string_view bytes, std::string& declared_encoding) = nullptr;
    /// true: when `sniff` fills `declared_encoding` with "UTF-8", the bytes it was given are
    /// valid UTF-8 up to their last line break (it checked them), so reading need not check
    /// them again.
    bool sniff_checks_utf8 = false;
    /// `sniff` where only whether its score is above 0 matters (the extension or the caller
    /// named the format, so no other format's score is weighed against it): above 0 exactly
    /// when sniff's score is, with the same `declared_encoding` (and sniff_checks_utf8 holding
    /// alike), but it may stop reading at the first line that settles the answer. May be null:
    /// sniff is used.
    int (*sniff_fits)(std::string_view bytes, std::string& declared_encoding) = nullptr;

    /// Reads decoded text into records and diagnostics (text formats).
    void (*read_text)(const source_text& text, const read_options& options, read_result& out) = nullptr;

    /// Reads raw bytes (binary formats); `path` may be empty for a buffer. `games_before`: the
    /// games before the first of these bytes (read_stream's batches of a WTHOR base), so that
    /// game numbers in diagnostics and record::index are those of the whole input.
    void (*read_binary)(std::string_view bytes, const std::filesystem::path& path, const read_options& options,
                        read_result& out, std::size_t games_before) = nullptr;

    /// Writes every rule of the format's grammar tried on the text, in the grammar's terms
    /// (detail::trace in runtime/src/core/peg_support.hpp; a grammar author's aid).
    /// Returns false when the parse failed. May be null for formats without a grammar.
    bool (*trace)(const source_text& text, std::string& out) = nullptr;
};

/// Returns every format's entry, in the order of formats().
std::span<const format_entry> format_entries() noexcept;

/// Returns the entry of the format of that name, or nullptr.
const format_entry* find_format_entry(std::string_view name) noexcept;

/// Returns the entry behind a format_info of formats() (else the entry of that name), or
/// nullptr for a format kifu does not know.
const format_entry* entry_of(const format_info& format) noexcept;

}  // namespace kifu
