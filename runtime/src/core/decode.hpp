#pragma once

// Internal: decoding for the library's own readers, which hold the bytes they read and know
// what detection checked.

#include <string>
#include <string_view>
#include <vector>

#include <kifu/text.hpp>

namespace kifu::inline v1::detail {

/// decode() of bytes handed over: UTF-8 bytes become the text (moved, not copied), and are not
/// checked again when `checked_utf8` says detection found them valid UTF-8.
source_text decode_owned(std::string file_name, std::string bytes, const decode_options& options,
                         std::vector<diagnostic>& diagnostics, bool checked_utf8);

/// detect_encoding(), which also sets `checked_utf8` when it chose UTF-8 because the whole of
/// the bytes is valid UTF-8.
std::string detect_encoding(std::string_view bytes, const decode_options& options, bool& checked_utf8);

}  // namespace kifu::detail
