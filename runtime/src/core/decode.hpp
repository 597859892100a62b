#pragma once

// Internal: decoding for the library's own readers, which hold the bytes they read and know
// what detection checked.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/text.hpp>

namespace kifu::inline v1::detail {

/// decode() of bytes handed over: UTF-8 bytes become the text (moved, not copied), and are not
/// checked again when `checked_utf8` says detection found them valid UTF-8.
source_text decode_owned(std::string file_name, std::string bytes, const decode_options& options,
                         std::vector<diagnostic>& diagnostics, bool checked_utf8);

/// decode() of an input made of parts (the games of a file, each starting at a line start):
/// `parts` holds the byte offset where each starts, the first 0. The cap of `text.bad-bytes`
/// diagnostics, the `text.wrong-encoding` summary (at the part's start) and the `text.nul`
/// warning are per part, so that what is said of a part does not depend on the parts decoded
/// with it.
/// A UTF-8 BOM at the start is dropped only when `at_start` (the bytes start the input).
/// `owned`, when given, holds `bytes` and may give them up to the text.
source_text decode_parts(std::string file_name, std::string_view bytes, std::string* owned, const decode_options& options,
                         std::vector<diagnostic>& diagnostics, std::span<const std::size_t> parts, bool at_start);

/// detect_encoding(), which also sets `checked_utf8` when it chose UTF-8 because the whole of
/// the bytes is valid UTF-8.
std::string detect_encoding(std::string_view bytes, const decode_options& options, bool& checked_utf8);

/// The encoding of bytes that declare none and are not valid UTF-8: the fallback, or for a
/// Japanese fallback (CP932, EUC-JP) the one of the two the bytes fit better.
std::string fallback_encoding(std::string_view bytes, std::string_view fallback);

}  // namespace kifu::detail
