#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1 {

/// What kifu tells about one input format it reads (formats(), find_format()).
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

    /// true: the format has a grammar (grammars/<name>.peg), and trace() shows how it runs
    /// on a text.
    bool has_grammar = false;
};

/// Returns every format kifu reads, in a fixed order.
KIFU_API std::span<const format_info> formats() noexcept;

/// Returns the format of that name, or nullptr.
KIFU_API const format_info* find_format(std::string_view name) noexcept;

/// What detection found out about an input.
struct detection {
    const format_info* format = nullptr;  ///< nullptr when nothing matched
    std::string encoding;                 ///< for text formats: the encoding the bytes are in
};

/// Detects the format from the extension of `name` and the content, and the encoding.
KIFU_API detection detect(std::string_view bytes, std::string_view name);

/// Detects the encoding of bytes known to be in `format` (the format's sniffed
/// declaration, else kifu::detect_encoding's rules with the format's fallback).
KIFU_API detection detect(std::string_view bytes, const format_info& format);

/// Writes every rule of the format's grammar tried on the text, in the grammar's terms (a
/// grammar author's aid; `kifu trace`). Returns false when the parse failed or the format has
/// no grammar (format_info::has_grammar).
KIFU_API bool trace(const source_text& text, const format_info& format, std::string& out);

}  // namespace kifu
