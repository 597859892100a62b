// Writes an SGF tree back as text, iteratively: depth costs heap, never C stack.

#include "go/sgf_tree.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/utf8.hpp"

namespace kifu::inline v1::go {
namespace {

// Writes one node; `utf8_charset`: CA is written as CA[UTF-8], whatever its values.
void write_node(const sgf_collection& c, node_id node, bool utf8_charset, std::string& out) {
    out += ';';
    for (const sgf_property p : c.properties(node)) {
        out += p.id();
        if (utf8_charset && p.id() == "CA") {
            out += "[UTF-8]";
            continue;
        }
        for (const sgf_value v : p.values()) {
            const std::string_view raw = v.raw();
            out += '[';
            out += raw;
            // A raw value ending in an odd run of backslashes would escape our `]`.
            std::size_t slashes = 0;
            for (auto it = raw.rbegin(); it != raw.rend() && *it == '\\'; ++it) ++slashes;
            if (slashes % 2 == 1) out += '\\';
            out += ']';
        }
    }
}

}  // namespace

std::string write_sgf(const sgf_collection& c, const sgf_write_options& options) {
    std::string out;
    for (const node_id root : c.roots) {
        // Each entry is the first node of a parenthesized game tree that is still open.
        std::vector<node_id> open{root};
        const std::size_t tree_start = out.size();
        const bool relabel = options.declare_utf8;
        bool has_charset = false;
        if (relabel) {
            for (const sgf_property p : c.properties(root)) has_charset = has_charset || p.id() == "CA";
        }
        out += '(';
        node_id current = root;
        int in_line = 0;
        while (current != no_node) {
            if (options.nodes_per_line > 0 && in_line == options.nodes_per_line) {
                out += '\n';
                in_line = 0;
            }
            write_node(c, current, relabel && current == root, out);
            ++in_line;
            const sgf_node& node = c[current];
            if (node.first_child != no_node && c[node.first_child].next_sibling == no_node) {
                current = node.first_child;  // the sequence goes on
                continue;
            }
            if (node.first_child != no_node) {  // a branch point: each child is a game tree
                out += "\n(";
                in_line = 0;
                open.push_back(node.first_child);
                current = node.first_child;
                continue;
            }
            // A leaf: close game trees until one has a next sibling to open.
            current = no_node;
            while (!open.empty()) {
                const node_id first = open.back();
                open.pop_back();
                out += ')';
                if (!open.empty() && c[first].next_sibling != no_node) {
                    out += "\n(";
                    in_line = 0;
                    current = c[first].next_sibling;
                    open.push_back(current);
                    break;
                }
            }
        }
        if (relabel && !has_charset && !kifu::detail::is_ascii(std::string_view(out).substr(tree_start))) {
            out.insert(tree_start + 2, "CA[UTF-8]");  // after "(;"
        }
        out += '\n';
    }
    return out;
}

}  // namespace kifu::go
