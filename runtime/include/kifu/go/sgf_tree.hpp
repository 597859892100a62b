#pragma once

// The SGF tree as written: a collection of game trees whose nodes carry properties
// (identifier + raw values). No game-rule knowledge lives here.
//
// Nodes sit in one flat vector and point at each other by index (parent, first child, next
// sibling), so building, walking, writing and destroying a tree never recurse: a file where
// every move opens a new variation level (100,000 levels) costs what a flat game costs.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kifu::go {

/// Index of a node in sgf_collection::nodes.
using node_id = std::uint32_t;

/// Marks "no node" (no parent, no child, no sibling).
inline constexpr node_id no_node = 0xFFFFFFFFu;

/// One value of a property: the text between `[` and `]` as written (escapes kept),
/// and the byte offset of its `[` in the decoded text.
struct sgf_value {
    std::string raw;
    std::uint32_t offset = 0;
    friend bool operator==(const sgf_value& a, const sgf_value& b) { return a.raw == b.raw; }
};

/// One property of a node: the FF[4] identifier (upper-case letters only), the identifier
/// as the file spelled it (`AddBlack`), and its values in file order.
struct sgf_property {
    std::string id;
    std::string spelled;
    std::vector<sgf_value> values;
    std::uint32_t offset = 0;  ///< byte offset of the identifier in the decoded text
    /// Equal when identifier and raw values are (spelling and positions are bookkeeping).
    friend bool operator==(const sgf_property& a, const sgf_property& b) {
        return a.id == b.id && a.values == b.values;
    }
};

/// One node (`;`) with its properties and its place in the tree.
struct sgf_node {
    std::vector<sgf_property> properties;
    node_id parent = no_node;
    node_id first_child = no_node;
    node_id next_sibling = no_node;
    std::uint32_t offset = 0;  ///< byte offset of the `;` (or of the `(` for an implied node)

    /// Returns the property with that identifier, or nullptr.
    const sgf_property* find(std::string_view id) const noexcept;
    /// Returns the raw values of that property (empty when absent).
    const std::vector<sgf_value>& values(std::string_view id) const noexcept;
    /// Returns true when the node has that property.
    bool has(std::string_view id) const noexcept { return find(id) != nullptr; }
};

/// What a walk reports.
enum class walk_event : unsigned char {
    enter,  ///< a node is reached (pre-order; the first child is the main line)
    leave,  ///< every descendant of the node has been reported
};

/// A whole SGF file: several game trees (`(;…)(;…)`).
class sgf_collection {
public:
    /// Every node of every game tree; children of a node appear after it.
    std::vector<sgf_node> nodes;
    /// The root node of each game tree, in file order.
    std::vector<node_id> roots;

    /// Appends a node as the last child of `parent` (a new game tree when parent is no_node)
    /// and returns its id. Constant time (the last child of each node is remembered).
    node_id add_node(node_id parent, std::uint32_t offset = 0);

    /// Returns the node of that id.
    const sgf_node& operator[](node_id id) const noexcept { return nodes[id]; }
    sgf_node& operator[](node_id id) noexcept { return nodes[id]; }

    /// Returns the raw values of a property of a node (empty when absent).
    const std::vector<sgf_value>& values(node_id id, std::string_view property) const noexcept {
        return nodes[id].values(property);
    }

    /// Returns the children of a node in order (the first is the main line).
    std::vector<node_id> children(node_id id) const;

    /// Returns the number of children of a node.
    std::size_t child_count(node_id id) const noexcept;

    /// Calls `visit(node_id, walk_event)` for every node of the tree under `root`, depth-first,
    /// children in order, without recursion.
    template <typename Visitor>
    void walk(node_id root, Visitor&& visit) const {
        node_id current = root;
        while (current != no_node) {
            visit(current, walk_event::enter);
            if (nodes[current].first_child != no_node) {
                current = nodes[current].first_child;
                continue;
            }
            // Climb until a node with a next sibling (or back at the root).
            for (;;) {
                visit(current, walk_event::leave);
                if (current == root) return;
                if (nodes[current].next_sibling != no_node) {
                    current = nodes[current].next_sibling;
                    break;
                }
                current = nodes[current].parent;
            }
        }
    }

    /// Returns true when both collections have the same trees: same shape, same properties
    /// in the same order with the same identifiers and raw values.
    friend bool operator==(const sgf_collection& a, const sgf_collection& b);

private:
    std::vector<node_id> last_child_;  // parallel to nodes; for constant-time appends
};

/// Returns the value with SGF escapes resolved: `\` + line break (soft break) is removed,
/// `\` + any other character gives that character. Line breaks are kept as written.
std::string unescape(std::string_view raw);

/// Returns an FF[4] Text value: unescaped, hard line breaks normalized to `\n`, other white
/// space (tab, VT, FF) turned into spaces.
std::string text_value(std::string_view raw);

/// Returns an FF[4] SimpleText value: unescaped, every line break and other white space
/// turned into one space each.
std::string simple_text_value(std::string_view raw);

/// The two halves of a compose value (`aa:bb`), split at the first unescaped `:`.
struct composed {
    std::string_view first;
    std::string_view second;
    bool is_composed = false;  ///< false when the value has no unescaped `:` (all in `first`)
};

/// Splits a raw value at its first unescaped `:`.
composed split_compose(std::string_view raw) noexcept;

/// Options of the SGF writer.
struct sgf_write_options {
    /// Start a new line before every node that ends a sequence of this many nodes (0 = never).
    int nodes_per_line = 16;
};

/// Writes the collection as SGF text (UTF-8; values written as their raw form, which
/// already carries its escapes). Reading the output gives an equal collection.
std::string write_sgf(const sgf_collection& collection, const sgf_write_options& options = {});

/// Returns the value escaped for writing between `[` and `]` (`]` and `\` get a backslash;
/// with `compose`, `:` too).
std::string escape(std::string_view text, bool compose = false);

}  // namespace kifu::go
