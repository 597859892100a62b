#pragma once

// Reads JSON inputs (JKF, the JKF-shaped go and othello documents) with nlohmann::json.

#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <kifu/diagnostic.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::detail {

/// Deepest nesting of arrays and objects parse_json accepts: room for the JKF kifu writes of
/// the deepest record it reads (shogi: 1,000 nested variations, three levels each, plus the
/// document, `moves` and a move's own objects), so that every JKF it writes it reads back.
inline constexpr std::size_t max_json_depth = 3008;

/// Bytes the library's loads (read_file, read_buffer) leave free after an input's text, so
/// that the JSON reader (simdjson, which reads up to 64 bytes past the end) uses the text in
/// place instead of copying it.
inline constexpr std::size_t input_padding = 64;

/// Returns the JSON document of the text, or nothing after adding one `<code_prefix>.json`
/// error (a syntax error or nesting deeper than max_json_depth) located in the text. Never throws
/// for bad input.
/// The document keeps its keys in the text's order.
std::optional<nlohmann::ordered_json> parse_json(const source_text& text, std::string_view code_prefix,
                                                 std::vector<diagnostic>& diagnostics);

}  // namespace kifu::detail
