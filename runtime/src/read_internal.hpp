#pragma once

// Internal: what read.cpp and read_stream.cpp share.

#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/format.hpp>
#include <kifu/read.hpp>

namespace kifu::inline v1::detail {

/// detect(), which also sets `checked_utf8` when the encoding is UTF-8 because the whole input
/// was found valid UTF-8 (decoding need not check it again).
detection detect(std::string_view bytes, std::string_view name, bool& checked_utf8);
/// detect() for a given format, with `checked_utf8` as above.
detection detect(std::string_view bytes, const format_info& format, bool& checked_utf8);

/// Puts diagnostics of a text in the order of the text (a reader reports in two passes).
void put_in_text_order(std::vector<diagnostic>& diagnostics);

/// Makes every warning an error when the options ask for it.
void promote_warnings(std::vector<diagnostic>& diagnostics, const read_options& options);

/// Returns true when the bytes hold nothing but white space (and a UTF-8 BOM).
bool is_blank_input(std::string_view bytes) noexcept;

/// The `read.empty` error of such an input.
diagnostic empty_input(std::string_view bytes, std::string file);

}  // namespace kifu::detail
