#pragma once

// Writing go records as SGF (FF[4]): one game tree per record, in one collection.

#include <string>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/go/record.hpp>

namespace kifu::inline v1::go {

/// Options of the SGF writer.
struct sgf_write_options {
    /// Start a new line before every node that ends a sequence of this many nodes (0 = never).
    int nodes_per_line = 16;
    /// Label what is written as the UTF-8 it is: each game tree's root gets CA[UTF-8], in place
    /// of its own CA or, when it has none and the tree holds non-ASCII text, first. Off (the
    /// default): CA is written as the record's header holds it, so the output reads back as an
    /// equal record — but a header declaring another charset then mislabels the text for
    /// other programs (kifu itself reads valid UTF-8 under an 8-bit CA as UTF-8).
    bool declare_utf8 = false;
};

/// Writes the records as one SGF collection (UTF-8), a game tree per record with its forks as
/// variations. Reading the text gives equal records.
KIFU_API std::string write_sgf(const std::vector<const record*>& records, const sgf_write_options& options = {});

/// Writes the records as one SGF collection (UTF-8), as the overload taking pointers does.
KIFU_API std::string write_sgf(const std::vector<record>& records, const sgf_write_options& options = {});

}  // namespace kifu::go
