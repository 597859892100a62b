// Go readings of SGF values: points (two letters) and board sizes (SZ).

#include "go/sgf_values.hpp"

#include <charconv>
#include <string>

#include "go/sgf_tree.hpp"

namespace kifu::inline v1::go {
namespace {

// Every white space SimpleText knows (space, tab, line breaks, VT, FF): the record writer
// writes SZ as SimpleText, which turns VT and FF into spaces, so both must read alike
// (so `SZ[9<FF>]` is 9×9, as its written form `SZ[9 ]` is).
bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

// One side of SZ, read as the SimpleText the record keeps and writes back: escapes removed
// first (so `SZ[9<FF>\<FF>]` is 9, as its written form `SZ[9  ]` is).
std::optional<int> side(std::string_view raw) {
    const std::string text = simple_text_value(raw);
    const std::string_view s = trim(text);
    int n = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc{} || end != s.data() + s.size() || n < 1 || n > max_board_side) return std::nullopt;
    return n;
}

}  // namespace

std::optional<point> parse_point(std::string_view raw) noexcept {
    if (raw.size() != 2) return std::nullopt;
    const int x = sgf_coordinate(raw[0]);
    const int y = sgf_coordinate(raw[1]);
    if (x == 0 || y == 0) return std::nullopt;
    return point{x, y};
}

std::optional<std::pair<int, int>> parse_size(std::string_view raw) {
    const composed parts = split_compose(raw);
    const auto columns = side(parts.first);
    const auto rows = parts.is_composed ? side(parts.second) : columns;
    if (!columns || !rows) return std::nullopt;
    return std::pair{*columns, *rows};
}

}  // namespace kifu::go
