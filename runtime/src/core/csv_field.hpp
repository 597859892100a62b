#pragma once

// One CSV field as RFC 4180 writes it, for every CSV export (WTHOR games, position rows).

#include <string>
#include <string_view>

namespace kifu::inline v1::detail {

/// Appends a field: one with a comma, a quote or a line break is quoted, its quotes doubled.
inline void append_csv_field(std::string& out, std::string_view field) {
    // A loop, not find_first_of (libstdc++'s calls memchr on the set for every byte).
    bool plain = true;
    for (const char c : field) plain = plain && c != ',' && c != '"' && c != '\r' && c != '\n';
    if (plain) {
        out += field;
        return;
    }
    out += '"';
    for (const char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

}  // namespace kifu::detail
