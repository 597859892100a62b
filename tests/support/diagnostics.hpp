#pragma once

// Diagnostics as text, for tests that compare a reader's whole report with what they expect.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>

namespace kifu::test {

/// Returns each diagnostic in gcc's form, one per line. A non-empty `as_file` replaces the file
/// name of each (as the command-line program names an input the way it was given).
inline std::string gcc_lines(std::span<const kifu::diagnostic> diagnostics, std::string_view as_file = {}) {
    std::string out;
    for (kifu::diagnostic d : diagnostics) {
        if (!as_file.empty()) d.file = std::string(as_file);
        out += kifu::format_gcc(d) + "\n";
    }
    return out;
}

/// Returns each diagnostic in gcc's form, one string each.
inline std::vector<std::string> gcc_list(std::span<const kifu::diagnostic> diagnostics) {
    std::vector<std::string> out;
    out.reserve(diagnostics.size());
    for (const kifu::diagnostic& d : diagnostics) out.push_back(kifu::format_gcc(d));
    return out;
}

}  // namespace kifu::test
