// The flat SGF tree and the SGF value helpers (escapes, Text, SimpleText, compose).

#include <kifu/go/sgf_tree.hpp>

namespace kifu::go {

const sgf_property* sgf_node::find(std::string_view id) const noexcept {
    for (const sgf_property& p : properties) {
        if (p.id == id) return &p;
    }
    return nullptr;
}

const std::vector<sgf_value>& sgf_node::values(std::string_view id) const noexcept {
    static const std::vector<sgf_value> none;
    const sgf_property* p = find(id);
    return p ? p->values : none;
}

node_id sgf_collection::add_node(node_id parent, std::uint32_t offset) {
    const auto id = static_cast<node_id>(nodes.size());
    nodes.emplace_back();
    nodes.back().parent = parent;
    nodes.back().offset = offset;
    // Rebuild the side table if nodes were added directly (it is only a cache).
    if (last_child_.size() + 1 != nodes.size()) {
        last_child_.assign(nodes.size() - 1, no_node);
        for (node_id i = 0; i + 1 < nodes.size(); ++i) {
            if (nodes[i].parent != no_node) last_child_[nodes[i].parent] = i;
        }
    }
    last_child_.push_back(no_node);
    if (parent == no_node) {
        roots.push_back(id);
    } else {
        if (last_child_[parent] == no_node) {
            nodes[parent].first_child = id;
        } else {
            nodes[last_child_[parent]].next_sibling = id;
        }
        last_child_[parent] = id;
    }
    return id;
}

std::vector<node_id> sgf_collection::children(node_id id) const {
    std::vector<node_id> out;
    for (node_id c = nodes[id].first_child; c != no_node; c = nodes[c].next_sibling) out.push_back(c);
    return out;
}

std::size_t sgf_collection::child_count(node_id id) const noexcept {
    std::size_t n = 0;
    for (node_id c = nodes[id].first_child; c != no_node; c = nodes[c].next_sibling) ++n;
    return n;
}

bool operator==(const sgf_collection& a, const sgf_collection& b) {
    if (a.roots.size() != b.roots.size()) return false;
    // Walk both trees in lock step: same shape means the same sequence of child counts.
    for (std::size_t r = 0; r < a.roots.size(); ++r) {
        std::vector<std::pair<node_id, node_id>> stack{{a.roots[r], b.roots[r]}};
        while (!stack.empty()) {
            const auto [x, y] = stack.back();
            stack.pop_back();
            if (a.nodes[x].properties != b.nodes[y].properties) return false;
            node_id cx = a.nodes[x].first_child;
            node_id cy = b.nodes[y].first_child;
            while (cx != no_node && cy != no_node) {
                stack.emplace_back(cx, cy);
                cx = a.nodes[cx].next_sibling;
                cy = b.nodes[cy].next_sibling;
            }
            if (cx != cy) return false;  // one has more children
        }
    }
    return true;
}

namespace {

bool is_break(char c) noexcept { return c == '\n' || c == '\r'; }

// Length of the line break at s[i] ("\r\n" and "\n\r" count as one).
std::size_t break_length(std::string_view s, std::size_t i) noexcept {
    if (i + 1 < s.size() && is_break(s[i + 1]) && s[i + 1] != s[i]) return 2;
    return 1;
}

enum class space_rule { keep, text, simple };

std::string convert(std::string_view raw, space_rule rule) {
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size();) {
        const char c = raw[i];
        if (c == '\\' && i + 1 < raw.size()) {
            if (is_break(raw[i + 1])) {
                i += 1 + break_length(raw, i + 1);  // soft line break: both removed
                continue;
            }
            // An escaped character is itself, but an escaped white space is still white space.
            const char e = raw[i + 1];
            if (rule == space_rule::keep || (e != '\t' && e != '\v' && e != '\f')) {
                out += e;
                i += 2;
                continue;
            }
            ++i;
            continue;
        }
        if (c == '\\') {  // a lone trailing backslash (cannot end a value, but be safe)
            ++i;
            continue;
        }
        if (rule != space_rule::keep && is_break(c)) {
            out += rule == space_rule::text ? '\n' : ' ';
            i += break_length(raw, i);
            continue;
        }
        if (rule != space_rule::keep && (c == '\t' || c == '\v' || c == '\f')) {
            out += ' ';
            ++i;
            continue;
        }
        out += c;
        ++i;
    }
    return out;
}

}  // namespace

std::string unescape(std::string_view raw) { return convert(raw, space_rule::keep); }
std::string text_value(std::string_view raw) { return convert(raw, space_rule::text); }
std::string simple_text_value(std::string_view raw) { return convert(raw, space_rule::simple); }

composed split_compose(std::string_view raw) noexcept {
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\') {
            ++i;
        } else if (raw[i] == ':') {
            return {raw.substr(0, i), raw.substr(i + 1), true};
        }
    }
    return {raw, {}, false};
}

std::string escape(std::string_view text, bool compose) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        if (c == ']' || c == '\\' || (compose && c == ':')) out += '\\';
        out += c;
    }
    return out;
}

}  // namespace kifu::go
