#include "checker.hpp"

// Checks run on the AST in a fixed order so that diagnostics are deterministic:
// names first (duplicate, reserved, undefined, unused), then the properties that need
// nullability (left recursion and loops that can repeat without consuming).

#include <algorithm>
#include <functional>
#include <set>
#include <string_view>

namespace kifu::pegc {
namespace {

constexpr std::string_view cpp_keywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
    "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
    "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
    "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
    "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
    "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static",
    "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
    "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
    "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
    // identifiers with special meaning and common macros
    "final", "override", "import", "module", "assert", "NULL", "errno", "EOF", "linux", "unix",
};

// Names the generated header defines next to the rules, and namespaces it refers to.
constexpr std::string_view generated_names[] = {
    "abi_version", "grammar_file", "event", "event_names", "error_message", "rule_info", "traits", "class_run",
    "first_byte_choice", "first_byte_alt", "first_byte_guard", "max_nesting", "class_bitmap", "class_bytes", "class_char",
    "class_rep", "byte_step", "byte_seq", "byte_run", "report_tried", "literal_choice",
    "std", "tao", "kifu", "eof",
};

void for_each_ref(const node& n, const std::function<void(const node&)>& f) {
    if (n.kind == node_kind::rule_ref) f(n);
    for (const node& c : n.children) for_each_ref(c, f);
}

// Rules that can be reached at the same input position as the start of `n`.
void left_refs(const node& n, const analysis& a, std::vector<const node*>& out) {
    switch (n.kind) {
        case node_kind::rule_ref: out.push_back(&n); break;
        case node_kind::sequence:
            for (const node& c : n.children) {
                left_refs(c, a, out);
                if (!is_nullable(c, a)) break;
            }
            break;
        case node_kind::choice:
        case node_kind::repeat:
        case node_kind::and_pred:
        case node_kind::not_pred:
            for (const node& c : n.children) left_refs(c, a, out);
            break;
        default: break;
    }
}

void check_loops(const node& n, const analysis& a, diagnostics& diags) {
    for (const node& c : n.children) check_loops(c, a, diags);
    if (n.kind == node_kind::repeat && !n.max && is_nullable(n.children.front(), a)) {
        const std::string op = n.op == '{' ? "{n,}" : std::string(1, n.op);
        diags.error(n.op_offset, "loop without progress: the operand of '" + op +
                                     "' can succeed without consuming input");
    }
}

}  // namespace

bool is_reserved(const std::string& name) {
    const auto in = [&](const auto& list) {
        return std::find(std::begin(list), std::end(list), name) != std::end(list);
    };
    return in(cpp_keywords) || in(generated_names) || name.find("__") != std::string::npos ||
           (name.size() >= 2 && name[0] == '_' && name[1] >= 'A' && name[1] <= 'Z');
}

bool is_nullable(const node& n, const analysis& a) {
    switch (n.kind) {
        case node_kind::sequence:
            return std::all_of(n.children.begin(), n.children.end(),
                               [&](const node& c) { return is_nullable(c, a); });
        case node_kind::choice:
            return std::any_of(n.children.begin(), n.children.end(),
                               [&](const node& c) { return is_nullable(c, a); });
        case node_kind::repeat: return n.min == 0 || is_nullable(n.children.front(), a);
        case node_kind::and_pred:
        case node_kind::not_pred:
        case node_kind::eof: return true;
        case node_kind::literal: return n.text.empty();
        case node_kind::char_class:
        case node_kind::any: return false;
        case node_kind::rule_ref: {
            const auto it = a.index.find(n.text);
            return it != a.index.end() && a.nullable[it->second];
        }
    }
    return false;
}

analysis check_grammar(const grammar& g, diagnostics& diags) {
    analysis a;
    const std::size_t count = g.rules.size();
    for (std::size_t i = 0; i < count; ++i) {
        const rule& r = g.rules[i];
        const auto [it, inserted] = a.index.emplace(r.name, i);
        if (!inserted) {
            diags.error(r.offset, "duplicate rule '" + r.name + "' (first defined at " +
                                      line_column(g.source, g.rules[it->second].offset) + ")");
        }
        if (is_reserved(r.name)) {
            diags.error(r.offset, "rule name '" + r.name +
                                      "' is reserved (a C++ keyword or a name the generated header uses)");
        }
    }

    // Undefined references and reachability from the root (the first rule).
    std::vector<std::vector<std::size_t>> refs(count);
    for (std::size_t i = 0; i < count; ++i) {
        for_each_ref(g.rules[i].body, [&](const node& ref) {
            const auto it = a.index.find(ref.text);
            if (it == a.index.end()) {
                diags.error(ref.offset, "undefined rule '" + ref.text + "'");
            } else {
                refs[i].push_back(it->second);
            }
        });
    }
    std::vector<bool> used(count, false);
    std::vector<std::size_t> todo{0};
    used[0] = true;
    while (!todo.empty()) {
        const std::size_t i = todo.back();
        todo.pop_back();
        for (const std::size_t j : refs[i]) {
            if (!used[j]) used[j] = true, todo.push_back(j);
        }
    }
    for (std::size_t i = 1; i < count; ++i) {
        if (!used[i] && a.index.at(g.rules[i].name) == i) {
            diags.warning(g.rules[i].offset, "rule '" + g.rules[i].name +
                                                 "' is never used (the first rule is the root)");
        }
    }

    // Nullability as a fixed point: start from "consumes" and widen until nothing changes.
    a.nullable.assign(count, false);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < count; ++i) {
            if (!a.nullable[i] && is_nullable(g.rules[i].body, a)) a.nullable[i] = changed = true;
        }
    }

    // Left recursion: a cycle in the graph "rule → rule reachable without consuming input".
    std::vector<std::vector<std::size_t>> left(count);
    for (std::size_t i = 0; i < count; ++i) {
        if (a.index.at(g.rules[i].name) != i) continue;
        std::vector<const node*> found;
        left_refs(g.rules[i].body, a, found);
        for (const node* ref : found) {
            const auto it = a.index.find(ref->text);
            if (it != a.index.end()) left[i].push_back(it->second);
        }
    }
    std::vector<bool> reported(count, false);
    for (std::size_t start = 0; start < count; ++start) {
        if (reported[start]) continue;
        // Breadth-first search for the shortest way back to `start`.
        std::vector<std::size_t> parent(count, count);
        std::vector<std::size_t> queue{start};
        bool found = false;
        for (std::size_t q = 0; q < queue.size() && !found; ++q) {
            for (const std::size_t next : left[queue[q]]) {
                if (next == start) {
                    parent[start] = queue[q];
                    found = true;
                    break;
                }
                if (parent[next] == count && next != start) {
                    parent[next] = queue[q];
                    queue.push_back(next);
                }
            }
        }
        if (!found) continue;
        std::vector<std::size_t> path{start};
        for (std::size_t at = parent[start]; at != start; at = parent[at]) path.push_back(at);
        path.push_back(start);
        std::reverse(path.begin() + 1, path.end() - 1);
        std::string text;
        for (const std::size_t i : path) {
            text += (text.empty() ? "" : " -> ") + g.rules[i].name;
            reported[i] = true;
        }
        diags.error(g.rules[start].offset, "left recursion: " + text);
    }

    for (const rule& r : g.rules) check_loops(r.body, a, diags);
    return a;
}

}  // namespace kifu::pegc
