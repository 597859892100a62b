// The flat SGF tree and the SGF value helpers (escapes, Text, SimpleText, compose).

#include "go/sgf_tree.hpp"

#include <algorithm>
#include <functional>
#include <string>

namespace kifu::inline v1::go {

std::optional<sgf_property> sgf_collection::find(node_id id, std::string_view property) const noexcept {
    const sgf_node& n = nodes_[id];
    for (std::uint32_t i = n.first_property_; i < n.first_property_ + n.property_count_; ++i) {
        const property_record& p = properties_[i];
        if (std::string_view(chars_.data() + p.id_begin, p.id_size) == property) return sgf_property(this, i);
    }
    return std::nullopt;
}

sgf_values sgf_collection::values(node_id id, std::string_view property) const noexcept {
    if (const auto p = find(id, property)) return p->values();
    return {};
}

property_ref sgf_collection::add_property(node_id node, std::string_view id, std::uint32_t offset,
                                          std::string_view spelled) {
    if (spelled.empty() || spelled == id) {
        const std::uint32_t begin = append_chars(id);  // one append: safe even if id is a view of chars_
        return add_property_at(node, {begin, static_cast<std::uint32_t>(id.size())}, {begin, static_cast<std::uint32_t>(id.size())},
                               offset);
    }
    // Two appends: the first may move chars_, so views of it (copying a property of this
    // collection) are copied out first.
    const std::less<const char*> before;
    const char* const chars_end = chars_.data() + chars_.size();
    const auto in_chars = [&](std::string_view s) { return !before(s.data(), chars_.data()) && before(s.data(), chars_end); };
    if (in_chars(id) || in_chars(spelled)) {
        const std::string copy = std::string(id).append(spelled);
        return add_property(node, std::string_view(copy).substr(0, id.size()), offset, std::string_view(copy).substr(id.size()));
    }
    const std::uint32_t id_begin = append_chars(id);
    const std::uint32_t spelled_begin = append_chars(spelled);
    return add_property_at(node, {id_begin, static_cast<std::uint32_t>(id.size())},
                           {spelled_begin, static_cast<std::uint32_t>(spelled.size())}, offset);
}

void sgf_collection::move_properties(sgf_node& n) {
    const auto moved = static_cast<std::uint32_t>(properties_.size());
    const std::uint32_t capacity = std::max<std::uint32_t>(4, 2 * n.property_count_);
    properties_.append(capacity);
    std::copy_n(properties_.data() + n.first_property_, n.property_count_, properties_.data() + moved);
    n.first_property_ = moved;
    n.property_capacity_ = capacity;
}

void sgf_collection::move_values(property_record& p) {
    const auto moved = static_cast<std::uint32_t>(values_.size());
    const std::uint32_t capacity = std::max<std::uint32_t>(4, 2 * p.value_count);
    values_.append(capacity);
    std::copy_n(values_.data() + p.first_value, p.value_count, values_.data() + moved);
    p.first_value = moved;
    p.value_capacity = capacity;
}

void sgf_collection::reserve(std::size_t nodes, std::size_t properties, std::size_t values, std::size_t chars) {
    nodes_.reserve(nodes);
    properties_.reserve(properties);
    values_.reserve(values);
    chars_.reserve(chars);
}

std::vector<node_id> sgf_collection::children(node_id id) const {
    std::vector<node_id> out;
    for (node_id c = nodes_[id].first_child; c != no_node; c = nodes_[c].next_sibling) out.push_back(c);
    return out;
}

std::size_t sgf_collection::child_count(node_id id) const noexcept {
    std::size_t n = 0;
    for (node_id c = nodes_[id].first_child; c != no_node; c = nodes_[c].next_sibling) ++n;
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
            if (!(a.properties(x) == b.properties(y))) return false;
            node_id cx = a.nodes_[x].first_child;
            node_id cy = b.nodes_[y].first_child;
            while (cx != no_node && cy != no_node) {
                stack.emplace_back(cx, cy);
                cx = a.nodes_[cx].next_sibling;
                cy = b.nodes_[cy].next_sibling;
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

// A byte convert() copies as it is under every rule: neither the escape nor a control byte
// (line breaks and the white space the rules turn into spaces are all below 0x20).
bool is_plain(char c) noexcept { return static_cast<unsigned char>(c) >= 0x20 && c != '\\'; }

std::string convert(std::string_view raw, space_rule rule) {
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size();) {
        // Runs of plain bytes (nearly all of a comment) are copied whole.
        std::size_t run = i;
        while (run < raw.size() && is_plain(raw[run])) ++run;
        if (run != i) {
            out.append(raw.data() + i, run - i);
            i = run;
            if (i == raw.size()) break;
        }
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
