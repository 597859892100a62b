#pragma once

// Go readings of SGF values (go.html): points and board sizes.

#include <optional>
#include <string_view>
#include <utility>

#include <kifu/go/board.hpp>

namespace kifu::inline v1::go {

/// Returns the point of a two-letter value (`pd` → {16, 4}; `a`–`z`, `A`–`Z`), or nothing.
std::optional<point> parse_point(std::string_view raw) noexcept;

/// Returns {columns, rows} of an SZ value (`19` or `19:13`, escapes allowed, white space
/// around each number ignored), each 1..52, or nothing.
std::optional<std::pair<int, int>> parse_size(std::string_view raw);

}  // namespace kifu::go
