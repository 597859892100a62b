#pragma once

// The grammar AST of kifu-pegc: what a .peg file says, with the byte offset of every
// piece in the source so that each check can point at it.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kifu::pegc {

/// A closed interval of code points.
struct code_range {
    char32_t first = 0;
    char32_t last = 0;
    friend bool operator==(const code_range&, const code_range&) = default;
};

/// Says which expression a node is.
enum class node_kind : std::uint8_t {
    sequence,    ///< children in order; `cut_at` marks the first child after a `^`
    choice,      ///< ordered choice of the children
    repeat,      ///< child repeated min..max times (`*`, `+`, `?`, `{n,m}`)
    and_pred,    ///< `&child`
    not_pred,    ///< `!child`
    literal,     ///< `text` holds the UTF-8 bytes
    char_class,  ///< `ranges` (sorted, merged), `negated`
    any,         ///< `.`
    eof,         ///< `!.` or the builtin rule `eof`
    rule_ref,    ///< `text` holds the rule name
};

/// One expression of a rule body.
struct node {
    node_kind kind = node_kind::sequence;
    std::size_t offset = 0;  ///< byte offset where the expression starts
    std::size_t end = 0;     ///< byte offset just after it
    std::vector<node> children;
    std::string text;                 ///< literal bytes or the referenced rule's name
    bool insensitive = false;         ///< literal with the `i` suffix
    std::vector<code_range> ranges;   ///< character class content
    bool negated = false;             ///< `[^…]`
    std::uint32_t min = 0;            ///< repeat: lower bound
    std::optional<std::uint32_t> max; ///< repeat: upper bound, none = unbounded
    char op = 0;                      ///< repeat: '*', '+', '?' or '{'
    std::size_t op_offset = 0;        ///< repeat: where the postfix operator stands
    std::optional<std::size_t> cut_at;  ///< sequence: index of the first child under `^`
    std::size_t cut_offset = 0;         ///< sequence: where that `^` stands
};

/// The alternatives of an ordered choice (kind choice), a nested choice's flattened into it:
/// `(a / b) / c` is tried as `a / b / c`.
inline std::vector<const node*> choice_alternatives(const node& n) {
    std::vector<const node*> alternatives;
    for (const node& c : n.children) {
        if (c.kind == node_kind::choice) {
            for (const node& cc : c.children) alternatives.push_back(&cc);
        } else {
            alternatives.push_back(&c);
        }
    }
    return alternatives;
}

/// One rule with its annotations.
struct rule {
    std::string name;
    std::size_t offset = 0;  ///< where the name stands
    bool build = false;
    bool recover = false;
    std::optional<std::string> error_message;
    std::size_t build_offset = 0;  ///< where `@build` stands
    std::size_t error_offset = 0;  ///< where `@error` stands
    node body;
};

/// A whole grammar file.
struct grammar {
    std::string path;    ///< as given on the command line
    std::string source;  ///< the file's bytes
    std::vector<rule> rules;
    /// The prefix of the codes of the diagnostics the grammar's parser reports (`csa` in
    /// `csa.syntax`), from `@code csa`; none when the grammar declares none.
    std::optional<std::string> code;
    std::size_t code_offset = 0;  ///< where `@code` stands
};

}  // namespace kifu::pegc
