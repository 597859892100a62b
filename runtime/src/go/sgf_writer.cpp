// Writes an SGF tree back as text, iteratively: depth costs heap, never C stack.

#include <kifu/go/sgf_tree.hpp>

namespace kifu::go {
namespace {

void write_node(const sgf_node& node, std::string& out) {
    out += ';';
    for (const sgf_property& p : node.properties) {
        out += p.id;
        for (const sgf_value& v : p.values) {
            out += '[';
            out += v.raw;
            // A raw value ending in an odd run of backslashes would escape our `]`.
            std::size_t slashes = 0;
            for (auto it = v.raw.rbegin(); it != v.raw.rend() && *it == '\\'; ++it) ++slashes;
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
        out += '(';
        node_id current = root;
        int in_line = 0;
        while (current != no_node) {
            if (options.nodes_per_line > 0 && in_line == options.nodes_per_line) {
                out += '\n';
                in_line = 0;
            }
            write_node(c.nodes[current], out);
            ++in_line;
            const sgf_node& node = c.nodes[current];
            if (node.first_child != no_node && c.nodes[node.first_child].next_sibling == no_node) {
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
                if (!open.empty() && c.nodes[first].next_sibling != no_node) {
                    out += "\n(";
                    in_line = 0;
                    current = c.nodes[first].next_sibling;
                    open.push_back(current);
                    break;
                }
            }
        }
        out += '\n';
    }
    return out;
}

}  // namespace kifu::go
