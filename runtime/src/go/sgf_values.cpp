// Go readings of SGF values: points (two letters) and board sizes (SZ).

#include "go/sgf_values.hpp"

#include <charconv>

#include <kifu/go/sgf_tree.hpp>

namespace kifu::go {
namespace {

std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::optional<int> side(std::string_view s) noexcept {
    s = trim(s);
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

std::optional<std::pair<int, int>> parse_size(std::string_view raw) noexcept {
    const composed parts = split_compose(raw);
    const auto columns = side(parts.first);
    const auto rows = parts.is_composed ? side(parts.second) : columns;
    if (!columns || !rows) return std::nullopt;
    return std::pair{*columns, *rows};
}

}  // namespace kifu::go
