#pragma once

// One CSV field as RFC 4180 writes it, for every CSV export (WTHOR games, position rows),
// with a text that a spreadsheet would run as a formula neutralised.

#include <string>
#include <string_view>

namespace kifu::inline v1::detail {

/// Returns true when a spreadsheet opening the CSV would take `field` for a formula: it starts
/// with `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's list) and is not a plain
/// number such as `-45` or `+1.5`, which a spreadsheet reads as the number it is.
inline bool csv_formula_like(std::string_view field) noexcept {
    if (field.empty()) return false;
    const char first = field.front();
    if (first != '=' && first != '+' && first != '-' && first != '@' && first != '\t' && first != '\r') return false;
    if (first != '+' && first != '-') return true;
    std::size_t i = 1;
    std::size_t digits = 0;
    while (i < field.size() && field[i] >= '0' && field[i] <= '9') ++i, ++digits;
    if (i < field.size() && field[i] == '.') {
        ++i;
        while (i < field.size() && field[i] >= '0' && field[i] <= '9') ++i, ++digits;
    }
    return digits == 0 || i != field.size();
}

/// Appends a field: one with a comma, a quote or a line break is quoted, its quotes doubled;
/// one a spreadsheet would run as a formula (csv_formula_like) is quoted after a `'`, so that it
/// shows as the text it is (`=cmd|' /C calc'!A0` → `"'=cmd|' /C calc'!A0"`).
inline void append_csv_field(std::string& out, std::string_view field) {
    // A loop, not find_first_of (libstdc++'s calls memchr on the set for every byte).
    bool plain = true;
    for (const char c : field) plain = plain && c != ',' && c != '"' && c != '\r' && c != '\n';
    const bool formula = csv_formula_like(field);
    if (plain && !formula) {
        out += field;
        return;
    }
    out += '"';
    if (formula) out += '\'';
    for (const char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

}  // namespace kifu::detail
