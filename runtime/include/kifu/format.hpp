#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/read.hpp>
#include <kifu/record.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1 {

/// Everything kifu knows about one input format. Adding a format is adding one of these
/// to the list in runtime/src/formats.cpp.
struct format_info {
    std::string_view name;                     ///< "csa"
    kifu::game game;                           ///< the game it records
    std::string_view description;              ///< "CSA standard record format (V1–V3.0)"
    std::vector<std::string_view> extensions;  ///< lower case, with dot: ".csa"
    bool binary = false;                       ///< true: no text decoding (WTHOR)
    /// true: a file may hold many games, and the reader marks each record an error was in
    /// (record::has_error); otherwise the error of a read that gave one game is that game's.
    bool many_games = false;
    std::string_view fallback_encoding;        ///< for text formats: used when nothing else tells

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

    /// Reads raw bytes (binary formats); `path` may be empty for a buffer.
    void (*read_binary)(std::string_view bytes, const std::filesystem::path& path,
                        const read_options& options, read_result& out) = nullptr;

    /// Writes every rule of the format's grammar tried on the text, in the grammar's terms
    /// (detail::trace in runtime/src/core/peg_support.hpp; a grammar author's aid).
    /// Returns false when the parse failed. May be null for formats without a grammar.
    bool (*trace)(const source_text& text, std::string& out) = nullptr;
};

/// Returns every format kifu reads, in a fixed order.
std::span<const format_info> formats() noexcept;

/// Returns the format of that name, or nullptr.
const format_info* find_format(std::string_view name) noexcept;

/// What detection found out about an input.
struct detection {
    const format_info* format = nullptr;  ///< nullptr when nothing matched
    std::string encoding;                 ///< for text formats: the encoding the bytes are in
};

/// Detects the format from the extension of `name` and the content, and the encoding.
detection detect(std::string_view bytes, std::string_view name);

/// Detects the encoding of bytes known to be in `format` (the format's sniffed
/// declaration, else kifu::detect_encoding's rules with the format's fallback).
detection detect(std::string_view bytes, const format_info& format);

}  // namespace kifu
