#pragma once

// Internal: what a reader knows of a raw record beyond the record itself, for the normalizer
// (kifu/shogi/normalize.hpp): the text it came from and the lines a lenient parse skipped.

#include <cstdint>
#include <string>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>
#include <kifu/text.hpp>

namespace kifu::inline v1::shogi {

/// A source line that lenient reading could not read, and why (the syntax error's message).
struct unreadable_line {
    std::uint32_t line = 0;
    std::string why;
};

/// The source of a raw record a reader made.
struct normalize_source {
    /// The text the record was read from: a lenient cut keeps its unplayed lines. May be null.
    const source_text* text = nullptr;
    /// The lines lenient reading could not read, in text order. An element with neither move
    /// nor special on one of them stands for it: its line of play is cut there, as at an
    /// illegal move. May be null.
    const std::vector<unreadable_line>* unreadable = nullptr;
};

/// normalize() of a record read from `source`.
bool normalize(jkf& record, const normalize_options& options, const normalize_source& source,
               std::vector<diagnostic>& diagnostics);

}  // namespace kifu::shogi
